import { z } from 'zod';
import { fileLink } from '../lib/file-link.js';
import { multiline } from '../lib/input-guard.js';
import { SUBSCRIPTION_STATUSES } from '../db/schema.js';
import { documentField, passwordField, phoneField } from '../lib/zod.js';

export const ProfessionalSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable().meta({ description: 'Só dígitos (DDD + número).' }),
    document: z.string().nullable().meta({ description: 'CPF ou CNPJ, só dígitos.' }),
    councilRegistration: z.string().nullable().meta({ description: 'Registro no conselho, ex. CRN-3 12345.' }),
    profession: z.string(),
    avatarUrl: z.string().nullable(),
    alias: z.string().nullable().meta({ description: 'Link da área do cliente.' }),
    emailVerified: z.boolean(),
    notificationPreferences: z.record(z.string(), z.unknown()),
    tutorialSeenAt: z.iso.datetime().nullable().meta({
      description: 'When she finished or skipped the first-run tutorial; null = the portal shows it.',
    }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Professional', description: 'The signed-in professional. Never carries the password hash.' });

export const SignatureStatusSchema = z.enum(SUBSCRIPTION_STATUSES).meta({ id: 'SignatureStatus' });

export const SignatureSchema = z
  .object({
    status: SignatureStatusSchema,
    plan: z.string().nullable(),
    trialEndsAt: z.iso.datetime().nullable(),
    currentPeriodEnd: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Signature', description: "The professional's subscription (Portuguese: assinatura)." });

const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => (v === '' ? null : v));

export const UpdateProfessionalBody = z
  .object({
    name: z.string().trim().min(1, 'Informe o nome.').max(200).optional(),
    phone: phoneField().nullable().optional(),
    document: documentField().nullable().optional(),
    councilRegistration: nullableText(60).optional(),
    profession: z.string().trim().min(1, 'Informe a profissão.').max(100).optional(),
    avatarUrl: fileLink().nullable().optional(),
  })
  .strict();

export const MarkTutorialSeenBody = z
  .object({
    outcome: z.enum(['completed', 'skipped']).meta({
      description: 'Whether she went through the first-run tutorial or skipped it; either way it is not shown again.',
    }),
  })
  .strict();

export const ChangePasswordBody = z.object({
  currentPassword: z.string().min(1, 'Informe a senha atual.').max(256),
  newPassword: passwordField(),
});

export const TokenResponseSchema = z
  .object({ jwt: z.string().meta({ description: 'A fresh bearer token; every earlier token is revoked.' }) })
  .meta({ id: 'TokenResponse' });

export const TemplateVariableSchema = z
  .object({
    name: z.enum(['paciente', 'link', 'pin', 'profissional', 'questionario']).meta({ id: 'TemplateVariableName' }),
    description: z.string(),
  })
  .meta({ id: 'TemplateVariable', description: 'A variable of the template message, written {{name}}.' });

export const TemplateMessageSchema = z
  .object({
    templateMessage: z.string().meta({ description: 'The current text (the default one when never set).' }),
    isDefault: z.boolean(),
    defaultTemplateMessage: z.string(),
    variables: z.array(TemplateVariableSchema),
  })
  .meta({ id: 'TemplateMessage', description: 'The text sent to patients with every quiz link and PIN.' });

export const UpdateTemplateMessageBody = z
  .object({
    templateMessage: multiline(
      z.string().trim().min(1, 'Escreva a mensagem.').max(1000, 'A mensagem deve ter no máximo 1000 caracteres.'),
    )
      .nullable()
      .meta({
        description:
          'null = back to the default. Unknown {{variable}} → 400 WRONG_TEMPLATE_VARIABLES (details.variables); without {{link}} or {{pin}} → 400 WRONG_TEMPLATE_PARAMETER.',
      }),
  })
  .strict();
