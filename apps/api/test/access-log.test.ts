/**
 * Who read her record (ASVS V16, LGPD art. 37): every read of a patient's health data through a professional's
 * session is in her access log — allowed or refused, with the address truncated — the log cannot be rewritten,
 * and the professional's own account activity is kept beside it.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneAccessLog } from '../src/access/log.js';
import { accessLog, answerRevisions } from '../src/db/schema.js';
import { defaultQuestionId as q } from '../src/question/library.js';
import { backends } from './helpers/backends.js';
import { bearer, createTestApp, type TestApp } from './helpers/app.js';
import { surveyFlow } from './helpers/answer-revision.js';
import { pinClock, practice } from './helpers/scheduling.js';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8]);

describe.each(backends)('access log on $name', (backend) => {
  let t: TestApp;
  let p: ReturnType<typeof practice>;
  let a: string;
  let b: string;
  let patientId: string;
  let scheduleId: string;
  let quizId: string;
  let revisionId: string;
  let fileKey: string;

  const get = (url: string, token: string, remoteAddress = '203.0.113.45') =>
    t.call({ method: 'GET', url: `/api${url}`, headers: bearer(token), remoteAddress });
  const log = async (token = a) => {
    const res = await get(`/patient/${patientId}/access-log?take=100`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { total: number; items: Array<Record<string, string | null>> };
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    p = practice(t);
    const flow = surveyFlow(t, p);
    pinClock(t, '2030-03-04T13:00:00Z');
    a = await t.signUp('ana.acessos@example.com');
    b = await t.signUp('bia.acessos@example.com');
    const service = await p.service(a, 365);
    const patient = await p.patient(a, { serviceId: service, channel: 'email', name: 'Clara Acessos' });
    patientId = patient.id;
    quizId = (
      await p.ok(
        p.api('POST', '/quiz', a, { title: 'Pesagem', chosenQuestions: [{ id: q('peso') }, { id: q('foto-corpo') }] }),
        201,
      )
    ).id;
    scheduleId = (
      await p.ok(
        p.api('POST', '/quiz/schedule', a, {
          quizId,
          patientId,
          startDate: '2030-12-01',
          hour: 8,
          periodicity: 'once',
        }),
        201,
      )
    ).id;
    const { quizAnswerId } = await flow.answer({
      pro: a,
      scheduleId,
      email: patient.email!,
      steps: [
        { questionId: q('peso'), value: { type: 'metrics', value: 70.5 } },
        {
          questionId: q('foto-corpo'),
          value: async (token) => {
            const file = await flow.upload(token, q('foto-corpo'), 'frente.jpg', JPEG);
            fileKey = file.key;
            return { type: 'file-upload', files: [file] };
          },
        },
      ],
    });
    revisionId = (
      await t.database.db.select().from(answerRevisions).where(eq(answerRevisions.quizAnswerId, quizAnswerId))
    )[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records every read of her health data with what, when and the address truncated', async () => {
    expect((await get(`/answer-revision/${revisionId}`, a)).statusCode).toBe(200);
    expect((await get(`/answer-revision/patient/${patientId}/series`, a)).statusCode).toBe(200);
    expect((await get(`/answer-revision/patient/${patientId}/quizSchedule/${scheduleId}?take=1`, a)).statusCode).toBe(
      200,
    );
    expect((await get(`/answer-revision/status-report?patientId=${patientId}`, a)).statusCode).toBe(200);
    expect((await get(`/answer-revision/export?quizId=${quizId}&format=csv`, a, '2001:db8:aa:bb::9')).statusCode).toBe(
      200,
    );
    expect((await get(`/file/${fileKey}`, a)).statusCode).toBe(200);
    // A status report of the whole practice reads no one's record.
    expect((await get('/answer-revision/status-report', a)).statusCode).toBe(200);

    const { items, total } = await log();
    // The log's own page opens with the read that opened it.
    expect(items[0]).toMatchObject({ kind: 'access_log', targetId: patientId, outcome: 'ok' });
    const seen = items
      .slice(1)
      .map((i) => `${i.kind} ${i.targetId} ${i.outcome} ${i.address}`)
      .reverse();
    expect(seen).toEqual([
      `review ${revisionId} ok 203.0.113.0/24`,
      `series ${patientId} ok 203.0.113.0/24`,
      `answer ${scheduleId} ok 203.0.113.0/24`,
      `report ${patientId} ok 203.0.113.0/24`,
      `answers_export ${quizId} ok 2001:db8:aa::/48`,
      `file ${fileKey} ok 203.0.113.0/24`,
    ]);
    expect(total).toBe(7);
    expect((await log()).total).toBe(8);
  });

  it('records a refused read as refused, in no patient’s log and without her data', async () => {
    const before = (await log()).total;
    const foreign = await get(`/answer-revision/${revisionId}`, b, '198.51.100.7');
    expect(foreign.statusCode).toBe(404);
    expect((await get(`/answer-revision/patient/${patientId}/series`, b, '198.51.100.7')).statusCode).toBe(404);
    const rows = await t.database.db.select().from(accessLog).where(eq(accessLog.address, '198.51.100.0/24'));
    expect(rows.map((r) => [r.kind, r.outcome, r.patientId, r.targetId])).toEqual([
      ['review', 'refused', null, revisionId],
      ['series', 'refused', null, patientId],
    ]);
    // Her log shows only her professional's reads (+1: this read of the log).
    expect((await log()).total).toBe(before + 1);
    // Another professional cannot read her log at all.
    expect((await get(`/patient/${patientId}/access-log`, b)).statusCode).toBe(404);
  });

  it('cannot be rewritten: no update, no delete but the retention prune', async () => {
    const db = t.database.db;
    const refusal = (query: PromiseLike<unknown>) =>
      Promise.resolve(query).then(
        () => 'allowed',
        (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
      );
    expect(await refusal(db.update(accessLog).set({ outcome: 'ok' }))).toBe('access_log is append-only');
    expect(await refusal(db.delete(accessLog))).toBe('access_log is append-only');
    // The connection is still usable after the refusal.
    expect((await log()).total).toBeGreaterThan(0);
    const old = new Date(t.clock.now());
    old.setUTCFullYear(old.getUTCFullYear() - 21);
    await db.insert(accessLog).values({ professionalId: patientId, patientId, kind: 'review', outcome: 'ok', at: old });
    const count = async () =>
      Number((await db.execute<{ n: string }>(sql`select count(*) as n from access_log`)).rows[0]!.n);
    const all = await count();
    expect(await pruneAccessLog(db, t.clock.now())).toBe(1);
    expect(await count()).toBe(all - 1);
  });

  it('keeps her account activity: sign-ins, new networks and password changes', async () => {
    const login = (ip: string) =>
      t.call({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        payload: { email: 'ana.acessos@example.com', password: 'segredo123' },
      });
    expect((await login('203.0.113.80')).statusCode).toBe(200);
    expect((await login('203.0.113.81')).statusCode).toBe(200);
    expect((await login('192.0.2.10')).statusCode).toBe(200);
    const changed = await t.call({
      method: 'PUT',
      url: '/api/professional/me/password',
      headers: bearer(a),
      remoteAddress: '192.0.2.10',
      payload: { currentPassword: 'segredo123', newPassword: 'segredo456' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const jwt = changed.json().jwt as string;
    const res = await get('/professional/me/activity', jwt);
    expect(res.statusCode, res.body).toBe(200);
    const kinds = (res.json().items as Array<{ kind: string; address: string }>).map((i) => `${i.kind} ${i.address}`);
    expect(kinds.slice(0, 4)).toEqual([
      'password_changed 192.0.2.0/24',
      'sign_in_new_address 192.0.2.0/24',
      'sign_in 203.0.113.0/24',
      'sign_in_new_address 203.0.113.0/24',
    ]);
    // Another professional sees only her own.
    const other = (await get('/professional/me/activity', b)).json();
    expect(other.items.map((i: { kind: string }) => i.kind)).toEqual(['sign_in']);
  });
});
