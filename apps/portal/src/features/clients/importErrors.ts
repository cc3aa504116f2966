/** What a refused row of an import means, and the refused rows as a spreadsheet to fix and send again. */
import { isErrorCode, messageForCode, type PatientImportError, type PatientImportResult } from '@acompanha/api-client';
import { IMPORT_FIELD_LABELS, type ImportField } from './importFile';
import { toCsv } from '../../lib/download';

/** Codes whose catalogue sentence says less than the API's own message for the row. */
export const GENERIC_CODES = new Set(['WRONG_COMMAND_PARAMETERS', 'MISSING_PARAMETER', 'INTERNAL_ERROR']);

/** What a row error means, in Portuguese. */
export function describeImportError(error: PatientImportError): string {
  if (isErrorCode(error.code) && !GENERIC_CODES.has(error.code)) return messageForCode(error.code);
  return error.message || messageForCode(error.code);
}

export const fieldLabel = (field: string | null) =>
  field && field in IMPORT_FIELD_LABELS ? IMPORT_FIELD_LABELS[field as ImportField] : (field ?? 'Linha inteira');

/** The rejected rows as they were in the file, plus an `erro` column saying what to fix. */
export function rejectedRowsCsv(result: PatientImportResult, records: string[][] | null): string {
  const byRow = new Map<number, string[]>();
  for (const e of result.errors)
    byRow.set(e.row, [...(byRow.get(e.row) ?? []), `${fieldLabel(e.field)}: ${describeImportError(e)}`]);
  const rows = [...byRow.entries()].sort(([a], [b]) => a - b);
  if (!records) return toCsv([['linha', 'erro'], ...rows.map(([row, problems]) => [row, problems.join(' | ')])]);
  const header = records[0] ?? [];
  return toCsv([
    [...header, 'erro'],
    ...rows.map(([row, problems]) => [...header.map((_, i) => records[row - 1]?.[i] ?? ''), problems.join(' | ')]),
  ]);
}
