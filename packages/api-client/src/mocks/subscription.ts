/**
 * Stateful handlers of the subscription calls, answering as the API with its local stand-in gateway does:
 * the stand-in's test cards decide the outcome (approved, refused at validation, refused on charge, left
 * pending in risk analysis and confirmed on the next read). Every write call needs an `Idempotency-Key`.
 * `resetSubscriptionState(name)` before each story.
 */
import { delay, http, HttpResponse } from 'msw';
import type { Charge, SubscribeData, UpdateSignatureCreditCardData } from '../gen/types.gen';
import { api, fail } from './respond';
import {
  appServiceFixtures,
  chargeHistoryFixture,
  daysFromNow,
  paidChargeFixture,
  signatureFixtures,
  type SignatureFixtureName,
} from './subscription-fixtures';

export * from './subscription-fixtures';

/** The stand-in gateway's test card numbers (apps/api/src/payment/standin/cards.ts). */
export const TEST_CARDS = {
  approved: '5162306219378829',
  refusedMastercard: '5184019740373151',
  refusedVisa: '4916561358240741',
  riskAnalysis: '4000000000003006',
  refusedOnCharge: '4000000000004004',
} as const;

const state = {
  signature: signatureFixtures.active(),
  history: [] as Charge[],
  /** Reads of GET /payment/signatures left before a pending charge is confirmed. */
  pendingReads: 0,
  /** The Idempotency-Key of every write call, in order (a story checks a retry reuses its key). */
  keys: [] as string[],
};

/** Back to one of the fixtures' states (active with two paid charges by default). */
export function resetSubscriptionState(name: SignatureFixtureName = 'active') {
  state.signature = signatureFixtures[name]();
  state.history = name === 'trial' || name === 'trialEnding' || name === 'expired' ? [] : chargeHistoryFixture();
  state.pendingReads = 0;
  state.keys = [];
}
resetSubscriptionState();

/** The subscription state as the mock holds it now. */
export const subscriptionState = state;

const onlyDigits = (s: string) => s.replace(/\D/g, '');
const brandOf = (digits: string) => (digits.startsWith('4') ? 'VISA' : 'MASTERCARD');

function activate(plan: 'monthly' | 'yearly', number: string, month: string, year: string, amountCents: number) {
  const digits = onlyDigits(number);
  const period = plan === 'yearly' ? 365 : 30;
  state.signature = {
    ...signatureFixtures.refundable(),
    plan,
    currentPeriodStart: daysFromNow(0),
    currentPeriodEnd: daysFromNow(period),
    nextChargeAt: daysFromNow(period),
    refundAllowedUntil: daysFromNow(7),
    card: { brand: brandOf(digits), last4: digits.slice(-4), expiryMonth: month.padStart(2, '0'), expiryYear: year },
  };
  state.history = [{ ...paidChargeFixture(crypto.randomUUID(), 0, amountCents), plan }, ...state.history];
}

/** A write call without its key is refused as the API refuses it. */
function keyOf(request: Request) {
  const key = request.headers.get('idempotency-key');
  if (key) state.keys.push(key);
  return key;
}
const missingKey = () =>
  fail('WRONG_COMMAND_PARAMETERS', [{ path: ['idempotency-key'], message: 'Idempotency-Key obrigatório.' }]);

export const subscriptionHandlers = {
  listAppServices: http.get(api('/app-services'), () => HttpResponse.json({ items: appServiceFixtures })),
  getSignature: http.get(api('/payment/signatures'), async () => {
    await delay(30);
    if (state.signature.chargePending) {
      if (state.pendingReads > 0) state.pendingReads--;
      else state.signature = { ...state.signature, chargePending: false };
    }
    return HttpResponse.json(state.signature);
  }),
  getHistory: http.get(api('/payment/signatures/history'), () => HttpResponse.json({ items: state.history })),
  subscribe: http.post(api('/payment/signatures/service'), async ({ request }) => {
    if (!keyOf(request)) return missingKey();
    const body = (await request.json()) as SubscribeData['body'];
    await delay(120);
    if (state.signature.state === 'active') return fail('COSTUMER_ALREADY_HAS_SIGNATURE', undefined, 409);
    if (body.coupon && body.coupon.trim().toUpperCase() !== 'BEMVINDA10') return fail('INVALID_COUPON');
    const digits = onlyDigits(body.card.number);
    if (digits === TEST_CARDS.refusedMastercard || digits === TEST_CARDS.refusedVisa)
      return fail('CREDIT_CARD_TOKENIZATION_FAILED', undefined, 402);
    if (digits === TEST_CARDS.refusedOnCharge) return fail('PAYMENT_ATTEMPT_FAILED', undefined, 402);
    const plan = appServiceFixtures.find((p) => p.id === body.plan)!;
    const amount = body.coupon ? Math.round(plan.priceCents * 0.9) : plan.priceCents;
    activate(body.plan, digits, body.card.expiryMonth, body.card.expiryYear, amount);
    if (digits === TEST_CARDS.riskAnalysis) {
      state.signature = { ...state.signature, chargePending: true };
      state.pendingReads = 0;
      return fail('PAYMENT_PENDING', undefined, 402);
    }
    return HttpResponse.json(state.signature, { status: 201 });
  }),
  cancel: http.post(api('/payment/signatures/cancel'), async ({ request }) => {
    if (!keyOf(request)) return missingKey();
    const { reason } = (await request.json()) as { reason: string };
    await delay(80);
    state.signature = {
      ...state.signature,
      state: 'cancelled',
      cancelAt: state.signature.currentPeriodEnd,
      cancelReason: reason,
      nextChargeAt: null,
    };
    return HttpResponse.json(state.signature);
  }),
  refund: http.post(api('/payment/signatures/refund'), async ({ request }) => {
    if (!keyOf(request)) return missingKey();
    await delay(80);
    if (!state.signature.refundAllowed) return fail('REFUND_NOT_ALLOWED');
    const [first, ...rest] = state.history;
    if (first) state.history = [{ ...first, state: 'refunded', refundedCents: first.amountCents }, ...rest];
    state.signature = {
      ...state.signature,
      state: 'expired',
      currentPeriodEnd: daysFromNow(0),
      nextChargeAt: null,
      refundAllowed: false,
      refundAllowedUntil: null,
    };
    return HttpResponse.json(state.signature);
  }),
  swapCard: http.put(api('/payment/signatures/credit-card'), async ({ request }) => {
    if (!keyOf(request)) return missingKey();
    const body = (await request.json()) as UpdateSignatureCreditCardData['body'];
    await delay(80);
    const digits = onlyDigits(body.card.number);
    if (digits === TEST_CARDS.refusedMastercard || digits === TEST_CARDS.refusedVisa)
      return fail('CREDIT_CARD_TOKENIZATION_FAILED', undefined, 402);
    state.signature = {
      ...state.signature,
      card: {
        brand: brandOf(digits),
        last4: digits.slice(-4),
        expiryMonth: body.card.expiryMonth.padStart(2, '0'),
        expiryYear: body.card.expiryYear.length === 2 ? `20${body.card.expiryYear}` : body.card.expiryYear,
      },
    };
    // Past due: the open charge is paid on the new card at once (refused on the refusing test card).
    if (state.signature.state === 'past_due' && digits !== TEST_CARDS.refusedOnCharge) {
      state.signature = { ...signatureFixtures.active(), card: state.signature.card };
    }
    return HttpResponse.json(state.signature);
  }),
};

/** Every subscription handler, for a story's `msw.handlers`. */
export const allSubscriptionHandlers = Object.values(subscriptionHandlers);
