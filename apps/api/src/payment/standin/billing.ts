/**
 * What the stand-in does to money, like the Asaas sandbox: a subscription's cycle is charged on its due
 * date (the first one during the creation call when it is today), by the card's test behaviour (cards.ts);
 * a pending charge goes through risk analysis and is confirmed later; a confirmed card payment is received
 * `receiveAfterDays` later; refunds. Every state change queues the webhook event Asaas would send.
 * Callers hold the row lock of the subscription or payment they pass in (same transaction).
 */
import type { GatewayStandinConfig } from '../../config.js';
import type { Executor } from '../../db/client.js';
import { spDate, spDayStart } from '../../lib/dates.js';
import type { CardBehaviour } from './cards.js';
import { newId, nextCycleDate, paymentObject, spDateTime, type AsaasObject, type CardInfo } from './objects.js';
import { emit, getObject, insertObject, updateObject, type StandinRow } from './store.js';
import { AsaasError, invalid } from './errors.js';

export type Settings = Pick<GatewayStandinConfig, 'pendingDelayMs' | 'receiveAfterDays'>;

const DAY_MS = 86_400_000;
/** At most this many cycles are caught up in one go (a clock moved years ahead). */
const MAX_CATCH_UP = 60;

interface SubscriptionState {
  /** The day of the month cycles fall on (a 31st stays the 31st where the month has one). */
  dueDay: number;
}

interface PaymentState {
  settleAt?: string;
  receiveAt?: string;
}

export const subscriptionState = (row: StandinRow): SubscriptionState => row.state as unknown as SubscriptionState;
const paymentState = (row: StandinRow): PaymentState => row.state as PaymentState;

/** The behaviour of the card the subscription is charged on now (a token removed since: approve). */
export async function cardBehaviour(tx: Executor, card: CardInfo): Promise<CardBehaviour> {
  const token = await getObject(tx, 'card_token', card.creditCardToken);
  return ((token?.state as { behaviour?: CardBehaviour } | undefined)?.behaviour ?? 'approve') as CardBehaviour;
}

function confirm(payment: AsaasObject, now: Date, settings: Settings): { data: AsaasObject; receiveAt: Date } {
  const today = spDate(now);
  const receiveAt = new Date(now.getTime() + settings.receiveAfterDays * DAY_MS);
  const data = {
    ...payment,
    status: 'CONFIRMED',
    confirmedDate: today,
    clientPaymentDate: today,
    estimatedCreditDate: spDate(receiveAt),
  };
  return { data, receiveAt };
}

/**
 * Charges the cycle due on the subscription's `nextDueDate`: creates its payment, charges the card, moves
 * `nextDueDate` one cycle on. Returns the payment and what the card did.
 */
export async function chargeCycle(
  tx: Executor,
  sub: StandinRow,
  now: Date,
  settings: Settings,
): Promise<{ subscription: AsaasObject; payment: AsaasObject; behaviour: CardBehaviour }> {
  const s = sub.data;
  const card = s.creditCard as CardInfo;
  const behaviour = await cardBehaviour(tx, card);
  const dueDate = String(s.nextDueDate);
  const today = spDate(now);
  const id = newId.payment();
  let payment = paymentObject(id, today, s, dueDate, card);
  await emit(tx, now, 'PAYMENT_CREATED', { payment });

  let state: PaymentState = {};
  let dueAt: Date | null = null;
  if (behaviour === 'risk_analysis') {
    const settleAt = new Date(now.getTime() + settings.pendingDelayMs);
    state = { settleAt: settleAt.toISOString() };
    dueAt = now; // the next tick puts it in risk analysis
  } else if (behaviour === 'refuse_charge') {
    await emit(tx, now, 'PAYMENT_CREDIT_CARD_CAPTURE_REFUSED', { payment });
    payment = { ...payment, status: 'OVERDUE' };
    await emit(tx, now, 'PAYMENT_OVERDUE', { payment });
  } else {
    const confirmed = confirm(payment, now, settings);
    payment = confirmed.data;
    state = { receiveAt: confirmed.receiveAt.toISOString() };
    dueAt = confirmed.receiveAt;
    await emit(tx, now, 'PAYMENT_CONFIRMED', { payment });
  }
  await insertObject(tx, { id, kind: 'payment', data: payment, state: { ...state }, parentId: sub.id, dueAt }, now);

  const next = nextCycleDate(dueDate, String(s.cycle), subscriptionState(sub).dueDay);
  const subscription = { ...s, nextDueDate: next };
  await updateObject(tx, sub.id, { data: subscription, dueAt: spDayStart(next) }, now);
  sub.data = subscription;
  return { subscription, payment, behaviour };
}

/**
 * Pays a (locked) open payment now with `card` (`POST /payments/{id}/payWithCreditCard`), by the card's
 * behaviour: approved is confirmed; refused emits the capture refusal and leaves the payment as it was;
 * risk analysis waits like a first charge. Returns what the card did, for the route to answer.
 */
export async function payNow(
  tx: Executor,
  row: StandinRow,
  card: CardInfo,
  now: Date,
  settings: Settings,
): Promise<{ payment: AsaasObject; behaviour: CardBehaviour }> {
  const status = row.data.status;
  if (status !== 'PENDING' && status !== 'OVERDUE') {
    throw new AsaasError(400, [{ code: 'invalid_action', description: 'Esta cobrança não pode ser paga.' }]);
  }
  const behaviour = await cardBehaviour(tx, card);
  const open = { ...row.data, creditCard: card };
  if (behaviour === 'refuse_charge') {
    await emit(tx, now, 'PAYMENT_CREDIT_CARD_CAPTURE_REFUSED', { payment: open });
    return { payment: open, behaviour };
  }
  if (behaviour === 'risk_analysis') {
    const settleAt = new Date(now.getTime() + settings.pendingDelayMs);
    const payment = { ...open, status: 'AWAITING_RISK_ANALYSIS' };
    await emit(tx, now, 'PAYMENT_AWAITING_RISK_ANALYSIS', { payment });
    await updateObject(
      tx,
      row.id,
      { data: payment, state: { settleAt: settleAt.toISOString() }, dueAt: settleAt },
      now,
    );
    return { payment, behaviour };
  }
  const confirmed = confirm(open, now, settings);
  await emit(tx, now, 'PAYMENT_CONFIRMED', { payment: confirmed.data });
  const state = { receiveAt: confirmed.receiveAt.toISOString() };
  await updateObject(tx, row.id, { data: confirmed.data, state, dueAt: confirmed.receiveAt }, now);
  return { payment: confirmed.data, behaviour };
}

/** Charges every cycle of a (locked) active subscription whose due date has come. Returns how many. */
export async function renew(tx: Executor, sub: StandinRow, now: Date, settings: Settings): Promise<number> {
  let charged = 0;
  while (
    sub.data.deleted !== true &&
    sub.data.status === 'ACTIVE' &&
    spDayStart(String(sub.data.nextDueDate)).getTime() <= now.getTime() &&
    charged < MAX_CATCH_UP
  ) {
    await chargeCycle(tx, sub, now, settings);
    charged++;
  }
  return charged;
}

/** Moves a (locked) payment one step on when its time has come: risk analysis, confirmation, receipt. */
export async function settle(tx: Executor, row: StandinRow, now: Date, settings: Settings): Promise<void> {
  let payment = row.data;
  let state = paymentState(row);
  let dueAt: Date | null = null;
  const at = (iso: string | undefined) => (iso ? new Date(iso).getTime() : Infinity);

  if (payment.status === 'PENDING' && state.settleAt) {
    payment = { ...payment, status: 'AWAITING_RISK_ANALYSIS' };
    await emit(tx, now, 'PAYMENT_AWAITING_RISK_ANALYSIS', { payment });
  }
  if (payment.status === 'AWAITING_RISK_ANALYSIS') {
    if (at(state.settleAt) <= now.getTime()) {
      await emit(tx, now, 'PAYMENT_APPROVED_BY_RISK_ANALYSIS', { payment });
      const confirmed = confirm(payment, now, settings);
      payment = confirmed.data;
      state = { receiveAt: confirmed.receiveAt.toISOString() };
      await emit(tx, now, 'PAYMENT_CONFIRMED', { payment });
      dueAt = confirmed.receiveAt;
    } else {
      dueAt = new Date(at(state.settleAt));
    }
  } else if (payment.status === 'CONFIRMED' && state.receiveAt) {
    if (at(state.receiveAt) <= now.getTime()) {
      const day = spDate(new Date(at(state.receiveAt)));
      payment = { ...payment, status: 'RECEIVED', paymentDate: day, creditDate: day };
      state = {};
      await emit(tx, now, 'PAYMENT_RECEIVED', { payment });
    } else {
      dueAt = new Date(at(state.receiveAt));
    }
  }
  await updateObject(tx, row.id, { data: payment, state: { ...state }, dueAt }, now);
}

interface Refund {
  value: number;
}

/** Refunds `valueCents` (or what is left) of a (locked) confirmed or received payment. */
export async function refund(
  tx: Executor,
  row: StandinRow,
  valueCents: number | undefined,
  description: string | null,
  now: Date,
): Promise<AsaasObject> {
  const p = row.data;
  if (p.status !== 'CONFIRMED' && p.status !== 'RECEIVED') {
    throw new AsaasError(400, [{ code: 'invalid_action', description: 'Esta cobrança não pode ser estornada.' }]);
  }
  const totalCents = Math.round(Number(p.value) * 100);
  const refunds = Array.isArray(p.refunds) ? (p.refunds as Refund[]) : [];
  const leftCents = totalCents - refunds.reduce((sum, r) => sum + Math.round(r.value * 100), 0);
  const cents = valueCents ?? leftCents;
  if (cents <= 0 || cents > leftCents) {
    throw invalid('value', 'O valor do estorno deve ser maior que zero e não pode exceder o valor disponível.');
  }
  const entry = {
    dateCreated: spDateTime(now),
    status: 'DONE',
    value: cents / 100,
    description,
    transactionReceiptUrl: null,
  };
  const whole = cents === leftCents;
  const payment: AsaasObject = {
    ...p,
    status: whole ? 'REFUNDED' : p.status,
    refunds: [...refunds, entry],
    ...(whole && { paymentDate: p.paymentDate ?? p.confirmedDate ?? spDate(now) }),
  };
  await emit(tx, now, whole ? 'PAYMENT_REFUNDED' : 'PAYMENT_PARTIALLY_REFUNDED', { payment });
  // A refunded payment is never received; a partial refund leaves its receipt where it was.
  await updateObject(tx, row.id, { data: payment, ...(whole && { state: {}, dueAt: null }) }, now);
  return payment;
}
