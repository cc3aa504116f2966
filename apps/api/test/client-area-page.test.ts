/**
 * The public page's address `/p/<alias>`: the survey app with a head a link preview can read (title,
 * description, Open Graph, canonical), the page's data inlined and escaped, a moved link answering 301, an
 * unknown or unpublished one a 404 marked noindex, and the patient's corner under it noindex too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/backends.js';
import { bearer, createTestApp, type TestApp } from './helpers/app.js';

const INDEX = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta name="description" content="Responda ao questionário do seu profissional de saúde." />
    <title>Questionário — Acompanha</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe.each(backends)('the public page on $name', (backend) => {
  let t: TestApp;
  let jwt: string;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-page-'));
    for (const app of ['portal', 'survey']) {
      fs.mkdirSync(path.join(dir, app), { recursive: true });
      fs.writeFileSync(path.join(dir, app, 'index.html'), app === 'survey' ? INDEX : '<html>portal</html>');
    }
    t = await createTestApp(backend, {
      spa: { portalDir: path.join(dir, 'portal'), surveyDir: path.join(dir, 'survey') },
    });
    jwt = await t.signUp('ana@example.com');
    await t.call({
      method: 'PUT',
      url: '/api/professional/me',
      headers: bearer(jwt),
      payload: { name: 'Ana <Lima> & "Filhas"', councilRegistration: 'CRN-3 12345' },
    });
    await t.call({
      method: 'PUT',
      url: '/api/professional/me/area-config',
      headers: bearer(jwt),
      payload: { link: 'ana-lima', folder: { subtitle: 'Nutrição sem </script> terrorismo' } },
    });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const get = (url: string) => t.call({ method: 'GET', url });

  it('serves the survey app with her title, description, preview tags and the data inlined, escaped', async () => {
    const res = await get('/p/ana-lima');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(
      '<title>Ana &lt;Lima&gt; &amp; &quot;Filhas&quot; — Nutricionista (CRN-3 12345)</title>',
    );
    expect(res.body).toContain('<meta name="description" content="Nutrição sem &lt;/script&gt; terrorismo" />');
    expect(res.body).toContain('<meta property="og:title" content="Ana &lt;Lima&gt;');
    expect(res.body).toMatch(/<link rel="canonical" href="[^"]+\/p\/ana-lima" \/>/);
    expect(res.body).not.toContain('noindex');
    const json = /<script id="acompanha-area" type="application\/json">(.*?)<\/script>/s.exec(res.body)?.[1];
    expect(json).toBeDefined();
    expect(json).not.toContain('</script');
    expect(JSON.parse(json!)).toMatchObject({ link: 'ana-lima', name: 'Ana <Lima> & "Filhas"' });
    expect(res.body).not.toContain('ana@example.com');
  });

  it("the patient's corner under it is noindex; a moved link answers 301 with the rest of the path", async () => {
    const corner = await get('/p/ana-lima/entrar');
    expect(corner.statusCode).toBe(200);
    expect(corner.body).toContain('<meta name="robots" content="noindex, nofollow" />');

    await t.call({
      method: 'PUT',
      url: '/api/professional/me/area-config',
      headers: bearer(jwt),
      payload: { link: 'ana-lima-nutri' },
    });
    const moved = await get('/p/ana-lima/entrar');
    expect([moved.statusCode, moved.headers.location]).toEqual([301, '/p/ana-lima-nutri/entrar']);
    expect((await get('/p/Ana-Lima-Nutri')).statusCode).toBe(200);
  });

  it('an unknown or unpublished page is a 404 the app explains, kept out of search engines', async () => {
    const unknown = await get('/p/ninguem');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<title>Página não encontrada — Acompanha</title>');
    expect(unknown.body).toContain('noindex');
    expect(unknown.body).toContain('<script id="acompanha-area" type="application/json">null</script>');
    await t.call({
      method: 'PUT',
      url: '/api/professional/me/area-config',
      headers: bearer(jwt),
      payload: { hasDefinedLink: false },
    });
    const off = await get('/p/ana-lima-nutri');
    expect(off.statusCode).toBe(404);
    expect(off.body).toBe(unknown.body);
    expect((await get('/p/%E0%A4%A')).statusCode).toBe(400); // a malformed address: Fastify's own 400
  });
});
