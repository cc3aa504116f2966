/** The document and its reference page are served from our origin, within our CSP. */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE } from '../src/docs/routes.js';
import { backends } from './helpers/backends.js';
import { createTestApp, type TestApp } from './helpers/app.js';

describe('the served API document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backends[0]!);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /api/openapi.json is the committed document, byte for byte, with no session', async () => {
    const res = await t.call({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.rawPayload.equals(fs.readFileSync(OPENAPI_FILE))).toBe(true);
    expect(res.json().webhooks).toBeTruthy();
  });

  it('GET /api/docs is a reference page whose scripts are files of this origin (no inline script)', async () => {
    const page = await t.call({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((m) => m[1]!.trim())).toEqual([
      'src="/api/docs/redoc.standalone.js"',
      'src="/api/docs/init.js"',
    ]);
    expect(scripts.every((m) => m[2] === '')).toBe(true);
    for (const src of ['/api/docs/redoc.standalone.js', '/api/docs/init.js']) {
      const res = await t.call({ method: 'GET', url: src });
      expect(res.statusCode, src).toBe(200);
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    }
    // Nothing in the bundle reaches for another origin's images (the CSP would refuse them).
    const bundle = await t.call({ method: 'GET', url: '/api/docs/redoc.standalone.js' });
    expect(bundle.body).not.toContain('cdn.redoc.ly');
    // Not part of the document it serves.
    expect(Object.keys(JSON.parse(fs.readFileSync(OPENAPI_FILE, 'utf8')).paths)).not.toContain('/docs');
  });
});
