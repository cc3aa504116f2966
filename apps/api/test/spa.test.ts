import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';

describe('serving the SPAs beside the API', () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-spa-'));
    const portal = path.join(dir, 'portal');
    const survey = path.join(dir, 'survey');
    fs.mkdirSync(path.join(portal, 'assets'), { recursive: true });
    fs.mkdirSync(path.join(survey, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(portal, 'index.html'), '<html><head></head><body>portal</body></html>');
    fs.writeFileSync(path.join(portal, 'sign-in.html'), '<html>sign-in</html>');
    // As the portal's build writes it (apps/portal/vite.config.ts); a name outside the directory is never served.
    fs.writeFileSync(
      path.join(portal, 'pages.json'),
      JSON.stringify({
        pages: {
          'sign-in.html': ['/login', '/auth/login'],
          '../survey/index.html': ['/clients'],
          'missing.html': ['/auth/registration'],
        },
        preload: {
          '/dashboard': ['/assets/Dashboard-1.js', '/assets/Card-2.js'],
          '/clients/profile/:id': ['/assets/Profile-3.js', '/assets/../secret.js', '/assets/x.js"><script>'],
          '/question-builder/:questionId?': ['/assets/Builder-4.js'],
          '/*': ['/assets/NotFound-5.js'],
        },
      }),
    );
    fs.writeFileSync(path.join(portal, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(portal, 'favicon.svg'), '<svg/>');
    fs.writeFileSync(path.join(survey, 'index.html'), '<html>survey</html>');
    fs.writeFileSync(path.join(survey, 'assets', 's-1.js'), 'console.log(2)');
    fs.writeFileSync(path.join(survey, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    // As the builds write them (scripts/vite/spa-build.ts): .br and .gz beside each asset.
    for (const file of [path.join(portal, 'assets', 'app-abc123.js'), path.join(survey, 'assets', 's-1.js')]) {
      fs.writeFileSync(`${file}.br`, brotliCompressSync(fs.readFileSync(file)));
      fs.writeFileSync(`${file}.gz`, gzipSync(fs.readFileSync(file)));
    }
    app = buildApp({ config: { logger: false }, spa: { portalDir: portal, surveyDir: survey } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('portal index and SPA fallback', async () => {
    // /clients: a name outside the portal's folder is never read; /auth/registration: a page the build lacks.
    for (const url of ['/', '/clients', '/clients/profile/123', '/auth/registration']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toMatch(/^<html><head>.*<\/head><body>portal<\/body><\/html>$/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it("index.html preloads the chunks of the address's screen that the portal's build lists (pages.json)", async () => {
    const preloads = async (url: string) =>
      [
        ...(await app.inject({ method: 'GET', url })).body.matchAll(
          /<link rel="modulepreload" crossorigin href="([^"]+)">/g,
        ),
      ].map((m) => m[1]);
    expect(await preloads('/dashboard')).toEqual(['/assets/Dashboard-1.js', '/assets/Card-2.js']);
    expect(await preloads('/Dashboard/?x=1')).toEqual(['/assets/Dashboard-1.js', '/assets/Card-2.js']);
    // Only files of the assets folder, named plainly, ever reach the page.
    expect(await preloads('/clients/profile/5f1c6a0e')).toEqual(['/assets/Profile-3.js']);
    expect(await preloads('/question-builder')).toEqual(['/assets/Builder-4.js']);
    expect(await preloads('/question-builder/q1')).toEqual(['/assets/Builder-4.js']);
    // No route of its own: the catch-all's (the 404 page).
    expect(await preloads('/clients/profile/5f1c6a0e/extra')).toEqual(['/assets/NotFound-5.js']);
    // The visitor's page is another page of the build, with nothing added; `/` only redirects.
    expect(await preloads('/login')).toEqual([]);
    expect(await preloads('/')).toEqual([]);
  });

  it("the visitor's pages open the page the portal's build names for them (pages.json)", async () => {
    for (const url of ['/login', '/login/', '/auth/login?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect([res.statusCode, res.body, res.headers['cache-control']], url).toEqual([
        200,
        '<html>sign-in</html>',
        'no-cache',
      ]);
    }
  });

  it('survey under /quiz-survey with its own fallback', async () => {
    const res = await app.inject({ method: 'GET', url: '/quiz-survey/5f1c6a0e-1111-2222-3333-444455556666' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<html>survey</html>');
    const asset = await app.inject({ method: 'GET', url: '/quiz-survey/assets/s-1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("the survey's service worker: checked on every use, its scope the survey's paths, allowed by the CSP", async () => {
    const sw = await app.inject({ method: 'GET', url: '/quiz-survey/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['service-worker-allowed']).toBe('/quiz-survey/');
    expect(String(sw.headers['content-security-policy'])).toMatch(/worker-src 'self'/);
    // The shell it keeps: the template, as the build wrote it.
    const index = await app.inject({ method: 'GET', url: '/quiz-survey/index.html' });
    expect([index.statusCode, index.body, index.headers['cache-control']]).toEqual([
      200,
      '<html>survey</html>',
      'no-cache',
    ]);
    const portalFile = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(portalFile.headers['service-worker-allowed']).toBeUndefined();
  });

  it('hashed assets get long cache headers; other files no-cache; missing files 404', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    const missing = await app.inject({ method: 'GET', url: '/assets/missing-1.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().application_error_code).toBe('NOT_FOUND');
    // A page whose address has a dot that is not a file's extension is still a page.
    const page = await app.inject({ method: 'GET', url: '/notifications/settings/quiz_answer.finished' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it("both apps' assets go precompressed to a browser that takes it, as they are to one that does not", async () => {
    for (const [url, text] of [
      ['/assets/app-abc123.js', 'console.log(1)'],
      ['/quiz-survey/assets/s-1.js', 'console.log(2)'],
    ] as const) {
      const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect([br.statusCode, br.headers['content-encoding']], url).toEqual([200, 'br']);
      expect(br.headers['content-type'], url).toMatch(/javascript/);
      expect(br.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      expect(String(br.headers.vary), url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(text);
      const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString(), url).toBe(text);
      const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect([plain.headers['content-encoding'], plain.body], url).toEqual([undefined, text]);
    }
  });

  it('the API keeps its JSON 404/405', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().application_error_code).toBe('NOT_FOUND');
    const m = await app.inject({ method: 'GET', url: '/api/auth/login' });
    expect(m.statusCode).toBe(405);
    const h = await app.inject({ method: 'GET', url: '/api/health' });
    expect(h.json()).toEqual({ status: 'ok' });
  });
});
