import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/backends.js';
import { bearer, createTestApp, type TestApp } from './helpers/app.js';

describe.each(backends)('professional on $name', (backend) => {
  let t: TestApp;
  let jwt: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    jwt = await t.signUp('me@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  const me = (token = jwt) => t.call({ method: 'GET', url: '/api/professional/me', headers: bearer(token) });
  const update = (payload: Record<string, unknown>, token = jwt) =>
    t.call({ method: 'PUT', url: '/api/professional/me', headers: bearer(token), payload });

  it('GET /professional/me returns the Professional', async () => {
    const res = await me();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'me@example.com', name: 'Maria Teste', emailVerified: true });
    expect(Object.keys(res.json()).sort()).toEqual(
      [
        'id',
        'name',
        'email',
        'phone',
        'document',
        'councilRegistration',
        'profession',
        'avatarUrl',
        'alias',
        'emailVerified',
        'notificationPreferences',
        'tutorialSeenAt',
        'createdAt',
      ].sort(),
    );
  });

  it('needs a token: none → 401 Unauthorized, garbage/forged/expired → 401 INVALID_JWT', async () => {
    const none = await t.call({ method: 'GET', url: '/api/professional/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json().application_error_code).toBe('Unauthorized');

    const garbage = await me('not-a-jwt');
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json().application_error_code).toBe('INVALID_JWT');

    const [h, p] = jwt.split('.');
    const forged = await me(`${h}.${p}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`);
    expect(forged.json().application_error_code).toBe('INVALID_JWT');

    const basic = await t.call({ method: 'GET', url: '/api/professional/me', headers: { authorization: 'Basic abc' } });
    expect(basic.json().application_error_code).toBe('INVALID_JWT');

    t.clock.advance(7 * 24 * 3600_000 + 60_000);
    try {
      const expired = await me();
      expect(expired.statusCode).toBe(401);
      expect(expired.json().application_error_code).toBe('INVALID_JWT');
    } finally {
      t.clock.reset();
    }
    expect((await me()).statusCode).toBe(200);
  });

  it('PUT /professional/me updates part of the profile; masks are stripped; null clears', async () => {
    const avatar = `/api/file/${(await me()).json().id}_${'a'.repeat(32)}_foto.png`;
    const res = await update({
      name: '  Dra. Maria Teste ',
      phone: '(21) 3456-7890',
      document: '529.982.247-25',
      councilRegistration: 'CRN-3 12345',
      profession: 'nutricionista esportiva',
      avatarUrl: avatar,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Dra. Maria Teste',
      phone: '2134567890',
      document: '52998224725',
      councilRegistration: 'CRN-3 12345',
      profession: 'nutricionista esportiva',
      avatarUrl: expect.stringMatching(new RegExp(`^http://acompanha\\.test${avatar}\\?exp=\\d+&sig=`)),
      email: 'me@example.com',
    });
    // Only a file uploaded here: no page loads an image from an address someone typed.
    const outside = await update({ avatarUrl: 'https://cdn.example.com/a.png' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().details[0].path).toEqual(['avatarUrl']);
    const cnpj = await update({ document: '11.222.333/0001-81', phone: null });
    expect(cnpj.json()).toMatchObject({ document: '11222333000181', phone: null, name: 'Dra. Maria Teste' });
    expect((await me()).json().document).toBe('11222333000181');
  });

  it('reports invalid fields with their paths', async () => {
    const res = await update({ phone: '1234', document: '529.982.247-24', avatarUrl: 'javascript:alert(1)', name: '' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.application_error_code).toBe('WRONG_COMMAND_PARAMETERS');
    expect(body.details.map((d: { path: string[] }) => d.path.join('.')).sort()).toEqual([
      'avatarUrl',
      'document',
      'name',
      'phone',
    ]);

    const unknownField = await update({ email: 'other@example.com' });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().application_error_code).toBe('WRONG_COMMAND_PARAMETERS');
  });

  it('PUT /professional/me/password: wrong current password → 400 with path currentPassword', async () => {
    const res = await t.call({
      method: 'PUT',
      url: '/api/professional/me/password',
      headers: bearer(jwt),
      payload: { currentPassword: 'errada123', newPassword: 'novaSenha456' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      application_error_code: 'WRONG_COMMAND_PARAMETERS',
      details: [{ path: ['currentPassword'], message: expect.any(String) }],
    });
    const short = await t.call({
      method: 'PUT',
      url: '/api/professional/me/password',
      headers: bearer(jwt),
      payload: { currentPassword: 'segredo123', newPassword: 'curta' },
    });
    expect(short.json().details).toEqual([{ path: ['newPassword'], message: expect.any(String) }]);
  });

  it('PUT /professional/me/password returns a fresh token and revokes every other one', async () => {
    const other = (
      await t.call({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'me@example.com', password: 'segredo123' },
      })
    ).json().jwt as string;
    const res = await t.call({
      method: 'PUT',
      url: '/api/professional/me/password',
      headers: bearer(jwt),
      payload: { currentPassword: 'segredo123', newPassword: 'novaSenha456' },
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().jwt as string;
    expect(Object.keys(res.json())).toEqual(['jwt']);
    expect((await me(jwt)).json().application_error_code).toBe('INVALID_JWT');
    expect((await me(other)).json().application_error_code).toBe('INVALID_JWT');
    expect((await me(fresh)).statusCode).toBe(200);
    const login = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'me@example.com', password: 'novaSenha456' },
    });
    expect(login.statusCode).toBe(200);
    jwt = fresh;
  });
});

describe.each(backends)('first-run tutorial on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const mark = (payload: unknown, token?: string) =>
    t.call({
      method: 'POST',
      url: '/api/professional/me/tutorial',
      headers: token ? bearer(token) : {},
      payload: payload as Record<string, unknown>,
    });
  const login = (email: string) =>
    t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'segredo123' } });

  it('a new account has not seen it: null on the login answer and on GET /professional/me', async () => {
    const jwt = await t.signUp('nova@example.com');
    expect((await login('nova@example.com')).json().professional.tutorialSeenAt).toBeNull();
    const me = await t.call({ method: 'GET', url: '/api/professional/me', headers: bearer(jwt) });
    expect(me.json().tutorialSeenAt).toBeNull();
  });

  it('marking it answers the professional with the time; a second mark keeps the first time', async () => {
    const jwt = await t.signUp('marca@example.com');
    t.clock.freeze();
    const seenAt = t.clock.now().toISOString();
    try {
      const first = await mark({ outcome: 'skipped' }, jwt);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ email: 'marca@example.com', tutorialSeenAt: seenAt });

      t.clock.advance(3600_000);
      const second = await mark({ outcome: 'completed' }, jwt);
      expect(second.statusCode).toBe(200);
      expect(second.json().tutorialSeenAt).toBe(seenAt);
    } finally {
      t.clock.reset();
    }
    // Another device signing in reads the server's flag.
    expect((await login('marca@example.com')).json().professional.tutorialSeenAt).toBe(seenAt);
  });

  it('only marks the signed-in professional', async () => {
    const a = await t.signUp('ana@example.com');
    await t.signUp('bia@example.com');
    expect((await mark({ outcome: 'completed' }, a)).statusCode).toBe(200);
    expect((await login('bia@example.com')).json().professional.tutorialSeenAt).toBeNull();
  });

  it('refuses an unknown outcome or extra fields, and an anonymous call is 401', async () => {
    const jwt = await t.signUp('valida@example.com');
    const bad = await mark({ outcome: 'later' }, jwt);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([expect.objectContaining({ path: ['outcome'] })]);
    expect((await mark({}, jwt)).statusCode).toBe(400);
    expect((await mark({ outcome: 'skipped', tutorialSeenAt: '2020-01-01T00:00:00Z' }, jwt)).statusCode).toBe(400);

    const anonymous = await mark({ outcome: 'completed' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().application_error_code).toBe('Unauthorized');
    expect((await login('valida@example.com')).json().professional.tutorialSeenAt).toBeNull();
  });
});
