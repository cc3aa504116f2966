import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, isEmail } from '@acompanha/formats';
import { isValidDocument, onlyDigits, PHONE_PATTERN } from './br.js';

/**
 * A check of one `@acompanha/formats` rule, refused as that format (`invalid_format`), so the validation
 * catalogue says it in its own sentence with the field's name.
 */
export const formatRule =
  (test: (value: string) => boolean, format: 'date' | 'datetime' | 'email') =>
  (value: string, ctx: z.RefinementCtx) => {
    if (!test(value)) ctx.addIssue({ code: 'invalid_format', format, input: value });
  };

/**
 * Trimmed, lower-cased e-mail, checked by the one rule the portal's forms use too (`@acompanha/formats`);
 * the document states it as `format: email` with its `pattern`.
 */
export const emailField = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .superRefine(formatRule(isEmail, 'email'))
    .meta({ format: 'email', pattern: EMAIL_PATTERN, maxLength: EMAIL_MAX_LENGTH });

export const passwordField = () =>
  z.string().min(8, 'A senha deve ter pelo menos 8 caracteres.').max(256, 'A senha deve ter no máximo 256 caracteres.');

/** Phone with or without mask; stored as digits (DDD + number). */
export const phoneField = () =>
  z
    .string()
    .trim()
    .max(30, 'Telefone inválido: informe DDD e número (10 ou 11 dígitos).')
    .regex(PHONE_PATTERN, 'Telefone inválido: informe DDD e número (10 ou 11 dígitos).')
    .transform(onlyDigits)
    .meta({ description: 'Telefone com DDD, com ou sem máscara, ex. (11) 91234-5678. Guardado só com dígitos.' });

/** CPF or CNPJ with or without mask, check digits verified; stored as digits. */
export const documentField = () =>
  z
    .string()
    .trim()
    .max(20, 'CPF ou CNPJ inválido.')
    .refine(isValidDocument, 'CPF ou CNPJ inválido.')
    .transform(onlyDigits)
    .meta({ description: 'CPF (11 dígitos) ou CNPJ (14 dígitos), com ou sem máscara. Guardado só com dígitos.' });
