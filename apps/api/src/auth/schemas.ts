import { z } from 'zod';
import { ProfessionalSchema, SignatureSchema } from '../professional/schemas.js';
import { emailField, passwordField, phoneField } from '../lib/zod.js';

export const RegistrationBody = z.object({
  name: z.string().trim().min(1, 'Informe o nome.').max(200),
  email: emailField(),
  password: passwordField(),
  phone: phoneField().optional(),
  profession: z.string().trim().min(1).max(100).default('nutricionista'),
});

export const RegistrationResponseSchema = z
  .object({ email: z.string(), verificationRequired: z.literal(true) })
  .meta({ id: 'RegistrationResult' });

export const VerifyEmailBody = z.object({
  email: emailField(),
  code: z
    .string()
    .trim()
    .max(6, 'O código tem 6 dígitos.')
    .regex(/^\d{6}$/, 'O código tem 6 dígitos.'),
});

export const VerifyEmailResponseSchema = z
  .object({ verified: z.literal(true) })
  .meta({ id: 'EmailVerificationResult' });

export const EmailBody = z.object({ email: emailField() });

export const LoginBody = z.object({
  email: emailField(),
  password: z.string().min(1, 'Informe a senha.').max(256),
});

export const LoginResponseSchema = z
  .object({ jwt: z.string(), professional: ProfessionalSchema, signature: SignatureSchema })
  .meta({ id: 'LoginResponse', description: 'The persisted session: token, professional and subscription.' });
