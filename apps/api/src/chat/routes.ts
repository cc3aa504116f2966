import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { authenticate, authOf, bearerSecurity } from '../session/authenticate.js';
import { errorResponses, json } from '../errors/schemas.js';
import { ChatHistoryParams, ChatHistoryQuery, ChatMessagePageSchema } from './schemas.js';
import * as service from './service.js';

const TAGS = ['chat'];

export function chatRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Authentication comes first: an anonymous request is refused before its body is parsed or validated.
    app.addHook('onRequest', authenticate(ctx.tokens));

    app.get(
      '/chat/history/:patientId',
      {
        schema: {
          operationId: 'getChatHistory',
          tags: TAGS,
          summary: 'Messages sent to a patient, newest first',
          security: bearerSecurity,
          params: ChatHistoryParams,
          querystring: ChatHistoryQuery,
          response: { 200: json(ChatMessagePageSchema, 'A page of messages'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) =>
        service.chatHistory(ctx, authOf(request).professionalId, request.params.patientId, request.query),
    );
  };
}
