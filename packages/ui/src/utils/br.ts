/** Brazilian formats: phone `(11) 91234-5678`, CPF `123.456.789-09`, CNPJ `12.345.678/0001-95`. */

/** Keeps only the digits of a string. */
export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * Formats up to 11 digits (DDD + number) as a Brazilian phone, progressively while typing:
 * `11` → `(11`, `1191234` → `(11) 91234`, `11912345678` → `(11) 91234-5678`,
 * `1132345678` → `(11) 3234-5678` (landline).
 */
export function formatPhoneBR(value: string): string {
  const d = onlyDigits(value);
  if (d.length === 0) return '';
  // More digits than a Brazilian phone has: shown as they are (never cut), for the field to say so.
  if (d.length > 11) return d;
  if (d.length <= 2) return `(${d}`;
  const ddd = d.slice(0, 2);
  const rest = d.slice(2);
  // Landlines have 8 digits after the DDD, mobiles 9: split 4-4 until a 9th digit arrives.
  const head = rest.length > 8 ? 5 : 4;
  if (rest.length <= head) return `(${ddd}) ${rest}`;
  return `(${ddd}) ${rest.slice(0, head)}-${rest.slice(head)}`;
}

/** Formats up to 11 digits as CPF, progressively: `123456789` → `123.456.789`. */
export function formatCpf(value: string): string {
  const d = onlyDigits(value);
  if (d.length > 11) return d;
  return d
    .replace(/^(\d{3})(\d)/, '$1.$2')
    .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/^(\d{3})\.(\d{3})\.(\d{3})(\d)/, '$1.$2.$3-$4');
}

/** Formats up to 14 digits as CNPJ, progressively: `12345678000195` → `12.345.678/0001-95`. */
export function formatCnpj(value: string): string {
  const d = onlyDigits(value);
  if (d.length > 14) return d;
  return d
    .replace(/^(\d{2})(\d)/, '$1.$2')
    .replace(/^(\d{2})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/^(\d{2})\.(\d{3})\.(\d{3})(\d)/, '$1.$2.$3/$4')
    .replace(/^(\d{2})\.(\d{3})\.(\d{3})\/(\d{4})(\d)/, '$1.$2.$3/$4-$5');
}

/** CPF when up to 11 digits, CNPJ beyond. */
export function formatDocument(value: string): string {
  const d = onlyDigits(value);
  return d.length <= 11 ? formatCpf(d) : formatCnpj(d);
}

function allSame(d: string) {
  return /^(\d)\1*$/.test(d);
}

/** Checks a CPF's two check digits (formatted or not). Repeated digits (`111.111.111-11`) are invalid. */
export function isValidCpf(value: string): boolean {
  const d = onlyDigits(value);
  if (d.length !== 11 || allSame(d)) return false;
  const digit = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(d[i]) * (len + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return digit(9) === Number(d[9]) && digit(10) === Number(d[10]);
}

/** Checks a CNPJ's two check digits (formatted or not). */
export function isValidCnpj(value: string): boolean {
  const d = onlyDigits(value);
  if (d.length !== 14 || allSame(d)) return false;
  const digit = (len: number) => {
    const weights = len === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(d[i]) * weights[i];
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return digit(12) === Number(d[12]) && digit(13) === Number(d[13]);
}
