/**
 * Runs bulk processes in the background, in the API process, with the `bulk_processes` row as the only
 * state: the payload holds the patient list, `processed` is the cursor. Each chunk is one transaction
 * that locks the row, handles the next patients and advances the cursor, so a chunk is either wholly
 * done or not at all: a process killed mid-run resumes where it stopped (on the next start, or when
 * another API process notices the row has gone stale), and two runners on one row just take turns.
 *
 * Chunks are sized to take about `budgetMs` each: on the embedded database a transaction holds the only
 * connection, so every request that comes meanwhile waits for the chunk to commit.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.js';
import { bulkProcesses, quizzes } from '../db/schema.js';
import type { Executor } from '../db/client.js';
import { notifyDueRequests } from '../schedule/due-signal.js';
import { runChunk, type ChunkRunner } from './ops.js';
import { decodePayload, type BulkKind, type BulkPayload } from './service.js';
import { recordEvent } from '../events/record.js';

export interface BulkRunnerOptions {
  /** Most patients per transaction. */
  chunkSize: number;
  /** Target duration of one transaction (the chunk size adapts to it). */
  budgetMs: number;
  /** Set-based bulk insert (false: patient by patient, as the schedule service does it). */
  setBased: boolean;
  /** A 'processing' row untouched for this long is taken over (its runner died). */
  staleAfterMs: number;
  /** How often to look for stale rows. */
  sweepEveryMs: number;
  /** Pauses before retrying a failed chunk; when they run out, the process is marked 'failed'. */
  retryDelaysMs: number[];
}

/**
 * @param singleConnection the database has one connection (embedded PGlite): every request waits for the chunk
 *   in flight, so chunks are kept short. With PostgreSQL, requests use other connections.
 */
export function runnerOptionsFromEnv(env: NodeJS.ProcessEnv = process.env, singleConnection = true): BulkRunnerOptions {
  const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) && Number(v) > 0 ? Number(v) : d);
  return {
    chunkSize: num(env.BULK_CHUNK_SIZE, singleConnection ? 500 : 1000),
    budgetMs: num(env.BULK_CHUNK_BUDGET_MS, singleConnection ? 80 : 250),
    setBased: env.BULK_SET_BASED !== 'off',
    staleAfterMs: num(env.BULK_STALE_AFTER_MS, 60_000),
    sweepEveryMs: num(env.BULK_SWEEP_EVERY_MS, 30_000),
    retryDelaysMs: [200, 1000, 5000],
  };
}

/** Longest a chunk waits for the requests in flight to finish (so that busy traffic cannot starve a process). */
const MAX_YIELD_MS = 60;
const FIRST_CHUNK = 100;
const MIN_CHUNK = 10;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Run {
  quizId: string;
  kind: BulkKind;
  professionalId: string;
  /** Identifies the run: a runner left over from an earlier run of the quiz must not touch a new one. */
  startedAt: Date;
  payload: BulkPayload;
}

export class BulkRunner {
  private readonly active = new Map<string, Promise<void>>();
  private stopped = false;
  private sweeper: NodeJS.Timeout | undefined;
  private options: BulkRunnerOptions;
  /** Options given by the caller (else read from the environment when starting, knowing the database). */
  private readonly fixedOptions: boolean;
  private readonly chunk: ChunkRunner;
  private readonly requestsInFlight: () => number;

  /**
   * @param deps.options fixed options (default: from the environment, read on start knowing the database)
   * @param deps.chunk what a chunk does (default: runChunk)
   * @param deps.requestsInFlight HTTP requests in flight in this process: chunks wait for them (background work
   *   gives way to requests)
   */
  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
    deps: { options?: BulkRunnerOptions; chunk?: ChunkRunner; requestsInFlight?: () => number } = {},
  ) {
    this.options = deps.options ?? runnerOptionsFromEnv();
    this.fixedOptions = deps.options !== undefined;
    this.chunk = deps.chunk ?? runChunk;
    this.requestsInFlight = deps.requestsInFlight ?? (() => 0);
  }

  /** Resumes every unfinished process and starts watching for stale ones. */
  async start(): Promise<void> {
    this.stopped = false;
    if (!this.fixedOptions) {
      const max = (this.ctx.db as unknown as { $client?: { options?: { max?: number } } }).$client?.options?.max;
      this.options = runnerOptionsFromEnv(process.env, max === undefined || max <= 1);
    }
    await this.resume(false);
    this.sweeper = setInterval(() => void this.resume(true), this.options.sweepEveryMs);
    this.sweeper.unref();
  }

  /** Stops after the chunks in flight; what is left stays 'processing' for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweeper) clearInterval(this.sweeper);
    await Promise.allSettled([...this.active.values()]);
  }

  /** Works on the quiz's process in the background (no-op when already running here). */
  kick(quizId: string): void {
    if (this.stopped || this.active.has(quizId)) return;
    const run = this.loop(quizId)
      .catch((err) => this.log.error({ err, quizId }, 'bulk process runner failed'))
      .finally(() => this.active.delete(quizId));
    this.active.set(quizId, run);
  }

  /** Resolves once this process is no longer working on the quiz's process. */
  async idle(quizId: string): Promise<void> {
    await this.active.get(quizId);
  }

  private async resume(onlyStale: boolean): Promise<void> {
    if (this.stopped) return;
    try {
      const staleBefore = new Date(this.ctx.config.now().getTime() - this.options.staleAfterMs);
      const rows = await this.ctx.db
        .select({ quizId: bulkProcesses.quizId })
        .from(bulkProcesses)
        .where(
          onlyStale
            ? and(eq(bulkProcesses.state, 'processing'), lt(bulkProcesses.updatedAt, staleBefore))
            : eq(bulkProcesses.state, 'processing'),
        );
      for (const r of rows) this.kick(r.quizId);
    } catch (err) {
      this.log.error({ err }, 'could not look for unfinished bulk processes');
    }
  }

  private async loop(quizId: string): Promise<void> {
    await this.giveWay();
    const [row] = await this.ctx.db
      .select({
        kind: bulkProcesses.kind,
        professionalId: bulkProcesses.professionalId,
        startedAt: bulkProcesses.startedAt,
        payload: bulkProcesses.payload,
      })
      .from(bulkProcesses)
      .where(and(eq(bulkProcesses.quizId, quizId), eq(bulkProcesses.state, 'processing')));
    if (!row?.startedAt) return;
    const run: Run = {
      quizId,
      kind: row.kind,
      professionalId: row.professionalId,
      startedAt: row.startedAt,
      payload: decodePayload(row.payload),
    };
    let size = Math.min(FIRST_CHUNK, this.options.chunkSize);
    let failures = 0;
    let setBased = this.options.setBased;
    while (!this.stopped) {
      try {
        await this.giveWay();
        const { more, workMs } = await this.step(run, size, setBased);
        setBased = this.options.setBased;
        const elapsed = Math.max(1, workMs);
        // Aim the next chunk at the time budget (never more than doubling at once).
        size = Math.round(
          Math.min(this.options.chunkSize, size * 2, Math.max(MIN_CHUNK, (size * this.options.budgetMs) / elapsed)),
        );
        failures = 0;
        if (!more) return;
      } catch (err) {
        if (setBased && run.kind === 'insert') {
          // The set-based attempt failed as a whole: redo this chunk patient by patient, at once.
          this.log.warn({ err, quizId }, 'bulk: set-based chunk failed, redoing it patient by patient');
          setBased = false;
          continue;
        }
        const delay = this.options.retryDelaysMs[failures++];
        if (delay === undefined) {
          this.log.error({ err, quizId }, 'bulk process failed');
          await this.fail(run);
          return;
        }
        this.log.warn({ err, quizId }, 'bulk chunk failed, retrying');
        size = Math.max(MIN_CHUNK, Math.round(size / 2));
        await sleep(delay);
      }
    }
  }

  /**
   * Lets the requests in flight finish first: on the embedded database each of their queries would otherwise
   * wait for a whole chunk. Bounded, so that constant traffic only slows a process down.
   */
  private async giveWay(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const until = performance.now() + MAX_YIELD_MS;
    while (this.requestsInFlight() > 0 && performance.now() < until && !this.stopped) await sleep(2);
  }

  /** The run's row, if it is still processing (locks it inside a transaction). */
  private ours(run: Run) {
    return and(
      eq(bulkProcesses.quizId, run.quizId),
      eq(bulkProcesses.state, 'processing'),
      eq(bulkProcesses.startedAt, run.startedAt),
    );
  }

  /**
   * One chunk in one transaction. `more` is false when the run is over (or no longer ours); `workMs` is how long
   * the transaction held its connection (waiting for the connection does not count).
   */
  private async step(run: Run, size: number, setBased: boolean): Promise<{ more: boolean; workMs: number }> {
    let began = 0;
    const { more, firstDueAt } = await this.ctx.db.transaction(async (tx) => {
      began = performance.now();
      const [cur] = await tx
        .select({ processed: bulkProcesses.processed, total: bulkProcesses.total })
        .from(bulkProcesses)
        .where(this.ours(run))
        .for('update');
      if (!cur) return { more: false, firstDueAt: null as Date | null };
      const ids = run.payload.patientIds.slice(cur.processed, cur.processed + size);
      const { handled, details, firstDueAt } =
        ids.length > 0
          ? await this.chunk(this.ctx, tx, {
              kind: run.kind,
              professionalId: run.professionalId,
              quizId: run.quizId,
              patientIds: ids,
              payload: run.payload,
              budgetMs: this.options.budgetMs,
              setBased,
              log: this.log,
            })
          : { handled: 0, details: [], firstDueAt: null };
      const processed = cur.processed + handled;
      const finished = processed >= cur.total;
      const now = this.ctx.config.now();
      await tx
        .update(bulkProcesses)
        .set({
          processed,
          details: details.length > 0 ? sql`${bulkProcesses.details} || ${JSON.stringify(details)}::jsonb` : undefined,
          updatedAt: now,
          ...(finished ? { state: 'done' as const, finishedAt: now } : {}),
        })
        .where(eq(bulkProcesses.quizId, run.quizId));
      if (finished) await recordFinished(tx, run, 'done');
      return { more: !finished, firstDueAt };
    });
    const workMs = performance.now() - began;
    // Thousands of new schedules: fresh planner statistics for the lists and the delivery sweeper (PGlite has
    // no autovacuum; on PostgreSQL it would come later).
    if (!more && run.kind === 'insert' && run.payload.patientIds.length >= 500)
      await this.ctx.db.execute(sql`ANALYZE quiz_schedules, answer_requests`);
    // Something is due already (today's hour has passed): wake this process's delivery worker.
    if (firstDueAt && firstDueAt.getTime() <= this.ctx.config.now().getTime()) notifyDueRequests(this.ctx.db);
    return { more, workMs };
  }

  private async fail(run: Run): Promise<void> {
    try {
      const now = this.ctx.config.now();
      await this.ctx.db.transaction(async (tx) => {
        const failed = await tx
          .update(bulkProcesses)
          .set({ state: 'failed', finishedAt: now, updatedAt: now })
          .where(this.ours(run))
          .returning({ quizId: bulkProcesses.quizId });
        if (failed.length > 0) await recordFinished(tx, run, 'failed');
      });
    } catch (err) {
      this.log.error({ err, quizId: run.quizId }, 'could not mark the bulk process as failed');
    }
  }
}

/** `bulk_process.finished`, in the transaction that ends the process. */
async function recordFinished(tx: Executor, run: Run, status: 'done' | 'failed'): Promise<void> {
  const [row] = await tx
    .select({
      quizTitle: quizzes.title,
      total: bulkProcesses.total,
      failed: sql<number>`jsonb_array_length(${bulkProcesses.details})`.mapWith(Number),
    })
    .from(bulkProcesses)
    .innerJoin(quizzes, eq(quizzes.id, bulkProcesses.quizId))
    .where(eq(bulkProcesses.quizId, run.quizId));
  if (!row) return;
  await recordEvent(tx, run.professionalId, 'bulk_process.finished', {
    quizId: run.quizId,
    quizTitle: row.quizTitle,
    kind: run.kind,
    status,
    total: row.total,
    failed: row.failed,
  });
}
