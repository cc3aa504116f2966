/** The patient's corner of the client area: sign-in with a one-time code, her questionnaires and messages. */
import { z } from 'zod';
import { NOTIFICATION_CHANNELS } from '../db/schema.js';

export const AreaAliasParams = z.object({ alias: z.string().max(80) });

export const RequestPatientCodeBody = z
  .object({
    contact: z
      .string()
      .trim()
      .min(1, 'Informe seu celular com DDD ou seu e-mail.')
      .max(254)
      .meta({ description: 'Her phone (with area code) or e-mail, as registered by the professional.' }),
  })
  .strict();

export const PatientCodeSentSchema = z.object({ sent: z.literal(true) }).meta({
  id: 'PatientCodeSent',
  description:
    'Always the same answer for a well-formed contact: a code goes out only to a patient’s own registered contact.',
});

export const PatientSignInBody = z
  .object({
    contact: RequestPatientCodeBody.shape.contact,
    code: z
      .string()
      .trim()
      .max(6, 'O código tem 6 dígitos.')
      .regex(/^\d{6}$/, 'O código tem 6 dígitos.'),
  })
  .strict();

export const PatientSessionSchema = z
  .object({
    token: z.string().meta({ description: 'Send as `Authorization: Bearer <token>` on /patient-area/me calls.' }),
    expiresAt: z.iso.datetime(),
    firstName: z.string(),
  })
  .meta({ id: 'PatientSession', description: 'The patient’s session in the client area (30 minutes).' });

export const PatientCornerSchema = z
  .object({
    firstName: z.string(),
    professionalName: z.string(),
    pending: z
      .array(
        z.object({
          scheduleId: z.uuid(),
          quizTitle: z.string(),
          sentAt: z.iso.datetime().nullable(),
          started: z.boolean().meta({ description: 'She began answering it.' }),
        }),
      )
      .meta({ description: 'Questionnaires sent to her and waiting for an answer (newest first, at most 20).' }),
    answered: z
      .array(z.object({ quizTitle: z.string(), finishedAt: z.iso.datetime() }))
      .meta({ description: 'What she answered (newest first, at most 20).' }),
    messages: z
      .array(
        z.object({
          id: z.uuid(),
          body: z.string(),
          channel: z.enum(NOTIFICATION_CHANNELS),
          sentAt: z.iso.datetime(),
        }),
      )
      .meta({ description: 'Messages the professional sent her (newest first, at most 20).' }),
  })
  .meta({ id: 'PatientCorner', description: 'The patient’s corner: nothing but her own.' });

export const ScheduleIdParams = z.object({ scheduleId: z.uuid() });
