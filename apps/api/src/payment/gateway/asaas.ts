/**
 * The Asaas API v3 adapter of the payment gateway port, over HTTP with the global `fetch`.
 *
 * What it relies on, and where it was read (docs.asaas.com pages as stored in 2026):
 * - Base URLs: production `https://api.asaas.com/v3` (changelog "Novo endereço em produção da nossa
 *   API", /changelog/novo-endereço-em-produção-da-nossa-api, and "Ação necessária: Atualização domínio
 *   API Asaas", 2024-07-19); sandbox `https://api-sandbox.asaas.com/v3` (the host used by current
 *   clients and measured sandbox runs; the older `https://sandbox.asaas.com/api/v3` still appears in
 *   older clients). Keys: `$aact_prod_…` production, `$aact_hmlg_…` sandbox.
 * - Headers on every call: `access_token: <key>`, `Content-Type: application/json`, `User-Agent`
 *   (mandatory for root accounts created from 2024-06-13) — /docs/autenticação-1,
 *   /docs/authentication-2. A missing, invalid or other-environment key answers 401.
 * - Errors: HTTP 400 `{ errors: [{ code, description }] }`, 401 bad key, 403 forbidden, 404 unknown
 *   object, 429 rate limit, 500 — /docs/códigos-http-das-respostas.
 * - Card refusal: the docs show 400 `invalid_creditCard` "Transação não autorizada. Verifique os dados
 *   do cartão de crédito e tente novamente." (/docs/cobrancas-via-cartao-de-credito); sandbox runs
 *   recorded 400 `invalid_action` with the same description for the docs' refused test cards, and
 *   `invalid_creditCard` for an unknown token. Both are treated as a refused card. A refused card
 *   creates nothing (no payment, no subscription).
 * - `POST /customers` {name, cpfCnpj, email, mobilePhone, externalReference, notificationDisabled};
 *   `GET /customers?externalReference=` → `{ object: 'list', hasMore, data: [...] }`.
 * - `POST /creditCard/tokenizeCreditCard` {customer, creditCard{holderName, number, expiryMonth,
 *   expiryYear, ccv}, creditCardHolderInfo{…}, remoteIp} → {creditCardNumber (last 4),
 *   creditCardBrand, creditCardToken} (/reference/credit-card-1). The token belongs to its customer.
 * - `POST /subscriptions` {customer, billingType: CREDIT_CARD, value (reais), nextDueDate, cycle,
 *   description, externalReference, creditCardToken, remoteIp}: the card is validated at creation and
 *   charged on nextDueDate, so today charges now; refused → 400 and nothing persisted
 *   (/docs/criando-assinatura-com-cartao-de-credito). `GET /subscriptions?externalReference=`,
 *   `GET /subscriptions/{id}`, `GET /subscriptions/{id}/payments`, `DELETE /subscriptions/{id}` →
 *   {deleted, id}; `PUT /subscriptions/{id}/creditCard` switches the card without charging and
 *   updates pending charges (/reference/atualizar-cartao-de-credito-assinatura, changelog 2025-04-10).
 * - `GET /payments/{id}`, `POST /payments/{id}/refund` {value?, description?} → the payment.
 * - `POST /payments/{id}/payWithCreditCard` {creditCardToken} pays an open charge now with the card
 *   (/reference/pagar-uma-cobranca-com-cartao-de-credito: "paga uma cobrança com o cartão de crédito
 *   informado na hora que você chamá-lo"); a refusal is the same 400 as at creation. Asaas does not retry
 *   a subscription's refused card charge by itself, so our renewal retries (payment/renewal.ts) use it.
 * - Card requests can take long; Asaas recommends a timeout of at least 60 s for them to avoid
 *   duplicate captures, hence `chargeTimeoutMs`.
 */
import { spDate } from '../../lib/dates.js';
import { onlyDigits } from '../../lib/br.js';
import type { z } from 'zod';
import { GatewayError } from './errors.js';
import { httpError, idPath, OPS, type Operation } from './asaas-errors.js';
import {
  centsToReais,
  customerShape,
  deletedShape,
  last4,
  listShape,
  paymentShape,
  subscriptionShape,
  toCustomer,
  toPayment,
  toSubscription,
  tokenizedShape,
} from './asaas-shapes.js';
import { parseAsaasWebhook } from './asaas-webhook.js';
import type { GatewayPayment, PaymentGateway } from './port.js';

export const ASAAS_PRODUCTION_URL = 'https://api.asaas.com/v3';
export const ASAAS_SANDBOX_URL = 'https://api-sandbox.asaas.com/v3';

export interface AsaasGatewayOptions {
  baseUrl: string;
  apiKey: string;
  /** The token set on the Asaas webhook; without it every delivery is rejected. */
  webhookToken: string | undefined;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  /** For calls that can capture a card (tokenize, create subscription, change card). */
  chargeTimeoutMs?: number;
  userAgent?: string;
  /** Today in São Paulo, `YYYY-MM-DD` (injectable for tests). */
  today?: () => string;
}

const PAGE = 100;
const MAX_PAGES = 20;

interface Call {
  query?: Record<string, string>;
  body?: unknown;
}

const phoneDigits = (phone: string): string => {
  const d = onlyDigits(phone);
  return d.length >= 12 && d.startsWith('55') ? d.slice(2) : d;
};

export function createAsaasGateway(options: AsaasGatewayOptions): PaymentGateway {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const chargeTimeoutMs = options.chargeTimeoutMs ?? 60_000;
  const userAgent = options.userAgent ?? 'Acompanha/1.0';
  const today = options.today ?? (() => spDate(new Date()));

  async function request(o: Operation, method: string, p: string, call: Call = {}): Promise<unknown> {
    const url = new URL(baseUrl + p);
    for (const [k, v] of Object.entries(call.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = {
      accept: 'application/json',
      access_token: options.apiKey,
      'user-agent': userAgent,
    };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    const signal = AbortSignal.timeout(o.charge ? chargeTimeoutMs : timeoutMs);
    // Also race the signal, so a fetch that ignores it still ends.
    const aborted = new Promise<never>((_, reject) =>
      signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
    );
    aborted.catch(() => undefined); // settled later, after a success, unobserved
    const unavailable = () => new GatewayError(o.fail, 'unavailable', { operation: o.name });
    let status: number;
    let text: string;
    try {
      const res = await Promise.race([
        doFetch(url, {
          method,
          headers,
          signal,
          redirect: 'error',
          ...(call.body !== undefined && { body: JSON.stringify(call.body) }),
        }),
        aborted,
      ]);
      status = res.status;
      text = await Promise.race([res.text(), aborted]);
    } catch {
      // Timeout or network failure: the gateway may or may not have acted. Nothing of the request
      // (card, key) is kept from the underlying error.
      throw unavailable();
    }
    let body: unknown = undefined;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
    }
    if (status < 200 || status >= 300) throw httpError(o, status, body);
    return body;
  }

  /** Reads a 2xx body; an unexpected shape leaves the outcome unknown (retryable). */
  function read<T extends z.ZodType>(o: Operation, shape: T, body: unknown): z.infer<T> {
    const parsed = shape.safeParse(body);
    if (!parsed.success) throw new GatewayError(o.fail, 'unavailable', { operation: o.name });
    return parsed.data;
  }

  async function list<T extends z.ZodType>(o: Operation, p: string, item: T, query: Record<string, string> = {}) {
    const out: z.infer<T>[] = [];
    for (let page = 0; page < MAX_PAGES; page++) {
      const offset = String(page * PAGE);
      const body = await request(o, 'GET', p, { query: { ...query, offset, limit: String(PAGE) } });
      const { data, hasMore } = read(o, listShape(item), body);
      out.push(...data);
      if (!hasMore || data.length === 0) break;
    }
    return out;
  }

  async function payments(o: Operation, subscriptionId: string): Promise<GatewayPayment[]> {
    const rows = await list(o, idPath(o, '/subscriptions', subscriptionId, '/payments'), paymentShape);
    return rows.map(toPayment).sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  }

  return {
    async findOrCreateCustomer(input) {
      const o = OPS.customer;
      const found = await list(o, '/customers', customerShape, { externalReference: input.externalReference });
      const existing = found.find((c) => !c.deleted && c.externalReference === input.externalReference);
      if (existing) return toCustomer(existing);
      const body = await request(o, 'POST', '/customers', {
        body: {
          name: input.name,
          email: input.email,
          cpfCnpj: onlyDigits(input.cpfCnpj),
          ...(input.phone && { mobilePhone: phoneDigits(input.phone) }),
          externalReference: input.externalReference,
          // The product sends its own messages; Asaas's e-mails and SMS about charges stay off.
          notificationDisabled: true,
        },
      });
      return toCustomer(read(o, customerShape, body));
    },

    async tokenizeCard({ customerId, card, holder, remoteIp }) {
      const o = OPS.tokenize;
      const body = await request(o, 'POST', '/creditCard/tokenizeCreditCard', {
        body: {
          customer: customerId,
          creditCard: {
            holderName: card.holderName,
            number: onlyDigits(card.number),
            expiryMonth: card.expiryMonth.padStart(2, '0'),
            expiryYear: card.expiryYear,
            ccv: card.ccv,
          },
          creditCardHolderInfo: {
            name: holder.name,
            email: holder.email,
            cpfCnpj: onlyDigits(holder.cpfCnpj),
            postalCode: onlyDigits(holder.postalCode),
            addressNumber: holder.addressNumber,
            ...(holder.addressComplement && { addressComplement: holder.addressComplement }),
            phone: phoneDigits(holder.phone),
            ...(holder.mobilePhone && { mobilePhone: phoneDigits(holder.mobilePhone) }),
          },
          remoteIp,
        },
      });
      const t = read(o, tokenizedShape, body);
      return { token: t.creditCardToken, brand: t.creditCardBrand.toUpperCase(), last4: last4(t.creditCardNumber) };
    },

    async createSubscription(input) {
      const o = OPS.create;
      const body = await request(o, 'POST', '/subscriptions', {
        body: {
          customer: input.customerId,
          billingType: 'CREDIT_CARD',
          value: centsToReais(input.valueCents),
          nextDueDate: input.nextDueDate,
          cycle: input.cycle,
          description: input.description,
          externalReference: input.externalReference,
          creditCardToken: input.cardToken,
          remoteIp: input.remoteIp,
        },
      });
      const subscription = toSubscription(read(o, subscriptionShape, body));
      const pending = (paymentId?: string) =>
        new GatewayError('PAYMENT_PENDING', 'pending', {
          operation: o.name,
          subscriptionId: subscription.id,
          ...(paymentId && { paymentId }),
        });
      let list: GatewayPayment[];
      try {
        list = await payments(o, subscription.id);
      } catch {
        // The subscription exists; only its first charge's state is unknown: the webhook will tell.
        throw pending();
      }
      const first = list[0] ?? null;
      const dueNow = (first?.dueDate ?? input.nextDueDate) <= today();
      if (first?.status === 'awaiting_risk_analysis' || (dueNow && (!first || first.status === 'pending'))) {
        throw pending(first?.id);
      }
      return { subscription, firstPayment: first };
    },

    async findSubscriptionsByReference(externalReference) {
      const rows = await list(OPS.find, '/subscriptions', subscriptionShape, { externalReference });
      return rows.filter((s) => s.externalReference === externalReference && !s.deleted).map(toSubscription);
    },

    async getSubscription(id) {
      return toSubscription(
        read(OPS.get, subscriptionShape, await request(OPS.get, 'GET', idPath(OPS.get, '/subscriptions', id))),
      );
    },

    listSubscriptionPayments: (id) => payments(OPS.payments, id),

    async updateSubscriptionCard(id, { cardToken, remoteIp }) {
      const o = OPS.card;
      const body = await request(o, 'PUT', idPath(o, '/subscriptions', id, '/creditCard'), {
        body: { creditCardToken: cardToken, remoteIp },
      });
      return toSubscription(read(o, subscriptionShape, body));
    },

    async cancelSubscription(id) {
      const o = OPS.cancel;
      const res = read(o, deletedShape, await request(o, 'DELETE', idPath(o, '/subscriptions', id)));
      if (!res.deleted) throw new GatewayError(o.fail, 'invalid', { operation: o.name, subscriptionId: id });
    },

    async getPayment(id) {
      return toPayment(
        read(OPS.payment, paymentShape, await request(OPS.payment, 'GET', idPath(OPS.payment, '/payments', id))),
      );
    },

    async payWithCardToken(id, { cardToken }) {
      const o = OPS.pay;
      const body = await request(o, 'POST', idPath(o, '/payments', id, '/payWithCreditCard'), {
        body: { creditCardToken: cardToken },
      });
      return toPayment(read(o, paymentShape, body));
    },

    async refundPayment(id, valueCents) {
      const o = OPS.refund;
      const body = await request(o, 'POST', idPath(o, '/payments', id, '/refund'), {
        body: valueCents === undefined ? {} : { value: centsToReais(valueCents) },
      });
      return toPayment(read(o, paymentShape, body));
    },

    parseWebhook: (headers, rawBody) => parseAsaasWebhook(options.webhookToken, headers, rawBody),
  };
}
