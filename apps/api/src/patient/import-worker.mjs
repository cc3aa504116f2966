// Parses an uploaded patient spreadsheet (XLSX or CSV) off the request thread. Started by
// parse-import.ts with resource limits and a time limit: a spreadsheet bomb can exhaust this worker,
// never the API process, and no request waits for it meanwhile. Plain JavaScript, so the production
// bundle (dist/main.js) and `tsx` in development start the same file (apps/api/src/patient/import-worker.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import { parse as parseCsv } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';

/** @type {{ kind: 'xlsx' | 'csv', data: Uint8Array, maxRows: number, maxCells: number }} */
const { kind, data, maxRows, maxCells } = workerData;

function decodeText(bytes) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function detectDelimiter(text) {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const outside = firstLine.replace(/"[^"]*"/g, '');
  const counts = [';', ',', '\t'].map((d) => [d, outside.split(d).length - 1]);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0][1] > 0 ? counts[0][0] : ',';
}

/** Refuses more rows or cells than an import takes, before anything is sent back. */
function checkSize(rows) {
  // The header, plus blank lines a spreadsheet often has at its end, on top of the patients' rows.
  if (rows.length > maxRows + 1000) return { error: 'too-many-rows' };
  let cells = 0;
  for (const row of rows) cells += row.length;
  if (cells > maxCells) return { error: 'too-many-cells' };
  return { rows };
}

async function parse() {
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (kind === 'xlsx') {
    try {
      return checkSize(await readSheet(buffer));
    } catch {
      return { error: 'unreadable-xlsx' };
    }
  }
  const text = decodeText(buffer).replace(/^\uFEFF/, '');
  try {
    const rows = parseCsv(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    });
    return checkSize(rows);
  } catch (err) {
    return { error: 'invalid-csv', detail: String(err?.message ?? '').slice(0, 200) };
  }
}

parentPort.postMessage(await parse());
