/** The webhook manager: a professional's endpoints (the URL checked against the SSRF guard when saved). */
import { recordActivity } from '../access/activity.js';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { webhookEndpoints } from '../db/schema.js';
import { AppError, errors } from '../errors/app-error.js';
import { checkUrl, OutboundRefused, resolvePublic } from '../lib/outbound.js';
import type { CreateWebhookBody, UpdateWebhookBody, WebhookEndpointSchema } from './schemas.js';
import { newWebhookSecret } from './signing.js';
import { pauseDeliveries, resumeDeliveries } from './paused.js';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type EndpointDto = z.infer<typeof WebhookEndpointSchema>;

/** A professional keeps at most this many endpoints. */
export const MAX_ENDPOINTS = 10;
/** After a rotation, the previous secret keeps signing this long. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

const webhookNotFound = () => new AppError(404, 'NOT_FOUND', 'Webhook não encontrado.');

const toDto = (r: EndpointRow): EndpointDto => ({
  id: r.id,
  url: r.url,
  description: r.description,
  events: r.events,
  enabled: r.enabled,
  disabledReason: r.disabledReason,
  richPayload: r.richPayload,
  richPurpose: r.richPurpose,
  failingSince: r.failingSince?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function findOwnEndpoint(ctx: AppContext, professionalId: string, id: string): Promise<EndpointRow> {
  const [row] = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.professionalId, professionalId)));
  if (!row) throw webhookNotFound();
  return row;
}

/** The URL as it will be called: https, and every address it resolves to public (the SSRF guard). */
async function checkEndpointUrl(ctx: AppContext, raw: string): Promise<string> {
  const opts = { allowLoopbackHttp: ctx.config.webhooksAllowLoopbackHttp };
  try {
    const url = checkUrl(raw, opts);
    await resolvePublic(url, opts);
    return url.toString();
  } catch (err) {
    if (err instanceof OutboundRefused) throw errors.field(['url'], err.reason);
    throw err;
  }
}

function richFields(body: { richPayload?: boolean; richPurpose?: string | null }) {
  const rich = !!body.richPayload;
  const purpose = body.richPurpose?.trim() || null;
  if (rich && (!purpose || purpose.length < 10)) {
    throw errors.field(
      ['richPurpose'],
      'Para enviar respostas e medidas, escreva para que elas serão usadas (LGPD, art. 11).',
    );
  }
  return { richPayload: rich, richPurpose: rich ? purpose : null };
}

export async function listEndpoints(ctx: AppContext, professionalId: string): Promise<EndpointDto[]> {
  const rows = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.professionalId, professionalId))
    .orderBy(desc(webhookEndpoints.createdAt));
  return rows.map(toDto);
}

export async function createEndpoint(
  ctx: AppContext,
  professionalId: string,
  body: z.infer<typeof CreateWebhookBody>,
  meta: { ip?: string } = {},
): Promise<EndpointDto & { secret: string }> {
  const url = await checkEndpointUrl(ctx, body.url);
  const rich = richFields(body);
  const existing = await listEndpoints(ctx, professionalId);
  if (existing.length >= MAX_ENDPOINTS) {
    throw errors.field(['url'], `Você já tem ${MAX_ENDPOINTS} webhooks. Exclua um antes de criar outro.`);
  }
  const now = ctx.config.now();
  const secret = newWebhookSecret();
  const [row] = await ctx.db
    .insert(webhookEndpoints)
    .values({
      professionalId,
      url,
      description: body.description ?? null,
      events: [...new Set(body.events)],
      enabled: body.enabled ?? true,
      secret,
      ...rich,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await recordActivity(ctx.db, professionalId, 'webhook_created', meta, { endpointId: row!.id });
  return { ...toDto(row!), secret };
}

export async function updateEndpoint(
  ctx: AppContext,
  professionalId: string,
  body: z.infer<typeof UpdateWebhookBody>,
): Promise<EndpointDto> {
  const current = await findOwnEndpoint(ctx, professionalId, body.id);
  const url = body.url === current.url ? current.url : await checkEndpointUrl(ctx, body.url);
  const enabled = body.enabled ?? current.enabled;
  const now = ctx.config.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        url,
        description: body.description ?? null,
        events: [...new Set(body.events)],
        enabled,
        // Turned on again by her: our reason for turning it off no longer holds.
        disabledReason: enabled ? null : current.disabledReason,
        // Another address, or on again: the failing streak (and its five days) starts over.
        failingSince: url !== current.url || (enabled && !current.enabled) ? null : current.failingSince,
        ...richFields(body),
        updatedAt: now,
      })
      .where(and(eq(webhookEndpoints.id, current.id), eq(webhookEndpoints.professionalId, professionalId)))
      .returning();
    if (current.enabled && !enabled) await pauseDeliveries(tx, current.id);
    if (!current.enabled && enabled) await resumeDeliveries(tx, current.id, now);
    return updated;
  });
  return toDto(row!);
}

export async function deleteEndpoint(
  ctx: AppContext,
  professionalId: string,
  id: string,
  meta: { ip?: string } = {},
): Promise<void> {
  const deleted = await ctx.db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.professionalId, professionalId)))
    .returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw webhookNotFound();
  await recordActivity(ctx.db, professionalId, 'webhook_deleted', meta, { endpointId: id });
}

/** A new secret, shown once; the previous one keeps signing for a day so receivers can switch. */
export async function rotateSecret(
  ctx: AppContext,
  professionalId: string,
  id: string,
  meta: { ip?: string } = {},
): Promise<EndpointDto & { secret: string }> {
  const current = await findOwnEndpoint(ctx, professionalId, id);
  const now = ctx.config.now();
  const secret = newWebhookSecret();
  const [row] = await ctx.db
    .update(webhookEndpoints)
    .set({
      secret,
      previousSecret: current.secret,
      previousSecretExpiresAt: new Date(now.getTime() + ROTATION_OVERLAP_MS),
      updatedAt: now,
    })
    .where(eq(webhookEndpoints.id, current.id))
    .returning();
  await recordActivity(ctx.db, professionalId, 'webhook_secret_rotated', meta, { endpointId: current.id });
  return { ...toDto(row!), secret };
}
