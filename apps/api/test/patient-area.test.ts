/**
 * The patient's corner over HTTP: a code by e-mail or by WhatsApp (only with her consent), the same answer for
 * a contact nobody has, every try reserved (5 per code, codes per contact), an expired code, the session scoped
 * to her (her pending questionnaire opens without a second PIN; another patient's answers like a missing one),
 * and no professional or survey token accepted in its place.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChannels } from '../src/delivery/channels.js';
import { deliverAnswerRequest } from '../src/delivery/deliver.js';
import { OutboxWhatsAppProvider } from '../src/delivery/whatsapp.js';
import { backends } from './helpers/backends.js';
import { bearer, createTestApp, type TestApp } from './helpers/app.js';
import { practice } from './helpers/scheduling.js';

const MINUTE = 60_000;

describe.each(backends)("the patient's corner on $name", (backend) => {
  let t: TestApp;
  let p: ReturnType<typeof practice>;
  let pro: string;
  let scheduleId: string;
  let otherScheduleId: string;
  const ana = { email: 'ana.paciente@example.com', phone: '+5511987650001' };
  beforeAll(async () => {
    t = await createTestApp(backend);
    p = practice(t);
    pro = await t.signUp('nutri@example.com');
    await t.call({
      method: 'PUT',
      url: '/api/professional/me/area-config',
      headers: bearer(pro),
      payload: { link: 'nutri-ana' },
    });
    const quiz = await p.quiz(pro, 'Diário alimentar');
    const serviceId = await p.service(pro, 365);
    const patient = await p.patient(pro, {
      name: 'Ana Souza',
      email: ana.email,
      phone: ana.phone,
      channel: 'whatsapp',
      serviceId,
    });
    const other = await p.patient(pro, { name: 'Bruna Lima', email: 'bruna@example.com', serviceId });
    await p.patient(pro, {
      name: 'Carla Sem Zap',
      email: 'carla@example.com',
      phone: '+5511987650003',
      channel: 'email',
    });
    scheduleId = (await p.schedule(pro, quiz, patient.id)).id;
    otherScheduleId = (await p.schedule(pro, quiz, other.id)).id;
    // Both questionnaires go out now (Ana's by WhatsApp, Bruna's by e-mail).
    const channels = createChannels(t.mailbox, new OutboxWhatsAppProvider(t.database.db));
    for (const id of [scheduleId, otherScheduleId]) {
      const request = await p.ok(p.api('POST', '/quiz/schedule/request-now', pro, { quizScheduleId: id }), 201);
      const deps = { db: t.database.db, config: { now: t.clock.now, publicUrl: 'http://acompanha.test' }, channels };
      expect(await deliverAnswerRequest(deps, request.id, { lastAttempt: true })).toBe('sent');
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const ask = (contact: string, alias = 'nutri-ana') =>
    t.call({ method: 'POST', url: `/api/patient-area/${alias}/code`, payload: { contact } });
  const signIn = (contact: string, code: string, alias = 'nutri-ana') =>
    t.call({ method: 'POST', url: `/api/patient-area/${alias}/session`, payload: { contact, code } });
  const whatsappCode = async (to: string) => {
    const rows = await t.database.db.execute<{ body: string }>(
      sql`select body from whatsapp_outbox where "to" = ${to} order by created_at desc limit 1`,
    );
    return /\b(\d{6})\b/.exec(rows.rows[0]?.body ?? '')?.[1];
  };
  const mailCode = async (to: string) => /\b(\d{6})\b/.exec((await t.mailbox.list(to))[0]?.subject ?? '')?.[1];
  const corner = (token: string) => t.call({ method: 'GET', url: '/api/patient-area/me', headers: bearer(token) });

  it('sends a code by WhatsApp to a patient who opted in; the code opens her corner, scoped to her', async () => {
    const res = await ask('(11) 98765-0001');
    expect([res.statusCode, res.json()]).toEqual([202, { sent: true }]);
    const code = await whatsappCode(ana.phone);
    expect(code).toMatch(/^\d{6}$/);
    const session = await signIn('11987650001', code!);
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json().firstName).toBe('Ana');
    const me = await corner(session.json().token);
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    expect(me.json()).toMatchObject({
      firstName: 'Ana',
      pending: [{ scheduleId, quizTitle: 'Diário alimentar', started: false }],
      answered: [],
    });
    expect(me.body).not.toContain('Bruna');
    // Her questionnaire opens without a second PIN; Bruna's answers like a missing one.
    const open = await t.call({
      method: 'POST',
      url: `/api/patient-area/me/quizzes/${scheduleId}/token`,
      headers: bearer(session.json().token),
    });
    expect(open.statusCode, open.body).toBe(200);
    const state = await t.call({
      method: 'GET',
      url: `/api/quiz-answer/${scheduleId}`,
      headers: bearer(open.json().token),
    });
    expect(state.statusCode).toBe(200);
    const foreign = await t.call({
      method: 'POST',
      url: `/api/patient-area/me/quizzes/${otherScheduleId}/token`,
      headers: bearer(session.json().token),
    });
    const missing = await t.call({
      method: 'POST',
      url: `/api/patient-area/me/quizzes/00000000-0000-4000-8000-000000000000/token`,
      headers: bearer(session.json().token),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    // A used code does not open a second session.
    expect((await signIn('11987650001', code!)).json().application_error_code).toBe('INVALID_VERIFICATION_CODE');
  });

  it('by e-mail too; a phone without WhatsApp consent gets the code by e-mail', async () => {
    expect((await ask('Bruna@Example.com')).statusCode).toBe(202);
    const code = await mailCode('bruna@example.com');
    expect((await signIn('bruna@example.com', code!)).json().firstName).toBe('Bruna');

    expect((await ask('11987650003')).statusCode).toBe(202);
    expect(await whatsappCode('+5511987650003')).toBeUndefined();
    expect(await mailCode('carla@example.com')).toMatch(/^\d{6}$/);
  });

  it('answers a contact nobody has exactly like a real one, and sends nothing', async () => {
    const nobody = await ask('ninguem@example.com');
    const real = await ask('bruna@example.com');
    expect([nobody.statusCode, nobody.body]).toEqual([real.statusCode, real.body]);
    expect(await t.mailbox.list('ninguem@example.com')).toEqual([]);
    expect((await signIn('ninguem@example.com', '123456')).json().application_error_code).toBe(
      'INVALID_VERIFICATION_CODE',
    );
    const bad = await ask('não é contato');
    expect([bad.statusCode, bad.json().details[0].path]).toEqual([400, ['contact']]);
    expect((await ask('ana@example.com', 'pagina-que-nao-existe')).statusCode).toBe(404);
  });

  it('a code takes 5 tries, even at once; it expires after 10 minutes', async () => {
    await ask('carla@example.com');
    const code = await mailCode('carla@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const tries = await Promise.all(Array.from({ length: 8 }, () => signIn('carla@example.com', wrong)));
    expect(tries.every((r) => r.json().application_error_code === 'INVALID_VERIFICATION_CODE')).toBe(true);
    // Spent: even the right code is refused now.
    expect((await signIn('carla@example.com', code!)).statusCode).toBe(400);

    await ask('carla@example.com');
    const fresh = await mailCode('carla@example.com');
    t.clock.advance(11 * MINUTE);
    const late = await signIn('carla@example.com', fresh!);
    expect(late.json().application_error_code).toBe('PATIENT_PASSWORD_RECOVERY_TOKEN_EXPIRED');
  });

  it('limits the codes per contact; a shared e-mail signs in only by phone', async () => {
    let last;
    for (let i = 0; i < 6; i++) last = await ask('limite@example.com');
    expect(last!.statusCode).toBe(429);

    await p.patient(pro, { name: 'Dora Irmã', email: 'familia@example.com' });
    await p.patient(pro, { name: 'Eva Irmã', email: 'familia@example.com' });
    await ask('familia@example.com');
    const shared = await signIn('familia@example.com', (await mailCode('familia@example.com'))!);
    expect([shared.statusCode, shared.json().application_error_code]).toEqual([409, 'MULTIPLE_PATIENTS_SAME_PHONE']);
  });

  it('accepts only her session: no professional or survey token, no expired one', async () => {
    expect((await corner(pro)).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/patient-area/me' })).statusCode).toBe(401);
    await ask('bruna@example.com');
    const session = (await signIn('bruna@example.com', (await mailCode('bruna@example.com'))!)).json().token;
    expect((await corner(session)).statusCode).toBe(200);
    // Her session is not a professional's.
    expect((await t.call({ method: 'GET', url: '/api/patient', headers: bearer(session) })).statusCode).toBe(401);
    t.clock.advance(31 * MINUTE);
    expect((await corner(session)).json().application_error_code).toBe('INVALID_JWT');
  });
});
