/**
 * Pure helpers of the card form: masks, brand detection and the checks the API makes (Luhn, a future
 * expiry, CPF check digits), so the professional hears about a typo before anything is sent.
 */
import { isValidCpf, onlyDigits } from '@acompanha/ui';

export type CardBrand = 'VISA' | 'MASTERCARD' | 'ELO' | 'HIPERCARD' | 'AMEX' | 'DINERS' | 'DISCOVER' | 'JCB';

export const BRAND_NAMES: Record<string, string> = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  ELO: 'Elo',
  HIPERCARD: 'Hipercard',
  AMEX: 'American Express',
  DINERS: 'Diners Club',
  DISCOVER: 'Discover',
  JCB: 'JCB',
};

/** The brand's display name ("Mastercard"), or the code as the gateway sent it. */
export const brandName = (brand: string | null | undefined) => (brand ? (BRAND_NAMES[brand] ?? brand) : 'Cartão');

const startsWithAny = (d: string, prefixes: string[]) => prefixes.some((p) => d.startsWith(p));
const inRange = (d: string, len: number, lo: number, hi: number) => {
  if (d.length < len) return false;
  const n = Number(d.slice(0, len));
  return n >= lo && n <= hi;
};

/** The brand from the leading digits (the IIN ranges the API uses), or null while unknown. */
export function detectBrand(digits: string): CardBrand | null {
  const d = onlyDigits(digits);
  if (startsWithAny(d, ['4011', '4312', '4389', '4514', '4576', '5041', '5066', '5067', '509', '6277', '6362', '6363']))
    return 'ELO';
  if (startsWithAny(d, ['606282', '3841'])) return 'HIPERCARD';
  if (d.startsWith('4')) return 'VISA';
  if (inRange(d, 2, 51, 55) || inRange(d, 4, 2221, 2720)) return 'MASTERCARD';
  if (startsWithAny(d, ['34', '37'])) return 'AMEX';
  if (startsWithAny(d, ['36', '38']) || inRange(d, 3, 300, 305)) return 'DINERS';
  if (startsWithAny(d, ['6011', '65'])) return 'DISCOVER';
  if (d.startsWith('35')) return 'JCB';
  return null;
}

/** `5162306219378829` → `5162 3062 1937 8829`; past 19 digits (no card has more) the digits as typed. */
export const formatCardNumber = (text: string) => {
  const d = onlyDigits(text);
  return d.length > 19 ? d : d.replace(/(\d{4})(?=\d)/g, '$1 ');
};

export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardNumberError(text: string): string | undefined {
  const d = onlyDigits(text);
  if (d.length === 0) return 'Informe o número do cartão.';
  if (d.length > 19) return `Um cartão tem no máximo 19 dígitos; este tem ${d.length}.`;
  if (d.length < 13 || !luhn(d)) return 'Número do cartão inválido. Confira os dígitos.';
  return undefined;
}

/** `0830` or `08/30` → `08/30`. */
export function formatExpiry(text: string): string {
  const d = onlyDigits(text);
  if (d.length > 4) return d;
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

/** The month and the four-digit year of `MM/AA`, or null when incomplete. */
export function parseExpiry(text: string): { month: string; year: string } | null {
  const d = onlyDigits(text);
  if (d.length !== 4) return null;
  return { month: d.slice(0, 2), year: `20${d.slice(2)}` };
}

export function expiryError(text: string, now: Date = new Date()): string | undefined {
  const parsed = parseExpiry(text);
  if (!parsed) return 'Informe a validade no formato MM/AA.';
  const month = Number(parsed.month);
  if (month < 1 || month > 12) return 'Mês de validade inválido.';
  const year = Number(parsed.year);
  const nowYear = now.getFullYear();
  const nowMonth = now.getMonth() + 1;
  if (year < nowYear || (year === nowYear && month < nowMonth)) return 'Este cartão está vencido.';
  return undefined;
}

export const cvvError = (text: string) =>
  /^\d{3,4}$/.test(text) ? undefined : 'O código de segurança tem 3 ou 4 dígitos.';

export function cpfError(text: string): string | undefined {
  const d = onlyDigits(text);
  if (d.length !== 11) return 'O CPF tem 11 números.';
  return isValidCpf(d) ? undefined : 'CPF inválido. Confira os números.';
}

/** `01310100` → `01310-100`. */
export function formatCep(text: string): string {
  const d = onlyDigits(text);
  if (d.length > 8) return d;
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
}

export const cepError = (text: string) => (onlyDigits(text).length === 8 ? undefined : 'O CEP tem 8 números.');

/** The form field each API issue path names (`['card', 'number']` → `number`). */
const FIELD_BY_PATH: Record<string, string> = {
  'card.holderName': 'holderName',
  'card.number': 'number',
  'card.expiryMonth': 'expiry',
  'card.expiryYear': 'expiry',
  'card.cvv': 'cvv',
  'holder.cpf': 'cpf',
  'holder.postalCode': 'postalCode',
  'holder.addressNumber': 'addressNumber',
  'holder.addressComplement': 'addressComplement',
  'holder.phone': 'phone',
  coupon: 'coupon',
};

/** The API's validation issues (`details: [{ path, message }]`) keyed by the card form's field names. */
export function cardFieldErrors(details: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(details)) return out;
  for (const issue of details as { path?: unknown; message?: unknown }[]) {
    if (!issue || !Array.isArray(issue.path)) continue;
    const field = FIELD_BY_PATH[issue.path.join('.')];
    if (field && !out[field]) out[field] = String(issue.message ?? '');
  }
  return out;
}
