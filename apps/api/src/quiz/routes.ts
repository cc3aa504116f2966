import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { authenticate, authOf, bearerSecurity } from '../session/authenticate.js';
import { errorResponses, json } from '../errors/schemas.js';
import {
  AddQuizQuestionBody,
  CreateQuizBody,
  IdParams,
  ListQuizzesQuery,
  QuizDetailSchema,
  QuizIdParams,
  QuizPageSchema,
  QuizPatientPageSchema,
  QuizQuestionParams,
  UpdateQuizBody,
} from './schemas.js';
import * as service from './service.js';

const TAGS = ['quiz'];

export function quizRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Authentication comes first: an anonymous request is refused before its body is parsed or validated.
    app.addHook('onRequest', authenticate(ctx.tokens));
    const pro = (request: Parameters<typeof authOf>[0]) => authOf(request).professionalId;

    app.get(
      '/quiz',
      {
        schema: {
          operationId: 'listQuizzes',
          tags: TAGS,
          summary: "The professional's quizzes (status active by default), newest first",
          security: bearerSecurity,
          querystring: ListQuizzesQuery,
          response: { 200: json(QuizPageSchema, 'A page of quizzes'), ...errorResponses(400, 401) },
        },
      },
      async (request) => service.listQuizzes(ctx, pro(request), request.query),
    );

    app.post(
      '/quiz',
      {
        schema: {
          operationId: 'createQuiz',
          tags: TAGS,
          summary: 'Create a quiz (optionally with its flowchart)',
          security: bearerSecurity,
          body: CreateQuizBody,
          response: { 201: json(QuizDetailSchema, 'Created'), ...errorResponses(400, 401) },
        },
      },
      async (request, reply) => reply.code(201).send(await service.createQuiz(ctx, pro(request), request.body)),
    );

    app.get(
      '/quiz/:id',
      {
        schema: {
          operationId: 'getQuiz',
          tags: TAGS,
          summary: 'One quiz with its resolved questions and appearance',
          security: bearerSecurity,
          params: IdParams,
          response: { 200: json(QuizDetailSchema, 'The quiz'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => service.getQuizDetail(ctx.db, pro(request), request.params.id),
    );

    app.put(
      '/quiz/:id',
      {
        schema: {
          operationId: 'updateQuiz',
          tags: TAGS,
          summary: 'Update a quiz (partial); chosenQuestions replaces the whole flowchart',
          description:
            'Flowchart problems (duplicates, drafts, unknown or foreign questions, sub-questions not offered by the ' +
            'alternatives) → 400 UPDATE_QUESTIONS_ERROR with details listing each problem.',
          security: bearerSecurity,
          params: IdParams,
          body: UpdateQuizBody,
          response: { 200: json(QuizDetailSchema, 'The updated quiz'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => service.updateQuiz(ctx, pro(request), request.params.id, request.body),
    );

    app.delete(
      '/quiz/:id',
      {
        schema: {
          operationId: 'disableQuiz',
          tags: TAGS,
          summary: 'Disable a quiz (isActive=false; its history is kept)',
          security: bearerSecurity,
          params: IdParams,
          response: { 204: z.undefined().describe('Disabled'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        await service.disableQuiz(ctx, pro(request), request.params.id);
        return reply.code(204).send();
      },
    );

    app.post(
      '/quiz/:id/duplicate',
      {
        schema: {
          operationId: 'duplicateQuiz',
          tags: TAGS,
          summary: 'Duplicate a quiz with its flowchart, folder and appearance',
          security: bearerSecurity,
          params: IdParams,
          response: { 201: json(QuizDetailSchema, 'The copy'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => reply.code(201).send(await service.duplicateQuiz(ctx, pro(request), request.params.id)),
    );

    app.post(
      '/quiz/:id/question',
      {
        schema: {
          operationId: 'addQuizQuestion',
          tags: TAGS,
          summary: 'Add a question to the flowchart (at index, default the end)',
          description: 'Drafts, duplicates and unknown or foreign questions → 400 UPDATE_QUESTIONS_ERROR with details.',
          security: bearerSecurity,
          params: IdParams,
          body: AddQuizQuestionBody,
          response: { 200: json(QuizDetailSchema, 'The updated quiz'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => service.addQuizQuestion(ctx, pro(request), request.params.id, request.body),
    );

    app.delete(
      '/quiz/:id/question/:questionId',
      {
        schema: {
          operationId: 'disableQuizQuestion',
          tags: TAGS,
          summary: 'Disable a question within the quiz',
          security: bearerSecurity,
          params: QuizQuestionParams,
          response: { 200: json(QuizDetailSchema, 'The updated quiz'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) =>
        service.setQuizQuestionEnabled(ctx, pro(request), request.params.id, request.params.questionId, false),
    );

    app.put(
      '/quiz/:id/question/:questionId',
      {
        schema: {
          operationId: 'enableQuizQuestion',
          tags: TAGS,
          summary: 'Enable a question within the quiz',
          security: bearerSecurity,
          params: QuizQuestionParams,
          response: { 200: json(QuizDetailSchema, 'The updated quiz'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) =>
        service.setQuizQuestionEnabled(ctx, pro(request), request.params.id, request.params.questionId, true),
    );

    app.get(
      '/professional/me/quiz/:quizId/patients',
      {
        schema: {
          operationId: 'listQuizPatients',
          tags: TAGS,
          summary: 'Patients scheduled on the quiz (always empty until scheduling exists)',
          security: bearerSecurity,
          params: QuizIdParams,
          response: { 200: json(QuizPatientPageSchema, 'Scheduled patients'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        await service.assertOwnQuiz(ctx, pro(request), request.params.quizId);
        // Patients and quiz schedules land in a later issue; until then no patient is scheduled.
        return { items: [], total: 0 };
      },
    );
  };
}
