import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition, toCsv } from './download';

describe('toCsv', () => {
  it('writes text quoted only when needed and formulas neutralised, numbers bare with a decimal comma', () => {
    expect(
      toCsv([
        ['linha', 'erro'],
        [2, 'Telefone: inválido; confira'],
        [-3.5, '=1+1'],
        [12000, 'ok'],
      ]),
    ).toBe('\uFEFFlinha;erro\r\n2;"Telefone: inválido; confira"\r\n-3,5;\'=1+1\r\n12000;ok\r\n');
  });
});

describe('fileNameFromDisposition', () => {
  it('prefers filename*', () => {
    expect(fileNameFromDisposition(`attachment; filename="a.csv"; filename*=UTF-8''respostas-mar%C3%A7o.csv`)).toBe(
      'respostas-março.csv',
    );
    expect(fileNameFromDisposition('attachment; filename="a.csv"')).toBe('a.csv');
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
