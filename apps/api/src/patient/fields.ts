/** Normalisation of patient fields, shared by the JSON routes and the spreadsheet import. */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { isValidCpf, onlyDigits } from '../lib/br.js';
import { DATE_MIN } from '@acompanha/formats';
import { isCalendarDate } from '../lib/dates.js';

/** E.164 (Brazil when no country code is given), or null when it is not a valid phone number. */
export function normalizePhone(raw: string): string | null {
  const value = raw.trim();
  if (!value) return null;
  // "5511912345678" (country code without '+') is common in spreadsheets.
  const digits = onlyDigits(value);
  const candidate = !value.startsWith('+') && digits.length >= 12 && digits.startsWith('55') ? `+${digits}` : value;
  const parsed = parsePhoneNumberFromString(candidate, 'BR');
  return parsed && parsed.isValid() ? parsed.number : null;
}

/** CPF digits, or null when the check digits are wrong. */
export function normalizeCpf(raw: string): string | null {
  return isValidCpf(raw) ? onlyDigits(raw) : null;
}

export const PHONE_INVALID =
  'Telefone inválido: informe DDD e número (ex. (11) 91234-5678) ou o número com código do país.';
export const CPF_INVALID = 'CPF inválido: confira os dígitos verificadores.';

/** Birth date: a real YYYY-MM-DD date, not in the future and not before 1900. Returns an error message or null. */
export function birthDateProblem(value: string, today: string): string | null {
  if (!isCalendarDate(value)) return 'Data de nascimento inválida.';
  if (value > today) return 'A data de nascimento não pode estar no futuro.';
  if (value < DATE_MIN) return 'Data de nascimento inválida.';
  return null;
}

/** The name a deleted patient keeps (her personal data is gone; her sales and the counts stay). */
export const ANONYMISED_NAME = 'Cliente excluído';
