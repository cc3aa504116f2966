import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerRequests, events, notifications, whatsappOutbox } from '../src/db/schema.js';
import { EventDispatcher } from '../src/events/dispatcher.js';
import { eventListeners } from '../src/event-listeners.js';
import { handleEvent } from '../src/notifications/listener.js';
import { recordDelayed } from '../src/answer-revision/late-events.js';
import { recordEvent } from '../src/events/record.js';
import { OutboxWhatsAppProvider } from '../src/delivery/whatsapp.js';
import { DIGEST_WINDOW_MS, sendDueDigests } from '../src/notifications/digests.js';
import { hubOf, listenForNotifications, NOTIFY_CHANNEL } from '../src/notifications/live.js';
import { defaultQuestionId as q } from '../src/question/library.js';
import { backends } from './helpers/backends.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { surveyFlow } from './helpers/answer-revision.js';
import { expectCode, pinClock, practice } from './helpers/scheduling.js';

/** Monday, 4 March 2030, 10:00 in São Paulo. */
const START = '2030-03-04T13:00:00Z';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe.each(backends)('events and notifications on $name', (backend) => {
  let t: TestApp;
  let p: ReturnType<typeof practice>;
  let flow: ReturnType<typeof surveyFlow>;
  let a: string;
  let b: string;
  let proA: string;
  let quiz: string;
  let service: string;

  const eventsOf = async (professionalId: string, type?: string) =>
    t.database.db
      .select()
      .from(events)
      .where(
        type
          ? and(eq(events.professionalId, professionalId), eq(events.type, type))
          : eq(events.professionalId, professionalId),
      );
  /** Every undispatched event handled as a job would (the dispatcher's own behaviour is tested below). */
  const dispatchAll = async () => {
    const pending = await t.database.db.select({ id: events.id }).from(events);
    for (const e of pending) await handleEvent({ db: t.database.db, now: t.clock.now }, e.id);
  };
  /** The events recorded since `known` was taken, handled as their jobs would. */
  const knownEvents = async () =>
    new Set((await t.database.db.select({ id: events.id }).from(events)).map((e) => e.id));
  const dispatchNew = async (known: Set<string>) => {
    for (const e of await t.database.db.select({ id: events.id }).from(events))
      if (!known.has(e.id)) await handleEvent({ db: t.database.db, now: t.clock.now }, e.id);
  };
  /** A patient with a service, scheduled the one-question quiz, who answers it; returns ids. */
  const answered = async (name: string) => {
    const patient = await p.patient(a, { serviceId: service, name });
    const schedule = await p.schedule(a, quiz, patient.id);
    const done = await flow.answer({
      pro: a,
      scheduleId: schedule.id,
      email: patient.email!,
      steps: [{ questionId: q('semana'), value: { type: 'free-field', text: 'Boa.' } }],
    });
    return { patient, scheduleId: schedule.id as string, ...done };
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    p = practice(t);
    flow = surveyFlow(t, p);
    pinClock(t, START);
    a = await t.signUp('eva.nutri@example.com');
    b = await t.signUp('rui.nutri@example.com');
    proA = (await p.ok(p.api('GET', '/professional/me', a))).id;
    service = await p.service(a, 365);
    quiz = (await p.ok(p.api('POST', '/quiz', a, { title: 'Check-in', chosenQuestions: [{ id: q('semana') }] }), 201))
      .id;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('the outbox', () => {
    it('records each change’s event in its own transaction, thin, with names and ids', async () => {
      const patient = await p.patient(a, { serviceId: service, name: 'Lia Prado' });
      const [created] = await eventsOf(proA, 'patient.created');
      expect(created!.payload).toEqual({ patientId: patient.id, patientName: 'Lia Prado', status: 'active' });
      expect(created!.patientId).toBe(patient.id);
      const [sale] = (await eventsOf(proA, 'sale.created')).filter((e) => e.payload.saleId === patient.saleId);
      expect(sale!.payload).toMatchObject({ patientName: 'Lia Prado', serviceId: service, amountCents: 30000 });
      await p.ok(p.api('DELETE', `/sales/${patient.saleId}/refound`, a));
      const [refunded] = await eventsOf(proA, 'sale.refunded');
      expect(refunded!.payload).toMatchObject({ saleId: patient.saleId, amountCents: 30000 });
    });

    it('records nothing for a change that was refused or rolled back', async () => {
      const before = (await eventsOf(proA)).length;
      await p.patient(a, { phone: '11987650001', name: 'Primeira' });
      const dup = await p.api('POST', '/patient', a, { name: 'Segunda', phone: '11987650001' });
      expect(dup.statusCode).toBe(409);
      expect((await eventsOf(proA)).length).toBe(before + 1);
      await expect(
        t.database.db.transaction(async (tx) => {
          await recordEvent(tx, proA, 'account.password_changed', { changedAt: new Date().toISOString() });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect((await eventsOf(proA)).length).toBe(before + 1);
    });

    it('forgets a deleted patient’s name in every event that carried it (LGPD)', async () => {
      const patient = await p.patient(a, { name: 'Nome Sigiloso' });
      await p.ok(p.api('PUT', `/patient/${patient.id}`, a, { notes: 'x' }));
      await p.ok(p.api('DELETE', `/patient/${patient.id}`, a, { mode: 'delete', reason: 'Pedido do cliente' }));
      const hers = (await eventsOf(proA)).filter((e) => e.patientId === patient.id);
      expect(hers.map((e) => e.type).sort()).toEqual(['patient.created', 'patient.deleted', 'patient.updated']);
      expect(JSON.stringify(hers)).not.toContain('Nome Sigiloso');
    });

    it('a patient’s answer: started, then finished with its revision, each once', async () => {
      const { quizAnswerId, scheduleId } = await answered('Rosa Lima');
      const started = (await eventsOf(proA, 'quiz_answer.started')).filter(
        (e) => e.payload.quizAnswerId === quizAnswerId,
      );
      const finished = (await eventsOf(proA, 'quiz_answer.finished')).filter(
        (e) => e.payload.quizAnswerId === quizAnswerId,
      );
      expect(started).toHaveLength(1);
      expect(finished).toHaveLength(1);
      expect(finished[0]!.payload).toMatchObject({ scheduleId, quizTitle: 'Check-in', patientName: 'Rosa Lima' });
      expect((await eventsOf(proA, 'answer_request.sent')).some((e) => e.payload.scheduleId === scheduleId)).toBe(true);
      expect((await eventsOf(proA, 'schedule.created')).some((e) => e.payload.scheduleId === scheduleId)).toBe(true);
    });

    it('a request sent and unanswered for 48 hours is late once', async () => {
      const patient = await p.patient(a, { serviceId: service, name: 'Tina Moura' });
      const schedule = await p.schedule(a, quiz, patient.id);
      const { requestId } = await flow.send(a, schedule.id, patient.email!);
      expect(await recordDelayed(t.database.db, t.clock.now())).toBe(0);
      const later = new Date(t.clock.now().getTime() + 49 * 3_600_000);
      expect(await recordDelayed(t.database.db, later)).toBe(1);
      expect(await recordDelayed(t.database.db, later)).toBe(0);
      const late = (await eventsOf(proA, 'answer_request.delayed')).filter(
        (e) => e.payload.answerRequestId === requestId,
      );
      expect(late).toHaveLength(1);
      const [row] = await t.database.db.select().from(answerRequests).where(eq(answerRequests.id, requestId));
      expect(row!.delayedAt).not.toBeNull();
    });
  });

  describe('the notification centre', () => {
    it('needs a session', async () => {
      for (const url of ['/notifications', '/notifications/unread-count', '/notifications/settings']) {
        expect((await t.call({ method: 'GET', url: `/api${url}` })).statusCode).toBe(401);
      }
    });

    it('turns a finished answer into a notification that opens its review, counted as unread', async () => {
      const { patient, scheduleId } = await answered('Clara Dias');
      await dispatchAll();
      const page = await p.ok(p.api('GET', '/notifications', a));
      const mine = page.items.find((n: { title: string }) => n.title === 'Clara Dias respondeu “Check-in”');
      expect(mine).toMatchObject({
        type: 'quiz_answer.finished',
        body: 'As respostas aguardam sua revisão.',
        isMarkedAsRead: false,
        isMarkedAsArchived: false,
      });
      expect(mine.link).toMatch(new RegExp(`^/clients/profile/${patient.id}/quiz/${scheduleId}\\?revisionId=`));
      expect(page.unread).toBeGreaterThan(0);
      expect((await p.ok(p.api('GET', '/notifications/unread-count', a))).unread).toBe(page.unread);
      // Handling the same event again adds nothing.
      const total = page.total;
      await dispatchAll();
      expect((await p.ok(p.api('GET', '/notifications', a))).total).toBe(total);
      // Another professional sees none of it.
      expect((await p.ok(p.api('GET', '/notifications', b))).total).toBe(0);
    });

    it('marks read and unread, archives and unarchives, marks all as read; filters unread and archived', async () => {
      const { items, unread } = await p.ok(p.api('GET', '/notifications', a));
      const first = items[0];
      const read = await p.ok(p.api('PATCH', `/notifications/${first.id}`, a, { isMarkedAsRead: true }));
      expect(read.isMarkedAsRead).toBe(true);
      expect((await p.ok(p.api('GET', '/notifications/unread-count', a))).unread).toBe(unread - 1);
      const onlyUnread = await p.ok(p.api('GET', '/notifications?unreadOnly=true', a));
      expect(onlyUnread.items.some((n: { id: string }) => n.id === first.id)).toBe(false);
      await p.ok(p.api('PATCH', `/notifications/${first.id}`, a, { isMarkedAsArchived: true }));
      expect((await p.ok(p.api('GET', '/notifications', a))).items.some((n: { id: string }) => n.id === first.id)).toBe(
        false,
      );
      const archived = await p.ok(p.api('GET', '/notifications?archived=true', a));
      expect(archived.items.map((n: { id: string }) => n.id)).toEqual([first.id]);
      await p.ok(p.api('PATCH', `/notifications/${first.id}`, a, { isMarkedAsArchived: false, isMarkedAsRead: false }));
      const all = await p.ok(p.api('POST', '/notifications/read-all', a));
      expect(all.updated).toBe(unread);
      expect((await p.ok(p.api('GET', '/notifications/unread-count', a))).unread).toBe(0);
    });

    it('answers another professional’s notification like a missing one, and refuses bad input', async () => {
      const { items } = await p.ok(p.api('GET', '/notifications', a));
      expectCode(await p.api('PATCH', `/notifications/${items[0].id}`, b, { isMarkedAsRead: true }), 404, 'NOT_FOUND');
      expectCode(await p.api('PATCH', `/notifications/${UNKNOWN}`, a, { isMarkedAsRead: true }), 404, 'NOT_FOUND');
      expectCode(await p.api('PATCH', `/notifications/${items[0].id}`, a, {}), 400, 'WRONG_COMMAND_PARAMETERS');
      expectCode(
        await p.api('PATCH', '/notifications/not-a-uuid', a, { isMarkedAsRead: true }),
        400,
        'WRONG_COMMAND_PARAMETERS',
      );
      expectCode(await p.api('GET', '/notifications?take=1000', a), 400, 'WRONG_COMMAND_PARAMETERS');
    });

    it('follows the settings read when the job runs: a type turned off adds nothing; security notices always do', async () => {
      const settings = await p.ok(p.api('GET', '/notifications/settings', a));
      const finished = settings.items.find((s: { type: string }) => s.type === 'quiz_answer.finished');
      expect(finished).toMatchObject({
        inApp: true,
        email: false,
        whatsapp: false,
        mandatory: false,
        quietHours: null,
      });
      const saved = await p.ok(
        p.api('PUT', '/notifications/settings/quiz_answer.finished', a, {
          inApp: false,
          email: true,
          whatsapp: false,
          quietHours: { start: '22:00', end: '07:00' },
        }),
      );
      expect(saved).toMatchObject({ inApp: false, email: true, quietHours: { start: '22:00', end: '07:00' } });
      const before = (await p.ok(p.api('GET', '/notifications', a))).total;
      await answered('Vera Nunes');
      await dispatchAll();
      expect((await p.ok(p.api('GET', '/notifications', a))).total).toBe(before);

      const password = await p.ok(
        p.api('PUT', '/notifications/settings/account.password_changed', a, {
          inApp: false,
          email: false,
          whatsapp: false,
        }),
      );
      expect(password).toMatchObject({ mandatory: true, inApp: true, email: true });
      expectCode(
        await p.api('PUT', '/notifications/settings/patient.created', a, {
          inApp: true,
          email: false,
          whatsapp: false,
        }),
        404,
        'NOT_FOUND',
      );
      expectCode(
        await p.api('PUT', '/notifications/settings/quiz_answer.finished', a, {
          inApp: true,
          email: false,
          whatsapp: false,
          quietHours: { start: '25:00', end: '07:00' },
        }),
        400,
        'WRONG_COMMAND_PARAMETERS',
      );
      // B's settings are untouched.
      const bFinished = (await p.ok(p.api('GET', '/notifications/settings', b))).items.find(
        (s: { type: string }) => s.type === 'quiz_answer.finished',
      );
      expect(bFinished.inApp).toBe(true);
      await p.ok(
        p.api('PUT', '/notifications/settings/quiz_answer.finished', a, { inApp: true, email: false, whatsapp: false }),
      );
    });

    it('streams the unread count as server-sent events, now and on every change', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const received: number[] = [];
      let wake: (() => void) | undefined;
      const req = http.get({
        host: '127.0.0.1',
        port,
        path: '/api/notifications/stream',
        headers: { authorization: `Bearer ${a}` },
      });
      const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/event-stream');
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        for (const m of chunk.matchAll(/event: unread\ndata: (\{[^\n]*\})/g)) received.push(JSON.parse(m[1]!).unread);
        wake?.();
      });
      /** Resolves once an event says `expected(unread)`. */
      const until = (expected: (unread: number) => boolean) =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`saw ${JSON.stringify(received)}`)), 5000);
          wake = () => {
            if (received.some(expected)) {
              clearTimeout(timer);
              resolve();
            }
          };
          wake();
        });
      await until(() => true);
      const start = received[0]!;
      await answered('Ivo Reis');
      await dispatchAll();
      await until((n) => n > start);
      await p.ok(p.api('POST', '/notifications/read-all', a));
      await until((n) => n === 0);
      req.destroy();
    });
  });

  describe('e-mail and WhatsApp to the professional', () => {
    const channels = () => ({
      mailer: t.mailbox,
      whatsapp: new OutboxWhatsAppProvider(t.database.db),
      publicUrl: 'http://acompanha.test',
    });
    const later = (ms: number) => new Date(t.clock.now().getTime() + ms);

    it('gathers answers arriving within minutes into one e-mail, with no patient data', async () => {
      await p.ok(
        p.api('PUT', '/notifications/settings/quiz_answer.finished', a, { inApp: true, email: true, whatsapp: false }),
      );
      await sendDueDigests(t.database.db, channels(), later(DIGEST_WINDOW_MS * 10)); // nothing left from before
      const before = (await t.mailbox.list('eva.nutri@example.com')).length;
      const known = await knownEvents();
      await answered('Olga Secreta');
      await answered('Paulo Secreto');
      await dispatchNew(known);
      await dispatchNew(known); // a job run twice adds nothing
      expect(await sendDueDigests(t.database.db, channels(), t.clock.now())).toBe(0); // still gathering
      expect(await sendDueDigests(t.database.db, channels(), later(DIGEST_WINDOW_MS + 1000))).toBe(1);
      const mails = await t.mailbox.list('eva.nutri@example.com');
      expect(mails.length).toBe(before + 1);
      const [mail] = mails;
      expect(mail!.subject).toBe('2 clientes responderam questionários');
      expect(mail!.text).toContain('http://acompanha.test/answers/received');
      expect(`${mail!.subject} ${mail!.text} ${mail!.html}`).not.toMatch(/Olga|Paulo|Boa\./);
      await p.ok(
        p.api('PUT', '/notifications/settings/quiz_answer.finished', a, { inApp: true, email: false, whatsapp: false }),
      );
    });

    it('a WhatsApp the professional cannot get is given up and told in the portal', async () => {
      await p.ok(
        p.api('PUT', '/notifications/settings/answer_request.delayed', a, {
          inApp: false,
          email: false,
          whatsapp: true,
        }),
      );
      const patient = await p.patient(a, { serviceId: service, name: 'Quézia Atrasada' });
      const schedule = await p.schedule(a, quiz, patient.id);
      await flow.send(a, schedule.id, patient.email!);
      const known = await knownEvents();
      await recordDelayed(t.database.db, later(49 * 3_600_000));
      await dispatchNew(known);
      const known2 = await knownEvents();
      await sendDueDigests(t.database.db, channels(), later(49 * 3_600_000 + DIGEST_WINDOW_MS + 1000));
      await dispatchNew(known2);
      const page = await p.ok(p.api('GET', '/notifications', a));
      const failed = page.items.find((n: { type: string }) => n.type === 'notification.failed');
      expect(failed).toMatchObject({ title: 'Não conseguimos avisar você pelo WhatsApp', link: '/profile' });
      expect(failed.body).toContain('NOTIFICATION_CHANNEL_ERROR');

      // With a phone on her profile, the next one goes out by WhatsApp: what happened and the link, no name.
      await p.ok(p.api('PUT', '/professional/me', a, { phone: '11987654321' }));
      const other = await p.patient(a, { serviceId: service, name: 'Rita Sigilosa' });
      const s2 = await p.schedule(a, quiz, other.id);
      await flow.send(a, s2.id, other.email!);
      const known3 = await knownEvents();
      await recordDelayed(t.database.db, later(49 * 3_600_000));
      await dispatchNew(known3);
      expect(await sendDueDigests(t.database.db, channels(), later(49 * 3_600_000 + DIGEST_WINDOW_MS + 1000))).toBe(1);
      const [sent] = await t.database.db.select().from(whatsappOutbox).where(eq(whatsappOutbox.to, '+5511987654321'));
      expect(sent!.body).toContain('Um questionário enviado há 48 horas ou mais ainda sem resposta.');
      expect(sent!.body).toContain('http://acompanha.test/answers/report');
      expect(sent!.body).not.toContain('Rita');
    });
  });

  it('another API process hears every change over LISTEN/NOTIFY (PostgreSQL)', async () => {
    if (!t.database.url) return; // the embedded database runs in one process: the signal stays in memory
    const otherProcess = {};
    const heard: string[] = [];
    const stop = listenForNotifications(t.database.url, otherProcess);
    const unsubscribe = hubOf(otherProcess).subscribe(proA, () => heard.push(proA));
    try {
      // The LISTEN connection is up once a notify reaches it.
      await expect
        .poll(async () => {
          await t.database.db.execute(sql`SELECT pg_notify(${NOTIFY_CHANNEL}, ${proA})`);
          return heard.length;
        })
        .toBeGreaterThan(0);
      heard.length = 0;
      await p.ok(p.api('POST', '/notifications/read-all', a));
      const { items } = await p.ok(p.api('GET', '/notifications', a));
      await p.ok(p.api('PATCH', `/notifications/${items[0].id}`, a, { isMarkedAsRead: false }));
      await expect.poll(() => heard.length).toBeGreaterThan(0);
    } finally {
      unsubscribe();
      await stop();
    }
  });

  it('a password change is told at once by e-mail, whatever the settings say', async () => {
    const c = await t.signUp('caio.nutri@example.com');
    const proC = (await p.ok(p.api('GET', '/professional/me', c))).id;
    const known = await knownEvents();
    await p.ok(
      p.api('PUT', '/professional/me/password', c, { currentPassword: 'segredo123', newPassword: 'outrasenha456' }),
    );
    await dispatchNew(known);
    await sendDueDigests(
      t.database.db,
      { mailer: t.mailbox, whatsapp: new OutboxWhatsAppProvider(t.database.db), publicUrl: 'http://acompanha.test' },
      t.clock.now(),
    );
    const [mail] = await t.mailbox.list('caio.nutri@example.com');
    expect(mail!.subject).toBe('Sua senha do Acompanha foi alterada');
    const [note] = await t.database.db.select().from(notifications).where(eq(notifications.professionalId, proC));
    expect(note!.type).toBe('account.password_changed');
  });

  it('the dispatcher hands every event to one job, also with two of them sweeping at once', async () => {
    const handled: string[] = [];
    const make = () =>
      new EventDispatcher(
        {
          db: t.database.db,
          pool: t.database.pool,
          config: { now: t.clock.now },
          listeners: eventListeners(),
          onHandled: (id) => handled.push(id),
        },
        { sweepIntervalMs: 200, pollingIntervalSeconds: 0.5 },
      );
    const [one, two] = [make(), make()];
    try {
      await Promise.all([one.start(), two.start()]);
      const fresh: string[] = [];
      for (let i = 0; i < 6; i++) {
        await t.database.db.transaction((tx) =>
          recordEvent(tx, proA, 'account.password_changed', { changedAt: new Date().toISOString() }),
        );
      }
      for (const e of await eventsOf(proA, 'account.password_changed')) fresh.push(e.id);
      // A patient created is recorded too, but nobody is notified of it: it is stamped without a job.
      await p.patient(a, { name: 'Sem aviso' });
      const deadline = Date.now() + 15_000;
      for (;;) {
        const undispatched = (await t.database.db.select().from(events)).filter((e) => !e.dispatchedAt).length;
        if (undispatched === 0 && fresh.every((id) => handled.includes(id))) break;
        if (Date.now() > deadline) throw new Error(`undispatched ${undispatched}, handled ${handled.length}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(handled.length).toBe(new Set(handled).size);
      const created = (await eventsOf(proA, 'patient.created')).find((e) => e.payload.patientName === 'Sem aviso');
      expect(created!.dispatchedAt).not.toBeNull();
      expect(handled).not.toContain(created!.id);
      const rows = await t.database.db.select().from(notifications);
      expect(rows.length).toBe(new Set(rows.map((n) => n.eventId)).size);
    } finally {
      await Promise.all([one.stop(2000), two.stop(2000)]);
    }
  });
});
