import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROOT } from '../src/config.js';
import { connectDatabase, type DatabaseHandle } from '../src/db/client.js';
import { answerRequests, messages, quizSchedules } from '../src/db/schema.js';
import { createChannels, EmailChannel, type Channel, type Channels } from '../src/delivery/channels.js';
import { DeliveryError } from '../src/delivery/errors.js';
import { OutboxWhatsAppProvider, WhatsAppCloudProvider } from '../src/delivery/whatsapp.js';
import { DeliveryWorker, type DeliveryWorkerDeps, type DeliveryWorkerOptions } from '../src/delivery/worker.js';
import { poolExecutor } from '../src/lib/pg-boss.js';
import type { Mailer } from '../src/mail/mailer.js';
import { verifyPin } from '../src/quiz-answer/pin.js';
import { quizAnswers } from '../src/db/schema.js';
import { backends } from './helpers/backends.js';
import { createTestApp, operator, type TestApp } from './helpers/app.js';
import { expectCode, pinClock, practice } from './helpers/scheduling.js';
import { saveSnapshot } from '../src/quiz-answer/snapshots.js';

/** Monday, 4 March 2030, 10:00 in São Paulo. */
const NOW = '2030-03-04T13:00:00Z';
const TOMORROW = '2030-03-05';

/** Small intervals so that the whole file stays quick. */
const FAST: DeliveryWorkerOptions = {
  concurrency: 2,
  pollingIntervalSeconds: 0.5,
  sweepIntervalMs: 200,
  expireInSeconds: 2,
  retryLimit: 3,
  retryDelaySeconds: 1,
  maintenanceIntervalSeconds: 1,
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(
  what: string,
  fn: () => Promise<T | undefined | null | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

const pinIn = (text: string) => /PIN:? (\d{6})/.exec(text)?.[1];

describe.each(backends)('delivery on $name', (backend) => {
  let t: TestApp;
  let p: ReturnType<typeof practice>;
  let pro: string;
  let serviceId: string;
  let quizId: string;
  const workers: DeliveryWorker[] = [];
  const extraPools: DatabaseHandle[] = [];

  const api = (method: string, url: string, token = pro, payload?: unknown) => p.api(method, url, token, payload);
  const patient = (opts: Parameters<ReturnType<typeof practice>['patient']>[1] = {}) =>
    p.patient(pro, { serviceId, channel: 'email', ...opts });
  const scheduleNow = async (patientId: string, extra: Record<string, unknown> = {}) => {
    const s = await p.ok(
      api('POST', '/quiz/schedule', pro, {
        quizId,
        patientId,
        startDate: TOMORROW,
        hour: 8,
        periodicity: 'once',
        ...extra,
      }),
      201,
    );
    const r = await p.ok(api('POST', '/quiz/schedule/request-now', pro, { quizScheduleId: s.id }), 201);
    return { schedule: s, request: r };
  };
  const request = async (id: string) =>
    (await t.database.db.select().from(answerRequests).where(eq(answerRequests.id, id)))[0]!;
  const sentRequest = (id: string) =>
    waitFor(`request ${id} sent`, async () => ((await request(id)).status === 'sent' ? request(id) : undefined));
  const deps = (extra: Partial<DeliveryWorkerDeps> = {}): DeliveryWorkerDeps => ({
    db: t.database.db,
    pool: t.database.pool,
    config: { now: t.clock.now, publicUrl: 'http://acompanha.test' },
    mailer: t.mailbox,
    ...extra,
  });
  const startWorker = async (extra: Partial<DeliveryWorkerDeps> = {}, options: DeliveryWorkerOptions = {}) => {
    const w = new DeliveryWorker(deps(extra), { ...FAST, ...options });
    workers.push(w);
    return w.start();
  };
  /** Another "process" on the same database: its own pool on PostgreSQL; PGlite has one connection for all. */
  const ownDatabase = (): Pick<DeliveryWorkerDeps, 'db' | 'pool'> => {
    if (backend.name === 'pglite') return { db: t.database.db, pool: t.database.pool };
    const handle = connectDatabase(
      (t.database.pool as unknown as { options: { connectionString: string } }).options.connectionString,
      { max: 3 },
    );
    extraPools.push(handle);
    return { db: handle.db, pool: handle.pool };
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    pinClock(t, NOW);
    p = practice(t);
    pro = await t.signUp('ana@example.com');
    serviceId = await p.service(pro);
    quizId = await p.quiz(pro, 'Acompanhamento semanal');
  });
  afterAll(async () => {
    for (const w of workers) await w.stop(1000).catch(() => {});
    for (const h of extraPools) await h.close();
    await t?.close();
  });

  describe('with a worker running', () => {
    let worker: DeliveryWorker;
    beforeAll(async () => {
      worker = await startWorker();
    });
    afterAll(async () => {
      await worker.stop(2000);
    });

    it('request now → e-mail with link and PIN, PIN stored hashed, message in the chat history (PIN masked)', async () => {
      const ana = await patient({ name: 'Ana Beatriz Costa' });
      const { schedule, request: r } = await scheduleNow(ana.id);
      const sent = await sentRequest(r.id);
      expect(sent).toMatchObject({ attempts: 1, lastError: null });
      const mails = await t.mailbox.list(ana.email!);
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.subject).toBe('Maria Teste enviou o questionário "Acompanhamento semanal"');
      const link = `http://acompanha.test/quiz-survey/${schedule.id}`;
      const pin = pinIn(mail.text)!;
      expect(pin).toMatch(/^\d{6}$/);
      expect(mail.text).toContain(
        `Olá, Ana! Maria Teste enviou o questionário "Acompanhamento semanal". Responda em ${link} com o PIN ${pin}.`,
      );
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.html).toContain(pin);
      expect(mail.html).toContain('lang="pt-BR"');
      const [row] = await t.database.db.select().from(quizSchedules).where(eq(quizSchedules.id, schedule.id));
      expect(row!.pinHash).not.toContain(pin);
      expect(verifyPin(row!.pinHash, pin)).toBe(true);

      const chat = await p.ok(api('GET', `/chat/history/${ana.id}`));
      expect(chat.items).toHaveLength(1);
      expect(chat.items[0]).toMatchObject({ channel: 'email', status: 'sent' });
      expect(chat.items[0].body).toContain('com o PIN ••••••.');
      expect(chat.items[0].body).not.toContain(pin);
      expect(chat.items[0].body).toContain(link);
      const [msg] = await t.database.db.select().from(messages).where(eq(messages.answerRequestId, r.id));
      expect(msg).toBeDefined();

      const s = await p.ok(api('GET', `/quiz/schedule/${schedule.id}`));
      expect(s.lastRequest).toMatchObject({ id: r.id, status: 'sent', kind: 'now' });
      // The recurrence's own occurrence (tomorrow 8h) is still pending.
      expect(s.nextDueAt).toBe('2030-03-05T11:00:00.000Z');
      expect(
        (await p.ok(api('GET', '/answer-revision/schedules-without-confirmation?take=100'))).items.map(
          (i: { id: string }) => i.id,
        ),
      ).toContain(r.id);
    });

    it('a single send "now" (the portal\'s "Enviar agora"): once, today, at the hour under way, goes out at once', async () => {
      const caio = await patient({ name: 'Caio Nunes' });
      // 13:20 UTC is 10:20 in São Paulo: the hour under way is 10.
      pinClock(t, '2030-03-04T13:20:00Z');
      try {
        const s = await p.ok(
          api('POST', '/quiz/schedule', pro, {
            quizId,
            patientId: caio.id,
            startDate: '2030-03-04',
            hour: 10,
            periodicity: 'once',
          }),
          201,
        );
        const sent = await sentRequest(s.lastRequest.id as string);
        expect(sent).toMatchObject({ attempts: 1, lastError: null });
        expect(await t.mailbox.list(caio.email!)).toHaveLength(1);
        // Nothing else is left to send: it was the only occurrence.
        expect((await p.ok(api('GET', `/quiz/schedule/${s.id}`))).nextDueAt).toBeNull();
      } finally {
        pinClock(t, NOW);
      }
    });

    it('occurrences go out at their time; a new one expires the older unstarted one; a started one stays', async () => {
      const bia = await patient();
      const s = await p.ok(
        api('POST', '/quiz/schedule', pro, {
          quizId,
          patientId: bia.id,
          startDate: TOMORROW,
          hour: 8,
          periodicity: 'days',
          intervalDays: 1,
        }),
        201,
      );
      const first = s.lastRequest.id as string;
      await sleep(600);
      expect((await request(first)).status).toBe('scheduled');
      try {
        pinClock(t, '2030-03-05T11:00:01Z'); // tomorrow, 8h in São Paulo
        await sentRequest(first);
        const after1 = await p.ok(api('GET', `/quiz/schedule/${s.id}`));
        expect(after1.nextDueAt).toBe('2030-03-06T11:00:00.000Z');
        const second = after1.requests.find((x: { status: string }) => x.status === 'scheduled').id as string;

        pinClock(t, '2030-03-06T11:00:01Z');
        await sentRequest(second);
        expect((await request(first)).status).toBe('expired');
        // The patient starts answering the second one…
        const r2 = await request(second);
        await t.database.db.insert(quizAnswers).values({
          answerRequestId: second,
          scheduleId: s.id,
          professionalId: r2.professionalId,
          patientId: bia.id,
          quizId,
          snapshotId: await saveSnapshot(t.database.db, r2.professionalId, quizId, []),
        });
        const third = (await p.ok(api('GET', `/quiz/schedule/${s.id}`))).requests.find(
          (x: { status: string }) => x.status === 'scheduled',
        ).id as string;
        pinClock(t, '2030-03-07T11:00:01Z');
        await sentRequest(third);
        // … so it stays open (the survey resumes it); three e-mails, three PINs.
        expect((await request(second)).status).toBe('sent');
        const mails = await t.mailbox.list(bia.email!);
        expect(mails).toHaveLength(3);
        expect(new Set(mails.map((m) => pinIn(m.text))).size).toBe(3);
      } finally {
        pinClock(t, NOW);
        await api('DELETE', `/quiz/schedule/${s.id}/patient/${bia.id}`);
      }
    });

    it("WhatsApp goes to the outbox by default, with the professional's template message", async () => {
      await p.ok(
        api('PUT', '/professional/me/template-message', pro, {
          templateMessage:
            'Oi {{paciente}}! Questionário "{{questionario}}" de {{profissional}}: {{link}} — PIN {{pin}}',
        }),
      );
      try {
        const caio = await patient({ name: 'Caio Mendes', phone: '(21) 99876-1234', channel: 'whatsapp' });
        const { schedule, request: r } = await scheduleNow(caio.id);
        await sentRequest(r.id);
        const outbox = await p.ok(
          t.call({
            method: 'GET',
            url: `/api/dev/whatsapp-outbox?to=${encodeURIComponent('+5521998761234')}`,
            headers: operator,
          }) as never,
        );
        expect(outbox).toHaveLength(1);
        const pin = /PIN (\d{6})$/.exec(outbox[0].body)?.[1];
        expect(outbox[0]).toMatchObject({
          to: '+5521998761234',
          body: `Oi Caio! Questionário "Acompanhamento semanal" de Maria Teste: http://acompanha.test/quiz-survey/${schedule.id} — PIN ${pin}`,
        });
        const chat = await p.ok(api('GET', `/chat/history/${caio.id}`));
        expect(chat.items[0]).toMatchObject({ channel: 'whatsapp', status: 'sent' });
        expect(chat.items[0].body.endsWith('PIN ••••••')).toBe(true);
        expect(await t.mailbox.list(caio.email!)).toHaveLength(0);
      } finally {
        await api('PUT', '/professional/me/template-message', pro, { templateMessage: null });
      }
    });

    it('rules are checked again at delivery time: a refunded sale expires the occurrence, the recurrence goes on', async () => {
      const davi = await patient();
      const s = await p.ok(
        api('POST', '/quiz/schedule', pro, {
          quizId,
          patientId: davi.id,
          startDate: TOMORROW,
          hour: 8,
          periodicity: 'weekly',
          weekdays: [2],
        }),
        201,
      );
      await p.ok(api('DELETE', `/sales/${davi.saleId}/refound`));
      try {
        pinClock(t, '2030-03-05T11:00:01Z');
        const expired = await waitFor('expired', async () =>
          (await request(s.lastRequest.id)).status === 'expired' ? request(s.lastRequest.id) : undefined,
        );
        expect(expired.lastError).toMatch(/^PATIENT_WITHOUT_ACTIVE_SERVICE_ERROR: /);
        const dto = await p.ok(api('GET', `/quiz/schedule/${s.id}`));
        expect(dto.requests.find((x: { id: string }) => x.id === s.lastRequest.id)).toMatchObject({
          status: 'expired',
          lastErrorCode: 'PATIENT_WITHOUT_ACTIVE_SERVICE_ERROR',
          lastError: expect.stringContaining('serviço ativo'),
          attempts: 0,
        });
        expect(dto.nextDueAt).toBe('2030-03-12T11:00:00.000Z');
        expect(await t.mailbox.list(davi.email!)).toHaveLength(0);
      } finally {
        pinClock(t, NOW);
      }
    });
  });

  it('two workers on one database deliver every due request exactly once', async () => {
    const N = 24;
    const people: Awaited<ReturnType<typeof patient>>[] = [];
    for (let i = 0; i < N; i++) people.push(await patient());
    // Due now, created while no worker runs.
    const requests: string[] = [];
    for (const person of people) requests.push((await scheduleNow(person.id)).request.id as string);
    const sends = [0, 0];
    const mailerOf = (i: number): Mailer => ({
      kind: 'smtp',
      async send(message) {
        sends[i]!++;
        await sleep(15);
        await t.mailbox.send(message);
      },
    });
    const [w1, w2] = await Promise.all([
      startWorker({ ...ownDatabase(), mailer: mailerOf(0) }),
      startWorker({ ...ownDatabase(), mailer: mailerOf(1) }),
    ]);
    // Both sweep again and again while delivering: enqueuing twice is a no-op.
    await Promise.all([...Array(5)].flatMap(() => [w1.sweep(), w2.sweep()]));
    await waitFor('all sent', async () => {
      const rows = await t.database.db
        .select({ status: answerRequests.status })
        .from(answerRequests)
        .where(inArray(answerRequests.id, requests));
      return rows.every((r) => r.status === 'sent');
    });
    await sleep(700); // would a duplicate still come?
    await Promise.all([w1.stop(2000), w2.stop(2000)]);
    const rows = await t.database.db.select().from(answerRequests).where(inArray(answerRequests.id, requests));
    expect(rows.map((r) => r.attempts)).toEqual(Array(N).fill(1));
    expect(sends[0]! + sends[1]!).toBe(N);
    for (const person of people) expect(await t.mailbox.list(person.email!)).toHaveLength(1);
    const msgs = await t.database.db.select().from(messages).where(inArray(messages.answerRequestId, requests));
    expect(msgs).toHaveLength(N);
    console.log(`[${backend.name}] two workers: ${sends.join(' + ')} sends`);
  });

  it('a failing channel is retried with exponential backoff, showing lastError meanwhile', async () => {
    const eva = await patient();
    const attempts: number[] = [];
    const email = new EmailChannel(t.mailbox);
    const flaky: Channel = {
      name: 'email',
      async send(m) {
        attempts.push(Date.now());
        if (attempts.length <= 2)
          throw new DeliveryError('NOTIFICATION_CHANNEL_ERROR', 'Servidor de e-mail indisponível.');
        return email.send(m);
      },
    };
    const channels: Channels = {
      email: flaky,
      whatsapp: createChannels(t.mailbox, new OutboxWhatsAppProvider(t.database.db)).whatsapp,
    };
    const w = await startWorker({ channels });
    const { schedule, request: r } = await scheduleNow(eva.id);
    const failing = await waitFor('lastError', async () => {
      const s = await p.ok(api('GET', `/quiz/schedule/${schedule.id}`));
      const req = s.requests.find((x: { id: string }) => x.id === r.id);
      return req.lastErrorCode ? req : undefined;
    });
    expect(failing).toMatchObject({
      status: 'scheduled',
      lastErrorCode: 'NOTIFICATION_CHANNEL_ERROR',
      lastError: 'Servidor de e-mail indisponível.',
    });
    const sent = await sentRequest(r.id);
    await w.stop(2000);
    expect(sent).toMatchObject({ attempts: 3, lastError: null });
    expect(attempts).toHaveLength(3);
    const [gap1, gap2] = [attempts[1]! - attempts[0]!, attempts[2]! - attempts[1]!];
    // retryDelay 1 s with backoff: ~1–2 s, then ~2–4 s.
    expect(gap1).toBeGreaterThanOrEqual(900);
    expect(gap2).toBeGreaterThanOrEqual(1900);
    expect(await t.mailbox.list(eva.email!)).toHaveLength(1);
  });

  it('after the last retry the request expires with its error, and the failure is in the chat history', async () => {
    const fabio = await patient();
    const broken: Channel = {
      name: 'email',
      async send() {
        throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      },
    };
    const w = await startWorker({ channels: { email: broken, whatsapp: broken } }, { retryLimit: 1 });
    const { request: r } = await scheduleNow(fabio.id);
    const done = await waitFor('expired', async () =>
      (await request(r.id)).status === 'expired' ? request(r.id) : undefined,
    );
    await w.stop(2000);
    expect(done.attempts).toBe(2);
    expect(done.lastError).toBe('NOTIFICATION_CHANNEL_ERROR: connect ECONNREFUSED 127.0.0.1:25');
    const chat = await p.ok(api('GET', `/chat/history/${fabio.id}`));
    expect(chat.items).toHaveLength(1);
    expect(chat.items[0]).toMatchObject({ status: 'failed', channel: 'email' });
    expect(chat.items[0].body).toContain('••••••');
  });

  it('WhatsApp Cloud API adapter: real HTTP; a refusal is permanent (no retry) and surfaces as WHATSAPP_INTEGRATION_ERROR', async () => {
    const received: { url: string; auth: string; body: any }[] = [];
    const server = http.createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        const body = JSON.parse(data);
        received.push({ url: req.url!, auth: req.headers.authorization!, body });
        res.setHeader('content-type', 'application/json');
        if (body.to === '5511900000002') {
          res.statusCode = 400;
          res.end(
            JSON.stringify({
              error: { message: '(#131030) Recipient phone number not in allowed list', code: 131030 },
            }),
          );
        } else {
          res.end(JSON.stringify({ messaging_product: 'whatsapp', messages: [{ id: `wamid.${received.length}` }] }));
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      const config = {
        token: 'segredo',
        phoneNumberId: '1234567890',
        apiUrl: `http://127.0.0.1:${port}/v21.0`,
        templateLanguage: 'pt_BR',
        timeoutMs: 5000,
      };
      const w = await startWorker({ channels: createChannels(t.mailbox, new WhatsAppCloudProvider(config)) });
      const ok = await patient({ phone: '+55 11 90000-0001', channel: 'whatsapp' });
      const refused = await patient({ phone: '+55 11 90000-0002', channel: 'whatsapp' });
      const a = await scheduleNow(ok.id);
      const b = await scheduleNow(refused.id);
      await sentRequest(a.request.id);
      const failed = await waitFor('expired', async () =>
        (await request(b.request.id)).status === 'expired' ? request(b.request.id) : undefined,
      );
      await w.stop(2000);
      expect(received[0]).toMatchObject({
        url: '/v21.0/1234567890/messages',
        auth: 'Bearer segredo',
        body: { messaging_product: 'whatsapp', to: '5511900000001', type: 'text', text: { preview_url: true } },
      });
      expect(received[0]!.body.text.body).toMatch(new RegExp(`quiz-survey/${a.schedule.id} com o PIN \\d{6}\\.$`));
      const [msg] = await t.database.db.select().from(messages).where(eq(messages.answerRequestId, a.request.id));
      expect(msg).toMatchObject({ providerMessageId: 'wamid.1', status: 'sent', channel: 'whatsapp' });
      expect(failed.attempts).toBe(1);
      const dto = (await p.ok(api('GET', `/quiz/schedule/${b.schedule.id}`))).requests.find(
        (x: { id: string }) => x.id === b.request.id,
      );
      expect(dto).toMatchObject({
        status: 'expired',
        lastErrorCode: 'WHATSAPP_INTEGRATION_ERROR',
        lastError: expect.stringContaining('131030'),
      });

      // With an approved template (business-initiated conversations), the text goes as its one parameter.
      await new WhatsAppCloudProvider({ ...config, templateName: 'questionario_link' }).send(
        '+5511900000003',
        'Olá!\nLink  e PIN',
      );
      expect(received.at(-1)!.body).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '5511900000003',
        type: 'template',
        template: {
          name: 'questionario_link',
          language: { code: 'pt_BR' },
          components: [{ type: 'body', parameters: [{ type: 'text', text: 'Olá! Link e PIN' }] }],
        },
      });
      // The outbox endpoint is for development only: 404 once the Cloud API is configured.
      process.env.WHATSAPP_TOKEN = 'x';
      process.env.WHATSAPP_PHONE_NUMBER_ID = '1';
      try {
        expectCode(
          (await t.call({ method: 'GET', url: '/api/dev/whatsapp-outbox', headers: operator })) as never,
          404,
          'NOT_FOUND',
        );
      } finally {
        delete process.env.WHATSAPP_TOKEN;
        delete process.env.WHATSAPP_PHONE_NUMBER_ID;
      }
    } finally {
      server.close();
    }
  });

  it('a worker that dies mid-send loses nothing: its job expires and another worker delivers it', async () => {
    const gil = await patient();
    let dead = false;
    let sending: (() => void) | undefined;
    const started = new Promise<void>((r) => (sending = r));
    const real = poolExecutor(t.database.pool);
    // Once "killed", the worker never hears from the database again (and never answers).
    const executor: PgBoss.Db = {
      executeSql: (text, values) => (dead ? new Promise(() => {}) : real.executeSql(text, values)),
    };
    const hang: Channel = {
      name: 'email',
      send() {
        sending!();
        return new Promise(() => {});
      },
    };
    const doomed = new DeliveryWorker(deps({ executor, channels: { email: hang, whatsapp: hang } }), FAST);
    await doomed.start();
    const { request: r } = await scheduleNow(gil.id);
    await started;
    dead = true;
    void doomed.stop(1000); // never completes: it cannot reach the database any more
    expect((await request(r.id)).status).toBe('scheduled');
    const rescuer = await startWorker({ ...ownDatabase() });
    const sent = await sentRequest(r.id);
    await rescuer.stop(2000);
    expect(sent.attempts).toBe(2);
    expect(await t.mailbox.list(gil.email!)).toHaveLength(1);
    expect(await t.database.db.select().from(messages).where(eq(messages.answerRequestId, r.id))).toHaveLength(1);
  });

  // A second process cannot open the embedded database (PGlite is single-process), so this one exists on
  // PostgreSQL only; on PGlite the worker cut off from the database mid-send (above) covers the same ground.
  const itOnPostgres = backend.name === 'postgres' ? it : ((() => {}) as unknown as typeof it);
  itOnPostgres('a worker process killed with SIGKILL mid-send: another process delivers the request', async () => {
    const hugo = await patient();
    const { options } = t.database.pool as unknown as { options: { connectionString: string } };
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(API_ROOT, 'test/fixtures/delivery-worker-child.ts')],
      {
        cwd: API_ROOT,
        env: {
          ...process.env,
          CHILD_DATABASE_URL: options.connectionString,
          CHILD_CLOCK_OFFSET_MS: String(t.clock.offsetMs),
          CHILD_WORKER_OPTIONS: JSON.stringify(FAST),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    const exited = new Promise<NodeJS.Signals | null>((r) => child.on('exit', (_code, signal) => r(signal)));
    try {
      await waitFor('child ready', async () => out.includes('READY'), 30_000);
      const { schedule, request: r } = await scheduleNow(hugo.id);
      await waitFor('child sending', async () =>
        out.includes(`SENDING http://acompanha.test/quiz-survey/${schedule.id}`),
      );
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
      expect((await request(r.id)).status).toBe('scheduled');
      const rescuer = await startWorker({ ...ownDatabase() });
      const sent = await sentRequest(r.id);
      await rescuer.stop(2000);
      expect(sent.attempts).toBe(2);
      expect(await t.mailbox.list(hugo.email!)).toHaveLength(1);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
