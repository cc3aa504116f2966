// The hot paths' query plans, checked on both databases: a change that makes a list read a whole table (a
// dropped index, a condition the index cannot serve, an ORDER BY that forces a sort of every row) fails here
// instead of in production. The statements are the ones the routes really send (recorded off the pool during
// an HTTP call), explained with their own parameter values on a practice big enough for the planner to choose
// as it would in production (thousands of patients, sales and answers; statistics and visibility up to date).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/backends.js';
import { bearer, createTestApp, type TestApp } from './helpers/app.js';

/** Tables that grow with the practice: none may be read whole by a hot path. */
const BIG = [
  'patients',
  'sales',
  'answer_revisions',
  'quiz_answers',
  'answer_items',
  'answer_requests',
  'quiz_schedules',
];

interface PlanNode {
  'Node Type': string;
  'Parent Relationship'?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

interface Statement {
  text: string;
  values: unknown[];
  plan: PlanNode;
}

describe.each(backends)('query plans of the hot paths on $name', (backend) => {
  let t: TestApp;
  let token: string;
  let patientId: string;
  let quizId: string;
  let revisionId: string;
  let scheduleId: string;
  let serviceId: string;

  /** The statements a call sends, each with its plan. */
  async function statementsOf(url: string): Promise<Statement[]> {
    const pool = t.database.pool;
    const sent: { text: string; values: unknown[] }[] = [];
    const original = pool.query.bind(pool);
    pool.query = ((config: unknown, values?: unknown[]) => {
      const c = config as string | { text: string; values?: unknown[] };
      sent.push(
        typeof c === 'string' ? { text: c, values: values ?? [] } : { text: c.text, values: c.values ?? values ?? [] },
      );
      return (original as (...args: unknown[]) => unknown)(config, values);
    }) as typeof pool.query;
    try {
      const res = await t.call({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      pool.query = original;
    }
    const out: Statement[] = [];
    for (const s of sent.filter((s) => /^\s*(select|with)\b/i.test(s.text))) {
      const { rows } = await pool
        .query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${s.text}`, s.values)
        .catch((e: Error) => {
          throw new Error(`${e.message}: ${s.text} ${JSON.stringify(s.values)}`);
        });
      out.push({ ...s, plan: rows[0]!['QUERY PLAN'][0].Plan });
    }
    return out;
  }

  // A scan that is itself a sub-plan (an EXISTS probe, a scalar sub-select) stops at its first row: the planner
  // takes it when the rows it looks for are common, as they are in a test database of ten practices.
  const whole = (s: Statement) =>
    nodes(s.plan)
      .filter(
        (n) =>
          n['Node Type'] === 'Seq Scan' &&
          BIG.includes(n['Relation Name'] ?? '') &&
          !['InitPlan', 'SubPlan'].includes(n['Parent Relationship'] ?? ''),
      )
      .map((n) => n['Relation Name']);
  const indexes = (s: Statement) => nodes(s.plan).flatMap((n) => (n['Index Name'] ? [n['Index Name']] : []));
  // A full sort of what was read (an incremental sort only orders the ties of an index's order).
  const sorts = (s: Statement) => nodes(s.plan).filter((n) => n['Node Type'] === 'Sort');
  const about = (statements: Statement[], table: string) => statements.filter((s) => s.text.includes(`"${table}"`));

  beforeAll(async () => {
    // The caches off (patient lists, summaries): every call here must reach the database to be explained.
    t = await createTestApp(backend, { config: { patientListCache: false, summaryCache: false } });
    token = await t.signUp('planos@example.com');
    const api = async (method: 'POST', url: string, payload: object) => {
      const res = await t.call({ method, url: `/api${url}`, headers: bearer(token), payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    serviceId = (await api('POST', '/services', { name: 'Acompanhamento', priceCents: 30000, validityDays: 90 })).id;
    await api('POST', '/services', { name: 'Consulta', priceCents: 25000, validityDays: 30 });
    quizId = (await api('POST', '/quiz', { title: 'Semanal' })).id;
    patientId = (await api('POST', '/patient', { name: 'Zuleica Quintanilha', phone: '11987650000' })).id;
    // Ten practices at work, set-based, hers one of them (as in production, where no practice is the whole
    // table): 1,000 patients each, sales for most, a quarter followed weekly for 12 weeks, two questionnaires.
    const pool = t.database.pool;
    const [{ id: professionalId }] = (
      await pool.query<{ id: string }>('select professional_id as id from patients where id = $1', [patientId])
    ).rows as [{ id: string }];
    const run = (text: string) => pool.query(text, text.includes('$1') ? [professionalId] : []);
    const tenants = `(select id from professionals where id = $1 or email like 'outra%')`;
    await run(`insert into professionals (name, email, password_hash)
      select 'Outra ' || i, 'outra' || i || '@example.com', 'x' from generate_series(1, 9) i`);
    await run(`insert into services (professional_id, name, price_cents, validity_days)
      select id, 'Plano', 30000, 90 from ${tenants} t where id <> $1`);
    await run(`insert into quizzes (professional_id, title)
      select id, 'Semanal' from ${tenants} t where id <> $1 union all select id, 'Mensal' from ${tenants} t`);
    await run(`insert into patients (professional_id, name, search_name, email, status, service_modality, preferences)
      select t.id, 'Paciente ' || i || ' Silva', 'paciente ' || i || ' silva', 'p' || i || '@example.com',
             case when i % 7 = 0 then 'inactive' when i % 97 = 0 then 'deleted' else 'active' end,
             (array['presencial','online','hibrido'])[1 + i % 3],
             '{"channel":"email","reminders":true,"reminderHour":null}'::jsonb
      from ${tenants} t cross join generate_series(1, 1000) i`);
    await run(`insert into sales (professional_id, patient_id, service_id, amount_cents, payment_method, sold_at, starts_at, ends_at)
      select p.professional_id, p.id, s.id, 30000, 'pix', now() - (k * 100 + 5) * interval '1 day',
             current_date - (k * 100 + 5), current_date - (k * 100 + 5) + 90
      from patients p cross join generate_series(0, 2) k
      cross join lateral (select id from services where professional_id = p.professional_id order by name limit 1) s
      where p.email like 'p%@example.com'`);
    await run(`insert into quiz_schedules (professional_id, quiz_id, patient_id, start_date, hour, periodicity, weekdays, channel)
      select p.professional_id, q.id, p.id, current_date - 84, 8, 'weekly', '[1]'::jsonb, 'email'
      from patients p
      cross join lateral (select id from quizzes where professional_id = p.professional_id order by title
                          offset abs(hashtext(p.id::text)) % 2 limit 1) q
      where p.status = 'active' and p.email like 'p%@example.com' and abs(hashtext(p.id::text)) % 4 = 0`);
    await run(`insert into answer_requests (schedule_id, professional_id, patient_id, quiz_id, due_at, status, sent_at, answered_at)
      select s.id, s.professional_id, s.patient_id, s.quiz_id, now() - k * interval '7 days', 'answered',
             now() - k * interval '7 days', now() - k * interval '7 days' + interval '1 hour'
      from quiz_schedules s cross join generate_series(1, 12) k`);
    await run(`insert into question_snapshots (professional_id, quiz_id, digest, questions)
      select professional_id, id, md5('[]'), '[]'::jsonb from quizzes`);
    await run(`insert into quiz_answers (answer_request_id, schedule_id, professional_id, patient_id, quiz_id, status, snapshot_id, started_at, finished_at)
      select r.id, r.schedule_id, r.professional_id, r.patient_id, r.quiz_id, 'finished', s.id, r.answered_at, r.answered_at
      from answer_requests r join question_snapshots s on s.quiz_id = r.quiz_id`);
    await run(`insert into answer_items (quiz_answer_id, question_id, position, value)
      select a.id, gen_random_uuid(), k, '{"type":"linear-scale","value":3}'::jsonb
      from quiz_answers a cross join generate_series(0, 3) k`);
    await run(`insert into answer_revisions (quiz_answer_id, professional_id, patient_id, quiz_id, schedule_id, status, created_at)
      select a.id, a.professional_id, a.patient_id, a.quiz_id, a.schedule_id,
             case when a.finished_at > now() - interval '15 days' then 'pending' else 'completed' end, a.finished_at
      from quiz_answers a`);
    await pool.query('VACUUM ANALYZE');
    const [one] = (
      await pool.query<{ id: string; schedule_id: string; patient_id: string }>(
        "select id, schedule_id, patient_id from answer_revisions where status = 'pending' and professional_id = $1 order by id limit 1",
        [professionalId],
      )
    ).rows;
    revisionId = one!.id;
    scheduleId = one!.schedule_id;
    patientId = one!.patient_id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['the clients list', '/api/patient?take=20'],
    ['a name search', '/api/patient?take=20&nameTerm=quintanilha'],
    ['a filtered later page', '/api/patient?take=20&skip=40&status=active&serviceModality=online'],
    ['the dashboard', '/api/dashboard/summary'],
    ['pending reviews', '/api/answer-revision/pending?take=20'],
    ['received answers, all', '/api/answer-revision?take=20&skip=20'],
    ['received answers of a period', '/api/answer-revision?take=20&status=completed&from=2020-01-01&to=2040-12-31'],
    ['a review', () => `/api/answer-revision/${revisionId}`],
    ['a client', () => `/api/patient/${patientId}`],
    ['a client’s sales', () => `/api/sales?take=10&patientId=${patientId}`],
    ['the clients of a service', () => `/api/patient?take=20&serviceId=${serviceId}`],
    [
      'the latest answer of a schedule',
      () => `/api/answer-revision/patient/${patientId}/quizSchedule/${scheduleId}?take=1`,
    ],
    ['a questionnaire’s links', () => `/api/quiz/schedule?take=20&quizId=${quizId}`],
  ])('%s reads no growing table whole', async (_, url) => {
    const statements = await statementsOf(typeof url === 'function' ? url() : url);
    expect(statements.length).toBeGreaterThan(0);
    for (const s of statements) expect(whole(s), s.text.trim().replace(/\s+/g, ' ')).toEqual([]);
  });

  it('a name search counts off the trigram index, up to its cap; the list pages off the name index without sorting', async () => {
    const search = about(await statementsOf('/api/patient?take=20&nameTerm=quintanilha'), 'patients');
    const count = search.find((s) => /^select count\(/i.test(s.text))!;
    expect(indexes(count)).toContain('patients_search_name_trgm_idx');
    // A common term ("silva": every patient here) stops counting one past the cap instead of reading every match.
    const common = about(await statementsOf('/api/patient?take=20&nameTerm=silva'), 'patients');
    const capped = common.find((s) => /^select count\(/i.test(s.text))!;
    expect(nodes(capped.plan).map((n) => n['Node Type'])).toContain('Limit');
    const list = about(await statementsOf('/api/patient?take=20&skip=20'), 'patients');
    const page = list.find((s) => /order by "patients"."search_name"/i.test(s.text))!;
    expect(indexes(page)).toContain('patients_professional_name_idx');
    expect(sorts(page), page.text).toEqual([]);
  });

  it('review lists walk their index newest first, without sorting every answer; totals are kept, or read the index alone', async () => {
    for (const [url, index, kept] of [
      ['/api/answer-revision/pending?take=20', 'answer_revisions_professional_status_idx', true],
      ['/api/answer-revision?take=20', 'answer_revisions_professional_created_idx', true],
      [
        '/api/answer-revision?take=20&status=completed&from=2020-01-01&to=2040-12-31',
        'answer_revisions_professional_status_idx',
        false,
      ],
    ] as const) {
      const all = await statementsOf(url);
      const statements = about(all, 'answer_revisions');
      const page = statements.find((s) => /order by/i.test(s.text))!;
      if (kept) expect(indexes(page), url).toContain(index);
      expect(sorts(page), url).toEqual([]);
      const count = statements.find((s) => /^select count\(/i.test(s.text));
      if (kept) {
        // Without a patient or a period the total is the kept one (migration 0027): nothing is counted.
        expect(count, url).toBeUndefined();
        expect(
          all.some((s) => /from "revision_totals"/i.test(s.text)),
          url,
        ).toBe(true);
        continue;
      }
      expect(
        nodes(count!.plan).some(
          (n) => n['Node Type'] === 'Index Only Scan' && n['Index Name']?.startsWith('answer_revisions_professional_'),
        ),
        `${url}: ${JSON.stringify(nodes(count!.plan).map((n) => [n['Node Type'], n['Index Name']]))}`,
      ).toBe(true);
    }
  });

  it('the dashboard counts nothing: its patients and sales are kept totals', async () => {
    const all = await statementsOf('/api/dashboard/summary');
    expect(all.some((s) => /from "patient_month_totals"/i.test(s.text))).toBe(true);
    expect(all.some((s) => /from "sale_day_totals"/i.test(s.text))).toBe(true);
    expect(all.filter((s) => /count\(\*\)/i.test(s.text)).map((s) => s.text)).toEqual([]);
  });

  it('a questionnaire’s links find each schedule’s last request with one index probe', async () => {
    // Her questionnaire with schedules (the seed gives each practice's patients one of its two).
    const { rows } = await t.database.pool.query<{ quiz_id: string }>(
      'select quiz_id from quiz_schedules where professional_id = (select professional_id from patients where id = $1) limit 1',
      [patientId],
    );
    const statements = await statementsOf(`/api/quiz/schedule?take=20&quizId=${rows[0]!.quiz_id}`);
    const [last] = statements.filter((s) => /unnest/i.test(s.text));
    expect(indexes(last!)).toContain('answer_requests_schedule_last_idx');
    expect(sorts(last!)).toEqual([]);
  });

  it('the dashboard reads only the sales ending inside the window for the services about to end', async () => {
    const statements = about(await statementsOf('/api/dashboard/summary'), 'sales');
    const expiring = statements.find((s) => /not exists/i.test(s.text))!;
    expect(indexes(expiring)).toContain('sales_professional_ends_at_idx');
    expect(indexes(expiring)).toContain('sales_patient_paid_ends_idx');
  });

  it('the clients of a service are counted off its sales still running, not every sale of it ever made', async () => {
    const statements = await statementsOf(`/api/patient?take=20&serviceId=${serviceId}`);
    const count = statements.find((s) => /^select count\(/i.test(s.text) && /"sales"/.test(s.text))!;
    const used = indexes(count);
    expect(
      used.some((i) => i === 'sales_service_paid_ends_idx' || i === 'sales_patient_paid_ends_idx'),
      used.join(),
    ).toBe(true);
    expect(used).not.toContain('sales_service_idx');
  });

  it('a review finds its earlier and next answers in finish order, without sorting the patient’s history', async () => {
    const statements = about(await statementsOf(`/api/answer-revision/${revisionId}`), 'quiz_answers').filter((s) =>
      /order by "quiz_answers"."finished_at"/i.test(s.text),
    );
    expect(statements).toHaveLength(2);
    for (const s of statements) {
      expect(indexes(s), s.text).toContain('quiz_answers_patient_idx');
      expect(sorts(s), s.text).toEqual([]);
    }
  });
});
