import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/backends.js';
import { bearer, createTestApp, type TestApp } from './helpers/app.js';

type Res = { statusCode: number; json(): any; body: string };
const expectCode = (res: Res, status: number, code: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().application_error_code).toBe(code);
};
const paths = (res: Res) => (res.json().details as { path: string[] }[]).map((d) => d.path.join('.')).sort();

describe.each(backends)('appearances and files on $name', (backend) => {
  let t: TestApp;
  let a: string;
  let b: string;
  const call = (method: string, url: string, token: string, payload?: unknown) =>
    t.call({
      method: method as 'GET',
      url: `/api${url}`,
      headers: bearer(token),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp(backend);
    a = await t.signUp('ana@example.com');
    b = await t.signUp('bia@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('appearances', () => {
    it('first is the default; defaults filled in; PATCH moves the default; deleting the default promotes the newest', async () => {
      expect((await call('GET', '/quiz/my/appearance', a)).json()).toEqual([]);
      const first = await call('POST', '/quiz/my/appearance', a, { name: 'Clássica' });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toMatchObject({
        name: 'Clássica',
        isDefault: true,
        subtitle: 'Nutricionista',
        forwardText: 'Prosseguir',
        profilePic: null,
        colorScheme: { body: { primary: '#030712' }, activeButton: { background: '#030712' } },
      });
      const second = await call('POST', '/quiz/my/appearance', a, {
        name: 'Verde',
        subtitle: 'Nutricionista esportiva',
        colorScheme: { activeButton: { background: '#16a34a' }, header: { iconBackground: '#fff' } },
      });
      expect(second.json()).toMatchObject({
        isDefault: false,
        colorScheme: { activeButton: { background: '#16A34A', text: '#FFFFFF' }, header: { iconBackground: '#FFF' } },
      });
      const third = (await call('POST', '/quiz/my/appearance', a, { name: 'Azul' })).json();
      const patched = await call('PATCH', `/quiz/my/appearance/${second.json().id}`, a);
      expect(patched.json()).toMatchObject({ id: second.json().id, isDefault: true });
      let list = (await call('GET', '/quiz/my/appearance', a)).json();
      expect(list.filter((x: { isDefault: boolean }) => x.isDefault).map((x: { id: string }) => x.id)).toEqual([
        second.json().id,
      ]);
      const updated = await call('PUT', `/quiz/my/appearance/${third.id}`, a, {
        forwardText: 'Próxima',
        colorScheme: { body: { primary: '#123456' } },
      });
      expect(updated.json()).toMatchObject({
        forwardText: 'Próxima',
        colorScheme: { body: { primary: '#123456', background: '#FFFFFF' } },
      });
      expect((await call('DELETE', `/quiz/my/appearance/${second.json().id}`, a)).statusCode).toBe(204);
      list = (await call('GET', '/quiz/my/appearance', a)).json();
      expect(list.map((x: { id: string; isDefault: boolean }) => [x.id, x.isDefault])).toEqual([
        [third.id, true],
        [first.json().id, false],
      ]);
      // A quiz without appearance resolves to the professional's default; with one, to that one.
      const quiz = (await call('POST', '/quiz', a, { title: 'Q' })).json();
      expect(quiz.appearance).toMatchObject({ id: third.id, forwardText: 'Próxima' });
      const withOwn = (await call('PUT', `/quiz/${quiz.id}`, a, { appearanceId: first.json().id })).json();
      expect(withOwn).toMatchObject({
        appearanceId: first.json().id,
        appearance: { id: first.json().id, name: 'Clássica' },
      });
      await call('DELETE', `/quiz/my/appearance/${first.json().id}`, a);
      expect((await call('GET', `/quiz/${quiz.id}`, a)).json()).toMatchObject({
        appearanceId: null,
        appearance: { id: third.id },
      });
    });

    it('exactly one default under 10 concurrent PATCHes', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 10; i++)
        ids.push((await call('POST', '/quiz/my/appearance', b, { name: `A${i}` })).json().id);
      const results = await Promise.all(ids.map((id) => call('PATCH', `/quiz/my/appearance/${id}`, b)));
      expect(results.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
      const list = (await call('GET', '/quiz/my/appearance', b)).json();
      expect(list).toHaveLength(10);
      expect(list.filter((x: { isDefault: boolean }) => x.isDefault)).toHaveLength(1);
    });

    it('bad input with field paths; another professional’s appearance → 404, never data', async () => {
      const bad = await call('POST', '/quiz/my/appearance', a, {
        name: '',
        colorScheme: { body: { primary: 'preto', nope: '#000' } },
        profilePic: 'ftp://x',
      });
      expectCode(bad, 400, 'WRONG_COMMAND_PARAMETERS');
      expect(paths(bad)).toEqual(expect.arrayContaining(['colorScheme.body.primary', 'name', 'profilePic']));
      const mine = (await call('POST', '/quiz/my/appearance', a, { name: 'Só da Ana' })).json();
      for (const [m, body] of [['PUT', { name: 'x' }], ['DELETE'], ['PATCH']] as const) {
        const res = await call(m, `/quiz/my/appearance/${mine.id}`, b, body);
        expectCode(res, 404, 'NOT_FOUND');
        expect(res.body).not.toContain('Só da Ana');
      }
      expect((await call('GET', '/quiz/my/appearance', b)).json().map((x: { name: string }) => x.name)).not.toContain(
        'Só da Ana',
      );
    });
  });

  describe('files', () => {
    const sign = (body: Record<string, unknown>, token = a) => call('POST', '/file/signed-url', token, body);
    const put = (url: string, payload: Buffer, contentType: string) =>
      t.call({ method: 'PUT', url: new URL(url).pathname, payload, headers: { 'content-type': contentType } });
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(96, 7)]);

    it('signs, uploads and serves a file', async () => {
      const res = await sign({ key: 'Foto do almoço.png', contentType: 'image/png', contentSize: png.length });
      expect(res.statusCode, res.body).toBe(200);
      const s = res.json();
      expect(s.key).toMatch(/^[0-9a-f-]{36}_[0-9a-f]{32}_Foto-do-almoco\.png$/);
      expect(s.uploadData.metadata).toEqual({ method: 'PUT', headers: { 'Content-Type': 'image/png' } });
      // A short-lived signed link, never the bare address.
      expect(s.downloadUrl).toMatch(
        new RegExp(`^http://acompanha\\.test/api/file/${s.key.replace(/\./g, '\\.')}\\?exp=\\d+&sig=[\\w-]+$`),
      );
      expect(s.uploadData.url).toMatch(/^http:\/\/acompanha\.test\/api\/file\/upload\//);
      const up = await put(s.uploadData.url, png, 'image/png');
      expect(up.statusCode, up.body).toBe(200);
      expect(up.json()).toEqual({
        key: s.key,
        downloadUrl: s.downloadUrl,
        contentType: 'image/png',
        contentSize: png.length,
      });
      const link = new URL(s.downloadUrl);
      const got = await t.call({ method: 'GET', url: `${link.pathname}${link.search}` });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/png');
      expect(got.rawPayload.equals(png)).toBe(true);
      // Another random key is not found; a malformed key is refused.
      expectCode(
        await t.call({ method: 'GET', url: `/api/file/${s.key.replace(/_[0-9a-f]{32}_/, `_${'0'.repeat(32)}_`)}` }),
        404,
        'NOT_FOUND',
      );
      expectCode(
        await t.call({ method: 'GET', url: '/api/file/..%2F..%2Fetc%2Fpasswd' }),
        400,
        'WRONG_COMMAND_PARAMETERS',
      );
    });

    it('refuses wrong type, size over 20 MB, wrong size, wrong content type, expired and tampered tokens', async () => {
      const bad = await sign({ key: 'x.html', contentType: 'text/html', contentSize: 21 * 1024 * 1024 });
      expectCode(bad, 400, 'WRONG_COMMAND_PARAMETERS');
      expect(paths(bad)).toEqual(['contentSize', 'contentType']);
      expectCode(
        await t.call({
          method: 'POST',
          url: '/api/file/signed-url',
          payload: { key: 'a', contentType: 'image/png', contentSize: 1 },
        }),
        401,
        'Unauthorized',
      );

      const s = (await sign({ key: 'a.png', contentType: 'image/png', contentSize: png.length })).json();
      const wrongSize = await put(s.uploadData.url, Buffer.concat([png, Buffer.from('x')]), 'image/png');
      expectCode(wrongSize, 400, 'WRONG_COMMAND_PARAMETERS');
      expect(paths(wrongSize)).toEqual(['contentSize']);
      const wrongType = await put(s.uploadData.url, png, 'image/jpeg');
      expectCode(wrongType, 400, 'WRONG_COMMAND_PARAMETERS');
      expect(paths(wrongType)).toEqual(['contentType']);

      const [payload, sig] = new URL(s.uploadData.url).pathname.split('/').pop()!.split('.');
      const data = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...data, s: 10 })).toString('base64url');
      const tampered = await t.call({
        method: 'PUT',
        url: `/api/file/upload/${forged}.${sig}`,
        payload: png.subarray(0, 10),
        headers: { 'content-type': 'image/png' },
      });
      expectCode(tampered, 400, 'WRONG_COMMAND_PARAMETERS');
      expect(paths(tampered)).toEqual(['token']);
      expectCode(
        await t.call({
          method: 'PUT',
          url: '/api/file/upload/garbage',
          payload: png,
          headers: { 'content-type': 'image/png' },
        }),
        400,
        'WRONG_COMMAND_PARAMETERS',
      );

      t.clock.advance(11 * 60_000);
      try {
        const expired = await put(s.uploadData.url, png, 'image/png');
        expectCode(expired, 400, 'WRONG_COMMAND_PARAMETERS');
        expect(expired.json().details[0].message).toMatch(/expirou/);
      } finally {
        t.clock.reset();
      }
      expect((await put(s.uploadData.url, png, 'image/png')).statusCode).toBe(200);
    });

    it('a body over 20 MB is refused', async () => {
      const s = (await sign({ key: 'big.pdf', contentType: 'application/pdf', contentSize: 20 * 1024 * 1024 })).json();
      const res = await put(s.uploadData.url, Buffer.alloc(20 * 1024 * 1024 + 1), 'application/pdf');
      expectCode(res, 413, 'PAYLOAD_TOO_LARGE');
    });
  });
});

describe.each(backends)('uploads to an S3-compatible store on $name', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(backend, {
      config: {
        s3: {
          bucket: 'acompanha-arquivos',
          region: 'sa-east-1',
          endpoint: 'http://127.0.0.1:9000',
          accessKeyId: 'AKIAEXAMPLE',
          secretAccessKey: 'secret-example',
          forcePathStyle: true,
        },
      },
    });
    token = await t.signUp('s3@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('hands out a presigned PUT to the bucket and redirects downloads to a presigned GET', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/file/signed-url',
      headers: bearer(token),
      payload: { key: 'prato.jpg', contentType: 'image/jpeg', contentSize: 2048 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const put = new URL(body.uploadData.url);
    expect(put.origin).toBe('http://127.0.0.1:9000');
    expect(put.pathname).toBe(`/acompanha-arquivos/${body.key}`);
    expect(put.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host;if-none-match');
    expect(body.uploadData.metadata.method).toBe('PUT');

    const link = new URL(body.downloadUrl);
    expect((await t.call({ method: 'GET', url: link.pathname })).statusCode).toBe(404);
    const download = await t.call({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(download.statusCode).toBe(302);
    expect(download.headers.location).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:9000/acompanha-arquivos/${body.key}\\?`),
    );

    // The API's own upload endpoint is not used with a bucket.
    const direct = await t.call({
      method: 'PUT',
      url: '/api/file/upload/anything',
      headers: { 'content-type': 'image/jpeg' },
      payload: Buffer.from('x'),
    });
    expect([400, 404]).toContain(direct.statusCode);
  });
});
