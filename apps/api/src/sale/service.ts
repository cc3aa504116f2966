import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { patients, sales, services } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { addDays, spDate, spDayStart } from '../lib/dates.js';
import { findOwnPatient } from '../patient/lookup.js';
import { findOwnService } from '../offering/lookup.js';
import type { CreateSaleBody, ListSalesQuery, SaleSchema } from './schemas.js';
import { recordEvent } from '../events/record.js';
import { patientRef } from '../events/refs.js';

export type SaleDto = z.infer<typeof SaleSchema>;

export const saleNotFound = () => new AppError(404, 'SALE_NOT_FOUND', 'Venda não encontrada.');

const saleColumns = {
  sale: sales,
  patientName: patients.name,
  serviceName: services.name,
};

type SaleJoinRow = { sale: typeof sales.$inferSelect; patientName: string; serviceName: string };

function toSaleDto(r: SaleJoinRow): SaleDto {
  const s = r.sale;
  return {
    id: s.id,
    patientId: s.patientId,
    patientName: r.patientName,
    serviceId: s.serviceId,
    serviceName: r.serviceName,
    amountCents: s.amountCents,
    paymentMethod: s.paymentMethod,
    status: s.status,
    soldAt: s.soldAt.toISOString(),
    startsAt: s.startsAt,
    endsAt: s.endsAt,
    refundedAt: s.refundedAt?.toISOString() ?? null,
    createdAt: s.createdAt.toISOString(),
  };
}

/** Sales with patient and service names, newest first. */
export async function selectSales(
  db: Executor,
  where: SQL | undefined,
  page?: { take: number; skip: number },
): Promise<SaleDto[]> {
  const q = db
    .select(saleColumns)
    .from(sales)
    .innerJoin(patients, eq(patients.id, sales.patientId))
    .innerJoin(services, eq(services.id, sales.serviceId))
    .where(where)
    .orderBy(desc(sales.soldAt), desc(sales.id));
  const rows = page ? await q.limit(page.take).offset(page.skip) : await q;
  return rows.map(toSaleDto);
}

/** Sales sold within São Paulo dates [start, end] (either bound optional). */
export function soldBetween(start: string | undefined, end: string | undefined): SQL | undefined {
  return and(
    start ? gte(sales.soldAt, spDayStart(start)) : undefined,
    end ? lt(sales.soldAt, spDayStart(addDays(end, 1))) : undefined,
  );
}

async function findOwnSale(db: Executor, professionalId: string, id: string): Promise<SaleDto> {
  const [row] = await selectSales(db, and(eq(sales.id, id), eq(sales.professionalId, professionalId)));
  if (!row) throw saleNotFound();
  return row;
}

export async function createSale(
  ctx: AppContext,
  professionalId: string,
  body: z.infer<typeof CreateSaleBody>,
): Promise<SaleDto> {
  const patient = await findOwnPatient(ctx.db, professionalId, body.patientId);
  if (patient.status !== 'active') {
    throw new AppError(
      400,
      'PATIENT_NOT_ACTIVE',
      'Este cliente está inativo: reative-o antes de registrar uma venda.',
      [{ path: ['patientId'], message: 'Cliente inativo.' }],
    );
  }
  const svc = await findOwnService(ctx.db, professionalId, body.serviceId);
  if (!svc.isActive) {
    throw new AppError(400, 'SERVICE_NOT_ACTIVE', 'Este serviço está desativado: ative-o antes de vendê-lo.', [
      { path: ['serviceId'], message: 'Serviço desativado.' },
    ]);
  }
  const soldAt = body.soldAt ? new Date(body.soldAt) : ctx.config.now();
  const startsAt = body.startsAt ?? spDate(soldAt);
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sales)
      .values({
        professionalId,
        patientId: patient.id,
        serviceId: svc.id,
        amountCents: body.amountCents ?? svc.priceCents,
        paymentMethod: body.paymentMethod,
        soldAt,
        startsAt,
        endsAt: addDays(startsAt, svc.validityDays),
      })
      .returning();
    await recordEvent(tx, professionalId, 'sale.created', {
      saleId: row!.id,
      patientId: patient.id,
      patientName: patient.name,
      serviceId: svc.id,
      serviceName: svc.name,
      amountCents: row!.amountCents,
      startsAt: row!.startsAt,
      endsAt: row!.endsAt,
    });
    return row!.id;
  });
  return findOwnSale(ctx.db, professionalId, id);
}

export async function listSales(
  ctx: AppContext,
  professionalId: string,
  q: z.infer<typeof ListSalesQuery>,
): Promise<{ items: SaleDto[]; total: number }> {
  const where = and(
    eq(sales.professionalId, professionalId),
    q.patientId ? eq(sales.patientId, q.patientId) : undefined,
    q.serviceId ? eq(sales.serviceId, q.serviceId) : undefined,
    q.status ? eq(sales.status, q.status) : undefined,
    soldBetween(q.periodStart, q.periodEnd),
  );
  const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(sales).where(where);
  return { items: await selectSales(ctx.db, where, q), total: Number(n) };
}

/** Refund: the sale no longer gives an active service. Twice → 409 SALE_ALREADY_REFOUNDED. */
export async function refundSale(ctx: AppContext, professionalId: string, id: string): Promise<SaleDto> {
  const sale = await findOwnSale(ctx.db, professionalId, id);
  if (sale.status === 'refunded') throw new AppError(409, 'SALE_ALREADY_REFOUNDED', 'Esta venda já foi estornada.');
  await ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(sales)
      .set({ status: 'refunded', refundedAt: ctx.config.now() })
      .where(and(eq(sales.id, id), eq(sales.status, 'paid')))
      .returning({ id: sales.id, patientId: sales.patientId, amountCents: sales.amountCents });
    const refunded = updated[0];
    if (!refunded) throw new AppError(409, 'SALE_ALREADY_REFOUNDED', 'Esta venda já foi estornada.');
    await recordEvent(tx, professionalId, 'sale.refunded', {
      saleId: refunded.id,
      ...(await patientRef(tx, refunded.patientId)),
      amountCents: refunded.amountCents,
    });
  });
  return findOwnSale(ctx.db, professionalId, id);
}

export async function deleteSale(ctx: AppContext, professionalId: string, id: string): Promise<void> {
  const deleted = await ctx.db
    .delete(sales)
    .where(and(eq(sales.id, id), eq(sales.professionalId, professionalId)))
    .returning({ id: sales.id });
  if (deleted.length === 0) throw saleNotFound();
}
