/**
 * Spreadsheet output of answers: cell escaping against formula injection, CSV for Brazilian Excel and
 * XLSX. Pure functions (no database), so they can be property-tested.
 *
 * A cell is text or a number. Numbers stay numbers, so a spreadsheet sums and charts them: the unit goes
 * in the column's header, never in the cell.
 *
 * CSV decisions: UTF-8 with a BOM (Excel then reads the accents right), `;` as the separator (the list
 * separator of Excel in pt-BR, where `,` is the decimal comma), CRLF between records. A text field is
 * quoted with `"` and inner quotes doubled (RFC 4180), so separators, quotes and line breaks inside a
 * cell are kept as they are. A number is written bare, with a decimal comma and no thousands separator
 * (`70,5`, `-2,25`, `12000`): Excel in pt-BR reads it as a number.
 *
 * XLSX: a number is a number cell whose display format keeps its decimals (`#,##0.0`; Excel shows it
 * with the reader's own separators: `1.234,5` in pt-BR).
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

/** A number cell: its value and how many digits after the comma it shows (0–6). */
export interface NumberCell {
  number: number;
  decimals: number;
}

/** A cell of an export: text, or a number. */
export type SheetCell = string | NumberCell;

const clampDecimals = (decimals: number) => Math.max(0, Math.min(6, Math.trunc(decimals) || 0));

const csvNumberFormats = new Map<number, Intl.NumberFormat>();

/** A number as a CSV field for Excel in pt-BR: decimal comma, no thousands separator, `decimals` digits. */
export function csvNumber(value: number, decimals: number): string {
  const d = clampDecimals(decimals);
  let f = csvNumberFormats.get(d);
  if (!f)
    csvNumberFormats.set(
      d,
      (f = new Intl.NumberFormat('pt-BR', { useGrouping: false, minimumFractionDigits: d, maximumFractionDigits: d })),
    );
  // Intl may write a minus sign other than ASCII's; spreadsheets read the hyphen-minus.
  return f.format(value).replace(/[\u2212\u2012-\u2015]/g, '-');
}

/** The XLSX display format of a number with `decimals` digits: `#,##0`, `#,##0.0`, `#,##0.00`… */
export function xlsxNumberFormat(decimals: number): string {
  const d = clampDecimals(decimals);
  return d === 0 ? '#,##0' : `#,##0.${'0'.repeat(d)}`;
}

const isNumberCell = (cell: SheetCell): cell is NumberCell => typeof cell !== 'string' && Number.isFinite(cell.number);

/** One CSV field: a number bare (`70,5`); text escaped, quoted, inner quotes doubled. */
export function csvField(cell: SheetCell): string {
  if (isNumberCell(cell)) return csvNumber(cell.number, cell.decimals);
  const text = typeof cell === 'string' ? cell : '';
  return `"${escapeCell(text).replace(/"/g, '""')}"`;
}

/** The whole CSV document: BOM, `;`-separated fields, CRLF line ends (also after the last record). */
export function toCsv(rows: readonly (readonly SheetCell[])[]): string {
  return CSV_BOM + rows.map((row) => row.map(csvField).join(CSV_SEPARATOR) + '\r\n').join('');
}

/** How wide a cell reads, in characters (for the column widths). */
const cellLength = (cell: SheetCell | undefined) =>
  cell === undefined ? 0 : typeof cell === 'string' ? cell.length : csvNumber(cell.number, cell.decimals).length;

/**
 * The XLSX workbook (one sheet, bold frozen header row): text as string cells escaped like the CSV,
 * numbers as number cells with their decimals' format.
 */
export async function toXlsx(
  header: readonly string[],
  rows: readonly (readonly SheetCell[])[],
  sheet = 'Respostas',
): Promise<Buffer> {
  const data = [
    header.map((h) => ({ value: escapeCell(h), type: String, fontWeight: 'bold' as const })),
    ...rows.map((row) =>
      row.map((cell) =>
        isNumberCell(cell)
          ? { value: cell.number, type: Number, format: xlsxNumberFormat(cell.decimals) }
          : { value: escapeCell(typeof cell === 'string' ? cell : ''), type: String },
      ),
    ),
  ];
  const columns = header.map((h, i) => ({
    width: Math.min(
      60,
      Math.max(12, h.length + 2, ...rows.slice(0, 200).map((r) => Math.min(60, cellLength(r[i]) + 2))),
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
