/**
 * The totals the database keeps (migration 0027) against a recount, after a random sequence of writes on both
 * databases: multi-row inserts, updates and deletes of patients, sales and reviews straight in SQL (the triggers
 * keep the totals whichever code path writes), and the product's own calls among them (a patient anonymised, a
 * sale refunded or deleted, a review approved). Then the lists and the dashboard answer the recounted figures,
 * and `repair` puts right totals that were made wrong on purpose. Along the way, the summaries this process keeps
 * (SummaryCache, PatientListCache) answer exactly what a process without caches answers on the same database.
 */
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { prng } from '../src/demo-practice.js';
import { drift, repair } from '../src/totals/recount.js';
import { backends } from './helpers/backends.js';
import { bearer, createTestApp, testConfig, type TestApp } from './helpers/app.js';
import { practice } from './helpers/scheduling.js';

interface Pro {
  token: string;
  id: string;
  quizzes: string[];
  serviceId: string;
}

describe.each(backends)('kept totals on $name', (backend) => {
  let t: TestApp;
  /** Another API process on the same database, without caches: what every cached answer must equal. */
  let uncached: FastifyInstance;
  let p: ReturnType<typeof practice>;
  const pros: Pro[] = [];
  const rand = prng(20_261_127);
  const pick = <T>(list: T[]): T => list[Math.floor(rand() * list.length)]!;
  const q = async <R = Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await t.database.pool.query(text, values)).rows as R[];

  beforeAll(async () => {
    t = await createTestApp(backend);
    p = practice(t);
    for (const email of ['totals-a@example.com', 'totals-b@example.com']) {
      const token = await t.signUp(email);
      const first = await p.patient(token);
      const [{ professional_id: id }] = await q<{ professional_id: string }>(
        'SELECT professional_id FROM patients WHERE id = $1',
        [first.id],
      );
      pros.push({
        token,
        id,
        quizzes: [await p.quiz(token), await p.quiz(token, 'Retorno')],
        serviceId: await p.service(token),
      });
    }
    uncached = buildApp({
      db: t.database.db,
      config: testConfig(t.clock, { uploadsDir: os.tmpdir(), summaryCache: false, patientListCache: false }),
    });
    await uncached.ready();
  });
  afterAll(async () => {
    await uncached?.close();
    await t?.close();
  });

  /** The summarising reads of one professional: the dashboard, the review lists, reviews, a schedule's answers, links. */
  async function summaryPaths(pro: Pro): Promise<string[]> {
    const reviews = await q<{ id: string; patient_id: string; schedule_id: string }>(
      `SELECT id, patient_id, schedule_id FROM answer_revisions WHERE professional_id = $1 ORDER BY id LIMIT 4`,
      [pro.id],
    );
    return [
      '/dashboard/summary',
      '/answer-revision/pending?take=3',
      '/answer-revision?take=3&status=completed',
      '/answer-revision?take=50',
      '/patient?take=50',
      ...pro.quizzes.flatMap((quizId) => [
        `/answer-revision/quiz/${quizId}?take=50`,
        `/quiz/schedule?take=50&quizId=${quizId}`,
      ]),
      ...reviews.flatMap((r) => [
        `/answer-revision/${r.id}`,
        `/answer-revision/patient/${r.patient_id}/quizSchedule/${r.schedule_id}?take=2`,
        `/patient/${r.patient_id}/quizzes?take=20`,
        `/sales?take=10&patientId=${r.patient_id}`,
      ]),
      '/sales?take=20',
    ];
  }

  /** Every summary through this app (cached) and through the uncached one: the same status and body. */
  async function expectCachesAgree(pro: Pro, context: string) {
    for (const path of await summaryPaths(pro)) {
      const request = { method: 'GET' as const, url: `/api${path}`, headers: bearer(pro.token) };
      const [cached, fresh] = [await t.app.inject(request), await uncached.inject(request)];
      expect({ path, status: cached.statusCode, body: cached.json() }, context).toEqual({
        path,
        status: fresh.statusCode,
        body: fresh.json(),
      });
    }
  }

  const professional = () => pick(pros);
  const somePatients = async (pro: Pro, n: number, where = "status <> 'deleted'") =>
    (
      await q<{ id: string }>(
        `SELECT id FROM patients WHERE professional_id = $1 AND ${where} ORDER BY random() LIMIT ${n}`,
        [pro.id],
      )
    ).map((r) => r.id);

  /** One random write; returns what it did, for the failure message. */
  const steps: Record<string, () => Promise<void>> = {
    async insertPatients() {
      const pro = professional();
      const n = 1 + Math.floor(rand() * 4);
      await q(
        `INSERT INTO patients (professional_id, name, search_name, preferences, status, created_at)
         SELECT $1, 'Paciente ' || g, 'paciente ' || g, '{"channel":"email","reminders":true}', (ARRAY['active','inactive'])[1 + g % 2],
                now() - (g * 17 % 90) * interval '1 day'
         FROM generate_series(1, $2::int) g`,
        [pro.id, n],
      );
    },
    async updatePatientStatuses() {
      const pro = professional();
      // Now and then a deleted patient comes back (only SQL can do that): her reviews count again.
      const ids = await somePatients(pro, 2, 'true');
      await q(`UPDATE patients SET status = $2 WHERE id = ANY($1::uuid[])`, [
        ids,
        pick(['active', 'inactive', 'active', 'deleted']),
      ]);
    },
    async anonymiseThroughTheApi() {
      const pro = professional();
      const [id] = await somePatients(pro, 1);
      if (id) await p.ok(p.api('DELETE', `/patient/${id}`, pro.token, { mode: 'delete', reason: 'Pedido da titular' }));
    },
    async insertSales() {
      const pro = professional();
      const ids = await somePatients(pro, 3);
      await q(
        `INSERT INTO sales (professional_id, patient_id, service_id, amount_cents, payment_method, status, sold_at, starts_at, ends_at)
         SELECT $1, id, $3, 1000 + (random() * 50000)::int, 'pix', (ARRAY['paid','refunded'])[1 + (random() * 1.3)::int],
                now() - (random() * 60) * interval '1 day', current_date, current_date + 30
         FROM unnest($2::uuid[]) id`,
        [pro.id, ids, pro.serviceId],
      );
    },
    async updateSales() {
      const pro = professional();
      await q(
        `UPDATE sales SET status = CASE WHEN random() < 0.5 THEN 'refunded' ELSE 'paid' END,
                          amount_cents = amount_cents + (random() * 100)::int,
                          sold_at = sold_at - (random() * 20) * interval '1 day'
         WHERE id IN (SELECT id FROM sales WHERE professional_id = $1 ORDER BY random() LIMIT 3)`,
        [pro.id],
      );
    },
    async refundThroughTheApi() {
      const pro = professional();
      const [sale] = await q<{ id: string }>(
        `SELECT id FROM sales WHERE professional_id = $1 AND status = 'paid' ORDER BY random() LIMIT 1`,
        [pro.id],
      );
      if (sale) await p.ok(p.api('DELETE', `/sales/${sale.id}/refound`, pro.token));
    },
    async deleteSales() {
      const pro = professional();
      await q(
        `DELETE FROM sales WHERE id IN (SELECT id FROM sales WHERE professional_id = $1 ORDER BY random() LIMIT 2)`,
        [pro.id],
      );
    },
    async insertReviews() {
      const pro = professional();
      const ids = await somePatients(pro, 4, 'true');
      const quizId = pick(pro.quizzes);
      await q(
        `INSERT INTO quiz_schedules (professional_id, quiz_id, patient_id, start_date, hour, periodicity, channel)
         SELECT $1, $2, id, current_date, 8, 'once', 'email' FROM unnest($3::uuid[]) id ON CONFLICT DO NOTHING`,
        [pro.id, quizId, ids],
      );
      await q(
        `WITH s AS (
           SELECT id, patient_id FROM quiz_schedules WHERE quiz_id = $2 AND patient_id = ANY($3::uuid[])
         ), r AS (
           INSERT INTO answer_requests (schedule_id, professional_id, patient_id, quiz_id, kind, due_at, status, sent_at, answered_at)
           SELECT s.id, $1, s.patient_id, $2, 'now', now(), 'answered', now(), now() FROM s RETURNING id, schedule_id, patient_id
         ), v AS (
           INSERT INTO question_snapshots (professional_id, quiz_id, digest, questions) VALUES ($1, $2, md5('[]'), '[]')
           ON CONFLICT (quiz_id, digest) DO UPDATE SET digest = excluded.digest RETURNING id
         ), a AS (
           INSERT INTO quiz_answers (answer_request_id, schedule_id, professional_id, patient_id, quiz_id, status, snapshot_id, started_at, finished_at)
           SELECT r.id, r.schedule_id, $1, r.patient_id, $2, 'finished', v.id, now(), now() FROM r, v RETURNING id, schedule_id, patient_id
         )
         INSERT INTO answer_revisions (quiz_answer_id, professional_id, patient_id, quiz_id, schedule_id, status)
         SELECT a.id, $1, a.patient_id, $2, a.schedule_id, (ARRAY['pending','completed'])[1 + (random() * 1.2)::int] FROM a`,
        [pro.id, quizId, ids],
      );
    },
    async updateReviewStatuses() {
      const pro = professional();
      await q(
        `UPDATE answer_revisions SET status = CASE WHEN random() < 0.5 THEN 'completed' ELSE 'pending' END
         WHERE id IN (SELECT id FROM answer_revisions WHERE professional_id = $1 ORDER BY random() LIMIT 4)`,
        [pro.id],
      );
    },
    async approveThroughTheApi() {
      const pro = professional();
      const [r] = await q<{ id: string }>(
        `SELECT r.id FROM answer_revisions r JOIN patients p ON p.id = r.patient_id
         WHERE r.professional_id = $1 AND r.status = 'pending' AND p.status <> 'deleted' ORDER BY random() LIMIT 1`,
        [pro.id],
      );
      if (r) await p.ok(p.api('POST', `/answer-revision/${r.id}/approve`, pro.token, {}));
    },
    async renameQuiz() {
      const pro = professional();
      await q(`UPDATE quizzes SET title = title || '!' WHERE id = $1`, [pick(pro.quizzes)]);
    },
    async renameProfessional() {
      const pro = professional();
      await q(`UPDATE professionals SET name = 'Dra. ' || substr(md5(random()::text), 1, 6) WHERE id = $1`, [pro.id]);
    },
    async noteAReview() {
      const pro = professional();
      await q(
        `INSERT INTO answer_revision_notes (revision_id, professional_id, text)
         SELECT id, professional_id, 'Observação ' || substr(md5(random()::text), 1, 4) FROM answer_revisions
         WHERE id IN (SELECT id FROM answer_revisions WHERE professional_id = $1 ORDER BY random() LIMIT 1)`,
        [pro.id],
      );
    },
    async answerItems() {
      const pro = professional();
      await q(
        `INSERT INTO answer_items (quiz_answer_id, question_id, position, value)
         SELECT a.id, gen_random_uuid(), (SELECT coalesce(max(position), 0) + 1 FROM answer_items WHERE quiz_answer_id = a.id),
                '{"type":"text","text":"oi"}'
         FROM quiz_answers a
         WHERE a.id IN (SELECT id FROM quiz_answers WHERE professional_id = $1 ORDER BY random() LIMIT 1)
         ON CONFLICT DO NOTHING`,
        [pro.id],
      );
    },
    async lockAndSendRequests() {
      const pro = professional();
      await q(
        `UPDATE quiz_schedules SET pin_locked_until = now() + interval '1 hour'
         WHERE id IN (SELECT id FROM quiz_schedules WHERE professional_id = $1 ORDER BY random() LIMIT 1)`,
        [pro.id],
      );
      await q(
        `UPDATE answer_requests SET status = 'sent', sent_at = now(), answered_at = null
         WHERE id IN (SELECT id FROM answer_requests WHERE professional_id = $1 ORDER BY random() LIMIT 1)`,
        [pro.id],
      );
    },
    async deleteReviews() {
      const pro = professional();
      await q(
        `DELETE FROM answer_revisions WHERE id IN (SELECT id FROM answer_revisions WHERE professional_id = $1 ORDER BY random() LIMIT 2)`,
        [pro.id],
      );
    },
  };

  it('agree with a recount after every stretch of a random sequence of writes', async () => {
    const names = Object.keys(steps);
    const done: string[] = [];
    // The SQL's own random() picks rows and values (unseeded): the totals must agree whatever it picks, and the
    // largest totals met at the checkpoints show that something of each kind was counted.
    const most = { revisions: 0, patients: 0, sales: 0 };
    for (let i = 0; i < 120; i++) {
      const name = pick(names);
      await steps[name]!();
      done.push(name);
      // Reads between the writes fill the caches under the versions of the moment.
      if (i % 5 === 4) for (const pro of pros) await expectCachesAgree(pro, done.join(', '));
      if (i % 20 !== 19) continue;
      expect(await drift(t.database.db), done.join(', ')).toEqual([]);
      const [now] = await q<{ revisions: number; patients: number; sales: number }>(
        `SELECT (SELECT coalesce(sum(n), 0) FROM revision_totals)::int AS revisions,
                (SELECT coalesce(sum(n), 0) FROM patient_month_totals)::int AS patients,
                (SELECT coalesce(sum(n), 0) FROM sale_day_totals)::int AS sales`,
      );
      for (const k of ['revisions', 'patients', 'sales'] as const) most[k] = Math.max(most[k], now![k]);
    }
    expect(await drift(t.database.db)).toEqual([]);
    expect(most.revisions).toBeGreaterThan(0);
    expect(most.patients).toBeGreaterThan(0);
    expect(most.sales).toBeGreaterThan(0);
  });

  it('are what the review lists and the dashboard answer', async () => {
    for (const pro of pros) {
      for (const status of ['pending', 'completed'] as const) {
        const [{ n }] = await q<{ n: number }>(
          `SELECT count(*)::int AS n FROM answer_revisions r JOIN quiz_answers a ON a.id = r.quiz_answer_id
           WHERE r.professional_id = $1 AND r.status = $2 AND a.status = 'finished'
             AND NOT EXISTS (SELECT 1 FROM patients p WHERE p.id = r.patient_id AND p.status = 'deleted')`,
          [pro.id, status],
        );
        // take=1 so that the total is not read off a page that holds everything.
        const page = await p.ok(p.api('GET', `/answer-revision?take=1&status=${status}`, pro.token));
        expect(page.total).toBe(n);
        const byQuiz = await Promise.all(
          pro.quizzes.map((quizId) =>
            p.ok(p.api('GET', `/answer-revision/quiz/${quizId}?take=1&status=${status}`, pro.token)),
          ),
        );
        expect(byQuiz.reduce((sum, r) => sum + r.total, 0)).toBe(n);
      }
      const [counted] = await q<{ active: number; fresh: number; paid: number; cents: number }>(
        `SELECT (SELECT count(*) FROM patients WHERE professional_id = $1 AND status = 'active')::int AS active,
                (SELECT count(*) FROM patients WHERE professional_id = $1 AND status <> 'deleted'
                   AND date_trunc('month', created_at AT TIME ZONE 'America/Sao_Paulo') = date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo'))::int AS fresh,
                (SELECT count(*) FROM sales WHERE professional_id = $1 AND status = 'paid'
                   AND date_trunc('month', sold_at AT TIME ZONE 'America/Sao_Paulo') = date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo'))::int AS paid,
                (SELECT coalesce(sum(amount_cents), 0) FROM sales WHERE professional_id = $1
                   AND date_trunc('month', sold_at AT TIME ZONE 'America/Sao_Paulo') = date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo'))::int AS cents`,
        [pro.id],
      );
      const summary = await p.ok(p.api('GET', '/dashboard/summary', pro.token));
      expect(summary.patients).toEqual({ active: counted!.active, newThisMonth: counted!.fresh });
      expect(summary.sales.count).toBe(counted!.paid);
      expect(summary.sales.grossCents).toBe(counted!.cents);
    }
  });

  it('raise the summaries’ version for what they show, and only for that', async () => {
    const versions = async () =>
      new Map(
        (
          await q<{ professional_id: string; version: string }>(
            'SELECT professional_id, version FROM follow_up_versions',
          )
        ).map((r) => [r.professional_id, Number(r.version)]),
      );
    // A request marked late (a sweep over every practice) shows nowhere: no version moves, no practice is locked.
    await q(`UPDATE answer_requests SET delayed_at = now() WHERE true`);
    const before = await versions();
    await q(`UPDATE answer_requests SET delayed_at = NULL WHERE true`);
    expect(await versions()).toEqual(before);
    // Written again with the same values (the library at each start): nothing moves either.
    await q(`UPDATE questions SET acronym = acronym WHERE professional_id IS NULL`);
    expect(await versions()).toEqual(before);
    // A starter question's acronym really changes: every practice's reviews may show it.
    const [library] = await q<{ id: string }>(`SELECT id FROM questions WHERE professional_id IS NULL LIMIT 1`);
    expect(library).toBeDefined();
    await q(`UPDATE questions SET acronym = coalesce(acronym, '') || 'x' WHERE id = $1`, [library!.id]);
    const after = await versions();
    for (const pro of pros) expect(after.get(pro.id)).toBeGreaterThan(before.get(pro.id) ?? 0);
    // A request that is sent, by contrast, moves its practice's version.
    const [request] = await q<{ id: string; professional_id: string }>(
      `SELECT id, professional_id FROM answer_requests LIMIT 1`,
    );
    await q(`UPDATE answer_requests SET attempts = attempts + 1 WHERE id = $1`, [request!.id]);
    expect((await versions()).get(request!.professional_id)).toBe(after.get(request!.professional_id)! + 1);
  });

  it('are recounted by repair when they have drifted', async () => {
    await q(`UPDATE revision_totals SET n = n + 5 WHERE ctid IN (SELECT ctid FROM revision_totals LIMIT 1)`);
    await q(`DELETE FROM sale_day_totals WHERE ctid IN (SELECT ctid FROM sale_day_totals WHERE n > 0 LIMIT 1)`);
    await q(`INSERT INTO patient_month_totals VALUES ($1, '2001-01-01', 'active', 3)`, [pros[0]!.id]);
    await q(
      `UPDATE schedule_revision_totals SET n = n + 2 WHERE ctid IN (SELECT ctid FROM schedule_revision_totals LIMIT 1)`,
    );
    const wrong = await drift(t.database.db);
    expect([...new Set(wrong.map((d) => d.table))].sort()).toEqual([
      'patient_month_totals',
      'revision_totals',
      'sale_day_totals',
      'schedule_revision_totals',
    ]);
    const report = await repair(t.database.db);
    expect(Object.fromEntries(report.map((r) => [r.table, r.wrong]))).toEqual({
      revision_totals: 1,
      schedule_revision_totals: 1,
      patient_month_totals: 1,
      sale_day_totals: 1,
    });
    expect(await drift(t.database.db)).toEqual([]);
    // What was cached under the wrong totals is not served again.
    for (const pro of pros) await expectCachesAgree(pro, 'after repair');
    // The connection is fine afterwards, and the triggers still keep them.
    await steps.insertReviews!();
    await steps.insertSales!();
    expect(await drift(t.database.db)).toEqual([]);
  });
});
