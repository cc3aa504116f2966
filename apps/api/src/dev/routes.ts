import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import type { FastifyRequest } from 'fastify';
import { errors } from '../errors/app-error.js';
import { safeEqual } from '../lib/crypto.js';
import { refund, reserveAll } from '../lib/rate-limit.js';
import { errorResponses, json } from '../errors/schemas.js';
import { isDevMailbox } from '../mail/mailer.js';
import { listWhatsappOutbox, whatsappCloudConfigFromEnv } from '../delivery/whatsapp.js';

export const MailboxMessageSchema = z
  .object({
    id: z.uuid(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'MailboxMessage', description: 'An e-mail kept by the development mailbox.' });

export const WhatsappOutboxMessageSchema = z
  .object({
    id: z.uuid(),
    to: z.string().meta({ description: 'E.164 phone.' }),
    body: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({
    id: 'WhatsappOutboxMessage',
    description: 'A WhatsApp message recorded by the outbox provider (no WhatsApp Cloud API configured).',
  });

export const OPERATOR_HEADER = 'x-operator-token';
export const operatorSecurity = [{ operatorToken: [] as string[] }];

/**
 * The development mailbox and outbox hold verification codes, recovery links and survey PINs: they answer
 * only the operator, with the credential the server printed at start (or OPERATOR_TOKEN) in X-Operator-Token.
 * Without a configured credential they do not exist (404); a missing or wrong one is 401, and wrong ones are
 * limited per address.
 */
export function requireOperator(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    const expected = ctx.config.operatorToken;
    if (!expected) throw errors.notFound();
    // The header, or `Authorization: Bearer <token>` (what Prometheus's scrape `authorization` sends).
    const given =
      request.headers[OPERATOR_HEADER] ?? /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
    const key = `operator-ip:${request.ip}`;
    await reserveAll(ctx.db, [{ key, limit: ctx.config.limits.operatorFailuresPerAddress }], ctx.config.now());
    if (typeof given !== 'string' || !safeEqual(given, expected)) {
      throw errors.unauthorized(
        'Informe o token de operador impresso no console do servidor (cabeçalho X-Operator-Token).',
      );
    }
    await refund(ctx.db, [key]);
  };
}

export function devRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireOperator(ctx));
    app.get(
      '/dev/mailbox',
      {
        schema: {
          operationId: 'listDevMailbox',
          tags: ['dev'],
          summary:
            'E-mails caught by the development mailbox, newest first (operator only; 404 when SMTP is configured)',
          security: operatorSecurity,
          querystring: z.object({ to: z.string().trim().max(254).optional() }),
          response: {
            200: json(z.array(MailboxMessageSchema), 'Messages, newest first'),
            ...errorResponses(400, 401, 404, 429),
          },
        },
      },
      async (request) => {
        const mailer = ctx.mailer;
        if (!isDevMailbox(mailer)) throw errors.notFound('A caixa de e-mails de desenvolvimento não está ativa.');
        const rows = await mailer.list(request.query.to);
        return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
      },
    );

    app.get(
      '/dev/whatsapp-outbox',
      {
        schema: {
          operationId: 'listDevWhatsappOutbox',
          tags: ['dev'],
          summary:
            'WhatsApp messages recorded by the outbox, newest first (operator only; 404 when the WhatsApp Cloud API is configured)',
          security: operatorSecurity,
          querystring: z.object({
            to: z.string().trim().max(40).optional().meta({ description: 'E.164 phone, e.g. +5511912345678.' }),
          }),
          response: {
            200: json(z.array(WhatsappOutboxMessageSchema), 'Messages, newest first'),
            ...errorResponses(400, 401, 404, 429),
          },
        },
      },
      async (request) => {
        if (whatsappCloudConfigFromEnv()) throw errors.notFound('A caixa de saída do WhatsApp não está ativa.');
        const rows = await listWhatsappOutbox(ctx.db, request.query.to);
        return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
      },
    );
  };
}
