/**
 * The practice's offerings: the services (plans, packages) a professional sells, the spec's `service`
 * (table `services`, routes under `/service`). The folder is `offering/` so that the word "service" keeps
 * one meaning in this codebase: the layer of rules and queries in each area's `service.ts`.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { services } from '../db/schema.js';
import { findOwnService, type ServiceRow } from './lookup.js';
import type { CreateServiceBody, ListServicesQuery, ServiceSchema, UpdateServiceBody } from './schemas.js';

type ServiceDto = z.infer<typeof ServiceSchema>;

function toServiceDto(r: ServiceRow): ServiceDto {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    priceCents: r.priceCents,
    modality: r.modality,
    validityDays: r.validityDays,
    consultations: r.consultations,
    isActive: r.isActive,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function getService(ctx: AppContext, professionalId: string, id: string): Promise<ServiceDto> {
  return toServiceDto(await findOwnService(ctx.db, professionalId, id));
}

export async function listServices(
  ctx: AppContext,
  professionalId: string,
  q: z.infer<typeof ListServicesQuery>,
): Promise<ServiceDto[]> {
  const rows = await ctx.db
    .select()
    .from(services)
    .where(
      and(
        eq(services.professionalId, professionalId),
        q.status === 'all' ? undefined : eq(services.isActive, q.status === 'active'),
      ),
    )
    .orderBy(asc(services.name), asc(services.id));
  return rows.map(toServiceDto);
}

export async function createService(
  ctx: AppContext,
  professionalId: string,
  body: z.infer<typeof CreateServiceBody>,
): Promise<ServiceDto> {
  const [row] = await ctx.db
    .insert(services)
    .values({
      professionalId,
      name: body.name,
      description: body.description ?? null,
      priceCents: body.priceCents,
      modality: body.modality ?? 'presencial',
      validityDays: body.validityDays,
      consultations: body.consultations ?? 1,
      updatedAt: ctx.config.now(),
    })
    .returning();
  return toServiceDto(row!);
}

export async function updateService(
  ctx: AppContext,
  professionalId: string,
  id: string,
  body: z.infer<typeof UpdateServiceBody>,
): Promise<ServiceDto> {
  await findOwnService(ctx.db, professionalId, id);
  const [row] = await ctx.db
    .update(services)
    .set({ ...body, updatedAt: ctx.config.now() })
    .where(eq(services.id, id))
    .returning();
  return toServiceDto(row!);
}

export async function setServiceActive(
  ctx: AppContext,
  professionalId: string,
  id: string,
  isActive: boolean,
): Promise<ServiceDto> {
  await findOwnService(ctx.db, professionalId, id);
  const [row] = await ctx.db
    .update(services)
    .set({ isActive, updatedAt: ctx.config.now() })
    .where(eq(services.id, id))
    .returning();
  return toServiceDto(row!);
}
