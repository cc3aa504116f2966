import { describe, expect, it } from 'vitest';
import {
  cardFieldErrors,
  cardNumberError,
  cpfError,
  detectBrand,
  expiryError,
  formatCardNumber,
  formatCep,
  formatExpiry,
  parseExpiry,
} from './card';

describe('card form helpers', () => {
  it('masks the number in groups of four and detects the brand', () => {
    expect(formatCardNumber('5162306219378829')).toBe('5162 3062 1937 8829');
    expect(formatCardNumber('4000 0000-0000 3006 999')).toBe('4000 0000 0000 3006 999');
    // Past 19 digits nothing is cut: the digits stay as typed, and the field says no card has that many.
    expect(formatCardNumber('4000 0000-0000 3006 99999')).toBe('400000000000300699999');
    expect(cardNumberError('4000 0000 0000 3006 99999')).toBe('Um cartão tem no máximo 19 dígitos; este tem 21.');
    expect(detectBrand('5162')).toBe('MASTERCARD');
    expect(detectBrand('4000')).toBe('VISA');
    expect(detectBrand('6362 97')).toBe('ELO');
    expect(detectBrand('9')).toBeNull();
  });

  it.each([
    ['5162 3062 1937 8829', undefined],
    ['5162 3062 1937 8828', 'Número do cartão inválido. Confira os dígitos.'],
    ['4111', 'Número do cartão inválido. Confira os dígitos.'],
    ['', 'Informe o número do cartão.'],
  ])('checks the number %s with Luhn', (number, error) => {
    expect(cardNumberError(number)).toBe(error);
  });

  it('reads MM/AA and refuses a past or impossible expiry', () => {
    const now = new Date(2026, 10, 25);
    expect(formatExpiry('0830')).toBe('08/30');
    expect(parseExpiry('08/30')).toEqual({ month: '08', year: '2030' });
    expect(expiryError('11/26', now)).toBeUndefined();
    expect(expiryError('10/26', now)).toBe('Este cartão está vencido.');
    expect(expiryError('13/30', now)).toBe('Mês de validade inválido.');
    expect(expiryError('08/3', now)).toBe('Informe a validade no formato MM/AA.');
  });

  it('checks the CPF digits and masks the CEP', () => {
    expect(cpfError('529.982.247-25')).toBeUndefined();
    expect(cpfError('529.982.247-24')).toBe('CPF inválido. Confira os números.');
    expect(formatCep('01310100')).toBe('01310-100');
  });

  it("maps the API's issue paths to the form's fields", () => {
    expect(
      cardFieldErrors([
        { path: ['card', 'number'], message: 'Número do cartão inválido.' },
        { path: ['holder', 'cpf'], message: 'CPF do titular inválido.' },
        { path: ['card', 'expiryYear'], message: 'Ano de validade inválido.' },
      ]),
    ).toEqual({
      number: 'Número do cartão inválido.',
      cpf: 'CPF do titular inválido.',
      expiry: 'Ano de validade inválido.',
    });
  });
});
