import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { authenticate, authOf, bearerSecurity } from '../session/authenticate.js';
import { errorResponses, json } from '../errors/schemas.js';
import {
  CreateQuestionBody,
  DeleteQuestionResultSchema,
  IdParams,
  ListQuestionsQuery,
  QuestionPageSchema,
  QuestionSchema,
  UpdateQuestionBody,
} from './schemas.js';
import * as service from './service.js';

const TAGS = ['question'];

export function questionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Authentication comes first: an anonymous request is refused before its body is parsed or validated.
    app.addHook('onRequest', authenticate(ctx.tokens));

    app.get(
      '/question',
      {
        schema: {
          operationId: 'listQuestions',
          tags: TAGS,
          summary: 'The question bank: own questions and the starter library, filtered and paginated',
          description:
            '`search` matches title and acronym ignoring accents and case. `origin`: default | own | all (default all). ' +
            'Drafts only with `includeDrafts=true`. Questions removed from the bank are never listed.',
          security: bearerSecurity,
          querystring: ListQuestionsQuery,
          response: { 200: json(QuestionPageSchema, 'A page of questions'), ...errorResponses(400, 401) },
        },
      },
      async (request) => service.listQuestions(ctx, authOf(request).professionalId, request.query),
    );

    app.post(
      '/question',
      {
        schema: {
          operationId: 'createQuestion',
          tags: TAGS,
          summary: 'Create a question (drafts: title and category required, config may be incomplete)',
          security: bearerSecurity,
          body: CreateQuestionBody,
          response: { 201: json(QuestionSchema, 'Created'), ...errorResponses(400, 401) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.createQuestion(ctx, authOf(request).professionalId, request.body)),
    );

    app.get(
      '/question/:id',
      {
        schema: {
          operationId: 'getQuestion',
          tags: TAGS,
          summary: 'One question (own or default)',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: json(QuestionSchema, 'The question'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) =>
        service.toQuestionDto(
          await service.findVisibleQuestion(ctx.db, authOf(request).professionalId, request.params.id),
        ),
    );

    app.put(
      '/question/:id',
      {
        schema: {
          operationId: 'updateQuestion',
          tags: TAGS,
          summary: 'Update an own question (partial); default questions → 403 NOT_OWNER',
          security: bearerSecurity,
          params: IdParams,
          body: UpdateQuestionBody,
          response: { 200: json(QuestionSchema, 'The updated question'), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => service.updateQuestion(ctx, authOf(request).professionalId, request.params.id, request.body),
    );

    app.delete(
      '/question/:id',
      {
        schema: {
          operationId: 'deleteQuestion',
          tags: TAGS,
          summary: 'Delete an own question; one used by a quiz is only disabled in the bank (history kept)',
          security: bearerSecurity,
          params: IdParams,
          response: {
            200: json(DeleteQuestionResultSchema, 'Deleted or disabled'),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request) => ({
        id: request.params.id,
        mode: await service.deleteQuestion(ctx, authOf(request).professionalId, request.params.id),
      }),
    );

    app.post(
      '/question/:id/copy',
      {
        schema: {
          operationId: 'copyQuestion',
          tags: TAGS,
          summary: "Copy a default (or own) question into the professional's own bank",
          security: bearerSecurity,
          params: IdParams,
          response: { 201: json(QuestionSchema, 'The copy'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.copyQuestion(ctx, authOf(request).professionalId, request.params.id)),
    );
  };
}
