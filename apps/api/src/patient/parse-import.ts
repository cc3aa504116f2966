import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { API_ROOT } from '../config.js';
import { errors } from '../errors/app-error.js';

/**
 * A spreadsheet is checked before it is parsed, and parsed off the request thread:
 * - an XLSX is a zip: its central directory says how large each part becomes once uncompressed, so a
 *   zip bomb (a few hundred KB that inflate to hundreds of MB) is refused in microseconds, before inflating;
 * - the parse itself runs in a worker with a heap limit and a time limit, so a file that lies in its
 *   directory, or whose XML is merely huge, exhausts that worker only; the API keeps answering meanwhile;
 * - the rows and cells are counted in the worker, before they cross back.
 * One import parses at a time per process; the next waits its turn.
 */

export const MAX_IMPORT_ROWS = 10_000;
/** Cells in the whole sheet: 10,000 patients × 9 fields, with room for extra columns. */
export const MAX_IMPORT_CELLS = 300_000;
/** Everything inside an XLSX once uncompressed. */
export const MAX_XLSX_UNCOMPRESSED_BYTES = 64 * 1024 * 1024;
export const MAX_XLSX_ENTRIES = 2_000;
/** Past this ratio an entry larger than 1 MB uncompressed is a bomb, not a spreadsheet (real ones: 5–20:1). */
export const MAX_XLSX_RATIO = 200;
export const PARSE_TIME_LIMIT_MS = 15_000;
const WORKER_HEAP_MB = 192;

const WORKER_FILE = path.join(API_ROOT, 'src/patient/import-worker.mjs');

export type Cell = string | number | boolean | Date | null | undefined;
const fileError = (message: string) => errors.field(['file'], message);

const TOO_LARGE =
  'A planilha é grande demais depois de descompactada. Envie no máximo 10.000 clientes, sem imagens ou abas extras.';

/** Reads the zip's central directory and refuses what would inflate past the limits. No inflating here. */
export function checkXlsxDirectory(data: Buffer): void {
  // End of central directory: 22 bytes plus a comment of up to 64 KB, at the end of the file.
  const from = Math.max(0, data.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = data.length - 22; i >= from; i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw fileError('Não foi possível ler a planilha XLSX.');
  const entries = data.readUInt16LE(eocd + 10);
  const dirOffset = data.readUInt32LE(eocd + 16);
  if (entries === 0xffff || dirOffset === 0xffffffff) throw fileError(TOO_LARGE); // ZIP64: no spreadsheet of ours needs it
  if (entries > MAX_XLSX_ENTRIES) throw fileError(TOO_LARGE);
  let offset = dirOffset;
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > data.length || data.readUInt32LE(offset) !== 0x02014b50)
      throw fileError('Não foi possível ler a planilha XLSX.');
    const compressed = data.readUInt32LE(offset + 20);
    const uncompressed = data.readUInt32LE(offset + 24);
    if (compressed === 0xffffffff || uncompressed === 0xffffffff) throw fileError(TOO_LARGE);
    total += uncompressed;
    if (total > MAX_XLSX_UNCOMPRESSED_BYTES) throw fileError(TOO_LARGE);
    if (uncompressed > 1024 * 1024 && uncompressed > Math.max(1, compressed) * MAX_XLSX_RATIO)
      throw fileError(TOO_LARGE);
    offset += 46 + data.readUInt16LE(offset + 28) + data.readUInt16LE(offset + 30) + data.readUInt16LE(offset + 32);
  }
}

let queue: Promise<unknown> = Promise.resolve();

/** Parses the file in a worker, one at a time; throws 400 on the `file` field for anything it refuses. */
export function parseSpreadsheet(kind: 'xlsx' | 'csv', data: Buffer): Promise<Cell[][]> {
  if (kind === 'xlsx') checkXlsxDirectory(data);
  const run = queue.then(() => runWorker(kind, data));
  queue = run.catch(() => undefined);
  return run;
}

type WorkerAnswer =
  | { rows: Cell[][] }
  | { error: 'too-many-rows' | 'too-many-cells' | 'unreadable-xlsx' | 'invalid-csv'; detail?: string };

function runWorker(kind: 'xlsx' | 'csv', data: Buffer): Promise<Cell[][]> {
  return new Promise((resolve, reject) => {
    const copy = new Uint8Array(data); // the worker owns its copy; the request's buffer stays the caller's
    const worker = new Worker(WORKER_FILE, {
      workerData: { kind, data: copy, maxRows: MAX_IMPORT_ROWS, maxCells: MAX_IMPORT_CELLS },
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      stdout: false,
      stderr: true,
    });
    worker.stderr?.resume();
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(fileError('A planilha demorou demais para ser lida. Envie um arquivo menor ou salve-a como CSV.')),
        ),
      PARSE_TIME_LIMIT_MS,
    );
    worker.once('message', (answer: WorkerAnswer) =>
      finish(() => {
        if ('rows' in answer) return resolve(answer.rows);
        switch (answer.error) {
          case 'too-many-rows':
            return reject(
              fileError(`O arquivo deve ter no máximo ${MAX_IMPORT_ROWS.toLocaleString('pt-BR')} linhas de clientes.`),
            );
          case 'too-many-cells':
            return reject(
              fileError('A planilha tem células demais. Deixe só as colunas dos clientes e no máximo 10.000 linhas.'),
            );
          case 'unreadable-xlsx':
            return reject(fileError('Não foi possível ler a planilha XLSX.'));
          default:
            return reject(fileError(`CSV inválido: ${answer.detail ?? ''}`.trim()));
        }
      }),
    );
    worker.once('error', (err: Error & { code?: string }) =>
      finish(() =>
        reject(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? fileError(TOO_LARGE)
            : fileError('Não foi possível ler a planilha.'),
        ),
      ),
    );
    worker.once('exit', (code) =>
      finish(() => reject(fileError(code === 0 ? 'Não foi possível ler a planilha.' : TOO_LARGE))),
    );
  });
}
