/**
 * Patient import from CSV (UTF-8 with or without BOM, else Latin-1/Windows-1252; comma, semicolon or
 * tab, detected from the header line) or XLSX (first sheet). Every row is validated; the good ones are
 * written in one transaction with batched statements. Rows matching an existing patient (phone, CPF,
 * else e-mail, else the exact name of a patient without any of these) update it, or are skipped when
 * nothing changes, so importing a file twice creates no duplicates. Cell text is stored verbatim: a
 * cell starting with = + - @ is never evaluated.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { patients, type PatientSex, type ServiceModality } from '../db/schema.js';
import { AppError, errors } from '../errors/app-error.js';
import type { ErrorCode } from '../errors/codes.js';
import { onlyDigits } from '../lib/br.js';
import { spDate } from '../lib/dates.js';
import { searchable } from '../lib/text.js';
import { birthDateProblem, CPF_INVALID, normalizeCpf, normalizePhone, PHONE_INVALID } from './fields.js';
import { MAX_IMPORT_ROWS, parseSpreadsheet, type Cell } from './parse-import.js';
import { IMPORT_FIELDS, type ImportField, type PatientImportResultSchema } from './schemas.js';
import { defaultPreferences, rethrowDuplicate } from './service.js';

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

type ImportResult = z.infer<typeof PatientImportResultSchema>;
type ImportError = ImportResult['errors'][number];

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

const fileError = (message: string) => errors.field(['file'], message);

async function readRows(filename: string, data: Buffer): Promise<Cell[][]> {
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

function parseMapping(raw: string | undefined): Partial<Record<ImportField, string>> {
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

function mapColumns(
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

function cellText(c: Cell): string {
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

interface RowValues {
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

const emailSchema = z.email();

function validateRow(
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
    if (!emailSchema.safeParse(email).success || email.length > 254)
      fail('email', 'WRONG_COMMAND_PARAMETERS', 'E-mail inválido.');
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

type Existing = {
  id: string | null; // null = inserted by this import
  name: string;
  email: string | null;
  phone: string | null;
  document: string | null;
  birthDate: string | null;
  sex: PatientSex | null;
  serviceModality: ServiceModality;
  tags: string[];
  notes: string | null;
  row?: number;
  dirty?: boolean;
};

const sameTags = (a: string[], b: string[]) => a.length === b.length && a.every((t, i) => t === b[i]);

/** An import this large refreshes the table's planner statistics. */
const ANALYZE_AFTER_ROWS = 500;

export async function importPatients(
  ctx: AppContext,
  professionalId: string,
  file: { filename: string; data: Buffer },
  mappingRaw: string | undefined,
): Promise<ImportResult> {
  if (file.data.length > MAX_IMPORT_BYTES) throw fileError('O arquivo deve ter no máximo 5 MB.');
  const mapping = parseMapping(mappingRaw);
  const rows = await readRows(file.filename, file.data);
  if (rows.length === 0) throw fileError('O arquivo está vazio.');
  const cols = mapColumns(rows[0]!, mapping);
  const dataRows = rows.slice(1);
  const nonBlank = dataRows.filter((r) => r.some((c) => cellText(c) !== ''));
  if (nonBlank.length > MAX_IMPORT_ROWS)
    throw fileError(`O arquivo deve ter no máximo ${MAX_IMPORT_ROWS} linhas de clientes.`);

  const today = spDate(ctx.config.now());
  const errs: ImportError[] = [];
  const valid: { row: number; v: RowValues }[] = [];
  let total = 0;
  dataRows.forEach((cells, i) => {
    if (!cells.some((c) => cellText(c) !== '')) return;
    total++;
    const v = validateRow(cells, cols, i + 2, today, errs);
    if (v) valid.push({ row: i + 2, v });
  });

  const existing: Existing[] = await ctx.db
    .select({
      id: patients.id,
      name: patients.name,
      email: patients.email,
      phone: patients.phone,
      document: patients.document,
      birthDate: patients.birthDate,
      sex: patients.sex,
      serviceModality: patients.serviceModality,
      tags: patients.tags,
      notes: patients.notes,
    })
    .from(patients)
    .where(and(eq(patients.professionalId, professionalId), ne(patients.status, 'deleted')));
  const byPhone = new Map<string, Existing>();
  const byDoc = new Map<string, Existing>();
  const byEmail = new Map<string, Existing>();
  const byName = new Map<string, Existing>();
  const index = (p: Existing) => {
    if (p.phone) byPhone.set(p.phone, p);
    if (p.document) byDoc.set(p.document, p);
    if (p.email && !byEmail.has(p.email)) byEmail.set(p.email, p);
    if (!p.phone && !p.document && !p.email && !byName.has(searchable(p.name))) byName.set(searchable(p.name), p);
  };
  existing.forEach(index);

  let imported = 0;
  let updated = 0;
  let skipped = 0;
  const inserts: Existing[] = [];
  const seenRows = new Set<Existing>();
  for (const { row, v } of valid) {
    const phoneOwner = v.phone ? byPhone.get(v.phone) : undefined;
    const docOwner = v.document ? byDoc.get(v.document) : undefined;
    if (phoneOwner && docOwner && phoneOwner !== docOwner) {
      errs.push({
        row,
        field: 'document',
        code: 'PATIENT_DOCUMENT_ALREADY_EXISTS',
        message: 'O CPF e o telefone pertencem a clientes diferentes.',
      });
      continue;
    }
    let match = phoneOwner ?? docOwner;
    if (!match && !v.phone && !v.document) match = v.email ? byEmail.get(v.email) : byName.get(searchable(v.name));
    if (match && seenRows.has(match)) {
      // Two rows of the file for the same patient.
      const [field, code] =
        phoneOwner === match
          ? (['phone', 'MULTIPLE_PATIENTS_SAME_PHONE'] as const)
          : docOwner === match
            ? (['document', 'PATIENT_DOCUMENT_ALREADY_EXISTS'] as const)
            : ([null, 'WRONG_COMMAND_PARAMETERS'] as const);
      errs.push({ row, field, code, message: `Cliente repetido no arquivo (mesmo cadastro da linha ${match.row}).` });
      continue;
    }
    if (!match) {
      const p: Existing = {
        id: null,
        name: v.name,
        email: v.email ?? null,
        phone: v.phone ?? null,
        document: v.document ?? null,
        birthDate: v.birthDate ?? null,
        sex: v.sex ?? null,
        serviceModality: v.serviceModality ?? 'presencial',
        tags: v.tags ?? [],
        notes: v.notes ?? null,
        row,
      };
      inserts.push(p);
      index(p);
      seenRows.add(p);
      imported++;
      continue;
    }
    match.row = row;
    seenRows.add(match);
    let changed = false;
    const set = <K extends keyof RowValues & keyof Existing>(k: K) => {
      const nv = v[k];
      if (nv === undefined) return;
      const same = Array.isArray(nv) ? sameTags(nv, match[k] as string[]) : nv === match[k];
      if (!same) {
        (match as Record<string, unknown>)[k] = nv;
        changed = true;
      }
    };
    (['name', 'email', 'phone', 'document', 'birthDate', 'sex', 'serviceModality', 'tags', 'notes'] as const).forEach(
      set,
    );
    if (!changed) skipped++;
    else {
      index(match);
      if (match.id) match.dirty = true;
      updated++;
    }
  }

  const toUpdate = existing.filter((p) => p.dirty);
  const now = ctx.config.now();
  try {
    await ctx.db.transaction(async (tx) => {
      for (let i = 0; i < inserts.length; i += 1000) {
        await tx.insert(patients).values(
          inserts.slice(i, i + 1000).map((p) => ({
            professionalId,
            name: p.name,
            searchName: searchable(p.name),
            email: p.email,
            phone: p.phone,
            document: p.document,
            birthDate: p.birthDate,
            sex: p.sex,
            serviceModality: p.serviceModality,
            tags: p.tags,
            notes: p.notes,
            preferences: defaultPreferences(p.phone, p.email),
            updatedAt: now,
          })),
        );
      }
      for (let i = 0; i < toUpdate.length; i += 1000) {
        const batch = toUpdate.slice(i, i + 1000).map((p) => ({
          ...p,
          search_name: searchable(p.name),
          birth_date: p.birthDate,
          service_modality: p.serviceModality,
        }));
        await tx.execute(sql`
          UPDATE ${patients} AS p SET
            name = x.name, search_name = x.search_name, email = x.email, phone = x.phone, document = x.document,
            birth_date = x.birth_date, sex = x.sex, service_modality = x.service_modality, tags = x.tags, notes = x.notes,
            updated_at = ${now}
          FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS x(
            id uuid, name text, search_name text, email text, phone text, document text, birth_date date, sex text,
            service_modality text, tags jsonb, notes text)
          WHERE p.id = x.id AND p.professional_id = ${professionalId}`);
      }
    });
  } catch (err) {
    rethrowDuplicate(err);
  }
  // Thousands of new rows at once: fresh planner statistics now, so the lists and the name search use their
  // indexes right away. PGlite has no autovacuum to do it later; on PostgreSQL it would come minutes later.
  if (imported + updated >= ANALYZE_AFTER_ROWS) await ctx.db.execute(sql`ANALYZE patients`);
  errs.sort((a, b) => a.row - b.row);
  return { imported, updated, skipped, total, errors: errs };
}
