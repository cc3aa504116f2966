/**
 * The stand-in's HTTP face: Asaas API v3's routes under `/api/dev/gateway/v3`, answering Asaas's shapes
 * (so the real Asaas adapter is what talks to it), registered only when no Asaas account is configured.
 *
 * - Authenticated like Asaas: the `access_token` header must be the stand-in's key (compared in constant
 *   time); anything else answers 401 before any data is read.
 * - Hidden from the OpenAPI document (`hide`): it is a development double, not our API.
 * - Errors are Asaas's `{ errors: [{ code, description }] }`, never our error model.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { isValidDocument, onlyDigits } from '../../lib/br.js';
import { spDate } from '../../lib/dates.js';
import { webhookTokenMatches } from '../gateway/asaas-webhook.js';
import { cardBrand, cardOutcome } from './cards.js';
import { AsaasError, cardRefused, invalid, notFound, refusedSandbox, unauthorized } from './errors.js';
import { customerObject, newId } from './objects.js';
import { hidden, listPage, pageQuery, parseBody } from './http.js';
import { billingRoutes } from './routes-billing.js';
import { getObject, insertObject, listObjects, standinSecrets, type StandinSecrets } from './store.js';

/** Where the stand-in is served, under the API's `/api` prefix. */
export const STANDIN_PREFIX = '/dev/gateway/v3';
export const STANDIN_PATH = `/api${STANDIN_PREFIX}`;

const text = (max = 200) => z.string().trim().min(1).max(max);
const optionalText = (max = 200) => z.string().trim().max(max).nullish();

const customerBody = z.object({
  name: text(),
  cpfCnpj: z.string().refine(isValidDocument),
  email: z.email().max(254).nullish(),
  phone: optionalText(20),
  mobilePhone: optionalText(20),
  postalCode: optionalText(9),
  externalReference: optionalText(100),
  notificationDisabled: z.boolean().nullish(),
});

const tokenizeBody = z.object({
  customer: z.string().min(1).max(100),
  creditCard: z.object({
    holderName: text(),
    number: z.string().regex(/^\d{13,19}$/),
    expiryMonth: z.string().regex(/^(0[1-9]|1[0-2])$/),
    expiryYear: z.string().regex(/^\d{4}$/),
    ccv: z.string().regex(/^\d{3,4}$/),
  }),
  creditCardHolderInfo: z.object({
    name: text(),
    email: z.email().max(254),
    cpfCnpj: z.string().refine(isValidDocument),
    postalCode: z.string().regex(/^\d{8}$/),
    addressNumber: text(20),
    addressComplement: optionalText(),
    phone: z.string().regex(/^\d{10,11}$/),
    mobilePhone: z
      .string()
      .regex(/^\d{10,11}$/)
      .nullish(),
  }),
  remoteIp: text(45),
});

const MESSAGES: Record<string, string> = {
  name: 'O nome do cliente deve ser informado.',
  cpfCnpj: 'O CPF/CNPJ informado é inválido.',
  email: 'O email informado é inválido.',
  customer: 'Customer inválido ou não informado.',
  creditCard: 'Informe os dados do cartão de crédito.',
  creditCardHolderInfo: 'Informe os dados do titular do cartão.',
  remoteIp: 'O IP do comprador deve ser informado.',
};

function authenticate(ctx: AppContext) {
  let secrets: Promise<StandinSecrets> | undefined;
  return async (request: FastifyRequest) => {
    const given = request.headers.access_token;
    secrets ??= standinSecrets(ctx.db, ctx.config.gatewayStandin).catch((err: unknown) => {
      secrets = undefined;
      throw err;
    });
    const { apiKey } = await secrets;
    if (typeof given !== 'string' || !webhookTokenMatches(apiKey, given)) throw unauthorized();
  };
}

function sendAsaasError(err: FastifyError | AsaasError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AsaasError) return reply.code(err.statusCode).send(err.body());
  const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? 400 : 500;
  if (status === 500) request.log.error({ err }, 'gateway stand-in failed');
  const description = status === 400 ? 'A requisição é inválida.' : 'Erro interno no servidor.';
  return reply
    .code(status)
    .send({ errors: [{ code: status === 400 ? 'invalid_object' : 'internal_error', description }] });
}

/** The stand-in gateway's routes (register with `{ prefix: STANDIN_PREFIX }` under `/api`). */
export function gatewayStandinRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('onRequest', authenticate(ctx));
    app.setErrorHandler(sendAsaasError);
    app.setNotFoundHandler((_request, reply) => reply.code(404).send(notFound().body()));

    app.post('/customers', hidden, async (request) => {
      const b = parseBody(customerBody, request.body, MESSAGES);
      const now = ctx.config.now();
      const id = newId.customer();
      const data = customerObject(
        id,
        spDate(now),
        {
          name: b.name,
          email: b.email ?? null,
          cpfCnpj: onlyDigits(b.cpfCnpj),
          phone: b.phone ? onlyDigits(b.phone) : null,
          mobilePhone: b.mobilePhone ? onlyDigits(b.mobilePhone) : null,
        },
        {
          externalReference: b.externalReference ?? null,
          notificationDisabled: b.notificationDisabled ?? false,
          postalCode: b.postalCode ? onlyDigits(b.postalCode) : null,
        },
      );
      await insertObject(ctx.db, { id, kind: 'customer', data, externalReference: b.externalReference ?? null }, now);
      return data;
    });

    app.get('/customers', hidden, async (request) => {
      const q = request.query as Record<string, unknown>;
      const page = pageQuery.parse(q);
      const externalReference = typeof q.externalReference === 'string' ? q.externalReference : undefined;
      const { rows, total } = await listObjects(ctx.db, 'customer', { externalReference }, page);
      return listPage(rows, total, page);
    });

    app.get('/customers/:id', hidden, async (request) => {
      const row = await getObject(ctx.db, 'customer', (request.params as { id: string }).id);
      if (!row) throw notFound();
      return row.data;
    });

    app.post('/creditCard/tokenizeCreditCard', hidden, async (request) => {
      const customerId = (request.body as { customer?: unknown } | null)?.customer;
      const customer = typeof customerId === 'string' ? await getObject(ctx.db, 'customer', customerId) : undefined;
      if (!customer || customer.data.deleted === true) throw invalid('customer', MESSAGES.customer!);
      const b = parseBody(tokenizeBody, request.body, MESSAGES);
      const now = ctx.config.now();
      const { expiryYear, expiryMonth, number } = b.creditCard;
      if (`${expiryYear}-${expiryMonth}` < spDate(now).slice(0, 7)) {
        throw cardRefused('A data de validade do cartão de crédito é inválida.');
      }
      const outcome = cardOutcome(number);
      if (outcome.refused) throw refusedSandbox();
      // From here on only the brand, the last 4 digits and the test behaviour exist: never the number or CVV.
      const id = newId.cardToken();
      const data = { creditCardNumber: number.slice(-4), creditCardBrand: cardBrand(number), creditCardToken: id };
      const state = { behaviour: outcome.behaviour };
      await insertObject(ctx.db, { id, kind: 'card_token', data, state, parentId: customer.id }, now);
      return data;
    });

    await app.register(billingRoutes(ctx));
  };
}
