import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvNumber, escapeCell, fileSlug, toCsv, xlsxNumberFormat } from './export.js';

/** What a stored text must read back as: itself, or itself behind one apostrophe when it could start a formula. */
const expected = (stored: string) => (/^[=+\-@\t\r]/.test(stored) ? `'${stored}` : stored);

/** Texts a patient or a professional could store (PostgreSQL text: no NUL), biased towards the awkward ones. */
const tricky = fc.constantFrom(
  '=',
  '+',
  '-',
  '@',
  '\t',
  '\r',
  '\n',
  '\r\n',
  '"',
  '""',
  ';',
  ',',
  "'",
  ' ',
  '\uFEFF',
  'á',
  'Ç',
  '😀',
  'SUM(A1)',
  'cmd|',
  '=HYPERLINK("x")',
);
const cellText = fc
  .oneof(
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc
      .array(fc.oneof(tricky, fc.string({ unit: 'grapheme-ascii', maxLength: 4 })), { maxLength: 8 })
      .map((parts) => parts.join('')),
  )
  .map((s) => s.replaceAll('\u0000', ''));

const table = fc
  .integer({ min: 1, max: 6 })
  .chain((width) =>
    fc.array(fc.array(cellText, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 8 }),
  );

const readBack = (bytes: Buffer): string[][] =>
  parse(bytes, { bom: true, delimiter: ';', relax_quotes: false, relax_column_count: false });

describe('escapeCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+55 11 91234-5678', "'+55 11 91234-5678"],
    ['-3,5 kg', "'-3,5 kg"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ["'=já escapado", "'=já escapado"],
    ['64,3 kg', '64,3 kg'],
    ['a=b', 'a=b'],
    ['', ''],
    ['\nlinha', '\nlinha'],
  ])('%j → %j', (input, out) => {
    expect(escapeCell(input)).toBe(out);
  });

  it('adds exactly one apostrophe to a dangerous text and changes nothing else (property)', () => {
    fc.assert(
      fc.property(cellText, (s) => {
        const e = escapeCell(s);
        if (/^[=+\-@\t\r]/.test(s)) expect(e).toBe(`'${s}`);
        else expect(e).toBe(s);
        // Never starts a formula any more.
        expect(/^[=+\-@\t\r]/.test(e)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('toCsv', () => {
  it('every cell, read back by a CSV parser from the UTF-8 bytes, equals the stored text except for one leading apostrophe (property)', () => {
    fc.assert(
      fc.property(table, (rows) => {
        const csv = toCsv(rows);
        expect(csv.startsWith(CSV_BOM)).toBe(true);
        const back = readBack(Buffer.from(csv, 'utf8'));
        expect(back).toEqual(rows.map((r) => r.map(expected)));
      }),
      { numRuns: 1000 },
    );
  });

  it('writes a BOM, `;` separators, quoted fields and CRLF records', () => {
    expect(
      toCsv([
        ['Cliente', 'Peso'],
        ['Ana "Aninha"', '=2+2'],
        ['a;b', 'x\ny'],
      ]),
    ).toBe('\uFEFF"Cliente";"Peso"\r\n"Ana ""Aninha""";"\'=2+2"\r\n"a;b";"x\ny"\r\n');
  });
});

describe('numbers', () => {
  it('are written bare for Excel in pt-BR: decimal comma, the decimals asked for, no thousands separator, never escaped', () => {
    expect(
      toCsv([
        ['Peso (kg)', 'Passos'],
        [
          { number: 70.5, decimals: 1 },
          { number: 12000, decimals: 0 },
        ],
        [
          { number: -2, decimals: 2 },
          { number: 1234567.891, decimals: 3 },
        ],
        [{ number: Number.NaN, decimals: 1 }, ''],
      ]),
    ).toBe('\uFEFF"Peso (kg)";"Passos"\r\n70,5;12000\r\n-2,00;1234567,891\r\n"";""\r\n');
    expect(csvNumber(88, 1)).toBe('88,0');
    expect(csvNumber(-0.25, 2)).toBe('-0,25');
    expect([0, 1, 3].map(xlsxNumberFormat)).toEqual(['#,##0', '#,##0.0', '#,##0.000']);
  });

  it('read back from the CSV, each is the number rounded to its decimals (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1_000_000, max: 1_000_000, noNaN: true }),
        fc.integer({ min: 0, max: 3 }),
        (value, decimals) => {
          const [[field]] = readBack(Buffer.from(toCsv([[{ number: value, decimals }]]), 'utf8'));
          expect(field).toMatch(/^-?\d+(,\d+)?$/);
          expect(Math.abs(Number(field!.replace(',', '.')) - value)).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-9);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('fileSlug', () => {
  it('makes a plain file name', () => {
    expect(fileSlug('Acompanhamento Semanal — Março/2030')).toBe('acompanhamento-semanal-marco-2030');
    expect(fileSlug('***')).toBe('questionario');
  });
});
