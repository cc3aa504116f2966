/**
 * The kept totals (migrations 0027 and 0030: revision_totals, schedule_revision_totals, patient_month_totals,
 * sale_day_totals) against a recount of
 * what they count. Triggers keep them in every writing transaction; `drift` says where a kept total and its
 * recount differ (the tests compare them after random writes), `repair` recounts them (`pnpm totals:repair`).
 */
import { raiseEveryVersion } from '../db/versions.js';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';

interface KeptTotal {
  table: string;
  keys: string[];
  values: string[];
  /** The same columns, counted from the rows themselves. */
  recount: string;
}

const SP = `'America/Sao_Paulo'`;

export const KEPT_TOTALS: KeptTotal[] = [
  {
    table: 'revision_totals',
    keys: ['professional_id', 'quiz_id', 'status'],
    values: ['n'],
    recount: `SELECT r.professional_id, r.quiz_id, r.status, count(*)::int AS n FROM answer_revisions r
      WHERE NOT EXISTS (SELECT 1 FROM patients p WHERE p.id = r.patient_id AND p.status = 'deleted')
      GROUP BY 1, 2, 3`,
  },
  {
    table: 'schedule_revision_totals',
    keys: ['schedule_id', 'status'],
    values: ['n'],
    recount: `SELECT schedule_id, status, count(*)::int AS n FROM answer_revisions GROUP BY 1, 2`,
  },
  {
    table: 'patient_month_totals',
    keys: ['professional_id', 'month', 'status'],
    values: ['n'],
    recount: `SELECT professional_id, date_trunc('month', created_at AT TIME ZONE ${SP})::date AS month, status,
      count(*)::int AS n FROM patients GROUP BY 1, 2, 3`,
  },
  {
    table: 'sale_day_totals',
    keys: ['professional_id', 'day', 'status'],
    values: ['n', 'cents'],
    recount: `SELECT professional_id, (sold_at AT TIME ZONE ${SP})::date AS day, status, count(*)::int AS n,
      sum(amount_cents)::bigint AS cents FROM sales GROUP BY 1, 2, 3`,
  },
];

/** The tables the totals count: held still (writes wait) while a repair recounts. */
const COUNTED = ['answer_revisions', 'patients', 'sales'];

export interface Drift {
  table: string;
  key: Record<string, string>;
  kept: Record<string, number>;
  counted: Record<string, number>;
}

/** Every kept total that differs from its recount (a missing row counts as zero). Empty when all agree. */
export async function drift(db: Executor): Promise<Drift[]> {
  const out: Drift[] = [];
  for (const t of KEPT_TOTALS) {
    const join = t.keys.map((k) => `k.${k} = c.${k}`).join(' AND ');
    const differs = t.values.map((v) => `coalesce(k.${v}, 0) <> coalesce(c.${v}, 0)`).join(' OR ');
    const { rows } = await db.execute<Record<string, unknown>>(
      sql.raw(`SELECT ${t.keys.map((k) => `coalesce(k.${k}, c.${k})::text AS ${k}`).join(', ')},
        ${t.values.map((v) => `coalesce(k.${v}, 0)::bigint AS kept_${v}, coalesce(c.${v}, 0)::bigint AS counted_${v}`).join(', ')}
        FROM ${t.table} k FULL JOIN (${t.recount}) c ON ${join} WHERE ${differs}`),
    );
    for (const r of rows) {
      out.push({
        table: t.table,
        key: Object.fromEntries(t.keys.map((k) => [k, String(r[k])])),
        kept: Object.fromEntries(t.values.map((v) => [v, Number(r[`kept_${v}`])])),
        counted: Object.fromEntries(t.values.map((v) => [v, Number(r[`counted_${v}`])])),
      });
    }
  }
  return out;
}

/**
 * Recounts every kept total in one transaction, writes to the counted tables waiting meanwhile (SHARE lock:
 * readers go on), and returns how many total rows were wrong per table.
 */
export async function repair(db: Db): Promise<{ table: string; wrong: number; rows: number }[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`LOCK TABLE ${COUNTED.join(', ')} IN SHARE MODE`));
    const wrong = await drift(tx);
    const out = [];
    for (const t of KEPT_TOTALS) {
      await tx.execute(sql.raw(`DELETE FROM ${t.table}`));
      const cols = [...t.keys, ...t.values].join(', ');
      const inserted = await tx.execute(
        sql.raw(`INSERT INTO ${t.table} (${cols}) SELECT ${cols} FROM (${t.recount}) c`),
      );
      out.push({
        table: t.table,
        wrong: wrong.filter((d) => d.table === t.table).length,
        rows: inserted.rowCount ?? 0,
      });
    }
    // The caches keyed by the versions of her data (the patient lists, the summaries) hold what the wrong totals
    // said: a new version for every professional sends them back to the database.
    await raiseEveryVersion((text) => tx.execute(sql.raw(text)));
    return out;
  });
}
