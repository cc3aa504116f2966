import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { redactUrl, serializeError } from '../src/http/logging.js';
import { backends } from './helpers/backends.js';
import { bearer, createTestApp, type TestApp } from './helpers/app.js';

const expectSecurityHeaders = (headers: Record<string, unknown>, where: string) => {
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp, where).toContain("default-src 'self'");
  expect(csp, where).toContain("frame-ancestors 'none'");
  expect(csp, where).toContain("object-src 'none'");
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc, where).toBe("'self'");
  expect(headers['x-content-type-options'], where).toBe('nosniff');
  expect(headers['x-frame-options'], where).toBe('DENY');
  expect(headers['referrer-policy'], where).toBe('no-referrer');
  expect(headers['x-powered-by'], where).toBeUndefined();
};

describe('security headers on every answer', () => {
  let dir: string;
  let app: ReturnType<typeof buildApp>;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-headers-'));
    for (const name of ['portal', 'survey']) {
      fs.mkdirSync(path.join(dir, name, 'assets'), { recursive: true });
      fs.writeFileSync(path.join(dir, name, 'index.html'), `<html>${name}</html>`);
      fs.writeFileSync(path.join(dir, name, 'assets', 'a-1.js'), 'console.log(1)');
    }
    app = buildApp({
      config: { logger: false },
      spa: { portalDir: path.join(dir, 'portal'), surveyDir: path.join(dir, 'survey') },
      trustProxy: '127.0.0.1',
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['the API', '/api/health'],
    ['an API error', '/api/nope'],
    ['a portal page', '/clients'],
    ['a survey page', '/quiz-survey/5f1c6a0e-1111-2222-3333-444455556666'],
    ['an asset', '/assets/a-1.js'],
    ['a missing file', '/assets/missing.js'],
  ])('%s', async (where, url) => {
    const res = await app.inject({ method: 'GET', url });
    expectSecurityHeaders(res.headers, where);
    expect(res.headers['strict-transport-security'], where).toBeUndefined();
  });

  it('HSTS only when the request came over https (as the trusted proxy says)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const spoofed = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '10.1.2.3',
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('with an S3-compatible bucket, pages may load its images and PUT uploads to it', async () => {
    const s3app = buildApp({
      config: {
        logger: false,
        s3: {
          bucket: 'fotos',
          region: 'sa-east-1',
          endpoint: 'https://s3.sa-east-1.amazonaws.com',
          accessKeyId: 'k',
          secretAccessKey: 's',
          forcePathStyle: false,
        },
      },
    });
    const csp = String((await s3app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    expect(csp).toContain("img-src 'self' data: blob: http://localhost:3000 https://fotos.s3.sa-east-1.amazonaws.com");
    expect(csp).toContain("connect-src 'self' http://localhost:3000 https://fotos.s3.sa-east-1.amazonaws.com");
    await s3app.close();
  });
});

describe('the log carries no personal data, tokens or query values', () => {
  it('redactUrl keeps the route shape only', () => {
    expect(redactUrl('/api/patient?take=20&nameTerm=Maria%20Silva')).toBe('/api/patient?take=…&nameTerm=…');
    expect(redactUrl('/api/file/upload/eyJrIjoiYSJ9.c2ln')).toBe('/api/file/upload/…');
    expect(redactUrl('/api/file/pro-1/abc/exame-maria.pdf?exp=1&sig=x')).toBe('/api/file/…?exp=…&sig=…');
    expect(redactUrl('/api/quiz/123')).toBe('/api/quiz/123');
  });

  it('serializeError drops query parameters and database details', () => {
    const drizzle = new Error(
      'Failed query: select * from patients where name = $1\nparams: Maria Silva,maria@example.com',
    );
    expect(serializeError(drizzle).message).toBe('Failed query: select * from patients where name = $1');
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint'), {
      severity: 'ERROR',
      code: '23505',
      detail: 'Key (email)=(maria@example.com) already exists.',
    });
    const wrapped = Object.assign(new Error('Failed query: insert …\nparams: maria@example.com'), { cause: pgError });
    const out = JSON.stringify(serializeError(wrapped));
    expect(out).not.toContain('maria@example.com');
    expect(out).toContain('23505');
  });

  it.each(backends)(
    'a signed-in session on $name leaves no name, e-mail, token or address in the log',
    async (backend) => {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      });
      const t: TestApp = await createTestApp(backend, { logStream: stream });
      try {
        const jwt = await t.signUp('log-check@example.com');
        const created = await t.call({
          method: 'POST',
          url: '/api/patient',
          headers: bearer(jwt),
          payload: { name: 'Rosângela Teixeira', email: 'rosangela@example.com' },
        });
        expect(created.statusCode).toBe(201);
        await t.call({ method: 'GET', url: '/api/patient?nameTerm=Ros%C3%A2ngela', headers: bearer(jwt) });
        await t.call({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'log-check@example.com', password: 'errada123' },
        });
        await t.call({ method: 'GET', url: '/api/patient/not-a-uuid', headers: bearer(jwt) });
        const log = lines.join('');
        expect(log.length).toBeGreaterThan(0);
        for (const secret of [
          'Rosângela',
          'Ros%C3%A2ngela',
          'rosangela@example.com',
          'log-check@example.com',
          jwt,
          'errada123',
          '127.0.0.1',
        ]) {
          expect(log, secret).not.toContain(secret);
        }
      } finally {
        await t.close();
      }
    },
  );
});
