/**
 * Answer revisions: the professional's review of each finished quiz answer (pending → completed and
 * back). Every query is scoped to the signed-in professional; another professional's ids answer 404.
 */
import { findOwnQuiz } from '../quiz/lookup.js';
import { and, count, desc, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { preparedOnce } from '../db/prepared.js';
import { answerRevisions, patients, quizAnswers, quizzes, revisionTotals } from '../db/schema.js';
import type { AnswerRevisionSchema, ListRevisionsQuery } from './schemas.js';
import { revisionNotFound } from './errors.js';
import { periodBounds } from './periods.js';
import { recordEvent } from '../events/record.js';
import { patientRef } from '../events/refs.js';

export type AnswerRevisionDto = z.infer<typeof AnswerRevisionSchema>;
type RevisionStatus = (typeof answerRevisions.$inferSelect)['status'];
const noteCount =
  sql<number>`(SELECT count(*) FROM answer_revision_notes n WHERE n.revision_id = "answer_revisions"."id")`.mapWith(
    Number,
  );

export const listColumns = {
  revision: answerRevisions,
  finishedAt: quizAnswers.finishedAt,
  answerRequestId: quizAnswers.answerRequestId,
  patientName: patients.name,
  quizTitle: quizzes.title,
  noteCount,
};

export type ListRow = {
  revision: typeof answerRevisions.$inferSelect;
  finishedAt: Date | null;
  answerRequestId: string;
  patientName: string;
  quizTitle: string;
  noteCount: number;
};

export function toRevisionDto(r: ListRow): AnswerRevisionDto {
  const v = r.revision;
  return {
    id: v.id,
    status: v.status,
    quizAnswerId: v.quizAnswerId,
    answerRequestId: r.answerRequestId,
    quizScheduleId: v.scheduleId,
    patientId: v.patientId,
    patientName: r.patientName,
    quizId: v.quizId,
    quizTitle: r.quizTitle,
    finishedAt: (r.finishedAt ?? v.createdAt).toISOString(),
    approvedAt: v.approvedAt?.toISOString() ?? null,
    noteCount: Number(r.noteCount ?? 0),
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
  };
}

/** Revisions the professional may see: her own, of patients not deleted (LGPD), of finished answers. */
export function visible(professionalId: string): SQL {
  return and(
    eq(answerRevisions.professionalId, professionalId),
    ne(patients.status, 'deleted'),
    eq(quizAnswers.status, 'finished'),
  )!;
}

type ListFilters = Partial<
  Pick<z.infer<typeof ListRevisionsQuery>, 'status' | 'quizId' | 'patientId' | 'from' | 'to'>
> & {
  take: number;
  skip: number;
};

/** Which filters a list uses: each shape is one pair of prepared statements. */
interface ListShape {
  status: boolean;
  quiz: boolean;
  patient: boolean;
  start: boolean;
  end: boolean;
}

/**
 * The page and the count of one list shape as named prepared statements (parsed and planned once per
 * connection: planning the page's joins cost more than running it). A revision is created in the transaction
 * that finishes its answer, with the finish instant as `created_at`, so the page and the period filters walk
 * the `(professional_id, status, created_at, id)` index newest first and stop after `take` rows instead of
 * sorting every finished answer; the count reads that index alone (apps/api/test/query-plans.test.ts keeps
 * both so); the count, where it can, reads the kept totals.
 */
function prepareList(db: Executor, shape: ListShape) {
  const p = sql.placeholder;
  const name = `${shape.status ? 's' : ''}${shape.quiz ? 'q' : ''}${shape.patient ? 'p' : ''}${shape.start ? 'f' : ''}${shape.end ? 't' : ''}`;
  const where = and(
    eq(answerRevisions.professionalId, p('professionalId')),
    shape.status ? eq(answerRevisions.status, p('status')) : undefined,
    shape.quiz ? eq(answerRevisions.quizId, p('quizId')) : undefined,
    shape.patient ? eq(answerRevisions.patientId, p('patientId')) : undefined,
    shape.start ? gte(answerRevisions.createdAt, p('start')) : undefined,
    shape.end ? lt(answerRevisions.createdAt, p('end')) : undefined,
    // A deleted (anonymised) patient's answers leave the lists: an anti-join on the few deleted patients.
    sql`NOT EXISTS (SELECT 1 FROM ${patients} d WHERE d.id = ${answerRevisions.patientId} AND d.status = 'deleted')`,
  );
  return {
    page: db
      .select(listColumns)
      .from(answerRevisions)
      .innerJoin(quizAnswers, eq(quizAnswers.id, answerRevisions.quizAnswerId))
      .innerJoin(patients, eq(patients.id, answerRevisions.patientId))
      .innerJoin(quizzes, eq(quizzes.id, answerRevisions.quizId))
      .where(and(where, eq(quizAnswers.status, 'finished')))
      .orderBy(desc(answerRevisions.createdAt), desc(answerRevisions.id))
      .limit(p('take'))
      .offset(p('skip'))
      .prepare(`revisions_page_${name}`),
    // Without a patient or a period, the total is kept (revision_totals, per questionnaire and status, deleted
    // patients left out: migration 0027) instead of counted: a few rows however long the practice's history.
    count:
      shape.patient || shape.start || shape.end
        ? db.select({ n: count() }).from(answerRevisions).where(where).prepare(`revisions_count_${name}`)
        : db
            .select({ n: sql<number>`coalesce(sum(${revisionTotals.n}), 0)` })
            .from(revisionTotals)
            .where(
              and(
                eq(revisionTotals.professionalId, p('professionalId')),
                shape.status ? eq(revisionTotals.status, p('status')) : undefined,
                shape.quiz ? eq(revisionTotals.quizId, p('quizId')) : undefined,
              ),
            )
            .prepare(`revisions_kept_${name}`),
  };
}

/** A page of revisions, newest answer first, and how many match (not counted when the first page holds them all). */
export async function listRevisions(
  ctx: AppContext,
  professionalId: string,
  q: ListFilters,
): Promise<{ items: AnswerRevisionDto[]; total: number }> {
  const { start, end } = periodBounds(q.from, q.to);
  const shape = { status: !!q.status, quiz: !!q.quizId, patient: !!q.patientId, start: !!start, end: !!end };
  const statements = preparedOnce(ctx.db, `revisions:${JSON.stringify(shape)}`, () => prepareList(ctx.db, shape));
  const values = { professionalId, ...q, start, end };
  const page = await statements.page.execute(values);
  let total = q.skip + page.length;
  if (page.length === q.take || (page.length === 0 && q.skip > 0)) {
    const [c] = await statements.count.execute(values);
    total = Number(c?.n ?? 0);
  }
  return { items: page.map(toRevisionDto), total };
}

export async function listQuizRevisions(ctx: AppContext, professionalId: string, quizId: string, q: ListFilters) {
  await findOwnQuiz(ctx.db, professionalId, quizId);
  return listRevisions(ctx, professionalId, { ...q, quizId });
}

export async function findRevision(db: Executor, professionalId: string, id: string): Promise<ListRow> {
  const [row] = await db
    .select(listColumns)
    .from(answerRevisions)
    .innerJoin(quizAnswers, eq(quizAnswers.id, answerRevisions.quizAnswerId))
    .innerJoin(patients, eq(patients.id, answerRevisions.patientId))
    .innerJoin(quizzes, eq(quizzes.id, answerRevisions.quizId))
    .where(and(visible(professionalId), eq(answerRevisions.id, id)));
  if (!row) throw revisionNotFound();
  return row;
}

/**
 * Sets the status. Idempotent: when it already has that status nothing changes (approvedAt keeps the
 * first approval) and the current state comes back.
 */
export async function setRevisionStatus(
  ctx: AppContext,
  professionalId: string,
  id: string,
  status: RevisionStatus,
): Promise<AnswerRevisionDto> {
  await findRevision(ctx.db, professionalId, id);
  const now = ctx.config.now();
  await ctx.db.transaction(async (tx) => {
    const changed = await tx
      .update(answerRevisions)
      .set(
        status === 'completed'
          ? { status, approvedAt: now, updatedAt: now }
          : { status, approvedAt: null, updatedAt: now },
      )
      .where(
        and(
          eq(answerRevisions.id, id),
          eq(answerRevisions.professionalId, professionalId),
          ne(answerRevisions.status, status),
        ),
      )
      .returning();
    const revision = changed[0];
    if (!revision) return;
    await recordEvent(tx, professionalId, status === 'completed' ? 'revision.approved' : 'revision.pending', {
      revisionId: revision.id,
      quizAnswerId: revision.quizAnswerId,
      quizId: revision.quizId,
      ...(await patientRef(tx, revision.patientId)),
    });
  });
  return toRevisionDto(await findRevision(ctx.db, professionalId, id));
}
