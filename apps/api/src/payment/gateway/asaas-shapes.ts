/**
 * Asaas API v3 response shapes (read leniently: unknown fields are ignored, optional ones may be null
 * or absent) and their mapping to the port's types. Sources are listed at the top of asaas.ts.
 */
import { z } from 'zod';
import type {
  CardSummary,
  GatewayCustomer,
  GatewayPayment,
  GatewaySubscription,
  PaymentStatus,
  SubscriptionStatus,
} from './port.js';

// ---------------------------------------------------------------------------------------------
// Money: integer cents on our side, decimal reais (a JSON number such as 19.9) on Asaas's.
// ---------------------------------------------------------------------------------------------

/** 39000 → 390, 1990 → 19.9. Division by 100 is correctly rounded, so the result is the same double
 *  JSON would read from "19.90": no drift. */
export function centsToReais(cents: number): number {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError('Valor em centavos inválido.');
  return cents / 100;
}

/** 390 → 39000, 19.9 → 1990 (the nearest cent: Asaas amounts have at most two decimals). */
export function reaisToCents(reais: number): number {
  if (!Number.isFinite(reais)) throw new RangeError('Valor em reais inválido.');
  return Math.round(reais * 100);
}

// ---------------------------------------------------------------------------------------------
// Dates: REST resources write `YYYY-MM-DD`; the subscription object inside subscription webhooks
// writes `DD/MM/YYYY` (docs' example); event `dateCreated` is `YYYY-MM-DD HH:mm:ss`, Brasília time.
// ---------------------------------------------------------------------------------------------

const BR_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

export function toCalendarDate(s: string): string {
  const m = BR_DATE.exec(s);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : s.slice(0, 10);
}

/** `2024-06-12 16:45:03` → `2024-06-12T16:45:03-03:00` (Brasília has no daylight saving since 2019). */
export function eventInstant(s: string | null | undefined): string | undefined {
  if (!s) return undefined;
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(s.trim());
  return m ? `${m[1]}T${m[2]}-03:00` : undefined;
}

// ---------------------------------------------------------------------------------------------
// Shapes
// ---------------------------------------------------------------------------------------------

const str = z.string().nullish();

const creditCard = z
  .object({ creditCardNumber: z.string().nullish(), creditCardBrand: z.string().nullish() })
  .nullish();

export const customerShape = z.object({
  id: z.string().min(1),
  name: z.string(),
  email: str,
  externalReference: str,
  deleted: z.boolean().nullish(),
});

export const tokenizedShape = z.object({
  creditCardNumber: z.string().min(1),
  creditCardBrand: z.string().min(1),
  creditCardToken: z.string().min(1),
});

export const subscriptionShape = z.object({
  id: z.string().min(1),
  customer: z.string().min(1),
  value: z.number(),
  cycle: z.string(),
  nextDueDate: z.string(),
  status: z.string(),
  deleted: z.boolean().nullish(),
  externalReference: str,
  description: str,
  creditCard,
});

export const paymentShape = z.object({
  id: z.string().min(1),
  customer: z.string().min(1),
  subscription: str,
  value: z.number(),
  netValue: z.number().nullish(),
  status: z.string(),
  dueDate: z.string(),
  paymentDate: str,
  confirmedDate: str,
  clientPaymentDate: str,
  externalReference: str,
  invoiceUrl: str,
  deleted: z.boolean().nullish(),
  creditCard,
});

export const listShape = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), hasMore: z.boolean().nullish() });

export const deletedShape = z.object({ id: z.string(), deleted: z.boolean() });

export const errorsShape = z.object({
  errors: z.array(z.object({ code: z.string().nullish(), description: z.string().nullish() })),
});

export const eventShape = z.object({
  id: z.string().min(1),
  event: z.string().min(1),
  dateCreated: str,
  payment: paymentShape.nullish(),
  subscription: subscriptionShape.nullish(),
});

// ---------------------------------------------------------------------------------------------
// Mapping
// ---------------------------------------------------------------------------------------------

const PAYMENT_STATUS: Record<string, PaymentStatus> = {
  PENDING: 'pending',
  AWAITING_RISK_ANALYSIS: 'awaiting_risk_analysis',
  CONFIRMED: 'confirmed',
  RECEIVED: 'received',
  RECEIVED_IN_CASH: 'received',
  OVERDUE: 'overdue',
  DUNNING_REQUESTED: 'overdue',
  DUNNING_RECEIVED: 'received',
  REFUND_REQUESTED: 'refund_requested',
  REFUND_IN_PROGRESS: 'refund_requested',
  REFUNDED: 'refunded',
  CHARGEBACK_REQUESTED: 'chargeback',
  CHARGEBACK_DISPUTE: 'chargeback',
  AWAITING_CHARGEBACK_REVERSAL: 'chargeback',
};

export const paymentStatus = (asaas: string): PaymentStatus => PAYMENT_STATUS[asaas] ?? 'other';

const SUBSCRIPTION_STATUS: Record<string, SubscriptionStatus> = {
  ACTIVE: 'active',
  INACTIVE: 'inactive',
  EXPIRED: 'expired',
};

/** Only the last four digits ever leave this function, whatever the gateway sent. */
export function cardSummary(c: z.infer<typeof creditCard>): CardSummary | null {
  const digits = c?.creditCardNumber?.replace(/\D+/g, '') ?? '';
  if (!c?.creditCardBrand || digits.length < 4) return null;
  return { brand: c.creditCardBrand.toUpperCase(), last4: digits.slice(-4) };
}

export const last4 = (creditCardNumber: string): string => creditCardNumber.replace(/\D+/g, '').slice(-4);

export function toCustomer(c: z.infer<typeof customerShape>): GatewayCustomer {
  return { id: c.id, externalReference: c.externalReference ?? null, name: c.name, email: c.email ?? null };
}

export function toSubscription(s: z.infer<typeof subscriptionShape>): GatewaySubscription {
  return {
    id: s.id,
    customerId: s.customer,
    valueCents: reaisToCents(s.value),
    cycle: s.cycle,
    nextDueDate: toCalendarDate(s.nextDueDate),
    status: SUBSCRIPTION_STATUS[s.status] ?? 'inactive',
    deleted: s.deleted ?? false,
    externalReference: s.externalReference ?? null,
    description: s.description ?? null,
    card: cardSummary(s.creditCard),
  };
}

export function toPayment(p: z.infer<typeof paymentShape>): GatewayPayment {
  const paid = p.confirmedDate ?? p.paymentDate ?? p.clientPaymentDate ?? null;
  return {
    id: p.id,
    customerId: p.customer,
    subscriptionId: p.subscription ?? null,
    valueCents: reaisToCents(p.value),
    netValueCents: p.netValue == null ? null : reaisToCents(p.netValue),
    status: paymentStatus(p.status),
    gatewayStatus: p.status,
    dueDate: toCalendarDate(p.dueDate),
    paidDate: paid ? toCalendarDate(paid) : null,
    externalReference: p.externalReference ?? null,
    card: cardSummary(p.creditCard),
    invoiceUrl: p.invoiceUrl ?? null,
    deleted: p.deleted ?? false,
  };
}
