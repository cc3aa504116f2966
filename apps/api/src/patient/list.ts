/** The patient list (search, filters, pages; prepared statements per filter shape) and its totals. */
import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthInfo } from '../session/tokens.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { preparedOnce } from '../db/prepared.js';
import { patients, sales } from '../db/schema.js';
import { spDate } from '../lib/dates.js';
import { likeContains, searchable } from '../lib/text.js';
import type { PatientListCache } from './list-cache.js';
import {
  type ListPatientsQuery,
  PATIENT_SEARCH_TOTAL_CAP,
  PatientPageSchema,
  type PatientTotalsSchema,
} from './schemas.js';
import {
  activeSaleOn,
  byPatient,
  type CurrentService,
  currentServicesQuery,
  type PatientDto,
  toPatientDto,
} from './dto.js';

/** Which filters a list query uses: each shape is one pair of prepared statements. */
interface ListShape {
  status: boolean;
  modality: boolean;
  words: number;
  service: boolean;
}

/**
 * The page and the count of one list shape as named prepared statements, with the values as placeholders:
 * parsed and planned once per connection (planning was a large part of a search on PGlite) and built by
 * Drizzle once per process instead of per request.
 */
function prepareList(db: Db, shape: ListShape) {
  const p = sql.placeholder;
  const name = `${shape.status ? 's' : ''}${shape.modality ? 'm' : ''}${shape.service ? 'v' : ''}w${shape.words}`;
  const conds: SQL[] = [eq(patients.professionalId, p('professionalId'))];
  conds.push(shape.status ? eq(patients.status, p('status')) : ne(patients.status, 'deleted'));
  if (shape.modality) conds.push(eq(patients.serviceModality, p('modality')));
  // Every typed word must appear, in any order: "conceicao goncalves" finds "Conceição Aparecida Gonçalves".
  for (let i = 0; i < shape.words; i++) conds.push(sql`${patients.searchName} LIKE ${p(`w${i}`)}`);
  if (shape.service) {
    conds.push(
      sql`EXISTS (SELECT 1 FROM ${sales} WHERE ${sales.patientId} = ${patients.id} AND ${sales.serviceId} = ${p('serviceId')} AND ${activeSaleOn(p('today'))})`,
    );
  }
  const where = and(...conds);
  return {
    // The page walks the name index in order and stops after `take` rows; the total is a separate count that
    // a name search answers from the trigram index. (One query with `count(*) over()` had to read and sort
    // every matching patient, whole rows, for every page.)
    page: db
      .select()
      .from(patients)
      .where(where)
      .orderBy(asc(patients.searchName), asc(patients.id))
      .limit(p('take'))
      .offset(p('skip'))
      .prepare(`patients_page_${name}`),
    // A name search stops counting one past the cap: every match of a common name ("maria") is rechecked on the
    // heap, thousands of rows in a large practice, for a number nobody reads past 1,000. A list without a term
    // keeps its exact total: its few shapes (no filter, a status, a modality, a service) come back again and
    // again and are served from the list cache until her data changes, and the clients screen counts her whole
    // list for its totals cards anyway.
    count: shape.words
      ? db
          .select({ n: count() })
          .from(
            db
              .select({ one: sql<number>`1`.as('one') })
              .from(patients)
              .where(where)
              .limit(PATIENT_SEARCH_TOTAL_CAP + 1)
              .as('matches'),
          )
          .prepare(`patients_count_${name}`)
      : db.select({ n: count() }).from(patients).where(where).prepare(`patients_count_${name}`),
  };
}

const prepareCurrent = (db: Db) =>
  currentServicesQuery(
    db,
    sql`${sales.patientId} = ANY(${sql.placeholder('ids')}::uuid[])`,
    sql.placeholder('today'),
  ).prepare('patients_current_services');

function listStatements(db: Db, shape: ListShape) {
  return {
    ...preparedOnce(db, `patients:${JSON.stringify(shape)}`, () => prepareList(db, shape)),
    current: preparedOnce(db, 'patients:current', () => prepareCurrent(db)),
  };
}

export async function listPatients(
  ctx: AppContext,
  professionalId: string,
  q: z.infer<typeof ListPatientsQuery>,
): Promise<{ items: PatientDto[]; total: number; totalCapped: boolean }> {
  const today = spDate(ctx.config.now());
  const term = q.nameTerm ? searchable(q.nameTerm) : '';
  const words = term ? term.split(' ').slice(0, 8) : [];
  const statements = listStatements(ctx.db, {
    status: !!q.status,
    modality: !!q.serviceModality,
    words: words.length,
    service: !!q.serviceId,
  });
  const values: Record<string, unknown> = {
    professionalId,
    status: q.status,
    modality: q.serviceModality,
    serviceId: q.serviceId,
    today,
    take: q.take,
    skip: q.skip,
    ...Object.fromEntries(words.map((word, i) => [`w${i}`, likeContains(word)])),
  };
  const [rows, [{ n } = { n: 0 }]] = await Promise.all([
    statements.page.execute(values),
    statements.count.execute(values),
  ]);
  const current = rows.length
    ? byPatient(await statements.current.execute({ ids: rows.map((r) => r.id), today }))
    : new Map<string, CurrentService>();
  const matches = Number(n);
  // Only a name search's count stops (at the cap + 1): see prepareList.
  const totalCapped = words.length > 0 && matches > PATIENT_SEARCH_TOTAL_CAP;
  return {
    items: rows.map((r) => toPatientDto(r, current.get(r.id) ?? null)),
    total: totalCapped ? PATIENT_SEARCH_TOTAL_CAP : matches,
    totalCapped,
  };
}

/**
 * `GET /patient` as serialised JSON, from the process's cache while the professional's patient data is
 * unchanged (see PatientListCache): opening the list again, paging back or refetching on focus costs no
 * query beyond the session check, instead of a search, a count and the current services.
 */
export async function listPatientsJson(
  ctx: AppContext,
  cache: PatientListCache,
  auth: Pick<AuthInfo, 'professionalId' | 'patientListVersion'>,
  q: z.infer<typeof ListPatientsQuery>,
): Promise<string> {
  const { professionalId, patientListVersion: version } = auth;
  const term = q.nameTerm ? searchable(q.nameTerm) : '';
  const key = [
    professionalId,
    version,
    spDate(ctx.config.now()),
    term,
    q.status,
    q.serviceModality,
    q.serviceId,
    q.take,
    q.skip,
  ];
  // Encoded with the route's response schema, as the route's serializer would.
  return cache.getOrLoad(key, async () =>
    JSON.stringify(z.encode(PatientPageSchema, await listPatients(ctx, professionalId, q))),
  );
}

export async function patientTotals(
  ctx: AppContext,
  professionalId: string,
): Promise<z.infer<typeof PatientTotalsSchema>> {
  const rows = await ctx.db
    .select({ status: patients.status, modality: patients.serviceModality, n: count() })
    .from(patients)
    .where(and(eq(patients.professionalId, professionalId), ne(patients.status, 'deleted')))
    .groupBy(patients.status, patients.serviceModality);
  const out = { total: 0, byStatus: { active: 0, inactive: 0 }, byModality: { presencial: 0, online: 0, hibrido: 0 } };
  for (const r of rows) {
    const n = Number(r.n);
    out.total += n;
    if (r.status === 'active' || r.status === 'inactive') out.byStatus[r.status] += n;
    out.byModality[r.modality] += n;
  }
  return out;
}
