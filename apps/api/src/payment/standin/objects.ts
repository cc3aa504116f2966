/**
 * The Asaas v3 objects the stand-in serves, field for field as in the fixtures of ../gateway/fixtures
 * (themselves shaped from Asaas's docs), with Asaas-like ids, dates and decimal reais.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { SAO_PAULO, spDate } from '../../lib/dates.js';

export type AsaasObject = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// Ids: `cus_000005401844`, `sub_m5gdy1upm25fbwgx`, `pay_080225913252`, `evt_<32 hex>&<number>`.
// ---------------------------------------------------------------------------------------------

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const alnum = (n: number) => Array.from({ length: n }, () => ALNUM[randomInt(ALNUM.length)]).join('');
const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(10))).join('');

export const newId = {
  customer: () => `cus_${digits(12)}`,
  subscription: () => `sub_${alnum(16)}`,
  payment: () => `pay_${alnum(16)}`,
  /** Asaas's card tokens are UUIDs. */
  cardToken: () => randomUUID(),
  event: () => `evt_${randomBytes(16).toString('hex')}&${digits(7)}`,
};

// ---------------------------------------------------------------------------------------------
// Dates and money
// ---------------------------------------------------------------------------------------------

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: SAO_PAULO,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `2026-05-04 16:45:03`, São Paulo time: how Asaas writes an event's or a refund's `dateCreated`. */
export const spDateTime = (instant: Date): string => `${spDate(instant)} ${timeFormat.format(instant)}`;

/** `2026-05-04` → `04/05/2026`, as the subscription object of subscription webhooks writes dates. */
export const brDate = (date: string): string => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** `date` plus `months`, on `day` of the month or its last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: string, months: number, day: number): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
}

const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The due date after `date` for an Asaas cycle; unknown cycles are monthly. */
export function nextCycleDate(date: string, cycle: string, day: number): string {
  switch (cycle) {
    case 'WEEKLY':
      return addDays(date, 7);
    case 'BIWEEKLY':
      return addDays(date, 14);
    case 'BIMONTHLY':
      return addMonths(date, 2, day);
    case 'QUARTERLY':
      return addMonths(date, 3, day);
    case 'SEMIANNUALLY':
      return addMonths(date, 6, day);
    case 'YEARLY':
      return addMonths(date, 12, day);
    default:
      return addMonths(date, 1, day);
  }
}

export const SUPPORTED_CYCLES = ['WEEKLY', 'BIWEEKLY', 'MONTHLY', 'BIMONTHLY', 'QUARTERLY', 'SEMIANNUALLY', 'YEARLY'];

/** Integer cents to Asaas's decimal reais. */
export const reais = (cents: number): number => cents / 100;

/** Asaas's card fee for a single payment: 2.99% + R$ 0,49 (what `netValue` takes off). */
export const netCents = (cents: number): number => Math.max(0, cents - Math.round(cents * 0.0299) - 49);

// ---------------------------------------------------------------------------------------------
// Objects
// ---------------------------------------------------------------------------------------------

export interface CardInfo {
  creditCardNumber: string;
  creditCardBrand: string;
  creditCardToken: string;
}

export const listEnvelope = (data: unknown[], totalCount: number, limit: number, offset: number) => ({
  object: 'list',
  hasMore: offset + data.length < totalCount,
  totalCount,
  limit,
  offset,
  data,
});

export function customerObject(
  id: string,
  today: string,
  c: { name: string; email: string | null; cpfCnpj: string; mobilePhone: string | null; phone: string | null },
  extra: { externalReference: string | null; notificationDisabled: boolean; postalCode: string | null },
): AsaasObject {
  return {
    object: 'customer',
    id,
    dateCreated: today,
    name: c.name,
    email: c.email,
    phone: c.phone,
    mobilePhone: c.mobilePhone,
    address: null,
    addressNumber: null,
    complement: null,
    province: null,
    city: null,
    cityName: null,
    state: null,
    country: 'Brasil',
    postalCode: extra.postalCode,
    cpfCnpj: c.cpfCnpj,
    personType: c.cpfCnpj.length === 14 ? 'JURIDICA' : 'FISICA',
    deleted: false,
    additionalEmails: null,
    externalReference: extra.externalReference,
    notificationDisabled: extra.notificationDisabled,
    observations: null,
    foreignCustomer: false,
  };
}

export function subscriptionObject(
  id: string,
  today: string,
  s: {
    customer: string;
    cycle: string;
    valueCents: number;
    nextDueDate: string;
    description: string | null;
    externalReference: string | null;
    card: CardInfo;
  },
): AsaasObject {
  return {
    object: 'subscription',
    id,
    dateCreated: today,
    customer: s.customer,
    paymentLink: null,
    billingType: 'CREDIT_CARD',
    cycle: s.cycle,
    value: reais(s.valueCents),
    nextDueDate: s.nextDueDate,
    endDate: null,
    description: s.description,
    status: 'ACTIVE',
    discount: { value: 0, limitDate: null, dueDateLimitDays: 0, type: 'FIXED' },
    fine: { value: 0, type: 'FIXED' },
    interest: { value: 0, type: 'PERCENTAGE' },
    deleted: false,
    maxPayments: null,
    externalReference: s.externalReference,
    split: null,
    creditCard: s.card,
  };
}

/** A subscription as subscription webhooks carry it: dates `DD/MM/YYYY`, no card (docs' example). */
export function subscriptionEventObject(s: AsaasObject): AsaasObject {
  const { creditCard: _card, endDate: _end, maxPayments: _max, ...rest } = s;
  return {
    ...rest,
    dateCreated: brDate(String(s.dateCreated)),
    nextDueDate: brDate(String(s.nextDueDate)),
    sendPaymentByPostalService: false,
  };
}

export function paymentObject(
  id: string,
  today: string,
  subscription: AsaasObject,
  dueDate: string,
  card: CardInfo,
): AsaasObject {
  const cents = Math.round(Number(subscription.value) * 100);
  return {
    object: 'payment',
    id,
    dateCreated: today,
    customer: subscription.customer,
    subscription: subscription.id,
    installment: null,
    paymentLink: null,
    value: subscription.value,
    netValue: reais(netCents(cents)),
    originalValue: null,
    interestValue: null,
    description: subscription.description,
    billingType: 'CREDIT_CARD',
    creditCard: card,
    canBePaidAfterDueDate: true,
    pixTransaction: null,
    status: 'PENDING',
    dueDate,
    originalDueDate: dueDate,
    paymentDate: null,
    clientPaymentDate: null,
    confirmedDate: null,
    installmentNumber: null,
    // The stand-in has no invoice page.
    invoiceUrl: null,
    invoiceNumber: digits(8),
    externalReference: null,
    deleted: false,
    anticipated: false,
    anticipable: false,
    creditDate: null,
    estimatedCreditDate: null,
    transactionReceiptUrl: null,
    nossoNumero: null,
    bankSlipUrl: null,
    discount: { value: 0, dueDateLimitDays: 0, type: 'FIXED' },
    fine: { value: 0 },
    interest: { value: 0 },
    split: [],
    postalService: false,
    chargeback: null,
    refunds: null,
  };
}

/** A webhook delivery's body, as fixtures/webhook-*.json. */
export function eventBody(event: string, now: Date, object: { payment: AsaasObject } | { subscription: AsaasObject }) {
  return {
    id: newId.event(),
    event,
    dateCreated: spDateTime(now),
    account: { id: STANDIN_ACCOUNT_ID, ownerId: null },
    ...object,
  };
}

/** The stand-in's Asaas account id (fixed: one account per stand-in). */
export const STANDIN_ACCOUNT_ID = '00000000-5a4d-4e00-8000-000000000000';
