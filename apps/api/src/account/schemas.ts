import { z } from 'zod';
import { emailField, passwordField } from '../lib/zod.js';

export const PasswordRecoveryRequestBody = z.object({ email: emailField() });

export const PasswordResetBody = z.object({
  token: z.string().trim().min(1, 'Informe o token.').max(200),
  password: passwordField(),
});
