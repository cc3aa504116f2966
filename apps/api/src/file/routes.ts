import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { authenticate, authOf, bearerSecurity } from '../session/authenticate.js';
import type { FastifyRequest } from 'fastify';
import { AppError, errors } from '../errors/app-error.js';
import { errorResponses, json } from '../errors/schemas.js';
import { FILE_TYPES } from '../question/schemas.js';
import {
  KeyParams,
  MAX_UPLOAD_BYTES,
  ReadQuery,
  SignedUrlBody,
  SignedUrlResponseSchema,
  TokenParams,
  UPLOAD_TTL_SECONDS,
  UploadResultSchema,
} from './schemas.js';
import { newFileKey } from './store.js';
import { claimUpload, fileRecord, recordUpload, releaseUpload } from './records.js';
import { recordAccess } from '../access/log.js';
import { exportFile } from './export-files.js';
import { answerUploadOwner } from '../quiz-answer/service.js';
import { looksLikeSurveyToken, surveySecurity, verifySurveyToken } from '../quiz-answer/token.js';

const TAGS = ['file'];

export function fileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // With S3_* set, uploads go straight to the bucket; otherwise to <DATA_DIR>/uploads through this API.
  const { local, s3, store } = ctx.storage;
  return async (app) => {
    /** The professional's own session reads her files without a signed link (e.g. a download from the portal). */
    const readsAsOwner = async (request: FastifyRequest, key: string): Promise<boolean> => {
      const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
      if (!token || looksLikeSurveyToken(token)) return false;
      try {
        return (await ctx.tokens.verify(token)).professionalId === key.split('_')[0];
      } catch {
        return false;
      }
    };

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
          summary: 'Upload instructions for one file (PUT the raw bytes to uploadData.url, once, within 10 minutes)',
          description:
            `Allowed types: ${FILE_TYPES.join(', ')}; at most 20 MB. The upload must send exactly contentSize bytes with that Content-Type. ` +
            'With a survey token (patients answering), `questionId` names the file-upload question of the quiz: another type → 400 ' +
            'on `contentType`, larger than the question allows → 400 on `contentSize`, not a file-upload question of this quiz → 400 ' +
            "NOT_EXPECTED_ANSWER_ERROR. The file is stored under the professional, who can read it. Over the professional's storage " +
            'quota → 400 STORAGE_QUOTA_EXCEEDED.',
          security: [...bearerSecurity, ...surveySecurity],
          body: SignedUrlBody,
          response: {
            200: json(SignedUrlResponseSchema, 'Upload instructions'),
            ...errorResponses(400, 401, 404, 429),
          },
        },
      },
      async (request) => {
        const owner = request.survey
          ? await answerUploadOwner(ctx, request.survey, request.body)
          : { professionalId: authOf(request).professionalId, patientId: null };
        const key = newFileKey(owner.professionalId, request.body.key);
        const expiresAt = new Date(ctx.config.now().getTime() + UPLOAD_TTL_SECONDS * 1000);
        await recordUpload(ctx, {
          key,
          ...owner,
          contentType: request.body.contentType,
          size: request.body.contentSize,
        });
        const uploadData = await store.signUpload({
          key,
          contentType: request.body.contentType,
          contentSize: request.body.contentSize,
          expiresAt,
        });
        return { key, downloadUrl: store.downloadUrl(key), expiresAt: expiresAt.toISOString(), uploadData };
      },
    );

    // The raw upload, authorised by the signed token alone (browsers PUT straight to it), streamed to disk.
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
      raw.withTypeProvider<ZodTypeProvider>().put(
        '/file/upload/:token',
        {
          schema: {
            operationId: 'uploadFile',
            tags: TAGS,
            summary: 'Receive the raw bytes of a signed upload, once (no bearer token: the signed URL authorises it)',
            description:
              'Refused with 400 WRONG_COMMAND_PARAMETERS when the token is tampered with or expired, the Content-Type differs ' +
              'from the signed one, the body is not exactly the signed size (at most 20 MB), or the link was already used.',
            params: TokenParams,
            response: { 200: json(UploadResultSchema, 'Stored'), ...errorResponses(400, 404, 413) },
          },
        },
        async (request) => {
          if (s3) throw errors.notFound('Os arquivos são enviados direto ao armazenamento configurado.');
          const ticket = await local.verify(request.params.token);
          const type = String(request.headers['content-type'] ?? '')
            .split(';')[0]!
            .trim()
            .toLowerCase();
          if (type !== ticket.contentType)
            throw errors.field(['contentType'], `Envie o arquivo com Content-Type ${ticket.contentType}.`);
          const declared = Number(request.headers['content-length'] ?? ticket.contentSize);
          if (declared > MAX_UPLOAD_BYTES)
            throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'O arquivo deve ter no máximo 20 MB.');
          if (declared !== ticket.contentSize) {
            throw errors.field(
              ['contentSize'],
              `O arquivo deve ter exatamente ${ticket.contentSize} bytes, como informado.`,
            );
          }
          await claimUpload(ctx, ticket.key);
          try {
            await local.write(
              ticket.key,
              request.body as NodeJS.ReadableStream,
              ticket.contentType,
              ticket.contentSize,
            );
          } catch (err) {
            await releaseUpload(ctx, ticket.key);
            throw err;
          }
          return {
            key: ticket.key,
            downloadUrl: store.downloadUrl(ticket.key),
            contentType: ticket.contentType,
            contentSize: ticket.contentSize,
          };
        },
      );
    });

    app.get(
      '/file/:key',
      {
        schema: {
          operationId: 'getFile',
          tags: TAGS,
          summary: "Serve an uploaded file: with a signed link's exp and sig, or the owner's session",
          description:
            'Every file address the API hands out is a signed link valid for about two hours (seven days in exports). Without a ' +
            "valid signature, only the owning professional's bearer token reads it. Anything else — another professional, an " +
            'expired or tampered link, a deleted file — answers 404 like a missing file.',
          params: KeyParams,
          querystring: ReadQuery,
          security: [{}, ...bearerSecurity],
          response: {
            200: {
              description: 'The file, with its Content-Type',
              content: { 'application/octet-stream': { schema: z.any() } },
            },
            302: z
              .undefined()
              .describe('With an S3-compatible store: a redirect to a short-lived presigned GET of the file'),
            ...errorResponses(400, 404),
          },
        },
      },
      async (request, reply) => {
        const { key } = request.params;
        const notFound = () => errors.notFound('Arquivo não encontrado.');
        if (!ctx.files.verify(key, request.query.exp, request.query.sig) && !(await readsAsOwner(request, key)))
          throw notFound();
        const record = await fileRecord(ctx, key);
        const zip = await exportFile(ctx, key);
        // A deleted patient's file, or a data export past its seven days, is gone.
        if (record.deleted || zip?.gone) throw notFound();
        // A patient's file, or an export of her record, read with the owner's session or a link handed to it, goes
        // in her access log first ("Exportar tudo": in the professional's, without a patient).
        const logRead = async () => {
          if (!record.patientId && !zip) return;
          await recordAccess(ctx.db, {
            professionalId: key.split('_')[0]!,
            patientId: zip ? zip.patientId : record.patientId,
            kind: zip ? 'patient_export' : 'file',
            targetId: zip ? zip.exportId : key,
            outcome: 'ok',
            ip: request.ip,
          });
        };
        if (s3) {
          await logRead();
          return reply.redirect(s3.readUrl(key), 302);
        }
        const file = await local.read(key);
        if (!file) throw notFound();
        await logRead();
        const inline = file.contentType.startsWith('image/');
        return reply
          .header('Content-Type', file.contentType)
          .header('Content-Length', String(file.size))
          .header('X-Content-Type-Options', 'nosniff')
          .header(
            'Content-Disposition',
            inline ? 'inline' : `attachment; filename="${key.split('_').slice(2).join('_')}"`,
          )
          .header('Cache-Control', 'private, max-age=3600')
          .send(file.stream);
      },
    );
  };
}
