/**
 * The cross-tenant matrix, generated from the OpenAPI document: every operation that takes an id (in its path,
 * its query or its body) is called by professional B with professional A's ids, and again with ids that exist
 * nowhere. A foreign id must answer exactly like a missing one (same status, same code, same body), never with
 * A's data, and must change nothing: the whole database is compared before and after. An operation that takes
 * an id and has no fixture here fails the test, so a new route is covered the day it is added.
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, openApiDocument } from '../src/app.js';
import { backends } from './helpers/backends.js';
import { surveyFlow } from './helpers/answer-revision.js';
import { bearer, createTestApp, type TestApp } from './helpers/app.js';
import { practice } from './helpers/scheduling.js';
import { events } from '../src/db/schema.js';
import { handleEvent } from '../src/notifications/listener.js';

type Ids = Record<
  | 'patient'
  | 'patient2'
  | 'service'
  | 'sale'
  | 'category'
  | 'question'
  | 'quiz'
  | 'appearance'
  | 'schedule'
  | 'request'
  | 'quizAnswer'
  | 'revision'
  | 'note'
  | 'fileKey'
  | 'notification'
  | 'webhook'
  | 'delivery'
  | 'campaign'
  | 'message'
  | 'export'
  | 'exportAll',
  string
>;
type Own = { quiz: string; patient: string; service: string; schedule: string; request: string; category: string };
type Call = { path?: Record<string, string>; query?: Record<string, string>; body?: unknown; as?: 'pro' | 'survey' };
type Fixture = (f: Ids, own: Own) => Call;

const later = { startDate: '2030-12-01', hour: 9, periodicity: 'once' };

/** One fixture per operation that takes an id: A's ids (or missing ones) where an id goes, B's own elsewhere. */
const FIXTURES: Record<string, Fixture> = {
  // Answer review
  listAnswerRevisions: (f) => ({ query: { quizId: f.quiz, patientId: f.patient } }),
  listDelayedAnswerRequests: (f) => ({ query: { quizId: f.quiz, patientId: f.patient } }),
  exportAnswers: (f) => ({ query: { quizId: f.quiz } }),
  getScheduleAnswerRevisions: (f) => ({ path: { patientId: f.patient, scheduleId: f.schedule } }),
  getPatientAnswerSeries: (f) => ({
    path: { patientId: f.patient },
    query: { quizId: f.quiz, questionId: f.question },
  }),
  listPendingAnswerRevisions: (f) => ({ query: { quizId: f.quiz, patientId: f.patient } }),
  listQuizAnswerRevisions: (f) => ({ path: { id: f.quiz }, query: { patientId: f.patient } }),
  listSchedulesWithoutConfirmation: (f) => ({ query: { quizId: f.quiz } }),
  getAnswerStatusReport: (f) => ({ query: { quizId: f.quiz, patientId: f.patient } }),
  getAnswerRevision: (f) => ({ path: { id: f.revision } }),
  approveAnswerRevision: (f) => ({ path: { id: f.revision } }),
  createRevisionNote: (f) => ({ path: { id: f.revision }, body: { note: 'Nota de outra profissional' } }),
  updateRevisionNote: (f) => ({ path: { id: f.revision, noteId: f.note }, body: { note: 'Alterada por outra' } }),
  deleteRevisionNote: (f) => ({ path: { id: f.revision, noteId: f.note } }),
  setAnswerRevisionPending: (f) => ({ path: { id: f.revision } }),
  // Question bank
  getCategory: (f) => ({ path: { id: f.category } }),
  updateCategory: (f) => ({ path: { id: f.category }, body: { name: 'Tomada' } }),
  deleteCategory: (f) => ({ path: { id: f.category } }),
  listQuestions: (f) => ({ query: { categoryId: f.category } }),
  createQuestion: (f) => ({
    body: {
      title: 'Pergunta',
      categoryId: f.category,
      type: 'free-field',
      config: { multiline: false, maxLength: 200 },
    },
  }),
  getQuestion: (f) => ({ path: { id: f.question } }),
  updateQuestion: (f) => ({ path: { id: f.question }, body: { title: 'Tomada' } }),
  deleteQuestion: (f) => ({ path: { id: f.question } }),
  copyQuestion: (f) => ({ path: { id: f.question } }),
  // Quizzes and appearances
  createQuiz: (f) => ({ body: { title: 'Com aparência alheia', appearanceId: f.appearance } }),
  getQuiz: (f) => ({ path: { id: f.quiz } }),
  updateQuiz: (f) => ({ path: { id: f.quiz }, body: { title: 'Tomado' } }),
  disableQuiz: (f) => ({ path: { id: f.quiz } }),
  duplicateQuiz: (f) => ({ path: { id: f.quiz } }),
  addQuizQuestion: (f) => ({ path: { id: f.quiz }, body: { questionId: f.question } }),
  disableQuizQuestion: (f) => ({ path: { id: f.quiz, questionId: f.question } }),
  enableQuizQuestion: (f) => ({ path: { id: f.quiz, questionId: f.question } }),
  updateAppearance: (f) => ({ path: { id: f.appearance }, body: { name: 'Tomada' } }),
  deleteAppearance: (f) => ({ path: { id: f.appearance } }),
  setDefaultAppearance: (f) => ({ path: { id: f.appearance } }),
  listQuizPatients: (f) => ({ path: { quizId: f.quiz } }),
  // Practice
  listPatients: (f) => ({ query: { serviceId: f.service } }),
  deletePatients: (f) => ({ body: { ids: [f.patient, f.patient2], mode: 'inactivate' } }),
  getPatient: (f) => ({ path: { id: f.patient } }),
  updatePatient: (f) => ({ path: { id: f.patient }, body: { name: 'Nome Trocado' } }),
  deletePatient: (f) => ({ path: { id: f.patient2 }, body: { mode: 'delete', reason: 'Pedido da paciente' } }),
  updatePatientPreferences: (f) => ({ path: { id: f.patient }, body: { channel: 'whatsapp', reminders: false } }),
  listPatientQuizzes: (f) => ({ path: { patientId: f.patient } }),
  getPatientAccessLog: (f) => ({ path: { id: f.patient } }),
  getChatHistory: (f) => ({ path: { patientId: f.patient } }),
  getService: (f) => ({ path: { id: f.service } }),
  updateService: (f) => ({ path: { id: f.service }, body: { name: 'Tomado' } }),
  disableService: (f) => ({ path: { id: f.service } }),
  enableService: (f) => ({ path: { id: f.service } }),
  createSale: (f, own) => ({ body: { patientId: f.patient, serviceId: own.service, paymentMethod: 'pix' } }),
  listSales: (f) => ({ query: { patientId: f.patient, serviceId: f.service } }),
  deleteSale: (f) => ({ path: { id: f.sale } }),
  refundSale: (f) => ({ path: { id: f.sale } }),
  // Scheduling
  createQuizSchedule: (f, own) => ({ body: { quizId: own.quiz, patientId: f.patient, ...later } }),
  listQuizSchedules: (f) => ({ query: { quizId: f.quiz, patientId: f.patient } }),
  acknowledgeBulkProcess: (f) => ({ path: { quizId: f.quiz } }),
  bulkChangeSchedulesActiveState: (f) => ({ body: { quizId: f.quiz, patientIds: [f.patient], enabled: false } }),
  bulkDeleteSchedules: (f) => ({ body: { quizId: f.quiz, patientIds: [f.patient] } }),
  getBulkProcessStatus: (f) => ({ path: { quizId: f.quiz } }),
  bulkInsertSchedules: (f) => ({ path: { quizId: f.quiz }, body: { patientIds: [f.patient], ...later } }),
  bulkRescheduleSchedules: (f) => ({ path: { quizId: f.quiz }, body: { patientIds: [f.patient], ...later } }),
  cancelAnswerRequest: (f) => ({ body: { scheduleId: f.request } }),
  requestQuizNow: (f) => ({ body: { quizScheduleId: f.schedule } }),
  rescheduleQuizSchedule: (f) => ({ body: { quizScheduleId: f.schedule, ...later } }),
  getQuizSchedule: (f) => ({ path: { id: f.schedule } }),
  disableQuizSchedule: (f) => ({ path: { id: f.schedule } }),
  enableQuizSchedule: (f) => ({ path: { id: f.schedule } }),
  deleteQuizSchedule: (f) => ({ path: { quizScheduleId: f.schedule, patientId: f.patient } }),
  // The patient's survey, with B's patient's survey token
  startQuizAnswer: (f) => ({ as: 'survey', body: { quizScheduleId: f.schedule, answerRequestId: f.request } }),
  saveQuizAnswer: (f) => ({
    as: 'survey',
    path: { quizAnswerId: f.quizAnswer },
    body: {
      idempotencyKey: randomUUID(),
      answer: { questionId: f.question, value: { type: 'free-field', text: 'x' } },
    },
  }),
  getSurveyState: (f) => ({ as: 'survey', path: { scheduleId: f.schedule } }),
  // Files
  createSignedUploadUrl: (f) => ({
    as: 'survey',
    body: { key: 'foto.jpg', contentType: 'image/jpeg', contentSize: 10, questionId: f.question },
  }),
  getFile: (f) => ({ path: { key: f.fileKey } }),
  // Notifications
  updateNotification: (f) => ({ path: { id: f.notification }, body: { isMarkedAsRead: true } }),
  // Webhooks
  updateWebhook: (f) => ({
    body: { id: f.webhook, url: 'https://93.184.216.34/tomado', events: ['patient.created'] },
  }),
  deleteWebhook: (f) => ({ path: { id: f.webhook } }),
  rotateWebhookSecret: (f) => ({ path: { id: f.webhook } }),
  listWebhookResponses: (f) => ({ path: { id: f.webhook } }),
  sendWebhookTest: (f) => ({ path: { id: f.webhook } }),
  redeliverWebhook: (f) => ({ path: { id: f.webhook, deliveryId: f.delivery } }),
  // Messaging
  getMessageCampaign: (f) => ({ path: { id: f.campaign } }),
  retryMessage: (f) => ({ path: { id: f.message } }),
  // Data exports
  createPatientExport: (f) => ({ path: { id: f.patient } }),
  getPatientExport: (f) => ({ path: { id: f.patient, jobId: f.export } }),
  getProfessionalExport: (f) => ({ path: { jobId: f.exportAll } }),
};

/**
 * Operations that take an id but are outside the matrix, each with its reason.
 */
const OUTSIDE: Record<string, string> = {
  requestPatientCode:
    'no session: its path holds a published link; it answers the same for any contact and sends a code only to a patient’s own registered contact (test/patient-area.test.ts)',
  createPatientSession:
    'no session: its path holds a published link; the one-time code sent to her own contact is the credential (test/patient-area.test.ts)',
  openPatientQuiz:
    'a patient’s session, not a professional’s: another patient’s schedule answers exactly like a missing one (test/patient-area.test.ts)',
  getPublicClientArea:
    'public by design: its path holds the link a professional publishes, not a row id; it answers her name, profession, council registration and page look only, never a patient (test/client-area.test.ts)',
  receiveGatewayWebhook:
    'the payment gateway’s webhook, no session: authenticated by the gateway’s token; the ids in its events are the gateway’s, matched to the subscription that recorded them (test/subscription.test.ts)',
  validateQuizPin:
    'public by design: the schedule id is the survey link the patient was sent; the PIN is the secret, limited per link and per address',
  getSurveyBrand:
    'public by design: the schedule id is the survey link the patient was sent; it answers the professional’s name and look only, never the patient nor her answers (test/quiz-answer.test.ts)',
  uploadFile:
    'its path holds a signed upload token, not an id: a forged or foreign token is refused by its signature (test/appearance-file.test.ts)',
  updateNotificationSetting:
    'its path holds a notification type of the catalogue, not a row: each professional edits her own settings only (test/events.test.ts)',
};

/** What an operation takes: ids in the path, id-named query parameters, id-named body properties. */
function takesAnId(doc: Record<string, any>, op: Record<string, any>): boolean {
  const params = (op.parameters ?? []) as { in: string; name: string }[];
  if (params.some((p) => p.in === 'path')) return true;
  if (params.some((p) => p.in === 'query' && /id$/i.test(p.name))) return true;
  let body = op.requestBody?.content?.['application/json']?.schema;
  if (body?.$ref) body = doc.components.schemas[String(body.$ref).split('/').pop()!];
  return Object.keys(body?.properties ?? {}).some((k) => /ids?$/i.test(k));
}

// The access log records the refused reads too (checked below: refused, and in no patient's log).
const TABLES_OUTSIDE = new Set([
  'login_attempts',
  'sessions',
  'dev_mailbox',
  'app_settings',
  'patient_list_versions',
  'follow_up_versions',
  'access_log',
]);

describe.each(backends)('cross-tenant matrix on $name', (backend) => {
  let t: TestApp;
  let doc: Record<string, any>;
  let a: string;
  let b: string;
  let surveyB: string;
  const ids = {} as Ids;
  const own = {} as Own;

  /** Every row of every table but the counters, as one digest per table. */
  async function snapshot(): Promise<Record<string, string>> {
    const tables = await t.database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const out: Record<string, string> = {};
    for (const { table_name } of tables.rows) {
      if (TABLES_OUTSIDE.has(table_name)) continue;
      const rows = await t.database.db.execute(sql.raw(`select * from "${table_name}"`));
      const lines = rows.rows.map((r) => JSON.stringify(r)).sort();
      out[table_name] = `${lines.length}:${createHash('sha256').update(lines.join('\n')).digest('hex')}`;
    }
    return out;
  }

  beforeAll(async () => {
    t = await createTestApp(backend);
    doc = await openApiDocument(buildApp({ config: { logger: false } }));
    const p = practice(t);
    const flow = surveyFlow(t, p);
    const api = p.api;
    a = await t.signUp('ana.tenant@example.com');
    b = await t.signUp('bia.tenant@example.com');

    // Professional A: a whole practice.
    ids.service = await p.service(a, 365);
    const ana = await p.patient(a, { serviceId: ids.service, channel: 'email', name: 'Ana Segredo Costa' });
    ids.patient = ana.id;
    ids.sale = ana.saleId!;
    ids.patient2 = (await p.patient(a, { name: 'Bruna Segredo Lima' })).id;
    ids.category = (await p.ok(api('POST', '/category', a, { name: 'Categoria da Ana', color: '#123456' }), 201)).id;
    ids.question = (
      await p.ok(
        api('POST', '/question', a, {
          title: 'Como foi sua semana?',
          categoryId: ids.category,
          type: 'free-field',
          config: { multiline: true, maxLength: 500 },
        }),
        201,
      )
    ).id;
    ids.appearance = (await p.ok(api('POST', '/quiz/my/appearance', a, { name: 'Aparência da Ana' }), 201)).id;
    ids.quiz = (
      await p.ok(
        api('POST', '/quiz', a, {
          title: 'Questionário da Ana',
          appearanceId: ids.appearance,
          chosenQuestions: [{ id: ids.question }],
        }),
        201,
      )
    ).id;
    ids.schedule = (
      await p.ok(api('POST', '/quiz/schedule', a, { quizId: ids.quiz, patientId: ids.patient, ...later }), 201)
    ).id;
    const answered = await flow.answer({
      pro: a,
      scheduleId: ids.schedule,
      email: ana.email!,
      steps: [{ questionId: ids.question, value: { type: 'free-field', text: 'Semana secreta' } }],
    });
    ids.quizAnswer = answered.quizAnswerId;
    const revisions = await p.ok(api('GET', `/answer-revision/patient/${ids.patient}/quizSchedule/${ids.schedule}`, a));
    ids.revision = (revisions.items ?? revisions)[0].id;
    ids.note = (await p.ok(api('POST', `/answer-revision/${ids.revision}/note`, a, { note: 'Nota secreta' }), 201)).id;
    // A's notification of her patient's answer (the event handled as its job would).
    for (const e of await t.database.db.select({ id: events.id }).from(events)) {
      await handleEvent({ db: t.database.db }, e.id);
    }
    ids.notification = (await p.ok(api('GET', '/notifications', a))).items[0].id;
    ids.webhook = (
      await p.ok(
        api('POST', '/webhooks/manager', a, { url: 'https://93.184.216.34/da-ana', events: ['patient.created'] }),
        201,
      )
    ).id;
    ids.delivery = (await p.ok(api('POST', `/webhooks/manager/${ids.webhook}/test`, a), 202)).deliveryId;
    // A's message to her patient (by e-mail), and that message.
    ids.campaign = (
      await p.ok(
        api('POST', '/chat/messages', a, {
          audience: { kind: 'patients', patientIds: [ids.patient] },
          channel: 'email',
          body: 'Mensagem da Ana',
        }),
        201,
      )
    ).id;
    ids.message = (await p.ok(api('GET', `/chat/campaigns/${ids.campaign}`, a))).recipients[0].messageId;
    // A's exports: one client's and "Exportar tudo".
    ids.export = (await p.ok(api('POST', `/patient/${ids.patient}/export`, a), 202)).id;
    ids.exportAll = (await p.ok(api('POST', '/professional/me/export', a), 202)).id;
    // A second request, sent and unanswered (cancel, start), past the resend cooldown.
    t.clock.advance(2 * 60_000);
    const pending = await flow.send(a, ids.schedule, ana.email!);
    ids.request = pending.requestId;
    // A file of A's patient.
    const aToken = await flow.surveyToken(ids.schedule, pending.pin);
    const signed = await p.ok(
      api('POST', '/file/signed-url', a, { key: 'exame.jpg', contentType: 'image/jpeg', contentSize: 4 }),
    );
    const put = await t.call({
      method: 'PUT',
      url: new URL(signed.uploadData.url).pathname,
      headers: { 'content-type': 'image/jpeg' },
      payload: Buffer.from('jpeg'),
    });
    expect(put.statusCode, put.body).toBe(200);
    ids.fileKey = signed.key;
    expect(aToken).toBeTruthy();

    // Professional B: her own practice and a patient of hers in the middle of a survey.
    own.service = await p.service(b, 365);
    const bia = await p.patient(b, { serviceId: own.service, channel: 'email', name: 'Paciente da Bia' });
    own.patient = bia.id;
    own.category = (await p.ok(api('POST', '/category', b, { name: 'Categoria da Bia', color: '#654321' }), 201)).id;
    const qB = (
      await p.ok(
        api('POST', '/question', b, {
          title: 'Peso',
          categoryId: own.category,
          type: 'free-field',
          config: { multiline: false, maxLength: 50 },
        }),
        201,
      )
    ).id;
    own.quiz = (
      await p.ok(api('POST', '/quiz', b, { title: 'Questionário da Bia', chosenQuestions: [{ id: qB }] }), 201)
    ).id;
    own.schedule = (
      await p.ok(api('POST', '/quiz/schedule', b, { quizId: own.quiz, patientId: own.patient, ...later }), 201)
    ).id;
    const sentB = await flow.send(b, own.schedule, bia.email!);
    own.request = sentB.requestId;
    surveyB = await flow.surveyToken(own.schedule, sentB.pin);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every operation that takes an id has a fixture (or a stated reason to stand outside)', () => {
    const missing: string[] = [];
    for (const ops of Object.values(doc.paths as Record<string, Record<string, any>>)) {
      for (const op of Object.values(ops)) {
        if (!op?.operationId || !takesAnId(doc, op)) continue;
        if (!FIXTURES[op.operationId] && !OUTSIDE[op.operationId]) missing.push(op.operationId);
      }
    }
    expect(missing, 'operations taking an id without a cross-tenant fixture').toEqual([]);
    const known = new Set(
      Object.values(doc.paths as Record<string, Record<string, any>>).flatMap((ops) =>
        Object.values(ops).map((op) => op?.operationId),
      ),
    );
    expect(
      Object.keys(FIXTURES).filter((id) => !known.has(id)),
      'fixtures of operations that no longer exist',
    ).toEqual([]);
  });

  it('a foreign id answers exactly like a missing one, shows none of the owner’s data and changes nothing', async () => {
    const secrets = [
      'Ana Segredo',
      'Bruna Segredo',
      'Semana secreta',
      'Nota secreta',
      'Categoria da Ana',
      'Aparência da Ana',
      'Questionário da Ana',
      'ana.tenant',
    ];
    const before = await snapshot();
    const logMark = Number(
      (await t.database.db.execute<{ n: string }>(sql`select coalesce(max(id), 0) as n from access_log`)).rows[0]!.n,
    );
    const missingIds = Object.fromEntries(
      Object.entries(ids).map(([k, v]) => [
        k,
        k === 'fileKey'
          ? v.replace(/^[0-9a-f-]{36}_[0-9a-f]{32}/, `${randomUUID()}_${randomUUID().replace(/-/g, '')}`)
          : randomUUID(),
      ]),
    ) as Ids;
    const call = async (method: string, path: string, c: Call) => {
      let url = `/api${path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(c.path?.[name] ?? ''))}`;
      if (c.query) url += `?${new URLSearchParams(c.query).toString()}`;
      return t.call({
        method: method.toUpperCase() as 'GET',
        url,
        headers: bearer(c.as === 'survey' ? surveyB : b),
        ...(c.body !== undefined ? { payload: c.body as object } : {}),
      });
    };
    const rows: { op: string; status: number; code?: string }[] = [];
    const leaks: string[] = [];
    const problems: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const fixture = FIXTURES[op?.operationId];
        if (!fixture) continue;
        const foreign = await call(method, path, fixture(ids, own));
        const missing = await call(method, path, fixture(missingIds, own));
        const label = `${op.operationId} (${method.toUpperCase()} ${path})`;
        const isJson = String(foreign.headers['content-type'] ?? '').includes('json');
        const codeOf = (r: typeof foreign) =>
          String(r.headers['content-type'] ?? '').includes('json') && r.statusCode >= 400
            ? r.json().application_error_code
            : undefined;
        // It reached the ownership check: not refused by validation or authentication.
        // (A field error on the id itself, "Categoria não encontrada.", is the ownership check speaking.)
        const onAnId = (r: typeof foreign) =>
          codeOf(r) === 'WRONG_COMMAND_PARAMETERS' &&
          (r.json().details ?? []).some((d: { path: string[] }) => /ids?$/i.test(String(d.path.at(-1) ?? '')));
        if ((codeOf(foreign) === 'WRONG_COMMAND_PARAMETERS' && !onAnId(foreign)) || foreign.statusCode === 401)
          problems.push(`${label}: the fixture is refused before any id is looked up: ${foreign.body}`);
        else if (foreign.statusCode !== missing.statusCode || codeOf(foreign) !== codeOf(missing)) {
          problems.push(
            `${label}: foreign ${foreign.statusCode} ${foreign.body.slice(0, 160)} vs missing ${missing.statusCode} ${missing.body.slice(0, 160)}`,
          );
        } else if (isJson && foreign.statusCode >= 400 && foreign.json().message !== missing.json().message) {
          problems.push(`${label}: foreign says "${foreign.json().message}", missing says "${missing.json().message}"`);
        } else if (foreign.statusCode < 300 && foreign.statusCode !== 200)
          problems.push(`${label} succeeded with a foreign id (${foreign.statusCode})`);
        for (const secret of secrets) if (foreign.body.includes(secret)) leaks.push(`${label} shows "${secret}"`);
        rows.push({ op: op.operationId, status: foreign.statusCode, code: codeOf(foreign) });
      }
    }
    expect(problems).toEqual([]);
    expect(leaks).toEqual([]);
    const after = await snapshot();
    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    expect(changed, 'tables changed by calls with foreign or missing ids').toEqual([]);
    // Every read of health data with a foreign or missing id was recorded as refused, in no patient's log.
    const logged = await t.database.db.execute<{ kind: string; outcome: string; patient_id: string | null }>(
      sql`select kind, outcome, patient_id from access_log where id > ${logMark}`,
    );
    expect(logged.rows.length).toBeGreaterThan(0);
    expect(logged.rows.filter((r) => r.outcome !== 'refused' || r.patient_id !== null)).toEqual([]);
    // The owner's data is intact and hers: a few re-reads.
    expect((await t.call({ method: 'GET', url: `/api/patient/${ids.patient}`, headers: bearer(a) })).json().name).toBe(
      'Ana Segredo Costa',
    );
    expect(
      (await t.call({ method: 'GET', url: `/api/answer-revision/${ids.revision}`, headers: bearer(a) })).statusCode,
    ).toBe(200);
    console.log(
      `cross-tenant matrix (${backend.name}): ${rows.length} operations tried with foreign and missing ids, ${leaks.length} leaks, ${changed.length} tables changed; ` +
        `answers: ${JSON.stringify(rows.reduce<Record<string, number>>((acc, r) => ({ ...acc, [`${r.status}${r.code ? ` ${r.code}` : ''}`]: (acc[`${r.status}${r.code ? ` ${r.code}` : ''}`] ?? 0) + 1 }), {}))}`,
    );
  });

  it('each read fixture is right: the owner reading with her own ids gets 200', async () => {
    const failures: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      const op = ops.get;
      const fixture = FIXTURES[op?.operationId];
      if (!fixture) continue;
      const c = fixture(ids, own);
      if (c.as === 'survey') continue;
      let url = `/api${path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(c.path?.[name] ?? ''))}`;
      if (c.query) url += `?${new URLSearchParams(c.query).toString()}`;
      const res = await t.call({ method: 'GET', url, headers: bearer(a) });
      if (res.statusCode !== 200) failures.push(`${op.operationId}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });
});
