import { describe, expect, it } from 'vitest';
import { formatCnpj, formatCpf, formatDocument, formatPhoneBR, isValidCnpj, isValidCpf, onlyDigits } from './br';

describe('formatPhoneBR', () => {
  it.each([
    ['', ''],
    ['1', '(1'],
    ['11', '(11'],
    ['119', '(11) 9'],
    ['1191234', '(11) 9123-4'],
    ['1191234567', '(11) 9123-4567'],
    ['11912345678', '(11) 91234-5678'],
    ['1132345678', '(11) 3234-5678'],
    ['(11) 91234-5678', '(11) 91234-5678'],
    // Past a phone's 11 digits: every digit is kept and shown (the field says it is too long).
    ['119123456789999', '119123456789999'],
  ])('%j → %j', (input, expected) => {
    expect(formatPhoneBR(input)).toBe(expected);
  });
});

describe('formatCpf / formatCnpj / formatDocument', () => {
  it.each([
    ['123', '123'],
    ['1234', '123.4'],
    ['1234567', '123.456.7'],
    ['12345678909', '123.456.789-09'],
    ['123.456.789-09', '123.456.789-09'],
  ])('formatCpf %j → %j', (input, expected) => {
    expect(formatCpf(input)).toBe(expected);
  });
  it.each([
    ['12', '12'],
    ['123', '12.3'],
    ['123456789', '12.345.678/9'],
    ['12345678000195', '12.345.678/0001-95'],
  ])('formatCnpj %j → %j', (input, expected) => {
    expect(formatCnpj(input)).toBe(expected);
  });
  it('switches from CPF to CNPJ after 11 digits', () => {
    expect(formatDocument('12345678909')).toBe('123.456.789-09');
    expect(formatDocument('123456789012')).toBe('12.345.678/9012');
  });
  it('onlyDigits strips everything else', () => {
    expect(onlyDigits('(11) 9 1234-5678 ')).toBe('11912345678');
  });
});

describe('isValidCpf', () => {
  it.each(['123.456.789-09', '52998224725', '111.444.777-35'])('accepts %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });
  it.each(['123.456.789-00', '52998224724', '111.111.111-11', '00000000000', '1234567890', ''])('rejects %j', (cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });
});

describe('isValidCnpj', () => {
  it.each(['12.345.678/0001-95', '11222333000181', '11.444.777/0001-61'])('accepts %s', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
  });
  it.each(['12.345.678/0001-96', '11222333000180', '11.111.111/1111-11', '1122233300018', ''])('rejects %j', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });
});
