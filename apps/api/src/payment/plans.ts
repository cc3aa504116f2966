/**
 * The plans sold to the professional and the coupons, in code (changing a price is a reviewed change).
 * A coupon is a percentage off every charge of the subscription it was used on: the gateway subscription
 * is created with the discounted value, so renewals keep it and the history shows what was really charged.
 */
import type { BillingCycle } from './gateway/port.js';

export const PLAN_IDS = ['monthly', 'yearly'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  priceCents: number;
  cycle: BillingCycle;
  /** What the price covers, in Portuguese. */
  includes: string[];
}

const INCLUDES = [
  'Clientes e questionários ilimitados',
  'Envios por e-mail e WhatsApp nos horários agendados',
  'Revisão de respostas, anotações e gráficos de evolução',
  'Relatórios e exportação em CSV',
  'Webhooks para integrar com seus sistemas',
];

export const PLANS: Record<PlanId, Plan> = {
  monthly: {
    id: 'monthly',
    name: 'Mensal',
    priceCents: 8990,
    cycle: 'MONTHLY',
    includes: [...INCLUDES, 'Cancele quando quiser'],
  },
  yearly: {
    id: 'yearly',
    name: 'Anual',
    priceCents: 89900,
    cycle: 'YEARLY',
    includes: [...INCLUDES, 'Dois meses grátis em relação ao mensal'],
  },
};

/** What a year of the yearly plan saves against twelve months of the monthly one. */
export const yearlySavingCents = (): number => PLANS.monthly.priceCents * 12 - PLANS.yearly.priceCents;

export interface Coupon {
  code: string;
  /** Percentage off every charge. */
  percentOff: number;
  description: string;
}

/** Case-insensitive codes. */
export const COUPONS: Record<string, Coupon> = {
  BEMVINDA10: { code: 'BEMVINDA10', percentOff: 10, description: '10% de desconto em todas as cobranças' },
};

export const findCoupon = (code: string): Coupon | undefined => COUPONS[code.trim().toUpperCase()];

/** The price of `plan` with `coupon`, rounded to the cent. */
export const chargeCents = (plan: Plan, coupon?: Coupon): number =>
  coupon ? Math.round((plan.priceCents * (100 - coupon.percentOff)) / 100) : plan.priceCents;

/** The grace period after a refused renewal before the account expires. */
export const GRACE_DAYS = 7;

/** Days after a refused renewal on which the card is tried again, inside the grace period (renewal.ts). */
export const RETRY_AFTER_DAYS = [1, 3, 5] as const;

/** When retry number `done + 1` is due, or null when none is left. */
export function nextRetryAt(pastDueSince: Date, done: number): Date | null {
  const days = RETRY_AFTER_DAYS[done];
  return days === undefined ? null : new Date(pastDueSince.getTime() + days * 86_400_000);
}
/** The consumer's right of withdrawal (CDC art. 49): a refund within 7 days of the first charge. */
export const REFUND_WINDOW_DAYS = 7;
