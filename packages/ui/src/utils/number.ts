/**
 * Numbers as people type them in Brazil — `1.234,56`, `72,5`, and on a phone keyboard `72.5` — read
 * exactly: nothing is rounded, clamped or sign-flipped here. What a field does not take (too many
 * decimals, out of its range) is said by `numberProblem`, in Portuguese, and the value stays as typed.
 */

export interface ParsedNumber {
  value: number;
  /** Decimal places that carry a digit other than a trailing zero (`72,50` has 1). */
  decimals: number;
}

const MINUS = /^[-\u2212\u2013]/;

/**
 * `null` for an empty text, `undefined` for a text that is not a number, else the number.
 * A comma is the decimal separator and dots group thousands (`1.234,5`); without a comma, dots that
 * group thousands (`1.234.567`) are read as such and a single other dot is a decimal point (`72.5`).
 */
export function parseNumberBR(text: string): ParsedNumber | null | undefined {
  let body = text.replace(/[\s\u00a0]/g, '').replace(/^R\$/i, '');
  if (body === '') return null;
  let sign = 1;
  if (MINUS.test(body)) {
    sign = -1;
    body = body.slice(1);
  } else if (body.startsWith('+')) body = body.slice(1);
  body = body.replace(/^R\$/i, '');
  let integer: string;
  let fraction = '';
  if (body.includes(',')) {
    const parts = body.split(',');
    if (parts.length > 2) return undefined;
    [integer, fraction] = parts as [string, string];
    if (integer.includes('.')) {
      if (!/^\d{1,3}(\.\d{3})+$/.test(integer)) return undefined;
      integer = integer.replace(/\./g, '');
    }
  } else if (/^[1-9]\d{0,2}(\.\d{3})+$/.test(body)) {
    integer = body.replace(/\./g, '');
  } else {
    const parts = body.split('.');
    if (parts.length > 2) return undefined;
    [integer, fraction = ''] = parts as [string, string?] as [string, string];
  }
  if (!/^\d*$/.test(integer) || !/^\d*$/.test(fraction) || integer.length + fraction.length === 0) return undefined;
  const value = sign * Number(`${integer || '0'}.${fraction || '0'}`);
  if (!Number.isFinite(value)) return undefined;
  return { value: Object.is(value, -0) ? 0 : value, decimals: fraction.replace(/0+$/, '').length };
}

export interface NumberRules {
  minValue?: number;
  maxValue?: number;
  /** Decimal places the field takes. @default 0 */
  decimals?: number;
  /** Money in reais: limits read `R$ 1.000,00` and the field takes centavos. */
  currency?: boolean;
  /** The unit after limits in the sentences (`kg`). */
  unit?: string;
}

const currency = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** A limit as the field's sentences write it. */
export function formatLimit(value: number, rules: NumberRules): string {
  if (rules.currency) return currency.format(value);
  const text = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 10 }).format(value);
  return rules.unit ? `${text} ${rules.unit}` : text;
}

/** Why `text` is not a value the field takes, in one Portuguese sentence; `null` when it is (or is empty). */
export function numberProblem(text: string, rules: NumberRules = {}): string | null {
  const parsed = parseNumberBR(text);
  if (parsed === null) return null;
  const decimals = rules.currency ? 2 : (rules.decimals ?? 0);
  if (parsed === undefined) {
    if (rules.currency) return 'Digite um valor em reais, como 1.234,56.';
    return decimals === 0 ? 'Digite um número inteiro, como 12.' : 'Digite um número, como 72,5.';
  }
  if (parsed.decimals > decimals) {
    if (rules.currency) return 'Use no máximo 2 casas decimais (os centavos).';
    if (decimals === 0) return 'Use um número inteiro, sem casas decimais.';
    return decimals === 1 ? 'Use no máximo 1 casa decimal.' : `Use no máximo ${decimals} casas decimais.`;
  }
  const { minValue: min, maxValue: max } = rules;
  const n = parsed.value;
  if (min === 0 && n < 0) return 'O valor não pode ser negativo.';
  if ((min !== undefined && n < min) || (max !== undefined && n > max)) {
    if (min !== undefined && max !== undefined && min !== 0)
      return `Informe um valor entre ${formatLimit(min, { ...rules, unit: undefined })} e ${formatLimit(max, rules)}.`;
    if (max !== undefined && n > max) return `Informe um valor até ${formatLimit(max, rules)}.`;
    return `Informe um valor a partir de ${formatLimit(min!, rules)}.`;
  }
  return null;
}

/** How a value is written back in the field (`1.234,5`, `R$ 1.234,50` without the symbol: `1.234,50`). */
export function formatNumberBR(value: number, rules: NumberRules = {}): string {
  const decimals = rules.currency ? 2 : (rules.decimals ?? 0);
  return new Intl.NumberFormat('pt-BR', {
    minimumFractionDigits: rules.currency ? 2 : 0,
    maximumFractionDigits: Math.max(decimals, 0),
  }).format(value);
}
