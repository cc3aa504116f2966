/**
 * The rows of a patient import: the template, reading the file (CSV or XLSX), mapping its columns to our
 * fields (the professional's mapping, else the headers' names and aliases) and checking each row.
 */
import { isEmail } from '@acompanha/formats';
import type { z } from 'zod';
import type { PatientSex, ServiceModality } from '../db/schema.js';
import { AppError, errors } from '../errors/app-error.js';
import type { ErrorCode } from '../errors/codes.js';
import { onlyDigits } from '../lib/br.js';
import { searchable } from '../lib/text.js';
import { birthDateProblem, CPF_INVALID, normalizeCpf, normalizePhone, PHONE_INVALID } from './fields.js';
import { type Cell, parseSpreadsheet } from './parse-import.js';
import { IMPORT_FIELDS, type ImportField, type PatientImportResultSchema } from './schemas.js';

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export type ImportResult = z.infer<typeof PatientImportResultSchema>;
export type ImportError = ImportResult['errors'][number];

/** The template's headers (also the auto-mapping's first choice). */
export const TEMPLATE_HEADERS: Record<ImportField, string> = {
  name: 'Nome',
  email: 'E-mail',
  phone: 'Telefone',
  document: 'CPF',
  birthDate: 'Data de nascimento',
  sex: 'Sexo',
  serviceModality: 'Modalidade',
  tags: 'Tags',
  notes: 'Observações',
};

export function templateCsv(): string {
  return `\uFEFF${IMPORT_FIELDS.map((f) => TEMPLATE_HEADERS[f]).join(';')}\r\n`;
}

const headerKey = (h: string) => searchable(h).replace(/[^a-z0-9]/g, '');

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

const isXlsx = (data: Buffer) =>
  data.length > 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;

export const fileError = (message: string) => errors.field(['file'], message);

export async function readRows(filename: string, data: Buffer): Promise<Cell[][]> {
  if (data.length === 0) throw fileError('O arquivo está vazio.');
  if (isXlsx(data)) return parseSpreadsheet('xlsx', data);
  if (
    /\.(xls|ods|numbers)$/i.test(filename) ||
    data.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
  ) {
    throw fileError('Formato não suportado: envie um arquivo CSV ou XLSX.');
  }
  return parseSpreadsheet('csv', data);
}

export function parseMapping(raw: string | undefined): Partial<Record<ImportField, string>> {
  if (raw === undefined || raw.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw errors.field(['mapping'], 'O mapeamento deve ser um objeto JSON: campo → nome da coluna.');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw errors.field(['mapping'], 'O mapeamento deve ser um objeto JSON.');
  const out: Partial<Record<ImportField, string>> = {};
  for (const [k, v] of Object.entries(value)) {
    if (!(IMPORT_FIELDS as readonly string[]).includes(k))
      throw errors.field(['mapping', k], `Campo desconhecido. Use: ${IMPORT_FIELDS.join(', ')}.`);
    if (typeof v !== 'string' || !v.trim()) throw errors.field(['mapping', k], 'Informe o nome da coluna.');
    out[k as ImportField] = v;
  }
  return out;
}

export function mapColumns(
  header: Cell[],
  mapping: Partial<Record<ImportField, string>>,
): Partial<Record<ImportField, number>> {
  const keys = header.map((h) => headerKey(cellText(h)));
  const out: Partial<Record<ImportField, number>> = {};
  for (const field of IMPORT_FIELDS) {
    const wanted = mapping[field];
    if (wanted !== undefined) {
      const i = keys.indexOf(headerKey(wanted));
      if (i < 0) throw errors.field(['mapping', field], `Coluna "${wanted}" não encontrada no arquivo.`);
      out[field] = i;
      continue;
    }
    const i = keys.findIndex((k) => k && ALIASES[field].includes(k));
    if (i >= 0 && !Object.values(out).includes(i)) out[field] = i;
  }
  if (out.name === undefined) {
    throw new AppError(
      400,
      'MISSING_PARAMETER_MAPPER',
      'Não encontramos a coluna com o nome do cliente. Informe o mapeamento das colunas.',
      [{ path: ['mapping', 'name'], message: 'Associe a coluna com o nome do cliente.' }],
    );
  }
  return out;
}

export function cellText(c: Cell): string {
  if (c === null || c === undefined) return '';
  if (c instanceof Date) return Number.isNaN(c.getTime()) ? '' : c.toISOString().slice(0, 10);
  return String(c).trim();
}

function parseBirthDate(c: Cell): string {
  if (c instanceof Date) return cellText(c);
  const s = cellText(c);
  const br = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  if (br) return `${br[3]}-${br[2]!.padStart(2, '0')}-${br[1]!.padStart(2, '0')}`;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(s);
  if (iso) return `${iso[1]}-${iso[2]!.padStart(2, '0')}-${iso[3]!.padStart(2, '0')}`;
  return s;
}

const SEXES: Record<string, PatientSex> = {
  f: 'feminino',
  feminino: 'feminino',
  feminina: 'feminino',
  female: 'feminino',
  mulher: 'feminino',
  m: 'masculino',
  masculino: 'masculino',
  male: 'masculino',
  homem: 'masculino',
  o: 'outro',
  outro: 'outro',
  outra: 'outro',
  other: 'outro',
  naobinario: 'outro',
  nb: 'outro',
};
const MODALITIES: Record<string, ServiceModality> = {
  presencial: 'presencial',
  inperson: 'presencial',
  online: 'online',
  remoto: 'online',
  teleconsulta: 'online',
  hibrido: 'hibrido',
  hybrid: 'hibrido',
};

export interface RowValues {
  name: string;
  email?: string;
  phone?: string;
  document?: string;
  birthDate?: string;
  sex?: PatientSex;
  serviceModality?: ServiceModality;
  tags?: string[];
  notes?: string;
}

export function validateRow(
  cells: Cell[],
  cols: Partial<Record<ImportField, number>>,
  row: number,
  today: string,
  errs: ImportError[],
): RowValues | null {
  const at = (f: ImportField) => (cols[f] === undefined ? undefined : cells[cols[f]!]);
  const text = (f: ImportField) => cellText(at(f));
  const before = errs.length;
  const fail = (field: ImportField, code: ErrorCode, message: string) => errs.push({ row, field, code, message });
  const out: RowValues = { name: text('name') };
  if (!out.name) fail('name', 'WRONG_COMMAND_PARAMETERS', 'Informe o nome.');
  else if (out.name.length > 200)
    fail('name', 'WRONG_COMMAND_PARAMETERS', 'Nome longo demais (máximo 200 caracteres).');
  const email = text('email').toLowerCase();
  if (email) {
    if (!isEmail(email)) fail('email', 'WRONG_COMMAND_PARAMETERS', 'Informe um e-mail válido, como nome@exemplo.com.');
    else out.email = email;
  }
  const phoneCell = at('phone');
  const phoneText = typeof phoneCell === 'number' ? String(Math.trunc(phoneCell)) : text('phone');
  if (phoneText) {
    const phone = normalizePhone(phoneText);
    if (!phone) fail('phone', 'WRONG_COMMAND_PARAMETERS', PHONE_INVALID);
    else out.phone = phone;
  }
  const docCell = at('document');
  // A CPF typed as a number loses its leading zeros.
  const docText = typeof docCell === 'number' ? String(Math.trunc(docCell)).padStart(11, '0') : text('document');
  if (docText) {
    const doc = normalizeCpf(
      onlyDigits(docText).length < 11 && /^\d+$/.test(docText) ? docText.padStart(11, '0') : docText,
    );
    if (!doc) fail('document', 'INVALID_PATIENT_DOCUMENT', CPF_INVALID);
    else out.document = doc;
  }
  const birth = cellText(at('birthDate')) ? parseBirthDate(at('birthDate')) : '';
  if (birth) {
    const problem = birthDateProblem(birth, today);
    if (problem) fail('birthDate', 'WRONG_COMMAND_PARAMETERS', `${problem} Use dd/mm/aaaa ou aaaa-mm-dd.`);
    else out.birthDate = birth;
  }
  const sex = text('sex');
  if (sex) {
    const v = SEXES[headerKey(sex)];
    if (!v) fail('sex', 'WRONG_COMMAND_PARAMETERS', 'Sexo inválido: use feminino, masculino ou outro.');
    else out.sex = v;
  }
  const modality = text('serviceModality');
  if (modality) {
    const v = MODALITIES[headerKey(modality)];
    if (!v)
      fail('serviceModality', 'WRONG_COMMAND_PARAMETERS', 'Modalidade inválida: use presencial, online ou híbrido.');
    else out.serviceModality = v;
  }
  const tags = text('tags');
  if (tags) {
    out.tags = [
      ...new Set(
        tags
          .split(/[,;|]/)
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ]
      .map((t) => t.slice(0, 40))
      .slice(0, 30);
  }
  const notes = text('notes');
  if (notes) out.notes = notes.slice(0, 5000);
  return errs.length === before ? out : null;
}
