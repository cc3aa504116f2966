/**
 * Data exports (LGPD arts. 18 and 19) over HTTP and through the job, on both databases: a client's whole record as
 * a ZIP (its members, numbers as numbers in JSON and CSV, the summary's escaping, her file's bytes), a foreign or
 * missing client or job answering alike and writing nothing, the link's expiry and the prune, "Exportar tudo"
 * while the account is expired (one folder per client, an index, an e-mail), the patient's own request (a link to
 * her contact, two a day) and the access-log rows the job writes.
 */
import { and, count, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../src/config.js';
import { accessLog, accountActivity, dataExports, events, subscriptions } from '../src/db/schema.js';
import { runDueExports } from '../src/data-export/job.js';
import { housekeep } from '../src/housekeeping.js';
import { createFileStores } from '../src/file/stores.js';
import { defaultQuestionId as q } from '../src/question/library.js';
import { backends } from './helpers/backends.js';
import { bearer, createTestApp, testConfig, type TestApp } from './helpers/app.js';
import { surveyFlow } from './helpers/answer-revision.js';
import { expectCode, practice } from './helpers/scheduling.js';

const DAY = 86_400_000;
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const text = (files: Record<string, Uint8Array>, name: string) => {
  const data = files[name];
  if (!data) throw new Error(`${name} is not in the zip: ${Object.keys(files).join(', ')}`);
  return Buffer.from(data).toString('utf8');
};

describe.each(backends)('data exports on $name', (backend) => {
  let t: TestApp;
  let p: ReturnType<typeof practice>;
  let a: string;
  let b: string;
  let proA: string;
  let ana: { id: string; email: string | null };

  const config = () => resolveConfig(testConfig(t.clock, { uploadsDir: t.uploadsDir }));
  const runJobs = async () => {
    let n = 0;
    while ((await runDueExports({ db: t.database.db, config: config(), mailer: t.mailbox })) > 0) n++;
    return n;
  };
  const download = async (url: string) => {
    const u = new URL(url);
    return t.call({ method: 'GET', url: `${u.pathname}${u.search}` });
  };
  const unzip = async (url: string) => {
    const res = await download(url);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return unzipSync(new Uint8Array(res.rawPayload));
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    p = practice(t);
    const flow = surveyFlow(t, p);
    a = await t.signUp('exporta.nutri@example.com');
    b = await t.signUp('outra.nutri@example.com');
    proA = (await p.ok(p.api('GET', '/professional/me', a))).id;
    await p.ok(p.api('PUT', '/professional/me/area-config', a, { link: 'nutri-exporta' }));
    const service = await p.service(a, 365);
    ana = await p.patient(a, {
      serviceId: service,
      channel: 'email',
      name: 'Ana Exportada',
      email: 'ana.export@example.com',
    });
    await p.patient(a, { name: 'Bia Segunda' });
    const quiz = (
      await p.ok(
        p.api('POST', '/quiz', a, {
          title: 'Check-in <semanal>',
          chosenQuestions: [{ id: q('peso') }, { id: q('semana') }, { id: q('foto-corpo') }],
        }),
        201,
      )
    ).id;
    const scheduleId = (await p.schedule(a, quiz, ana.id)).id;
    const answered = await flow.answer({
      pro: a,
      scheduleId,
      email: ana.email!,
      steps: [
        { questionId: q('peso'), value: { type: 'metrics', value: 70.5 } },
        { questionId: q('semana'), value: { type: 'free-field', text: '<script>alert("x")</script> & =SOMA(1)' } },
        {
          questionId: q('foto-corpo'),
          value: async (token) => ({
            type: 'file-upload',
            files: [await flow.upload(token, q('foto-corpo'), 'frente.jpg', JPEG)],
          }),
        },
      ],
    });
    const revisions = await p.ok(p.api('GET', `/answer-revision/patient/${ana.id}/quizSchedule/${scheduleId}`, a));
    const revisionId = (revisions.items ?? revisions)[0].id;
    await p.ok(p.api('POST', `/answer-revision/${revisionId}/note`, a, { note: 'Boa evolução <b>' }), 201);
    expect(answered.quizAnswerId).toBeTruthy();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("exports a client's whole record as a ZIP: summary, registration, answers as she saw them, files, accesses", async () => {
    const started = await p.ok(p.api('POST', `/patient/${ana.id}/export`, a), 202);
    expect(started).toMatchObject({ scope: 'patient', state: 'queued', progress: 0, total: 1, downloadUrl: null });
    // Asking again while it waits gives the same job.
    expect((await p.ok(p.api('POST', `/patient/${ana.id}/export`, a), 202)).id).toBe(started.id);
    expect(await runJobs()).toBe(1);
    const done = await p.ok(p.api('GET', `/patient/${ana.id}/export/${started.id}`, a));
    expect(done).toMatchObject({ state: 'done', progress: 1, total: 1 });
    expect(done.downloadUrl).toMatch(
      /\/api\/file\/[0-9a-f-]{36}_[0-9a-f]{32}_exportacao-ana-exportada-.*\.zip\?exp=\d+&sig=/,
    );
    expect(Date.parse(done.expiresAt) - t.clock.now().getTime()).toBeGreaterThan(6.9 * DAY);

    const zip = await unzip(done.downloadUrl);
    const names = Object.keys(zip);
    for (const name of [
      'resumo.html',
      'cadastro.json',
      'respostas.json',
      'respostas.csv',
      'vendas.json',
      'agendamentos.json',
      'mensagens.json',
      'acessos.json',
      'acessos.csv',
    ])
      expect(names).toContain(name);
    const photo = names.find((n) => /^arquivos\/[0-9a-f]{8}-frente\.jpg$/.test(n));
    expect(photo).toBeTruthy();
    expect(Buffer.from(zip[photo!]!)).toEqual(JPEG);

    const reg = JSON.parse(text(zip, 'cadastro.json'));
    expect(reg).toMatchObject({
      nome: 'Ana Exportada',
      email: 'ana.export@example.com',
      consentimentos: { canalDeContato: 'email', aceitaWhatsApp: false },
    });
    const [answer] = JSON.parse(text(zip, 'respostas.json'));
    expect(answer.questionario).toBe('Check-in <semanal>');
    expect(answer.revisao.anotacoes[0].texto).toBe('Boa evolução <b>');
    const peso = answer.itens.find((i: { tipo: string }) => i.tipo === 'metrics');
    expect(peso).toMatchObject({ numero: 70.5, unidade: 'kg', valor: { type: 'metrics', value: 70.5 } });
    expect(typeof peso.numero).toBe('number');
    const csv = text(zip, 'respostas.csv');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toMatch(/;70,5;"kg"\r\n/); // a bare number, decimal comma
    expect(csv).toContain('"<script>alert(""x"")</script> & =SOMA(1)"');
    expect(JSON.parse(text(zip, 'vendas.json'))[0]).toMatchObject({ valorEmCentavos: 30000, valor: 300 });

    const html = text(zip, 'resumo.html');
    expect(html).toContain('@media print');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; =SOMA(1)');
    expect(html).toContain('Check-in &lt;semanal&gt;');
    expect(html).toContain('Boa evolução &lt;b&gt;');
    expect(html).not.toMatch(/<script|src="http|href="http|@import/);
    expect(html).toContain('Dados de Ana Exportada');

    // What the export read is recorded: the build and the download of her ZIP, each an access-log row for her; her
    // request in the account activity.
    const reads = await t.database.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.patientId, ana.id), eq(accessLog.kind, 'patient_export')));
    expect(reads.map((r) => [r.targetId, r.outcome, r.professionalId])).toEqual([
      [started.id, 'ok', proA],
      [started.id, 'ok', proA],
    ]);
    const activity = await t.database.db.select().from(accountActivity).where(eq(accountActivity.professionalId, proA));
    expect(activity.map((r) => [r.kind, r.detail])).toContainEqual([
      'export_requested',
      { exportId: started.id, scope: 'patient' },
    ]);
    const [event] = await t.database.db.select().from(events).where(eq(events.type, 'data_export.finished'));
    expect(event?.payload).toMatchObject({
      exportId: started.id,
      scope: 'patient',
      status: 'done',
      patientName: 'Ana Exportada',
    });
    // The access log is part of the next export.
    const second = await p.ok(p.api('POST', `/patient/${ana.id}/export`, a), 202);
    await runJobs();
    const again = await unzip((await p.ok(p.api('GET', `/patient/${ana.id}/export/${second.id}`, a))).downloadUrl);
    expect(JSON.parse(text(again, 'acessos.json'))).toContainEqual(
      expect.objectContaining({ oQue: 'patient_export', identificador: started.id }),
    );
  });

  it("answers another professional's or a missing client or job exactly alike, and writes nothing", async () => {
    const mine = await p.ok(p.api('POST', `/patient/${ana.id}/export`, a), 202);
    const rows = async () => [
      (await t.database.db.select({ n: count() }).from(dataExports))[0]!.n,
      (await t.database.db.select({ n: count() }).from(accountActivity))[0]!.n,
    ];
    const before = await rows();
    const foreign = await p.api('POST', `/patient/${ana.id}/export`, b);
    const missing = await p.api('POST', `/patient/${UNKNOWN}/export`, b);
    expectCode(foreign, 404, 'PATIENT_NOT_FOUND_ERROR');
    expect(foreign.body).toBe(missing.body);
    const foreignJob = await p.api('GET', `/patient/${ana.id}/export/${mine.id}`, b);
    expect([foreignJob.statusCode, foreignJob.body]).toEqual([
      404,
      (await p.api('GET', `/patient/${UNKNOWN}/export/${UNKNOWN}`, b)).body,
    ]);
    expectCode(await p.api('GET', `/patient/${ana.id}/export/${UNKNOWN}`, a), 404, 'DATA_EXPORT_NOT_FOUND');
    expectCode(await p.api('GET', `/professional/me/export/${mine.id}`, a), 404, 'DATA_EXPORT_NOT_FOUND');
    expectCode(await p.api('GET', `/professional/me/export/${mine.id}`, b), 404, 'DATA_EXPORT_NOT_FOUND');
    expect(await rows()).toEqual(before);
    await runJobs();
  });

  it('"Exportar tudo" works while the account is expired: a folder per client, an index, an e-mail', async () => {
    await t.database.db.update(subscriptions).set({ status: 'expired' }).where(eq(subscriptions.professionalId, proA));
    // A write is refused…
    expectCode(await p.api('POST', '/patient', a, { name: 'Nova Cliente' }), 402, 'ACCOUNT_EXPIRED');
    // …the export is not.
    const job = await p.ok(p.api('POST', '/professional/me/export', a), 202);
    expect(job).toMatchObject({ scope: 'all', state: 'queued' });
    await runJobs();
    const done = await p.ok(p.api('GET', `/professional/me/export/${job.id}`, a));
    expect(done).toMatchObject({ state: 'done', progress: 2, total: 2 });
    const zip = await unzip(done.downloadUrl);
    const names = Object.keys(zip);
    expect(names).toContain('indice.html');
    const folders = [
      ...new Set(names.filter((n) => n.includes('/') && !n.startsWith('arquivos')).map((n) => n.split('/')[0])),
    ];
    expect(folders.map((f) => f!.replace(/-[0-9a-f]{8}$/, '')).sort()).toEqual(['ana-exportada', 'bia-segunda']);
    for (const f of folders) expect(names).toContain(`${f}/resumo.html`);
    expect(text(zip, 'indice.html')).toContain('Ana Exportada');
    const mail = await t.lastMail('exporta.nutri@example.com');
    expect(mail.subject).toBe('A exportação de todos os clientes está pronta');
    expect(mail.text).not.toContain('/api/file/');
    await t.database.db.update(subscriptions).set({ status: 'active' }).where(eq(subscriptions.professionalId, proA));
  });

  it('a client deleted since her export was made: the link stops working and the prune removes the file', async () => {
    const carla = await p.patient(a, { name: 'Carla Apagada' });
    const job = await p.ok(p.api('POST', `/patient/${carla.id}/export`, a), 202);
    await runJobs();
    const done = await p.ok(p.api('GET', `/patient/${carla.id}/export/${job.id}`, a));
    expect((await download(done.downloadUrl)).statusCode).toBe(200);
    await p.ok(p.api('DELETE', `/patient/${carla.id}`, a, { mode: 'delete', reason: 'Pedido da cliente' }));
    expect((await download(done.downloadUrl)).statusCode).toBe(404);
    await housekeep(t.database.db, t.clock.now(), { store: createFileStores(() => t.database.db, config()).store });
    const [row] = await t.database.db.select().from(dataExports).where(eq(dataExports.id, job.id));
    expect(row).toMatchObject({ state: 'expired', fileKey: null });
  });

  it('a build whose worker died is claimed again when its lease ends, and fails after three claims', async () => {
    const past = new Date(t.clock.now().getTime() - 60_000);
    const [again] = await t.database.db
      .insert(dataExports)
      .values({
        professionalId: proA,
        patientId: ana.id,
        requestedBy: 'professional',
        state: 'running',
        lockedUntil: past,
        attempts: 1,
      })
      .returning();
    const [dead] = await t.database.db
      .insert(dataExports)
      .values({
        professionalId: proA,
        patientId: ana.id,
        requestedBy: 'professional',
        state: 'running',
        lockedUntil: past,
        attempts: 3,
      })
      .returning();
    await runJobs();
    const rows = await t.database.db.select().from(dataExports);
    expect(rows.find((r) => r.id === again!.id)).toMatchObject({ state: 'done', attempts: 2, lockedUntil: null });
    expect(rows.find((r) => r.id === dead!.id)).toMatchObject({ state: 'failed', fileKey: null });
    expect(rows.find((r) => r.id === dead!.id)?.error).toMatch(/^Não foi possível preparar o arquivo/);
  });

  it('the patient asks for her own copy: a link to her e-mail, two a day', async () => {
    await t.call({ method: 'POST', url: '/api/patient-area/nutri-exporta/code', payload: { contact: ana.email } });
    const code = await t.lastCode(ana.email!);
    const session = await t.call({
      method: 'POST',
      url: '/api/patient-area/nutri-exporta/session',
      payload: { contact: ana.email, code },
    });
    const token = session.json().token as string;
    const ask = () => t.call({ method: 'POST', url: '/api/patient-area/me/export', headers: bearer(token) });
    const first = await ask();
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toMatchObject({ channel: 'email', sentTo: 'an•••@example.com', expiresInDays: 7 });
    expect(first.json().message).toContain('Enviamos o link para an•••@example.com');
    await runJobs();
    const mail = await t.lastMail(ana.email!);
    expect(mail.subject).toBe('Sua cópia dos dados está pronta');
    const link = /(http:\/\/acompanha\.test\/api\/file\/\S+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    const zip = await unzip(link!);
    expect(Object.keys(zip)).toContain('resumo.html');
    expect((await ask()).statusCode).toBe(202);
    const third = await ask();
    expectCode(third, 429, 'TOO_MANY_ATTEMPTS');
    expect(third.json().message).toMatch(/^Você já pediu 2 cópias hoje\. Tente de novo em \d+ horas?\.$/);
    // A professional's session is not hers.
    expect((await t.call({ method: 'POST', url: '/api/patient-area/me/export', headers: bearer(a) })).statusCode).toBe(
      401,
    );
    await runJobs();
  });
  it('expires after seven days: the link stops working, the row says expired, the prune removes the file', async () => {
    const job = await p.ok(p.api('POST', `/patient/${ana.id}/export`, a), 202);
    await runJobs();
    const done = await p.ok(p.api('GET', `/patient/${ana.id}/export/${job.id}`, a));
    expect((await download(done.downloadUrl)).statusCode).toBe(200);
    const other = await p.ok(p.api('POST', `/patient/${ana.id}/export`, a), 202);
    await runJobs();
    t.clock.advance(7 * DAY + 60_000);
    a = await p.login('exporta.nutri@example.com');
    // The link still signed for a while is refused: the export is past its day.
    expect((await download(done.downloadUrl)).statusCode).toBe(404);
    const expired = await p.ok(p.api('GET', `/patient/${ana.id}/export/${job.id}`, a));
    expect(expired).toMatchObject({ state: 'expired', downloadUrl: null });
    const store = createFileStores(() => t.database.db, config()).store;
    const swept = await housekeep(t.database.db, t.clock.now(), { store });
    expect(swept.dataExports).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db.select().from(dataExports).where(eq(dataExports.id, other.id));
    expect(row).toMatchObject({ state: 'expired', fileKey: null });
    // Both files left the store.
    const keyOf = (url: string) => new URL(url).pathname.split('/').pop()!;
    expect(await store.read(keyOf(done.downloadUrl))).toBeUndefined();
  });
});
