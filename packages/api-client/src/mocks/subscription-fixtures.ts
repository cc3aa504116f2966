/**
 * The professional's subscription as `GET /payment/signatures`, `/history` and `/app-services` answer it.
 * Dates are relative to the moment a story runs (a trial "ends in 2 days" whatever today is).
 */
import type { AppService, Charge, SignatureDetail } from '../gen/types.gen';

const DAY = 86_400_000;
/** An instant `days` from now (ISO). */
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const dateIn = (days: number) => daysFromNow(days).slice(0, 10);

export const appServiceFixtures: AppService[] = [
  {
    id: 'monthly',
    name: 'Mensal',
    priceCents: 8990,
    cycle: 'MONTHLY',
    includes: ['Clientes e questionários ilimitados', 'Relatórios e exportação em CSV', 'Cancele quando quiser'],
    savingCents: 0,
  },
  {
    id: 'yearly',
    name: 'Anual',
    priceCents: 89900,
    cycle: 'YEARLY',
    includes: [
      'Clientes e questionários ilimitados',
      'Relatórios e exportação em CSV',
      'Dois meses grátis em relação ao mensal',
    ],
    savingCents: 17980,
  },
];

const none = {
  trialEndsAt: null,
  currentPeriodStart: null,
  currentPeriodEnd: null,
  nextChargeAt: null,
  cancelAt: null,
  cancelReason: null,
  card: null,
  chargePending: false,
  graceEndsAt: null,
  nextRetryAt: null,
  refundAllowed: false,
  refundAllowedUntil: null,
} satisfies Omit<SignatureDetail, 'state' | 'plan'>;

const card = { brand: 'MASTERCARD', last4: '8829', expiryMonth: '08', expiryYear: '2030' };

/** Every state the portal shows, as the API reports it. */
export const signatureFixtures = {
  trial: (daysLeft = 5): SignatureDetail => ({
    ...none,
    state: 'trial',
    plan: 'trial',
    trialEndsAt: daysFromNow(daysLeft),
  }),
  /** Two days left: the reminder appears. */
  trialEnding: (): SignatureDetail => ({
    ...none,
    state: 'trial',
    plan: 'trial',
    trialEndsAt: daysFromNow(1.5),
  }),
  active: (): SignatureDetail => ({
    ...none,
    state: 'active',
    plan: 'monthly',
    currentPeriodStart: daysFromNow(-20),
    currentPeriodEnd: daysFromNow(10),
    nextChargeAt: daysFromNow(10),
    card,
  }),
  /** Paid three days ago: the 7-day right of withdrawal still holds. */
  refundable: (): SignatureDetail => ({
    ...none,
    state: 'active',
    plan: 'monthly',
    currentPeriodStart: daysFromNow(-3),
    currentPeriodEnd: daysFromNow(27),
    nextChargeAt: daysFromNow(27),
    card,
    refundAllowed: true,
    refundAllowedUntil: daysFromNow(4),
  }),
  pastDue: (): SignatureDetail => ({
    ...none,
    state: 'past_due',
    plan: 'monthly',
    currentPeriodStart: daysFromNow(-31),
    currentPeriodEnd: daysFromNow(-1),
    card: { ...card, brand: 'VISA', last4: '4004' },
    graceEndsAt: daysFromNow(6),
    nextRetryAt: daysFromNow(1),
  }),
  cancelled: (): SignatureDetail => ({
    ...none,
    state: 'cancelled',
    plan: 'monthly',
    currentPeriodStart: daysFromNow(-10),
    currentPeriodEnd: daysFromNow(20),
    cancelAt: daysFromNow(20),
    cancelReason: 'Vou pausar os atendimentos.',
    card,
  }),
  expired: (): SignatureDetail => ({ ...none, state: 'expired', plan: 'trial', trialEndsAt: daysFromNow(-2) }),
} as const;

export type SignatureFixtureName = keyof typeof signatureFixtures;

/** A paid charge with its receipt, `daysAgo` days ago. */
export const paidChargeFixture = (id: string, daysAgo: number, amountCents = 8990): Charge => ({
  id,
  state: 'received',
  plan: 'monthly',
  amountCents,
  refundedCents: 0,
  dueDate: dateIn(-daysAgo),
  paidDate: dateIn(-daysAgo),
  cardBrand: 'MASTERCARD',
  cardLast4: '8829',
  receipt: {
    number: `ACP-${id.slice(0, 8).toUpperCase()}`,
    issuedTo: 'Ana Souza',
    document: '52998224725',
    description: 'Acompanha — plano Mensal',
    amountCents,
    paidDate: dateIn(-daysAgo),
    cardBrand: 'MASTERCARD',
    cardLast4: '8829',
  },
});

export const chargeHistoryFixture = (): Charge[] => [
  paidChargeFixture('0b8e7c8e-4c39-4f3e-9d7a-1f0d2b3c4a51', 20),
  paidChargeFixture('1c9f8d9f-5d4a-4a4f-8e8b-2a1e3c4d5b62', 51),
];
