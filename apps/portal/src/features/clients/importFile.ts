/**
 * Client-side reading of the import spreadsheet: just enough of the CSV for the column mapping and
 * the preview (the API parses the file again, fully). Also builds the CSV of rejected rows.
 */

export const IMPORT_FIELDS = [
  'name',
  'email',
  'phone',
  'document',
  'birthDate',
  'sex',
  'serviceModality',
  'notes',
  'tags',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Our fields as the mapping screen names them. */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  name: 'Nome',
  email: 'E-mail',
  phone: 'Telefone',
  document: 'CPF',
  birthDate: 'Data de nascimento',
  sex: 'Sexo',
  serviceModality: 'Modalidade',
  notes: 'Observações',
  tags: 'Tags',
};

export type ImportMapping = Partial<Record<ImportField, string>>;

/** The same header names the API recognises (apps/api/src/patient/import.ts), so the guess agrees with it. */
const ALIASES: Record<ImportField, string[]> = {
  name: ['nome', 'nomecompleto', 'name', 'fullname', 'cliente', 'paciente', 'nomedocliente', 'nomedopaciente'],
  email: ['email', 'correioeletronico', 'emaildocliente'],
  phone: [
    'telefone',
    'celular',
    'phone',
    'whatsapp',
    'whats',
    'fone',
    'tel',
    'mobile',
    'telefonecelular',
    'telefonewhatsapp',
  ],
  document: ['cpf', 'documento', 'document', 'doc'],
  birthDate: [
    'nascimento',
    'datadenascimento',
    'datanascimento',
    'dtnascimento',
    'datanasc',
    'birthdate',
    'birthday',
    'dateofbirth',
  ],
  sex: ['sexo', 'sex', 'genero', 'gender'],
  serviceModality: ['modalidade', 'modality', 'atendimento', 'modalidadedeatendimento'],
  tags: ['tags', 'tag', 'etiquetas', 'marcadores'],
  notes: ['observacoes', 'observacao', 'obs', 'notas', 'notes', 'anotacoes'],
};

const headerKey = (h: string) =>
  h
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Our field → the file's header, for every header the API would recognise by itself. */
export function guessMapping(headers: string[]): ImportMapping {
  const keys = headers.map(headerKey);
  const mapping: ImportMapping = {};
  const used = new Set<number>();
  for (const field of IMPORT_FIELDS) {
    const i = keys.findIndex((k, idx) => !used.has(idx) && k !== '' && ALIASES[field].includes(k));
    if (i >= 0) {
      mapping[field] = headers[i];
      used.add(i);
    }
  }
  return mapping;
}

/** `;`, `,` or tab: whichever appears most in the header line outside quotes. */
export function detectDelimiter(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  let best = ',';
  let bestCount = 0;
  for (const candidate of [';', ',', '\t']) {
    let count = 0;
    let quoted = false;
    for (const ch of firstLine) {
      if (ch === '"') quoted = !quoted;
      else if (!quoted && ch === candidate) count++;
    }
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

/**
 * RFC 4180 reading: quoted cells may hold the delimiter, line breaks and doubled quotes. Stops after
 * `maxRows` records (header included) when given. Blank lines stay (as `['']`), so record `i` is
 * spreadsheet row `i + 1`, the numbering of the API's row errors.
 */
export function parseCsv(input: string, maxRows = Infinity): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const delimiter = detectDelimiter(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endRow = () => {
    row.push(cell);
    rows.push(row);
    row = [];
    cell = '';
  };
  for (let i = 0; i < text.length && rows.length < maxRows; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else cell += ch;
  }
  if (rows.length < maxRows && (cell !== '' || row.length > 0)) endRow();
  return rows;
}

export const isBlankRow = (row: string[]) => row.every((c) => c.trim() === '');

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const isXlsx = (file: File) => file.type === XLSX_TYPE || /\.xlsx$/i.test(file.name);

/** Decodes a CSV file as UTF-8, falling back to Latin-1 (Excel's "CSV" in Brazil) when it is not valid UTF-8. */
export async function readCsvText(file: Blob): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export const PREVIEW_ROWS = 5;

export const NONE = '__none__';

export const number = new Intl.NumberFormat('pt-BR');

/** The file as read in the browser: every record (header first) for CSV; `null` for XLSX. */
export interface ReadFile {
  file: File;
  records: string[][] | null;
}
