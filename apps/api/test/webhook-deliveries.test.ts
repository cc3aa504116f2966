import { and, eq, isNull } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { events, notifications, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../src/db/schema.js';
import { markDispatched } from '../src/events/dispatcher.js';
import { eventListeners } from '../src/event-listeners.js';
import { handleEvent } from '../src/notifications/listener.js';
import { outboundRequest } from '../src/lib/outbound.js';
import { defaultQuestionId as q } from '../src/question/library.js';
import { attemptDelivery, claimDue, DISABLE_AFTER_FAILING_MS, type AttemptDeps } from '../src/webhook/deliveries.js';
import { WebhookDeliverer, type WebhookDelivererDeps } from '../src/webhook/deliverer.js';
import { RETRY_DELAYS_MS } from '../src/webhook/schedule.js';
import { newWebhookSecret } from '../src/webhook/signing.js';
import { backends } from './helpers/backends.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { surveyFlow } from './helpers/answer-revision.js';
import { startReceiver, type Hit, type Receiver } from './helpers/receiver.js';
import { expectCode, practice } from './helpers/scheduling.js';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const body = (h: Hit) => JSON.parse(h.body) as { type: string; timestamp: string; data: Record<string, any> };

describe.each(backends)('webhook deliveries on $name', (backend) => {
  let t: TestApp;
  let p: ReturnType<typeof practice>;
  let flow: ReturnType<typeof surveyFlow>;
  let rx: Receiver;
  let a: string;
  let proA: string;
  let quiz: string;
  let service: string;

  const db = () => t.database.db;
  const deps = (extra: Partial<WebhookDelivererDeps> = {}): WebhookDelivererDeps => ({
    db: db(),
    config: { now: t.clock.now, webhooksAllowLoopbackHttp: true },
    random: () => 0.5,
    ...extra,
  });
  /** What the sweeper does: every undispatched event stamped, with its deliveries. */
  const dispatch = async () => {
    const due = await db()
      .select({ id: events.id, type: events.type, professionalId: events.professionalId })
      .from(events)
      .where(isNull(events.dispatchedAt));
    await markDispatched(db(), due, t.clock.now(), eventListeners());
  };
  /** One worker round: every due delivery claimed and attempted. */
  const runDue = async (d = deps()) => {
    const out = [];
    for (const c of await claimDue(db(), t.clock.now(), 100, 60_000)) out.push(await attemptDelivery(d, c));
    return out;
  };
  const endpoint = async (payload: Record<string, unknown>) =>
    p.ok(p.api('POST', '/webhooks/manager', a, payload), 201) as Promise<{ id: string; secret: string }>;
  const log = (id: string, query = '') => p.ok(p.api('GET', `/webhooks/manager/${id}/responses${query}`, a));
  const answered = async (name: string) => {
    const patient = await p.patient(a, { serviceId: service, name });
    const schedule = await p.schedule(a, quiz, patient.id);
    return flow.answer({
      pro: a,
      scheduleId: schedule.id,
      email: patient.email!,
      steps: [{ questionId: q('semana'), value: { type: 'free-field', text: 'Semana boa, 3 treinos.' } }],
    });
  };

  beforeAll(async () => {
    t = await createTestApp(backend, {
      config: {
        webhooksAllowLoopbackHttp: true,
        limits: { webhookSendsPerEndpoint: { max: 6, windowSeconds: 3600 } },
      },
    });
    p = practice(t);
    flow = surveyFlow(t, p);
    rx = await startReceiver();
    a = await t.signUp('yara.nutri@example.com');
    proA = (await p.ok(p.api('GET', '/professional/me', a))).id;
    service = await p.service(a, 365);
    quiz = (await p.ok(p.api('POST', '/quiz', a, { title: 'Check-in', chosenQuestions: [{ id: q('semana') }] }), 201))
      .id;
    await dispatch();
  });
  afterEach(async () => {
    // Each test starts with no endpoint, nothing undispatched, the real time and a receiver answering 200.
    await db().delete(webhookEndpoints);
    await dispatch();
    t.clock.reset();
    rx.clear();
    rx.answer(() => ({ status: 200, body: 'ok' }));
  });
  afterAll(async () => {
    await rx?.close();
    await t?.close();
  });

  it('sends each subscribed event signed, thin, with one webhook-id per event (verified with standardwebhooks)', async () => {
    const thin = await endpoint({ url: rx.url('/thin'), events: ['patient.created', 'quiz_answer.finished'] });
    const rich = await endpoint({
      url: rx.url('/rich'),
      events: ['quiz_answer.finished'],
      richPayload: true,
      richPurpose: 'Prontuário eletrônico da clínica',
    });
    const done = await answered('Lia Prado');
    await dispatch();
    await runDue();
    expect(await claimDue(db(), t.clock.now(), 100, 60_000)).toEqual([]);

    const toThin = rx.hits.filter((h) => h.path === '/thin');
    expect(toThin.map((h) => body(h).type).sort()).toEqual(['patient.created', 'quiz_answer.finished']);
    for (const h of toThin) {
      expect(h.headers['content-type']).toBe('application/json');
      expect(new Webhook(thin.secret).verify(h.body, h.headers as Record<string, string>)).toEqual(body(h));
      expect(() => new Webhook(rich.secret).verify(h.body, h.headers as Record<string, string>)).toThrow();
    }
    const finished = toThin.find((h) => body(h).type === 'quiz_answer.finished')!;
    const [event] = await db()
      .select()
      .from(events)
      .where(and(eq(events.professionalId, proA), eq(events.type, 'quiz_answer.finished')));
    expect(finished.headers['webhook-id']).toBe(`msg_${event!.id}`);
    expect(body(finished).data).toMatchObject({ quizAnswerId: done.quizAnswerId, patientName: 'Lia Prado' });
    expect(body(finished).data.answers).toBeUndefined();
    expect(finished.body).not.toContain('3 treinos');

    // Only where she opted in, with a purpose, do the answers go out.
    const [toRich] = rx.hits.filter((h) => h.path === '/rich');
    expect(toRich!.headers['webhook-id']).toBe(`msg_${event!.id}`);
    expect(new Webhook(rich.secret).verify(toRich!.body, toRich!.headers as Record<string, string>)).toBeTruthy();
    expect(body(toRich!).data.answers).toEqual([
      expect.objectContaining({
        questionId: q('semana'),
        question: 'Como foi sua semana?',
        answer: 'Semana boa, 3 treinos.',
      }),
    ]);

    const page = await log(thin.id);
    expect(page).toMatchObject({ total: 2, queued: 0, nextAttemptAt: null });
    expect(page.items[0]).toMatchObject({ attempt: 1, outcome: 'success', statusCode: 200, responseExcerpt: 'ok' });
    expect(page.items.find((i: { eventType: string }) => i.eventType === 'quiz_answer.finished').eventSummary).toBe(
      'Lia Prado · Check-in',
    );
    expect(page.items.map((i: { eventLabel: string }) => i.eventLabel).sort()).toEqual([
      'Cliente cadastrado',
      'Questionário respondido',
    ]);
  });

  it('creates one delivery per event and endpoint however many sweepers race', async () => {
    const ep = await endpoint({ url: rx.url('/race'), events: ['patient.created'] });
    await p.patient(a, { name: 'Corrida' });
    const due = await db()
      .select({ id: events.id, type: events.type, professionalId: events.professionalId })
      .from(events)
      .where(isNull(events.dispatchedAt));
    await Promise.all([
      markDispatched(db(), due, t.clock.now(), eventListeners()),
      markDispatched(db(), due, t.clock.now(), eventListeners()),
    ]);
    const rows = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, ep.id));
    expect(rows).toHaveLength(1);
  });

  it('retries on the schedule (5 s … 10 h), each attempt signed anew, then gives up; the log lists them', async () => {
    rx.answer(() => ({ status: 500, body: 'erro interno' }));
    const ep = await endpoint({ url: rx.url('/down'), events: ['patient.created'] });
    await p.patient(a, { name: 'Rita Reis' });
    await dispatch();
    t.clock.freeze();
    let [res] = await runDue();
    for (const wait of RETRY_DELAYS_MS) {
      expect(res!.nextAttemptAt!.getTime() - t.clock.now().getTime()).toBe(wait);
      t.clock.advance(wait - 1000);
      expect(await runDue()).toEqual([]);
      t.clock.advance(1000);
      [res] = await runDue();
      expect(res).toMatchObject({ outcome: 'http_error', statusCode: 500 });
    }
    expect(res!.nextAttemptAt).toBeNull();
    t.clock.advance(RETRY_DELAYS_MS.at(-1)!);
    expect(await runDue()).toEqual([]);

    expect(rx.hits).toHaveLength(8);
    expect(new Set(rx.hits.map((h) => h.headers['webhook-id'])).size).toBe(1);
    expect(new Set(rx.hits.map((h) => h.headers['webhook-timestamp'])).size).toBe(8);
    const page = await log(ep.id);
    expect(page.total).toBe(8);
    expect(page.items.map((i: { attempt: number }) => i.attempt)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(page.items[0]).toMatchObject({
      isLatest: true,
      deliveryStatus: 'failed',
      nextAttemptAt: null,
      statusCode: 500,
      responseExcerpt: 'erro interno',
    });
    expect(page.items[1].isLatest).toBe(false);
    expect((await log(ep.id, '?take=3&skip=6')).items.map((i: { attempt: number }) => i.attempt)).toEqual([2, 1]);
  });

  it('waits as Retry-After asks on 429 and 503, and follows no redirect', async () => {
    const soon = new Date(t.clock.now().getTime() + 600_000).toUTCString();
    rx.answer((h) =>
      h.path === '/busy'
        ? { status: 429, headers: { 'retry-after': '120' } }
        : h.path === '/maintenance'
          ? { status: 503, headers: { 'retry-after': soon } }
          : h.path === '/moved'
            ? { status: 302, headers: { location: rx.url('/target') } }
            : { status: 200 },
    );
    for (const [path, wait] of [
      ['/busy', 120_000],
      ['/maintenance', 600_000],
      ['/moved', 5_000],
    ] as const) {
      await endpoint({ url: rx.url(path), events: ['patient.created'] });
      await p.patient(a, { name: `Cliente ${path}` });
      await dispatch();
      const [res] = await runDue();
      const due = res!.nextAttemptAt!.getTime() - t.clock.now().getTime();
      expect(due, path).toBeGreaterThan(wait - 2000);
      expect(due, path).toBeLessThanOrEqual(wait);
      await db().delete(webhookEndpoints);
    }
    expect(rx.hits.map((h) => h.path)).toEqual(['/busy', '/maintenance', '/moved']);
  });

  it('turns the endpoint off on 410 and tells her; later events skip it', async () => {
    rx.answer(() => ({ status: 410, body: 'gone' }));
    const ep = await endpoint({ url: rx.url('/gone'), events: ['patient.created'] });
    await p.patient(a, { name: 'Nina' });
    await dispatch();
    const [res] = await runDue();
    expect(res).toMatchObject({ outcome: 'http_error', statusCode: 410, nextAttemptAt: null });
    const [listed] = await p.ok(p.api('GET', '/webhooks/manager', a));
    expect(listed).toMatchObject({ id: ep.id, enabled: false });
    expect(listed.disabledReason).toMatch(/410/);
    const [disabled] = await db()
      .select()
      .from(events)
      .where(and(eq(events.professionalId, proA), eq(events.type, 'webhook.disabled')));
    expect(disabled!.payload).toMatchObject({ endpointId: ep.id, reason: 'gone', failingSince: null });
    expect(disabled!.payload.host).toBe(`127.0.0.1:${rx.port}`);
    await handleEvent({ db: db(), now: t.clock.now }, disabled!.id);
    const [note] = await db().select().from(notifications).where(eq(notifications.eventId, disabled!.id));
    expect(note!.type).toBe('webhook.disabled');

    await p.patient(a, { name: 'Depois' });
    await dispatch();
    expect(await runDue()).toEqual([]);
    expect(rx.hits).toHaveLength(1);
  });

  it('turns off an endpoint failing for five days; a success ends a failing streak', async () => {
    const ep = await endpoint({ url: rx.url('/flaky'), events: ['patient.created'] });
    const since = new Date(t.clock.now().getTime() - 60_000);
    await db().update(webhookEndpoints).set({ failingSince: since }).where(eq(webhookEndpoints.id, ep.id));
    await p.patient(a, { name: 'Volta' });
    await dispatch();
    await runDue();
    expect((await p.ok(p.api('GET', '/webhooks/manager', a)))[0].failingSince).toBeNull();

    rx.answer(() => ({ status: 500 }));
    const failedAt = async (msAgo: number) => {
      const [d] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, ep.id));
      await db()
        .insert(webhookAttempts)
        .values({
          deliveryId: d!.id,
          endpointId: ep.id,
          attempt: 9,
          outcome: 'http_error',
          statusCode: 500,
          durationMs: 3,
          attemptedAt: new Date(t.clock.now().getTime() - msAgo),
        });
    };
    // Failing since six days ago, but nothing was tried for days: one more failure starts a new streak.
    await db()
      .update(webhookEndpoints)
      .set({ failingSince: new Date(t.clock.now().getTime() - DISABLE_AFTER_FAILING_MS - 86_400_000) })
      .where(eq(webhookEndpoints.id, ep.id));
    await failedAt(DISABLE_AFTER_FAILING_MS + 86_400_000);
    await p.patient(a, { name: 'Pausa' });
    await dispatch();
    await runDue();
    const [still] = await p.ok(p.api('GET', '/webhooks/manager', a));
    expect(still.enabled).toBe(true);
    expect(Date.parse(still.failingSince)).toBeGreaterThan(t.clock.now().getTime() - 60_000);
    // Failing all along for five days (an attempt failed an hour ago): the next failure turns it off.
    await db()
      .update(webhookEndpoints)
      .set({ failingSince: new Date(t.clock.now().getTime() - DISABLE_AFTER_FAILING_MS) })
      .where(eq(webhookEndpoints.id, ep.id));
    await failedAt(3_600_000);
    await p.patient(a, { name: 'Cai' });
    await dispatch();
    await runDue();
    const [listed] = await p.ok(p.api('GET', '/webhooks/manager', a));
    expect(listed.enabled).toBe(false);
    expect(listed.disabledReason).toMatch(/5 dias/);
    const [disabled] = (
      await db()
        .select()
        .from(events)
        .where(and(eq(events.professionalId, proA), eq(events.type, 'webhook.disabled')))
    ).filter((e) => e.payload.endpointId === ep.id);
    expect(disabled!.payload).toMatchObject({ reason: 'failing', host: `127.0.0.1:${rx.port}` });
    expect(JSON.stringify(disabled!.payload)).not.toContain('/flaky');
    // Turned on again by her: the streak starts over.
    await p.ok(
      p.api('PUT', '/webhooks/manager', a, {
        id: ep.id,
        url: rx.url('/flaky'),
        events: ['patient.created'],
        enabled: true,
      }),
    );
    expect((await p.ok(p.api('GET', '/webhooks/manager', a)))[0]).toMatchObject({
      enabled: true,
      disabledReason: null,
      failingSince: null,
    });
  });

  it('sends a test event (also while off), redelivers with the same webhook-id, and limits both', async () => {
    const ep = await endpoint({ url: rx.url('/manual'), events: ['patient.created'] });
    const queued = await p.ok(p.api('POST', `/webhooks/manager/${ep.id}/test`, a), 202);
    expect((await log(ep.id)).queued).toBe(1);
    await runDue();
    const [test] = rx.hits;
    expect(test!.headers['webhook-id']).toBe(queued.messageId);
    expect(new Webhook(ep.secret).verify(test!.body, test!.headers as Record<string, string>)).toMatchObject({
      type: 'webhook.test',
      data: { endpointId: ep.id },
    });
    expect((await log(ep.id)).items[0]).toMatchObject({
      eventType: 'webhook.test',
      eventLabel: 'Evento de teste',
      eventSummary: null,
    });

    // Off: events wait, a test still goes.
    await p.ok(
      p.api('PUT', '/webhooks/manager', a, {
        id: ep.id,
        url: rx.url('/manual'),
        events: ['patient.created'],
        enabled: false,
      }),
    );
    await p.ok(p.api('POST', `/webhooks/manager/${ep.id}/test`, a), 202);
    await runDue();
    expect(rx.hits).toHaveLength(2);

    // A failed message, redelivered: same webhook-id, the attempts go on counting, the schedule starts over.
    await p.ok(
      p.api('PUT', '/webhooks/manager', a, {
        id: ep.id,
        url: rx.url('/manual'),
        events: ['patient.created'],
        enabled: true,
      }),
    );
    rx.answer(() => ({ status: 404, body: 'não encontrado' }));
    await p.patient(a, { name: 'Reenvio' });
    await dispatch();
    await runDue();
    const failed = (await log(ep.id)).items[0];
    expect(failed).toMatchObject({ attempt: 1, statusCode: 404, deliveryStatus: 'pending', isLatest: true });
    rx.answer(() => ({ status: 200 }));
    await p.ok(p.api('POST', `/webhooks/manager/${ep.id}/deliveries/${failed.deliveryId}/redeliver`, a), 202);
    const [again] = await runDue();
    expect(again).toMatchObject({ outcome: 'success' });
    expect(rx.hits.at(-1)!.headers['webhook-id']).toBe(failed.messageId);
    expect((await log(ep.id)).items[0]).toMatchObject({ attempt: 2, deliveryStatus: 'succeeded', isLatest: true });

    // Not while an attempt is in flight.
    await p.ok(p.api('POST', `/webhooks/manager/${ep.id}/deliveries/${failed.deliveryId}/redeliver`, a), 202);
    await claimDue(db(), t.clock.now(), 100, 60_000);
    expectCode(
      await p.api('POST', `/webhooks/manager/${ep.id}/deliveries/${failed.deliveryId}/redeliver`, a),
      409,
      'RETRY_SEND_LATER',
    );
    // Someone else's message, or none, through this endpoint: not found.
    const other = await endpoint({ url: rx.url('/other'), events: ['patient.created'] });
    expectCode(
      await p.api('POST', `/webhooks/manager/${other.id}/deliveries/${failed.deliveryId}/redeliver`, a),
      404,
      'NOT_FOUND',
    );
    expectCode(await p.api('POST', `/webhooks/manager/${ep.id}/deliveries/${UNKNOWN}/redeliver`, a), 404, 'NOT_FOUND');
    // Six manual sends per endpoint an hour in this suite (four used above; the refused redelivery cost
    // nothing), each reserved before it is queued.
    expect((await p.api('POST', `/webhooks/manager/${ep.id}/test`, a)).statusCode).toBe(202);
    expect((await p.api('POST', `/webhooks/manager/${ep.id}/test`, a)).statusCode).toBe(202);
    const refused = await p.api('POST', `/webhooks/manager/${ep.id}/test`, a);
    expectCode(refused, 429, 'TOO_MANY_ATTEMPTS');
    expect(refused.headers['retry-after']).toBeTruthy();
    expect((await p.api('POST', `/webhooks/manager/${other.id}/test`, a)).statusCode).toBe(202);
  });

  it('pauses what waits while she turns an endpoint off, resumes recent messages when it is on again', async () => {
    rx.answer(() => ({ status: 503 }));
    const ep = await endpoint({ url: rx.url('/pausa'), events: ['patient.created'] });
    const body = (enabled: boolean) => ({ id: ep.id, url: rx.url('/pausa'), events: ['patient.created'], enabled });
    await p.patient(a, { name: 'Espera' });
    await dispatch();
    await runDue();
    await p.ok(p.api('PUT', '/webhooks/manager', a, body(false)));
    expect(await log(ep.id)).toMatchObject({ queued: 0, paused: 1, nextAttemptAt: null });
    t.clock.advance(10 * 60_000);
    expect(await runDue()).toEqual([]);
    // A test by hand goes once; its failure waits with the others instead of retrying for a day.
    await p.ok(p.api('POST', `/webhooks/manager/${ep.id}/test`, a), 202);
    expect(await runDue()).toHaveLength(1);
    expect(await log(ep.id)).toMatchObject({ queued: 0, paused: 2 });
    t.clock.advance(10 * 60_000);
    expect(await runDue()).toEqual([]);
    // On again: both go now, in a fresh round.
    rx.answer(() => ({ status: 200 }));
    await p.ok(p.api('PUT', '/webhooks/manager', a, body(true)));
    expect(await runDue()).toEqual([
      expect.objectContaining({ outcome: 'success' }),
      expect.objectContaining({ outcome: 'success' }),
    ]);
    expect(await log(ep.id)).toMatchObject({ queued: 0, paused: 0 });
  });

  it('keeps at most four attempts in flight per endpoint, and a late attempt never overwrites a newer one', async () => {
    const busy = await endpoint({ url: rx.url('/lento'), events: ['patient.created'] });
    const other = await endpoint({ url: rx.url('/rapido'), events: ['patient.created'] });
    for (let i = 0; i < 6; i++) await p.patient(a, { name: `Fila ${i}` });
    await dispatch();
    const first = await claimDue(db(), t.clock.now(), 100, 60_000);
    const perEndpoint = (rows: { endpointId: string }[], id: string) => rows.filter((r) => r.endpointId === id).length;
    expect(perEndpoint(first, busy.id)).toBe(4);
    expect(perEndpoint(first, other.id)).toBe(4);
    expect(await claimDue(db(), t.clock.now(), 100, 60_000)).toEqual([]);

    // One of them: its lease runs out, she redelivers it, and then the old attempt comes back late.
    const late = first.find((r) => r.endpointId === busy.id)!;
    t.clock.advance(61_000);
    const [row] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, late.id));
    expect(row!.lockedUntil!.getTime()).toBeLessThan(t.clock.now().getTime());
    await p.ok(p.api('POST', `/webhooks/manager/${busy.id}/deliveries/${late.id}/redeliver`, a), 202);
    rx.answer(() => ({ status: 500 }));
    await attemptDelivery(deps(), late);
    const [after] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, late.id));
    expect(after).toMatchObject({ status: 'pending', manual: true });
    expect(after!.nextAttemptAt!.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    // The late failure is in the log, and did not start a failing streak on an endpoint a newer claim owns.
    expect((await log(busy.id)).items[0]).toMatchObject({ statusCode: 500 });
    expect(
      (await p.ok(p.api('GET', '/webhooks/manager', a))).find((e: { id: string }) => e.id === busy.id).failingSince,
    ).toBeNull();
  });

  it('fails a message whose attempts were all used by workers that died before recording them', async () => {
    const ep = await endpoint({ url: rx.url('/morte'), events: ['patient.created'] });
    await p.patient(a, { name: 'Sem fim' });
    await dispatch();
    await db().update(webhookDeliveries).set({ attempts: 8 }).where(eq(webhookDeliveries.endpointId, ep.id));
    expect(await claimDue(db(), t.clock.now(), 10, 60_000)).toEqual([]);
    const [row] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, ep.id));
    expect(row!.status).toBe('failed');
  });

  it('refuses a bad page or a bad id on the log and its actions', async () => {
    const ep = await endpoint({ url: rx.url('/x'), events: ['patient.created'] });
    for (const q of ['?take=0', '?take=101', '?skip=-1', '?take=abc'])
      expectCode(await p.api('GET', `/webhooks/manager/${ep.id}/responses${q}`, a), 400, 'WRONG_COMMAND_PARAMETERS');
    expectCode(
      await p.api('POST', `/webhooks/manager/${ep.id}/deliveries/nao-e-uuid/redeliver`, a),
      400,
      'WRONG_COMMAND_PARAMETERS',
    );
    expectCode(await p.api('POST', `/webhooks/manager/${UNKNOWN}/test`, a), 404, 'NOT_FOUND');
  });

  it('signs with both secrets while a rotation overlaps, then with the new one only', async () => {
    const ep = await endpoint({ url: rx.url('/rotating'), events: ['patient.created'] });
    const rotated = await p.ok(p.api('POST', `/webhooks/manager/${ep.id}/rotate-secret`, a));
    await p.ok(p.api('POST', `/webhooks/manager/${ep.id}/test`, a), 202);
    await runDue();
    const [hit] = rx.hits;
    for (const secret of [ep.secret, rotated.secret]) {
      expect(new Webhook(secret).verify(hit!.body, hit!.headers as Record<string, string>)).toBeTruthy();
    }
    expect(() => new Webhook(newWebhookSecret()).verify(hit!.body, hit!.headers as Record<string, string>)).toThrow();
    t.clock.advance(25 * 3_600_000);
    await p.ok(p.api('POST', `/webhooks/manager/${ep.id}/test`, a), 202);
    await runDue();
    expect(String(rx.hits[1]!.headers['webhook-signature']).split(' ')).toHaveLength(1);
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id));
    expect(row).toMatchObject({ previousSecret: null, previousSecretExpiresAt: null });
  });

  it('reaches nothing private when the test setting is off: hostile addresses and names, at save and at send', async () => {
    const port = rx.port;
    const hostile = [
      `http://127.0.0.1:${port}/h`,
      `https://127.0.0.1:${port}/h`,
      `http://localhost:${port}/h`,
      `https://localhost:${port}/h`,
      `https://localhost.:${port}/h`,
      `https://[::1]:${port}/h`,
      `https://[::ffff:127.0.0.1]:${port}/h`,
      `https://[::ffff:7f00:1]:${port}/h`,
      `https://[64:ff9b::7f00:1]:${port}/h`,
      `https://2130706433:${port}/h`,
      `https://0x7f000001:${port}/h`,
      `https://0177.0.0.1:${port}/h`,
      `https://127.1:${port}/h`,
      `https://0.0.0.0:${port}/h`,
      `https://10.0.0.8:${port}/h`,
      `https://192.168.0.1:${port}/h`,
      `https://169.254.169.254/latest/meta-data/`,
      `https://[fe80::1]:${port}/h`,
      `https://[fd00::1]:${port}/h`,
      `https://user:pass@127.0.0.1:${port}/h`,
      `file:///etc/passwd`,
      `gopher://127.0.0.1:${port}/h`,
    ];
    const strict = await createTestApp(backend, { config: { webhooksAllowLoopbackHttp: false } });
    try {
      const sp = practice(strict);
      const token = await strict.signUp('zeca.nutri@example.com');
      const pro = (await sp.ok(sp.api('GET', '/professional/me', token))).id;
      const strictDeps: AttemptDeps = {
        db: strict.database.db,
        config: { now: strict.clock.now, webhooksAllowLoopbackHttp: false },
      };
      for (const url of hostile) {
        const saved = await sp.api('POST', '/webhooks/manager', token, { url, events: ['patient.created'] });
        expect(saved.statusCode, url).toBe(400);
        // Saved before the name or the rules changed: refused again at send time.
        const [row] = await strict.database.db
          .insert(webhookEndpoints)
          .values({
            professionalId: pro,
            url,
            events: ['patient.created'],
            secret: newWebhookSecret(),
            createdAt: new Date(),
            updatedAt: new Date(),
          })
          .returning();
        await sp.ok(sp.api('POST', `/webhooks/manager/${row!.id}/test`, token), 202);
        const claimed = await claimDue(strict.database.db, strict.clock.now(), 10, 60_000);
        expect(claimed, url).toHaveLength(1);
        const res = await attemptDelivery(strictDeps, claimed[0]!);
        // Refused by the guard (a name that does not resolve, like `localhost.` here, is refused as DNS).
        expect(['refused', 'dns_error'], url).toContain(res?.outcome);
        await strict.database.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row!.id));
      }
    } finally {
      await strict.close();
    }
    expect(rx.hits).toHaveLength(0);
  });

  it('delivers every event with two workers when one dies mid-send, none twice beyond that retry', async () => {
    const ep = await endpoint({ url: rx.url('/pair'), events: ['patient.created'] });
    for (let i = 0; i < 12; i++) await p.patient(a, { name: `Par ${i}` });
    await dispatch();
    // Worker A reaches the receiver, then dies before recording anything (its leases are left to expire).
    const dying: typeof outboundRequest = async (...args) => {
      await outboundRequest(...args);
      killed.abandon();
      return new Promise(() => {});
    };
    const killed = new WebhookDeliverer(
      { ...deps(), send: dying },
      { concurrency: 4, leaseMs: 1500, pollIntervalMs: 100 },
    );
    const claimedByA = await killed.tick();
    expect(claimedByA).toBeGreaterThan(0);
    // The survivor's own leases outlast any of its attempts; the dead worker's expire after 1.5 s.
    const survivor = new WebhookDeliverer(deps(), { concurrency: 4, leaseMs: 30_000, pollIntervalMs: 100 }).start();
    try {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const rows = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, ep.id));
        if (rows.length === 12 && rows.every((r) => r.status === 'succeeded')) break;
        if (Date.now() > deadline)
          throw new Error(`still pending: ${rows.filter((r) => r.status !== 'succeeded').length}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await survivor.stop(2000);
    }
    const perId = new Map<string, number>();
    for (const h of rx.hits) {
      const id = String(h.headers['webhook-id']);
      perId.set(id, (perId.get(id) ?? 0) + 1);
    }
    expect(perId.size).toBe(12);
    const twice = [...perId.values()].filter((n) => n === 2).length;
    expect(twice).toBe(claimedByA);
    expect([...perId.values()].every((n) => n <= 2)).toBe(true);
  });
});
