import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJson } from '../lib/summary-cache.js';
import type { AppContext } from '../context.js';
import { authenticate, authOf, bearerSecurity } from '../session/authenticate.js';
import { errorResponses, json } from '../errors/schemas.js';
import { CreateSaleBody, IdParams, ListSalesQuery, SalePageSchema, SaleSchema } from './schemas.js';
import * as service from './service.js';
import { invoice, InvoiceQuery, InvoiceSchema } from './invoice.js';

const TAGS = ['sale'];

export function saleRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Authentication comes first: an anonymous request is refused before its body is parsed or validated.
    app.addHook('onRequest', authenticate(ctx.tokens));
    const pro = (request: Parameters<typeof authOf>[0]) => authOf(request).professionalId;

    app.get(
      '/services/invoice',
      {
        schema: {
          operationId: 'getInvoice',
          tags: ['service'],
          summary: 'Totals of the sales of a period, per service, with the sales',
          description:
            'periodStart and periodEnd are São Paulo dates, both inclusive, at most 366 days apart. Money in integer cents.',
          security: bearerSecurity,
          querystring: InvoiceQuery,
          response: { 200: json(InvoiceSchema, 'The invoice'), ...errorResponses(400, 401) },
        },
      },
      async (request) => invoice(ctx, pro(request), request.query),
    );

    app.post(
      '/sales',
      {
        schema: {
          operationId: 'createSale',
          tags: TAGS,
          summary: 'Sell a service to a patient (gives an active service from startsAt until endsAt)',
          description:
            'Unknown or foreign patient → 404 PATIENT_NOT_FOUND_ERROR; unknown service → 404 NOT_FOUND; inactive patient → ' +
            '400 PATIENT_NOT_ACTIVE; disabled service → 400 SERVICE_NOT_ACTIVE.',
          security: bearerSecurity,
          body: CreateSaleBody,
          response: { 201: json(SaleSchema, 'Created'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => reply.code(201).send(await service.createSale(ctx, pro(request), request.body)),
    );

    app.get(
      '/sales',
      {
        schema: {
          operationId: 'listSales',
          tags: TAGS,
          summary: 'Sales, newest first, filtered by patient, service, status and period (São Paulo dates)',
          security: bearerSecurity,
          querystring: ListSalesQuery,
          response: { 200: json(SalePageSchema, 'A page of sales'), ...errorResponses(400, 401) },
        },
      },
      // Sales, their services and patients are what the patient-list version counts: kept while it is unchanged.
      async (request, reply) => {
        const json = await ctx.summaries.json(authOf(request), ['sales', request.query], SalePageSchema, () =>
          service.listSales(ctx, pro(request), request.query),
        );
        return sendJson(reply as FastifyReply, ctx.files, json);
      },
    );

    app.delete(
      '/sales/:id/refound',
      {
        schema: {
          operationId: 'refundSale',
          tags: TAGS,
          summary: 'Refund a sale (it no longer gives an active service); twice → 409 SALE_ALREADY_REFOUNDED',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: json(SaleSchema, 'The refunded sale'), ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => service.refundSale(ctx, pro(request), request.params.id),
    );

    app.delete(
      '/sales/:id',
      {
        schema: {
          operationId: 'deleteSale',
          tags: TAGS,
          summary: 'Delete a sale for good',
          security: bearerSecurity,
          params: IdParams,
          response: { 204: z.undefined().describe('Deleted'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        await service.deleteSale(ctx, pro(request), request.params.id);
        return reply.code(204).send();
      },
    );
  };
}
