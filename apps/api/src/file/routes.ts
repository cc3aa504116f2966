import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { authenticate, authOf, bearerSecurity } from '../auth/authenticate.js';
import { errors } from '../errors/app-error.js';
import { errorResponses, json } from '../errors/schemas.js';
import { FILE_TYPES } from '../question/schemas.js';
import {
  KeyParams,
  MAX_UPLOAD_BYTES,
  SignedUrlBody,
  SignedUrlResponseSchema,
  TokenParams,
  UPLOAD_TTL_SECONDS,
  UploadResultSchema,
} from './schemas.js';
import { LocalFileStore, newFileKey } from './store.js';
import { answerUploadOwner } from '../quiz-answer/service.js';
import { looksLikeSurveyToken, surveySecurity, verifySurveyToken } from '../quiz-answer/token.js';
import { S3FileStore } from './s3.js';

const TAGS = ['file'];

export function fileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const local = new LocalFileStore(() => ctx.db, ctx.config);
  // With S3_* set, uploads go straight to the bucket; otherwise to <DATA_DIR>/uploads through this API.
  const s3 = ctx.config.s3 ? new S3FileStore(ctx.config.s3, ctx.config.publicUrl, ctx.config.now) : undefined;
  const store = s3 ?? local;
  return async (app) => {
    app.post(
      '/file/signed-url',
      {
        // The professional's session, or a patient's survey token (answer files), before the body is read.
        onRequest: async (request, reply) => {
          const header = request.headers.authorization;
          const token = header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
          if (token && looksLikeSurveyToken(token)) request.survey = await verifySurveyToken(ctx, token);
          else await authenticate(ctx.tokens).call(app, request, reply);
        },
        schema: {
          operationId: 'createSignedUploadUrl',
          tags: TAGS,
          summary: 'Upload instructions for one file (PUT the raw bytes to uploadData.url within 10 minutes)',
          description:
            `Allowed types: ${FILE_TYPES.join(', ')}; at most 20 MB. The upload must send exactly contentSize bytes with that Content-Type. ` +
            'With a survey token (patients answering), `questionId` names the file-upload question of the quiz: another type → 400 ' +
            'on `contentType`, larger than the question allows → 400 on `contentSize`, not a file-upload question of this quiz → 400 ' +
            'NOT_EXPECTED_ANSWER_ERROR. The file is stored under the professional, who can read it.',
          security: [...bearerSecurity, ...surveySecurity],
          body: SignedUrlBody,
          response: { 200: json(SignedUrlResponseSchema, 'Upload instructions'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        const owner = request.survey
          ? await answerUploadOwner(ctx, request.survey, request.body)
          : authOf(request).professionalId;
        const key = newFileKey(owner, request.body.key);
        const expiresAt = new Date(ctx.config.now().getTime() + UPLOAD_TTL_SECONDS * 1000);
        const uploadData = await store.signUpload({
          key,
          contentType: request.body.contentType,
          contentSize: request.body.contentSize,
          expiresAt,
        });
        return { key, downloadUrl: store.downloadUrl(key), expiresAt: expiresAt.toISOString(), uploadData };
      },
    );

    // The raw upload, authorised by the signed token alone (browsers PUT straight to it).
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_req, body, done) => done(null, body));
      raw.withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>().put(
        '/file/upload/:token',
        {
          bodyLimit: MAX_UPLOAD_BYTES,
          schema: {
            operationId: 'uploadFile',
            tags: TAGS,
            summary: 'Receive the raw bytes of a signed upload (no bearer token: the signed URL authorises it)',
            description:
              'Refused with 400 WRONG_COMMAND_PARAMETERS when the token is tampered with or expired, the Content-Type differs ' +
              'from the signed one, or the body is not exactly the signed size (at most 20 MB).',
            params: TokenParams,
            response: { 200: json(UploadResultSchema, 'Stored'), ...errorResponses(400, 404) },
          },
        },
        async (request) => {
          if (s3) throw errors.notFound('Os arquivos são enviados direto ao armazenamento configurado.');
          const ticket = await local.verify(request.params.token);
          const type = String(request.headers['content-type'] ?? '')
            .split(';')[0]!
            .trim()
            .toLowerCase();
          if (type !== ticket.contentType) throw errors.field(['contentType'], `Envie o arquivo com Content-Type ${ticket.contentType}.`);
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          if (body.length !== ticket.contentSize) {
            throw errors.field(['contentSize'], `O arquivo deve ter exatamente ${ticket.contentSize} bytes, como informado.`);
          }
          await local.write(ticket.key, body, ticket.contentType);
          return { key: ticket.key, downloadUrl: store.downloadUrl(ticket.key), contentType: ticket.contentType, contentSize: body.length };
        },
      );
    });

    app.get(
      '/file/:key',
      {
        schema: {
          operationId: 'getFile',
          tags: TAGS,
          summary: 'Serve an uploaded file (public: keys are random and not guessable)',
          params: KeyParams,
          response: {
            200: { description: 'The file, with its Content-Type', content: { 'application/octet-stream': { schema: z.any() } } },
            302: z.undefined().describe('With an S3-compatible store: a redirect to a short-lived presigned GET of the file'),
            ...errorResponses(400, 404),
          },
        },
      },
      async (request, reply) => {
        if (s3) return reply.redirect(s3.readUrl(request.params.key), 302);
        const file = await local.read(request.params.key);
        if (!file) throw errors.notFound('Arquivo não encontrado.');
        return reply
          .header('Content-Type', file.contentType)
          .header('Content-Length', String(file.size))
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, max-age=86400')
          .send(file.stream);
      },
    );
  };
}
