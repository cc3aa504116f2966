/**
 * The questions' snapshots (question_snapshots, migration 0028): a questionnaire's flow stored once per distinct
 * version and shared by every answer started on it. A snapshot is never updated, so each process keeps the ones it
 * has read (least recently used out first): a review beside twenty earlier answers of the same version reads and
 * parses one flow, usually none. The flows handed out are shared: callers read them and never change them.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { questionSnapshots } from '../db/schema.js';
import type { SurveyQuestion } from './schemas.js';

const CACHED = 256;
const cache = new Map<string, SurveyQuestion[]>();

function remember(id: string, flow: SurveyQuestion[]): void {
  cache.delete(id);
  cache.set(id, flow);
  if (cache.size > CACHED) cache.delete(cache.keys().next().value!);
}

/**
 * The snapshot of `flow` for the quiz: the existing one when this very flow was stored before (same jsonb text),
 * else a new one. One statement, safe against a concurrent start of the same version (the conflict's row is
 * locked and returned).
 */
export async function saveSnapshot(
  tx: Executor,
  professionalId: string,
  quizId: string,
  flow: SurveyQuestion[],
): Promise<string> {
  const json = JSON.stringify(flow);
  const { rows } = await tx.execute<{ id: string }>(sql`
    INSERT INTO ${questionSnapshots} (professional_id, quiz_id, digest, questions)
    SELECT ${professionalId}, ${quizId}, md5(j::text), j FROM (SELECT ${json}::jsonb AS j) f
    ON CONFLICT (quiz_id, digest) DO UPDATE SET digest = excluded.digest
    RETURNING id`);
  return rows[0]!.id;
}

/** The flows of these snapshots by id, read from the database only for the ones this process has not seen. */
export async function snapshotFlows(db: Executor, ids: readonly string[]): Promise<Map<string, SurveyQuestion[]>> {
  const out = new Map<string, SurveyQuestion[]>();
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    const flow = cache.get(id);
    if (flow) {
      remember(id, flow);
      out.set(id, flow);
    } else missing.push(id);
  }
  if (missing.length > 0) {
    const rows = await db
      .select({ id: questionSnapshots.id, questions: questionSnapshots.questions })
      .from(questionSnapshots)
      .where(inArray(questionSnapshots.id, missing));
    for (const r of rows) {
      const flow = (Array.isArray(r.questions) ? r.questions : []) as SurveyQuestion[];
      remember(r.id, flow);
      out.set(r.id, flow);
    }
  }
  return out;
}

/** One answer's flow (an empty one if its snapshot were missing, which the foreign key forbids). */
export async function snapshotFlow(db: Executor, id: string): Promise<SurveyQuestion[]> {
  return (await snapshotFlows(db, [id])).get(id) ?? [];
}
