import { describe, expect, it } from 'vitest';
import { formatNumberBR, numberProblem, parseNumberBR } from './number';

describe('parseNumberBR', () => {
  it.each([
    ['72,5', 72.5, 1],
    ['72.5', 72.5, 1],
    ['1.234,56', 1234.56, 2],
    ['1.234', 1234, 0],
    ['1.234.567', 1234567, 0],
    ['0.125', 0.125, 3],
    ['-10', -10, 0],
    ['−10', -10, 0],
    ['R$ 1.234,50', 1234.5, 1],
    ['12,', 12, 0],
    [',5', 0.5, 1],
    ['999', 999, 0],
    ['-0', 0, 0],
  ])('reads %s as %s', (text, value, decimals) => expect(parseNumberBR(text)).toEqual({ value, decimals }));

  it('tells empty from not a number', () => {
    expect(parseNumberBR('  ')).toBeNull();
    for (const bad of ['abc', '1,2,3', '1.2.3', '12.34,5', '--1', '1e5', ',', '-', '1,2.3'])
      expect(parseNumberBR(bad), bad).toBeUndefined();
  });
});

describe('numberProblem', () => {
  const weight = { minValue: 20, maxValue: 350, decimals: 1, unit: 'kg' };
  it('refuses a value out of range instead of clamping it', () => {
    expect(numberProblem('999', weight)).toBe('Informe um valor entre 20 e 350 kg.');
    expect(numberProblem('19,9', weight)).toBe('Informe um valor entre 20 e 350 kg.');
    expect(numberProblem('350', weight)).toBeNull();
    expect(numberProblem('20', weight)).toBeNull();
  });
  it('refuses more decimals than the field takes instead of rounding them away', () => {
    expect(numberProblem('72,55', weight)).toBe('Use no máximo 1 casa decimal.');
    expect(numberProblem('72,50', weight)).toBeNull();
    expect(numberProblem('3,5', { minValue: 1, maxValue: 730 })).toBe('Use um número inteiro, sem casas decimais.');
    expect(numberProblem('10,555', { currency: true, minValue: 0 })).toBe(
      'Use no máximo 2 casas decimais (os centavos).',
    );
  });
  it('refuses a negative amount instead of flipping its sign', () => {
    expect(numberProblem('-10', { currency: true, minValue: 0 })).toBe('O valor não pode ser negativo.');
    expect(numberProblem('0', { currency: true, minValue: 0 })).toBeNull();
    expect(numberProblem('1.000.001', { currency: true, minValue: 0, maxValue: 1_000_000 })).toBe(
      'Informe um valor até R$\u00a01.000.000,00.',
    );
  });
  it('says what a number looks like', () => {
    expect(numberProblem('doze', {})).toBe('Digite um número inteiro, como 12.');
    expect(numberProblem('abc', { decimals: 1 })).toBe('Digite um número, como 72,5.');
    expect(numberProblem('R$ x', { currency: true })).toBe('Digite um valor em reais, como 1.234,56.');
    expect(numberProblem('', { minValue: 1 })).toBeNull();
  });
});

describe('formatNumberBR', () => {
  it('writes back what it reads', () => {
    expect(formatNumberBR(1234.5, { currency: true })).toBe('1.234,50');
    expect(formatNumberBR(72.5, { decimals: 1 })).toBe('72,5');
    expect(formatNumberBR(1234, {})).toBe('1.234');
    for (const text of ['1.234,50', '72,5', '0,13'])
      expect(formatNumberBR(parseNumberBR(text)!.value, { decimals: 2 })).toBe(text.replace(/,50$/, ',5'));
  });
});
