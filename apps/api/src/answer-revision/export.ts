/**
 * Spreadsheet output of answers: cell escaping against formula injection, CSV for Brazilian Excel and
 * XLSX. Pure functions (no database), so they can be property-tested.
 *
 * CSV decisions: UTF-8 with a BOM (Excel then reads the accents right), `;` as the separator (the list
 * separator of Excel in pt-BR, where `,` is the decimal comma), CRLF between records, every field
 * quoted with `"` and inner quotes doubled (RFC 4180), so separators, quotes and line breaks inside a
 * cell are kept as they are.
 */
import writeXlsxFile from 'write-excel-file/node';

export const CSV_SEPARATOR = ';';
export const CSV_BOM = '\uFEFF';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A cell starting with one of these could be evaluated as a formula (or a DDE command) by a spreadsheet. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The text of a cell made safe to open in a spreadsheet: when it begins with `=`, `+`, `-`, `@`, a tab or
 * a carriage return, exactly one apostrophe is put in front (spreadsheets show it as text); otherwise
 * the text is unchanged.
 */
export function escapeCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One CSV field: escaped, quoted, inner quotes doubled. */
export function csvField(text: string): string {
  return `"${escapeCell(text).replace(/"/g, '""')}"`;
}

/** The whole CSV document: BOM, `;`-separated quoted fields, CRLF line ends (also after the last record). */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return CSV_BOM + rows.map((row) => row.map(csvField).join(CSV_SEPARATOR) + '\r\n').join('');
}

/** The XLSX workbook (one sheet, bold frozen header row), every cell a string cell escaped like the CSV. */
export async function toXlsx(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  sheet = 'Respostas',
): Promise<Buffer> {
  const data = [
    header.map((h) => ({ value: escapeCell(h), type: String, fontWeight: 'bold' as const })),
    ...rows.map((row) => row.map((v) => ({ value: escapeCell(v), type: String }))),
  ];
  const columns = header.map((h, i) => ({
    width: Math.min(
      60,
      Math.max(12, h.length + 2, ...rows.slice(0, 200).map((r) => Math.min(60, (r[i] ?? '').length + 2))),
    ),
  }));
  return writeXlsxFile(data as never, { sheet: sheet.slice(0, 31), columns, stickyRowsCount: 1 } as never).toBuffer();
}

/** A name for a downloaded file: accents removed, lower-case, `-` between words. */
export function fileSlug(text: string): string {
  const slug = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'questionario';
}
