/**
 * WhatsApp providers: the WhatsApp Cloud API (Meta Graph API, configured by environment) and, by default,
 * an outbox table that records what would have been sent (GET /api/dev/whatsapp-outbox shows it).
 */
import { desc, eq } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';
import { whatsappOutbox } from '../db/schema.js';
import { DeliveryError } from './errors.js';

export interface WhatsAppProvider {
  readonly kind: 'cloud-api' | 'outbox';
  /** `to` in E.164 (+5511912345678). Resolves with the provider's message id; throws DeliveryError. */
  send(to: string, text: string): Promise<{ providerMessageId: string | null }>;
  /**
   * An approved template (the only kind WhatsApp accepts outside the 24-hour window) with its body parameters;
   * `text` is the template as the patient reads it (what the outbox records).
   */
  sendTemplate(
    to: string,
    template: { name: string; params: string[]; text: string },
  ): Promise<{ providerMessageId: string | null }>;
}

export class OutboxWhatsAppProvider implements WhatsAppProvider {
  readonly kind = 'outbox';
  constructor(private readonly db: Executor) {}

  async send(to: string, text: string) {
    const [row] = await this.db.insert(whatsappOutbox).values({ to, body: text }).returning({ id: whatsappOutbox.id });
    return { providerMessageId: row?.id ?? null };
  }

  sendTemplate(to: string, template: { text: string }) {
    return this.send(to, template.text);
  }
}

export async function listWhatsappOutbox(db: Db, to?: string) {
  return db
    .select()
    .from(whatsappOutbox)
    .where(to ? eq(whatsappOutbox.to, to.trim()) : undefined)
    .orderBy(desc(whatsappOutbox.createdAt), desc(whatsappOutbox.id))
    .limit(200);
}

export interface WhatsAppCloudConfig {
  /** Permanent or system-user access token. */
  token: string;
  /** The sender's phone number id (not the phone number). */
  phoneNumberId: string;
  /** Default https://graph.facebook.com/v21.0. */
  apiUrl: string;
  /**
   * Business-initiated conversations outside the 24-hour window need an approved template. When set, the
   * message goes as this template with one body parameter (the rendered text); else as a plain text message.
   */
  templateName?: string;
  templateLanguage: string;
  /** Per request; default 15 s. */
  timeoutMs: number;
}

export function whatsappCloudConfigFromEnv(env: NodeJS.ProcessEnv = process.env): WhatsAppCloudConfig | undefined {
  if (!env.WHATSAPP_TOKEN) return undefined;
  if (!env.WHATSAPP_PHONE_NUMBER_ID) throw new Error('WHATSAPP_TOKEN is set but WHATSAPP_PHONE_NUMBER_ID is missing.');
  return {
    token: env.WHATSAPP_TOKEN,
    phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
    apiUrl: (env.WHATSAPP_API_URL ?? 'https://graph.facebook.com/v21.0').replace(/\/+$/, ''),
    templateName: env.WHATSAPP_TEMPLATE_NAME || undefined,
    templateLanguage: env.WHATSAPP_TEMPLATE_LANGUAGE ?? 'pt_BR',
    timeoutMs: Number(env.WHATSAPP_TIMEOUT_MS ?? 15_000),
  };
}

interface GraphError {
  error?: { message?: string; code?: number; error_data?: { details?: string } };
}

/** POST {apiUrl}/{phoneNumberId}/messages with a bearer token. */
export class WhatsAppCloudProvider implements WhatsAppProvider {
  readonly kind = 'cloud-api';
  constructor(
    private readonly config: WhatsAppCloudConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send(to: string, text: string) {
    const { config } = this;
    const recipient = to.replace(/\D/g, '');
    return this.post(
      config.templateName
        ? {
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: recipient,
            type: 'template',
            template: {
              name: config.templateName,
              language: { code: config.templateLanguage },
              // Template parameters may not contain line breaks or long runs of spaces.
              components: [{ type: 'body', parameters: [{ type: 'text', text: text.replace(/\s+/g, ' ').trim() }] }],
            },
          }
        : {
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: recipient,
            type: 'text',
            text: { preview_url: true, body: text },
          },
    );
  }

  /** An approved template with its body parameters (each without line breaks or runs of spaces). */
  sendTemplate(to: string, template: { name: string; params: string[] }) {
    const { config } = this;
    return this.post({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: to.replace(/\D/g, ''),
      type: 'template',
      template: {
        name: template.name,
        language: { code: config.templateLanguage },
        components: [
          {
            type: 'body',
            parameters: template.params.map((p) => ({ type: 'text', text: p.replace(/\s+/g, ' ').trim() })),
          },
        ],
      },
    });
  }

  private async post(payload: object) {
    const { config } = this;
    let res: Response;
    try {
      res = await this.fetchImpl(`${config.apiUrl}/${encodeURIComponent(config.phoneNumberId)}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (err) {
      throw new DeliveryError(
        'WHATSAPP_INTEGRATION_ERROR',
        `Não foi possível falar com o WhatsApp (${(err as Error).message}).`,
      );
    }
    const body = (await res.json().catch(() => ({}))) as GraphError & { messages?: { id?: string }[] };
    if (!res.ok) {
      const detail = body.error?.error_data?.details ?? body.error?.message ?? `HTTP ${res.status}`;
      const code = body.error?.code ? ` (código ${body.error.code})` : '';
      // 4xx other than rate limits will fail again: no point retrying them.
      const permanent = res.status >= 400 && res.status < 500 && res.status !== 429;
      throw new DeliveryError('WHATSAPP_INTEGRATION_ERROR', `O WhatsApp recusou a mensagem${code}: ${detail}`, {
        permanent,
      });
    }
    return { providerMessageId: body.messages?.[0]?.id ?? null };
  }
}

export function createWhatsAppProvider(db: Db, env: NodeJS.ProcessEnv = process.env): WhatsAppProvider {
  const cloud = whatsappCloudConfigFromEnv(env);
  return cloud ? new WhatsAppCloudProvider(cloud) : new OutboxWhatsAppProvider(db);
}
