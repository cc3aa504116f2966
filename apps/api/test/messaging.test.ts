/**
 * Messaging over HTTP: composing to a selection or to everyone matching the client filters, the channel each
 * client gets (WhatsApp only with her consent), the template variables, WhatsApp's 24-hour rule, sending later,
 * the sender (one claim per message), a failing channel shown per recipient and retried, and WhatsApp's
 * webhook — the handshake, the signature, statuses only moving forward, duplicates ignored, replies in the
 * thread.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../src/mail/mailer.js';
import { OutboxWhatsAppProvider } from '../src/delivery/whatsapp.js';
import { sendDueMessages } from '../src/messaging/sender.js';
import { signatureOf } from '../src/messaging/whatsapp-webhook.js';
import { backends } from './helpers/backends.js';
import { bearer, createTestApp, type TestApp } from './helpers/app.js';
import { practice } from './helpers/scheduling.js';

const APP_SECRET = 'test-whatsapp-app-secret';
const VERIFY = 'test-verify-token';
const HOUR = 3_600_000;

describe.each(backends)('messaging on $name', (backend) => {
  let t: TestApp;
  let p: ReturnType<typeof practice>;
  let pro: string;
  const ids: Record<string, string> = {};
  let mailDown = false;
  beforeAll(async () => {
    t = await createTestApp(backend, {
      config: { whatsappWebhook: { verifyToken: VERIFY, appSecret: APP_SECRET } },
    });
    p = practice(t);
    pro = await t.signUp('nutri@example.com');
    await t.call({ method: 'PUT', url: '/api/professional/me', headers: bearer(pro), payload: { name: 'Ana Lima' } });
    ids.zap = (
      await p.patient(pro, {
        name: 'Beatriz Zap',
        phone: '+5511987650011',
        email: 'bia@example.com',
        channel: 'whatsapp',
      })
    ).id;
    ids.mail = (
      await p.patient(pro, {
        name: 'Carla Mail',
        email: 'carla@example.com',
        phone: '+5511987650012',
        channel: 'email',
      })
    ).id;
    ids.none = (await p.patient(pro, { name: 'Dora Sem Contato', email: null, phone: null })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const api = (method: 'GET' | 'POST', url: string, payload?: unknown, token = pro) =>
    t.call({
      method,
      url: `/api${url}`,
      headers: bearer(token),
      ...(payload !== undefined && { payload: payload as object }),
    });
  // The sender's mail server, which a test can take down.
  const mailer = {
    kind: 'smtp',
    send: async (m) => {
      if (mailDown) throw new Error('SMTP indisponível');
      await t.mailbox.send(m);
    },
  } satisfies Mailer;
  const send = () =>
    sendDueMessages({
      db: t.database.db,
      mailer,
      whatsapp: new OutboxWhatsAppProvider(t.database.db),
      now: t.clock.now,
    });
  const webhook = (body: unknown, signature: string | null = signatureOf(APP_SECRET, JSON.stringify(body))) =>
    t.call({
      method: 'POST',
      url: '/api/whatsapp/webhook',
      headers: { 'content-type': 'application/json', ...(signature !== null && { 'x-hub-signature-256': signature }) },
      payload: JSON.stringify(body),
    });
  const change = (value: object) => ({ object: 'whatsapp_business_account', entry: [{ changes: [{ value }] }] });
  const outboxId = async (to: string) =>
    (
      await t.database.db.execute<{ id: string }>(
        sql`select id from whatsapp_outbox where "to" = ${to} order by created_at desc limit 1`,
      )
    ).rows[0]?.id;

  it('refuses unknown variables and, outside the 24-hour window, WhatsApp without a template', async () => {
    const bad = await api('POST', '/chat/messages', {
      audience: { kind: 'patients', patientIds: [ids.zap] },
      channel: 'whatsapp',
      body: 'Olá {{nome}}',
    });
    expect([bad.statusCode, bad.json().application_error_code]).toEqual([400, 'WRONG_TEMPLATE_VARIABLES']);

    const preview = await api('POST', '/chat/messages/preview', {
      audience: { kind: 'patients', patientIds: [ids.zap, ids.mail, ids.none] },
      channel: 'whatsapp',
      body: 'Oi, {{paciente}}! Aqui é {{profissional}}.',
    });
    expect(preview.json()).toEqual({
      total: 3,
      email: 1,
      whatsapp: 1,
      withoutContact: 1,
      outsideWindow: 1,
      // The WhatsApp recipient's text, whatever order the database returns them in.
      sample: 'Oi, Beatriz! Aqui é Ana Lima.',
    });
    const refused = await api('POST', '/chat/messages', {
      audience: { kind: 'patients', patientIds: [ids.zap] },
      channel: 'whatsapp',
      body: 'Oi, {{paciente}}!',
    });
    expect([refused.statusCode, refused.json().application_error_code, refused.json().details]).toEqual([
      409,
      'WHATSAPP_TEMPLATE_REQUIRED',
      { outsideWindow: 1 },
    ]);
    expect((await api('GET', '/chat/templates')).json().map((x: { name: string }) => x.name)).toContain(
      'acompanha_mensagem',
    );
  });

  it('sends to three clients: WhatsApp with a template, e-mail, and one without contact failing at once', async () => {
    const res = await api('POST', '/chat/messages', {
      audience: { kind: 'patients', patientIds: [ids.zap, ids.mail, ids.none] },
      channel: 'whatsapp',
      body: 'Oi, {{paciente}}! Lembre de beber água.',
      template: 'acompanha_mensagem',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ total: 3, counts: { queued: 2, failed: 1 } });
    const [a, b] = await Promise.all([send(), send()]);
    expect(a + b).toBe(2);
    const detail = (await api('GET', `/chat/campaigns/${res.json().id}`)).json();
    expect(detail.campaign.counts).toMatchObject({ sent: 2, failed: 1, queued: 0 });
    expect(detail.recipients[0]).toMatchObject({
      patientName: 'Dora Sem Contato',
      status: 'failed',
      errorCode: 'NOTIFICATION_CHANNEL_ERROR',
    });
    const outbox = await t.database.db.execute<{ body: string }>(
      sql`select body from whatsapp_outbox where "to" = '+5511987650011'`,
    );
    expect(outbox.rows[0]!.body).toBe(
      'Olá, Beatriz! Ana Lima enviou uma mensagem para você: Oi, Beatriz! Lembre de beber água.',
    );
    expect((await t.mailbox.list('carla@example.com'))[0]).toMatchObject({
      subject: 'Mensagem de Ana Lima',
      text: 'Oi, Carla! Lembre de beber água.',
    });
    const history = (await api('GET', `/chat/history/${ids.zap}`)).json();
    expect(history.items[0]).toMatchObject({ status: 'sent', direction: 'out', channel: 'whatsapp' });
  });

  it('the webhook: handshake, signature, statuses only forward, duplicates ignored, a reply in the thread', async () => {
    const ok = await t.call({
      method: 'GET',
      url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444`,
    });
    expect([ok.statusCode, ok.body]).toEqual([200, '1158201444']);
    const wrong = await t.call({
      method: 'GET',
      url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=outro&hub.challenge=1',
    });
    expect(wrong.statusCode).toBe(401);

    const wamid = await outboxId('+5511987650011');
    const status = (s: string, ts: number) => change({ statuses: [{ id: wamid, status: s, timestamp: String(ts) }] });
    expect((await webhook(status('read', 1_800_000_000), 'sha256=00')).statusCode).toBe(401);
    expect((await webhook(status('read', 1_800_000_000), null)).statusCode).toBe(401);
    expect((await webhook(status('delivered', 1_800_000_000))).json()).toEqual({ statuses: 1, replies: 0 });
    expect((await webhook(status('read', 1_800_000_100))).json().statuses).toBe(1);
    // Late and repeated: nothing moves back.
    expect((await webhook(status('delivered', 1_800_000_000))).json().statuses).toBe(0);
    expect((await webhook(status('read', 1_800_000_100))).json().statuses).toBe(0);
    expect((await webhook(status('failed', 1_800_000_200))).json().statuses).toBe(0);
    const thread = (await api('GET', `/chat/history/${ids.zap}`)).json();
    expect(thread.items[0]).toMatchObject({ status: 'read', statusAt: new Date(1_800_000_100_000).toISOString() });

    const reply = change({
      messages: [
        {
          from: '5511987650011',
          id: 'wamid.reply-1',
          timestamp: String(Math.floor(t.clock.now().getTime() / 1000) + 5),
          type: 'text',
          text: { body: 'Obrigada, Ana!' },
        },
      ],
    });
    expect((await webhook(reply)).json().replies).toBe(1);
    expect((await webhook(reply)).json().replies).toBe(0);
    const after = (await api('GET', `/chat/history/${ids.zap}`)).json();
    expect(after.items[0]).toMatchObject({ direction: 'in', body: 'Obrigada, Ana!' });
    // Inside the window now: free text goes without a template.
    const free = await api('POST', '/chat/messages', {
      audience: { kind: 'patients', patientIds: [ids.zap] },
      channel: 'whatsapp',
      body: 'Que bom, {{paciente}}!',
    });
    expect(free.statusCode, free.body).toBe(201);
  });

  it('a failing channel shows on its recipient and is retried; a message for later waits for its time', async () => {
    mailDown = true;
    const res = await api('POST', '/chat/messages', {
      audience: { kind: 'patients', patientIds: [ids.mail] },
      channel: 'email',
      body: 'Consulta amanhã às 10h.',
    });
    await send();
    const failed = (await api('GET', `/chat/campaigns/${res.json().id}`)).json().recipients[0];
    expect(failed).toMatchObject({ status: 'failed', errorCode: 'NOTIFICATION_CHANNEL_ERROR' });
    expect(failed.error).toMatch(/SMTP indisponível/);
    mailDown = false;
    expect((await api('POST', `/chat/messages/${failed.messageId}/retry`)).statusCode).toBe(200);
    await send();
    expect((await api('GET', `/chat/campaigns/${res.json().id}`)).json().campaign.counts.sent).toBe(1);
    expect((await api('POST', `/chat/messages/${failed.messageId}/retry`)).statusCode).toBe(400);

    const later = await api('POST', '/chat/messages', {
      audience: { kind: 'filter', status: 'active' },
      channel: 'email',
      body: 'Feliz semana, {{paciente}}!',
      sendAt: new Date(t.clock.now().getTime() + 2 * HOUR).toISOString(),
    });
    expect(later.json()).toMatchObject({ total: 3 });
    expect(await send()).toBe(0);
    t.clock.advance(2 * HOUR + 1000);
    expect(await send()).toBe(2);
  });

  it("another professional's clients, sends and messages answer like missing ones", async () => {
    const other = await t.signUp('outra@example.com');
    const foreign = await api(
      'POST',
      '/chat/messages',
      { audience: { kind: 'patients', patientIds: [ids.mail] }, channel: 'email', body: 'x' },
      other,
    );
    const missing = await api(
      'POST',
      '/chat/messages',
      {
        audience: { kind: 'patients', patientIds: ['00000000-0000-4000-8000-000000000000'] },
        channel: 'email',
        body: 'x',
      },
      other,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    const mine = (await api('GET', '/chat/campaigns')).json().items[0].id;
    expect((await api('GET', `/chat/campaigns/${mine}`, undefined, other)).statusCode).toBe(404);
    expect((await api('GET', '/chat/campaigns', undefined, other)).json()).toEqual({ items: [], total: 0 });
  });
});

describe.each(backends)('messaging limits on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, {
      config: { limits: { messageSendsPerAccount: { max: 2, windowSeconds: 3600 } } as never },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reserves each send before it: the third in an hour is refused and queues nothing', async () => {
    const pro = await t.signUp('limite@example.com');
    const patient = await practice(t).patient(pro, { email: 'cliente@example.com' });
    const compose = () =>
      t.call({
        method: 'POST',
        url: '/api/chat/messages',
        headers: bearer(pro),
        payload: { audience: { kind: 'patients', patientIds: [patient.id] }, channel: 'email', body: 'Oi!' },
      });
    expect((await compose()).statusCode).toBe(201);
    expect((await compose()).statusCode).toBe(201);
    const third = await compose();
    expect([third.statusCode, third.json().application_error_code]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
    const page = await t.call({ method: 'GET', url: '/api/chat/campaigns', headers: bearer(pro) });
    expect(page.json().total).toBe(2);
  });
});
