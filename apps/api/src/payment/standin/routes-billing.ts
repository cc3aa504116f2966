/**
 * The stand-in's subscription and payment routes (Asaas v3 shapes; see routes.ts for authentication and
 * errors, billing.ts for what charging does).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { isCalendarDate, spDate, spDayStart } from '../../lib/dates.js';
import { cardBehaviour, payNow, refund, renew } from './billing.js';
import { AsaasError, cardRefused, invalid, notFound } from './errors.js';
import { newId, subscriptionEventObject, subscriptionObject, SUPPORTED_CYCLES, type CardInfo } from './objects.js';
import { hidden, listPage, pageQuery, parseBody } from './http.js';
import { emit, getObject, insertObject, listObjects, updateObject, type StandinRow } from './store.js';
import type { Executor } from '../../db/client.js';

/** Decimal reais with at most two decimals. */
const money = z
  .number()
  .finite()
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6);

const subscriptionBody = z.object({
  customer: z.string().min(1).max(100),
  billingType: z.literal('CREDIT_CARD'),
  value: money.min(5),
  nextDueDate: z.string().refine(isCalendarDate),
  cycle: z.enum(SUPPORTED_CYCLES as [string, ...string[]]),
  description: z.string().max(500).nullish(),
  externalReference: z.string().max(100).nullish(),
  creditCardToken: z.string().min(1).max(100),
  remoteIp: z.string().trim().min(1).max(45),
});

const cardBody = z.object({ creditCardToken: z.string().min(1).max(100), remoteIp: z.string().trim().min(1).max(45) });
const payBody = z.object({ creditCardToken: z.string().min(1).max(100), remoteIp: z.string().max(45).nullish() });
const refundBody = z.object({ value: money.positive().nullish(), description: z.string().max(500).nullish() });

const MESSAGES: Record<string, string> = {
  customer: 'Customer inválido ou não informado.',
  billingType: 'Forma de pagamento inválida: o simulador aceita apenas CREDIT_CARD.',
  value: 'O valor mínimo para cobranças via Cartão de Crédito é R$ 5,00.',
  nextDueDate: 'A data de vencimento informada é inválida.',
  cycle: 'A periodicidade informada é inválida.',
  creditCardToken: 'Informe o token do cartão de crédito.',
  remoteIp: 'O IP do comprador deve ser informado.',
};

const idOf = (request: { params: unknown }) => (request.params as { id: string }).id;

/** The customer's token, or Asaas's answer to an unknown one (recorded from the sandbox). */
async function tokenOf(tx: Executor, token: string, customer: string): Promise<CardInfo> {
  const row = await getObject(tx, 'card_token', token);
  if (!row || (row.parentId ?? '') !== customer) throw cardRefused('Token de cartão de crédito inválido.');
  return row.data as unknown as CardInfo;
}

async function liveSubscription(tx: Executor, id: string, lock: boolean): Promise<StandinRow> {
  const row = await getObject(tx, 'subscription', id, lock);
  if (!row || row.data.deleted === true) throw notFound();
  return row;
}

export function billingRoutes(ctx: AppContext) {
  const settings = () => ctx.config.gatewayStandin;

  return async (app: FastifyInstance) => {
    app.post('/subscriptions', hidden, async (request) => {
      const b = parseBody(subscriptionBody, request.body, MESSAGES);
      const now = ctx.config.now();
      const today = spDate(now);
      if (b.nextDueDate < today) throw invalid('nextDueDate', 'A data de vencimento não pode ser inferior à hoje.');
      const { data, timeout } = await ctx.db.transaction(async (tx) => {
        const customer = await getObject(tx, 'customer', b.customer);
        if (!customer || customer.data.deleted === true) throw invalid('customer', MESSAGES.customer!);
        const card = await tokenOf(tx, b.creditCardToken, customer.id);
        const behaviour = await cardBehaviour(tx, card);
        const chargeNow = b.nextDueDate === today;
        // A refused card creates nothing (https://docs.asaas.com/docs/criando-assinatura-com-cartao-de-credito).
        if (chargeNow && behaviour === 'refuse_charge') throw cardRefused();
        const id = newId.subscription();
        const subscription = subscriptionObject(id, today, {
          customer: customer.id,
          cycle: b.cycle,
          valueCents: Math.round(b.value * 100),
          nextDueDate: b.nextDueDate,
          description: b.description ?? null,
          externalReference: b.externalReference ?? null,
          card,
        });
        const row = {
          id,
          kind: 'subscription' as const,
          data: subscription,
          state: { dueDay: Number(b.nextDueDate.slice(8, 10)) },
          externalReference: b.externalReference ?? null,
          parentId: customer.id,
          dueAt: spDayStart(b.nextDueDate),
        };
        await insertObject(tx, row, now);
        await emit(tx, now, 'SUBSCRIPTION_CREATED', { subscription: subscriptionEventObject(subscription) });
        const stored: StandinRow = { ...row, createdAt: now, updatedAt: now };
        if (chargeNow) await renew(tx, stored, now, settings());
        return { data: stored.data, timeout: chargeNow && behaviour === 'timeout' };
      });
      if (timeout) {
        // Created and charged, but the answer is lost: the caller must find it by its externalReference.
        await sleep(settings().timeoutCardDelayMs, undefined, { ref: false });
        throw new AsaasError(504, [{ code: 'gateway_timeout', description: 'Tempo de resposta esgotado.' }]);
      }
      return data;
    });

    app.get('/subscriptions', hidden, async (request) => {
      const q = request.query as Record<string, unknown>;
      const page = pageQuery.parse(q);
      const filter = {
        ...(typeof q.externalReference === 'string' && { externalReference: q.externalReference }),
        ...(typeof q.customer === 'string' && { parentId: q.customer }),
        includeDeleted: q.includeDeleted === 'true',
      };
      const { rows, total } = await listObjects(ctx.db, 'subscription', filter, page);
      return listPage(rows, total, page);
    });

    app.get('/subscriptions/:id', hidden, async (request) => {
      const row = await getObject(ctx.db, 'subscription', idOf(request));
      if (!row) throw notFound();
      return row.data;
    });

    app.get('/subscriptions/:id/payments', hidden, async (request) => {
      const id = idOf(request);
      if (!(await getObject(ctx.db, 'subscription', id))) throw notFound();
      const page = pageQuery.parse(request.query);
      // Newest first, like Asaas's lists: callers sort by due date themselves.
      const { rows, total } = await listObjects(ctx.db, 'payment', { parentId: id }, page, true);
      return listPage(rows, total, page);
    });

    app.put('/subscriptions/:id/creditCard', hidden, async (request) => {
      const b = parseBody(cardBody, request.body, MESSAGES);
      const now = ctx.config.now();
      return ctx.db.transaction(async (tx) => {
        const sub = await liveSubscription(tx, idOf(request), true);
        const card = await tokenOf(tx, b.creditCardToken, String(sub.data.customer));
        const subscription = { ...sub.data, creditCard: card };
        await updateObject(tx, sub.id, { data: subscription }, now);
        // The charges not yet paid will use the new card; nothing is charged now.
        const { rows } = await listObjects(tx, 'payment', { parentId: sub.id }, { offset: 0, limit: 1000 });
        for (const p of rows) {
          if (p.data.status === 'PENDING' || p.data.status === 'OVERDUE') {
            await updateObject(tx, p.id, { data: { ...p.data, creditCard: card } }, now);
          }
        }
        await emit(tx, now, 'SUBSCRIPTION_UPDATED', { subscription: subscriptionEventObject(subscription) });
        return subscription;
      });
    });

    app.delete('/subscriptions/:id', hidden, async (request) => {
      const now = ctx.config.now();
      return ctx.db.transaction(async (tx) => {
        const sub = await getObject(tx, 'subscription', idOf(request), true);
        if (!sub) throw notFound();
        if (sub.data.deleted !== true) {
          const subscription = { ...sub.data, deleted: true, status: 'INACTIVE' };
          await updateObject(tx, sub.id, { data: subscription, dueAt: null }, now);
          await emit(tx, now, 'SUBSCRIPTION_DELETED', { subscription: subscriptionEventObject(subscription) });
        }
        return { deleted: true, id: sub.id };
      });
    });

    app.get('/payments/:id', hidden, async (request) => {
      const row = await getObject(ctx.db, 'payment', idOf(request));
      if (!row) throw notFound();
      return row.data;
    });

    app.post('/payments/:id/payWithCreditCard', hidden, async (request) => {
      const b = parseBody(payBody, request.body, MESSAGES);
      const now = ctx.config.now();
      const { payment, behaviour } = await ctx.db.transaction(async (tx) => {
        const row = await getObject(tx, 'payment', idOf(request), true);
        if (!row || row.data.deleted === true) throw notFound();
        const card = await tokenOf(tx, b.creditCardToken, String(row.data.customer));
        return payNow(tx, row, card, now, settings());
      });
      // Committed first (the refusal's event stays), then answered like Asaas: 400 refused, 504 lost.
      if (behaviour === 'refuse_charge') throw cardRefused();
      if (behaviour === 'timeout') {
        await sleep(settings().timeoutCardDelayMs, undefined, { ref: false });
        throw new AsaasError(504, [{ code: 'gateway_timeout', description: 'Tempo de resposta esgotado.' }]);
      }
      return payment;
    });

    app.post('/payments/:id/refund', hidden, async (request) => {
      const b = parseBody(refundBody, request.body, { value: 'O valor do estorno é inválido.' });
      const now = ctx.config.now();
      return ctx.db.transaction(async (tx) => {
        const row = await getObject(tx, 'payment', idOf(request), true);
        if (!row) throw notFound();
        const cents = b.value == null ? undefined : Math.round(b.value * 100);
        return refund(tx, row, cents, b.description ?? null, now);
      });
    });
  };
}
