import { z } from 'zod';
import { FileContentTypeSchema } from '../question/schemas.js';
import { FILE_KEY } from '../lib/file-link.js';

export { FILE_KEY, FILE_KEY_SOURCE } from '../lib/file-link.js';

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const UPLOAD_TTL_SECONDS = 10 * 60;
export const SignedUrlBody = z
  .object({
    key: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .meta({ description: 'The original file name (the stored key is generated).' }),
    contentType: FileContentTypeSchema,
    contentSize: z.number().int().min(1).max(MAX_UPLOAD_BYTES, 'O arquivo deve ter no máximo 20 MB.'),
    questionId: z.uuid().optional().meta({
      description:
        'With a survey token (required then): the file-upload question answered; its accepted types and maximum size apply.',
    }),
  })
  .strict();

export const SignedUrlResponseSchema = z
  .object({
    key: z.string().meta({ description: 'The stored key.' }),
    downloadUrl: z.string().meta({ description: 'Where the file is served once uploaded.' }),
    expiresAt: z.iso.datetime(),
    uploadData: z.object({
      url: z.string().meta({ description: 'Send the raw file here (signed, expires in 10 minutes).' }),
      metadata: z.object({
        method: z.literal('PUT'),
        headers: z.record(z.string(), z.string()).optional(),
      }),
    }),
  })
  .meta({
    id: 'SignedUrlResponse',
    description: 'Upload instructions: bound to the key, the content type and the exact size.',
  });

export const UploadResultSchema = z
  .object({ key: z.string(), downloadUrl: z.string(), contentType: z.string(), contentSize: z.number().int() })
  .meta({ id: 'UploadResult' });

export const TokenParams = z.object({ token: z.string().min(1).max(2000) });
export const KeyParams = z.object({ key: z.string().max(200).regex(FILE_KEY, 'Chave de arquivo inválida.') });
export const ReadQuery = z.object({
  exp: z.string().max(12).optional().meta({ description: 'Expiry (Unix seconds) of a signed read link.' }),
  sig: z.string().max(100).optional().meta({ description: 'Signature of a signed read link.' }),
});
