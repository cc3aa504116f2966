/**
 * A survey link `/quiz-survey/<id>`: the survey app with who sent it inlined (her public presentation only,
 * escaped), `null` for an unknown link, and the plain app for any other survey address.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quizSchedules } from '../src/db/schema.js';
import { defaultQuestionId } from '../src/question/library.js';
import { hashPin } from '../src/quiz-answer/pin.js';
import { backends } from './helpers/backends.js';
import { bearer, createTestApp, type TestApp } from './helpers/app.js';

const INDEX = `<!doctype html>
<html lang="pt-BR">
  <head>
    <title>Questionário — Acompanha</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

const inlined = (body: string) =>
  /<script id="acompanha-brand" type="application\/json">(.*?)<\/script>/s.exec(body)?.[1];

describe.each(backends)('the survey link on $name', (backend) => {
  let t: TestApp;
  let dir: string;
  let scheduleId: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-survey-page-'));
    for (const app of ['portal', 'survey']) {
      fs.mkdirSync(path.join(dir, app), { recursive: true });
      fs.writeFileSync(path.join(dir, app, 'index.html'), app === 'survey' ? INDEX : '<html>portal</html>');
    }
    t = await createTestApp(backend, {
      spa: { portalDir: path.join(dir, 'portal'), surveyDir: path.join(dir, 'survey') },
    });
    const jwt = await t.signUp('ana@example.com');
    const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
      const res = await t.call({ method, url: `/api${url}`, headers: bearer(jwt), payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json();
    };
    await call('PUT', '/professional/me', { name: 'Ana </script><script>alert(1)</script> & "Lima"' });
    const me = await t.call({ method: 'GET', url: '/api/professional/me', headers: bearer(jwt) });
    const quiz = await call('POST', '/quiz', {
      title: 'Acompanhamento semanal',
      folder: { title: 'Olá!', subtitle: 'Leva 3 minutos', buttonTitle: 'Começar' },
      chosenQuestions: [{ id: defaultQuestionId('peso') }],
    });
    const patient = await call('POST', '/patient', { name: 'Paciente Sigilosa', email: 'p@example.com' });
    const [schedule] = await t.database.db
      .insert(quizSchedules)
      .values({
        professionalId: me.json().id,
        quizId: quiz.id,
        patientId: patient.id,
        startDate: t.clock.now().toISOString().slice(0, 10),
        hour: 9,
        periodicity: 'once',
        channel: 'email',
        pinHash: hashPin('482915'),
      })
      .returning();
    scheduleId = schedule!.id;
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const get = (url: string) => t.call({ method: 'GET', url });

  it('serves the app with her presentation inlined and escaped, nothing of the patient', async () => {
    const res = await get(`/quiz-survey/${scheduleId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    // Still no inline script the CSP would have to allow: JSON data only.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const json = inlined(res.body);
    expect(json).toBeDefined();
    expect(json).not.toContain('</script');
    expect(json).not.toContain('<');
    const brand = JSON.parse(json!);
    expect(Object.keys(brand).sort()).toEqual([
      'colorScheme',
      'forwardText',
      'professionalName',
      'profilePic',
      'subtitle',
    ]);
    expect(brand).toMatchObject({ professionalName: 'Ana </script><script>alert(1)</script> & "Lima"' });
    expect(res.body).not.toContain('Paciente Sigilosa');
    expect(res.body).not.toContain('Acompanhamento semanal');
    // Same answer with a trailing slash or the id in capitals.
    expect(inlined((await get(`/quiz-survey/${scheduleId.toUpperCase()}/`)).body)).toBe(json);
  });

  it('inlines null for an unknown link, and nothing for other survey addresses', async () => {
    const unknown = await get('/quiz-survey/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(200);
    expect(inlined(unknown.body)).toBe('null');
    const malformed = await get('/quiz-survey/not-a-link');
    expect(malformed.statusCode).toBe(200);
    expect(malformed.body).toBe(INDEX);
  });
});
