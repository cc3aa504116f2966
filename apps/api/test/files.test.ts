import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyFlow } from './helpers/answer-revision.js';
import { bearer, createTestApp, type TestApp } from './helpers/app.js';
import { backends } from './helpers/backends.js';
import { practice } from './helpers/scheduling.js';

/**
 * Files are never public: a signed link lives two hours, the owner's session reads without one, anyone else
 * (another professional, no credential, an expired or tampered link) gets what a missing file gets. An upload
 * link works once, uploads stream to storage, each professional has a quota, and deleting a patient deletes
 * her files.
 */
describe.each(backends)('files on $name', (backend) => {
  let t: TestApp;
  let a: string;
  let b: string;
  const QUOTA = 30 * 1024 * 1024;
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(1021, 3)]);

  beforeAll(async () => {
    t = await createTestApp(backend, { config: { storageQuotaBytes: QUOTA } });
    a = await t.signUp('arquivos.ana@example.com');
    b = await t.signUp('arquivos.bia@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  const sign = (token: string, body: Record<string, unknown>) =>
    t.call({ method: 'POST', url: '/api/file/signed-url', headers: bearer(token), payload: body });
  const put = (url: string, body: Buffer, type: string) =>
    t.call({ method: 'PUT', url: new URL(url).pathname, headers: { 'content-type': type }, payload: body });
  const get = (url: string, headers: Record<string, string> = {}) => {
    const u = new URL(url, 'http://acompanha.test');
    return t.call({ method: 'GET', url: `${u.pathname}${u.search}`, headers });
  };
  async function upload(token: string, name: string, bytes: Buffer, type = 'image/jpeg') {
    const s = await sign(token, { key: name, contentType: type, contentSize: bytes.length });
    expect(s.statusCode, s.body).toBe(200);
    const up = await put(s.json().uploadData.url, bytes, type);
    expect(up.statusCode, up.body).toBe(200);
    return s.json() as { key: string; downloadUrl: string; uploadData: { url: string } };
  }
  const bare = (key: string) => `/api/file/${key}`;

  it('reads: a signed link or the owner’s session; nobody else, and no link past its expiry', async () => {
    const f = await upload(a, 'prato.jpg', jpeg);
    expect((await get(f.downloadUrl)).statusCode).toBe(200);
    // No credential, another professional, a survey token: like a missing file.
    const missing = await get(bare(f.key.replace(/_[0-9a-f]{32}_/, `_${'0'.repeat(32)}_`)));
    expect(missing.statusCode).toBe(404);
    for (const res of [await get(bare(f.key)), await get(bare(f.key), bearer(b))]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
    expect((await get(bare(f.key), bearer(a))).statusCode).toBe(200);
    // A tampered signature, or a link moved to another key.
    const link = new URL(f.downloadUrl);
    expect((await get(`${link.pathname}?exp=${link.searchParams.get('exp')}&sig=${'A'.repeat(43)}`)).statusCode).toBe(
      404,
    );
    const other = await upload(b, 'outro.jpg', jpeg);
    expect((await get(`${bare(other.key)}${link.search}`)).statusCode).toBe(404);
    // Two hours and a bit later, the link is dead; a fresh answer gives a fresh one.
    t.clock.advance(3 * 60 * 60 * 1000 + 1000);
    try {
      expect((await get(f.downloadUrl)).statusCode).toBe(404);
      expect((await get(bare(f.key), bearer(a))).statusCode).toBe(200);
    } finally {
      t.clock.reset();
    }
    // Not an image: downloaded as an attachment, never rendered.
    const pdf = await upload(a, 'exame.pdf', Buffer.from('%PDF-1.4 test'), 'application/pdf');
    const got = await get(pdf.downloadUrl);
    expect(got.headers['content-disposition']).toBe('attachment; filename="exame.pdf"');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
  });

  it('an upload link works once', async () => {
    const s = (await sign(a, { key: 'uma-vez.jpg', contentType: 'image/jpeg', contentSize: jpeg.length })).json();
    expect((await put(s.uploadData.url, jpeg, 'image/jpeg')).statusCode).toBe(200);
    const again = await put(s.uploadData.url, Buffer.alloc(jpeg.length, 9), 'image/jpeg');
    expect(again.statusCode).toBe(400);
    expect(again.json().details[0]).toMatchObject({
      path: ['token'],
      message: 'Este link de envio já foi usado. Peça um novo.',
    });
    // The first upload is what is served.
    expect((await get(s.downloadUrl)).rawPayload.equals(jpeg)).toBe(true);
    // A failed upload (wrong size) leaves the link usable for the right bytes.
    const retry = (await sign(a, { key: 'retry.jpg', contentType: 'image/jpeg', contentSize: jpeg.length })).json();
    expect((await put(retry.uploadData.url, jpeg.subarray(1), 'image/jpeg')).statusCode).toBe(400);
    expect((await put(retry.uploadData.url, jpeg, 'image/jpeg')).statusCode).toBe(200);
  });

  it('streams a 15 MB upload to storage, and refuses one past the quota with STORAGE_QUOTA_EXCEEDED', async () => {
    const big = Buffer.alloc(15 * 1024 * 1024, 5);
    const f = await upload(b, 'grande.pdf', big, 'application/pdf');
    expect((await get(f.downloadUrl)).rawPayload.length).toBe(big.length);
    const over = await sign(b, { key: 'mais.pdf', contentType: 'application/pdf', contentSize: 16 * 1024 * 1024 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      application_error_code: 'STORAGE_QUOTA_EXCEEDED',
      message: expect.stringMatching(/30 MB/),
    });
    // Another professional's quota is her own.
    expect(
      (await sign(a, { key: 'cabe.pdf', contentType: 'application/pdf', contentSize: 16 * 1024 * 1024 })).statusCode,
    ).toBe(200);
  });

  it('an editor saving the signed link it loaded stores the stable address, and is shown a fresh link', async () => {
    const image = await upload(a, 'capa.jpg', jpeg);
    const quiz = await t.call({
      method: 'POST',
      url: '/api/quiz',
      headers: bearer(a),
      payload: { title: 'Com capa', folder: { image: image.downloadUrl } },
    });
    expect(quiz.statusCode, quiz.body).toBe(201);
    const [row] = (await t.database.pool.query('select folder from quizzes where id = $1', [quiz.json().id])).rows;
    expect(row.folder.image).toBe(`http://acompanha.test/api/file/${image.key}`);
    expect(quiz.json().folder.image).toMatch(new RegExp(`/api/file/${image.key}\\?exp=\\d+&sig=`));
    expect((await get(quiz.json().folder.image)).statusCode).toBe(200);
    // Another professional cannot point her cover at this file (and so get it signed for her).
    const stolen = await t.call({
      method: 'POST',
      url: '/api/quiz',
      headers: bearer(b),
      payload: { title: 'Capa alheia', folder: { image: image.downloadUrl } },
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().details[0]).toMatchObject({
      path: ['folder', 'image'],
      message: 'Arquivo não encontrado. Envie a imagem de novo.',
    });
  });

  it('deleting a patient deletes her photos: no longer served, gone from storage', async () => {
    const p = practice(t);
    const flow = surveyFlow(t, p);
    const serviceId = await p.service(a, 365);
    const quizId = (
      await p.ok(
        p.api('POST', '/quiz', a, { title: 'Fotos', chosenQuestions: [{ id: await fotoQuestion(p, a) }] }),
        201,
      )
    ).id;
    const patient = await p.patient(a, { serviceId, channel: 'email', name: 'Paciente das Fotos' });
    const scheduleId = (
      await p.ok(
        p.api('POST', '/quiz/schedule', a, {
          quizId,
          patientId: patient.id,
          startDate: '2030-12-01',
          hour: 9,
          periodicity: 'once',
        }),
        201,
      )
    ).id;
    let key = '';
    const questionId = await fotoQuestion(p, a);
    await flow.answer({
      pro: a,
      scheduleId,
      email: patient.email!,
      steps: [
        {
          questionId,
          value: async (survey) => {
            const file = await flow.upload(survey, questionId, 'frente.jpg', jpeg);
            key = file.key;
            return { type: 'file-upload', files: [file] };
          },
        },
      ],
    });
    const stored = path.join(t.uploadsDir, key.split('_')[0]!, key.split('_').slice(1).join('_'));
    expect(fs.existsSync(stored)).toBe(true);
    expect((await get(bare(key), bearer(a))).statusCode).toBe(200);
    const del = await t.call({
      method: 'DELETE',
      url: `/api/patient/${patient.id}`,
      headers: bearer(a),
      payload: { mode: 'delete', reason: 'Pedido da paciente (LGPD)' },
    });
    expect(del.statusCode, del.body).toBe(200);
    expect((await get(bare(key), bearer(a))).statusCode).toBe(404);
    expect(fs.existsSync(stored)).toBe(false);
  });
});

async function fotoQuestion(p: ReturnType<typeof practice>, token: string): Promise<string> {
  const list = await p.ok(p.api('GET', '/question?origin=default&take=100', token));
  return (list.items ?? list).find((q: { type: string }) => q.type === 'file-upload').id;
}
