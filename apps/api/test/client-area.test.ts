/**
 * The client area over HTTP: her settings with the spec's defaults, the link's rules (format, reserved words,
 * unique — ALIAS_ALREADY_IN_USE under the field), the 90-day redirect of a link she left, and the public page,
 * which shows who she is and nothing else, and answers an unpublished page exactly like an unknown one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/backends.js';
import { bearer, createTestApp, type TestApp } from './helpers/app.js';

const DAY = 86_400_000;

describe.each(backends)('client area on $name', (backend) => {
  let t: TestApp;
  let ana: string;
  let bia: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    ana = await t.signUp('ana@example.com');
    bia = await t.signUp('bia@example.com');
    await t.call({
      method: 'PUT',
      url: '/api/professional/me',
      headers: bearer(ana),
      payload: { name: 'Ana Lima', councilRegistration: 'CRN-3 12345', phone: '11987654321' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (jwt: string) => t.call({ method: 'GET', url: '/api/professional/me/area-config', headers: bearer(jwt) });
  const put = (jwt: string, payload: Record<string, unknown>) =>
    t.call({ method: 'PUT', url: '/api/professional/me/area-config', headers: bearer(jwt), payload });
  const login = async (email: string) =>
    (await t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'segredo123' } })).json()
      .jwt as string;
  const page = (alias: string) => t.call({ method: 'GET', url: `/api/public/client-area/${alias}` });

  it('starts with the spec defaults and no link; the page needs a session to edit', async () => {
    const res = await get(bia);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      link: null,
      publicUrl: null,
      title: null,
      brandImage: null,
      profilePicture: null,
      hasDefinedLink: true,
      folder: {
        image: null,
        title: null,
        subtitle: null,
        textsColor: '#FFFFFF',
        buttonColor: '#FFFFFF',
        buttonBackground: '#2563EB',
        buttonText: 'Ir para a área do cliente',
      },
      colorScheme: {
        mode: 'light',
        scheme: { color: { light: '#2563EB', dark: '#1E3A8A' }, image: { light: null, dark: null } },
      },
      previousLinks: [],
    });
    expect((await t.call({ method: 'GET', url: '/api/professional/me/area-config' })).statusCode).toBe(401);
    expect((await t.call({ method: 'PUT', url: '/api/professional/me/area-config', payload: {} })).statusCode).toBe(
      401,
    );
  });

  it('saves a link, the cover and the colours partially; the public page shows her and nothing private', async () => {
    const res = await put(ana, {
      link: '  Ana-Lima  ',
      title: 'Nutrição com leveza',
      folder: { title: 'Bem-vinda!', buttonBackground: '#0F766E' },
      colorScheme: { mode: 'dark', scheme: { color: { dark: '#111827' } } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const config = res.json();
    expect(config).toMatchObject({
      link: 'ana-lima',
      publicUrl: expect.stringMatching(/\/p\/ana-lima$/),
      title: 'Nutrição com leveza',
      folder: { title: 'Bem-vinda!', buttonBackground: '#0F766E', buttonText: 'Ir para a área do cliente' },
      colorScheme: { mode: 'dark', scheme: { color: { light: '#2563EB', dark: '#111827' } } },
    });
    // A second partial change keeps the first.
    const again = await put(ana, { folder: { subtitle: 'Consultas on-line' } });
    expect(again.json().folder).toMatchObject({ title: 'Bem-vinda!', subtitle: 'Consultas on-line' });
    expect((await t.call({ method: 'GET', url: '/api/professional/me', headers: bearer(ana) })).json().alias).toBe(
      'ana-lima',
    );

    const pub = await page('ana-lima');
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toMatchObject({
      link: 'ana-lima',
      name: 'Ana Lima',
      profession: 'nutricionista',
      councilRegistration: 'CRN-3 12345',
      title: 'Nutrição com leveza',
    });
    expect(pub.body).not.toContain('ana@example.com');
    expect(pub.body).not.toContain('11987654321');
    expect(Object.keys(pub.json()).sort()).toEqual(
      [
        'link',
        'name',
        'profession',
        'councilRegistration',
        'title',
        'brandImage',
        'profilePicture',
        'folder',
        'colorScheme',
      ].sort(),
    );
    expect((await page('ANA-LIMA')).json().link).toBe('ana-lima');
  });

  it('refuses a malformed link, colour, image or text with field paths', async () => {
    for (const link of ['ab', 'ana lima', '-ana', 'ana-', 'ana--lima', 'ána', 'a'.repeat(41), 'ana_lima']) {
      const res = await put(bia, { link });
      expect(res.statusCode, link).toBe(400);
      expect(res.json().details[0].path).toEqual(['link']);
    }
    const bad = await put(bia, {
      folder: { textsColor: 'white', image: 'https://example.com/x.png', buttonText: '' },
      colorScheme: { mode: 'sepia' },
      title: 'x'.repeat(81),
    });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().details.map((d: { path: string[] }) => d.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining(['folder.textsColor', 'folder.image', 'folder.buttonText', 'colorScheme.mode', 'title']),
    );
    const control = await put(bia, { title: 'x\u0000y' });
    expect([control.statusCode, control.json().details[0].path]).toEqual([400, ['title']]);
    expect((await get(bia)).json().link).toBeNull();
  });

  it('a link in use or reserved is ALIAS_ALREADY_IN_USE under the field; two at once: one wins', async () => {
    for (const link of ['ana-lima', 'admin', 'api', 'quiz-survey']) {
      const res = await put(bia, { link });
      expect(res.statusCode, link).toBe(409);
      expect(res.json()).toMatchObject({
        application_error_code: 'ALIAS_ALREADY_IN_USE',
        message: 'O Link já está em uso. Escolha outro.',
        details: [{ path: ['link'], message: 'O Link já está em uso. Escolha outro.' }],
      });
    }
    const carla = await t.signUp('carla@example.com');
    const [a, b] = await Promise.all([put(bia, { link: 'nutri-centro' }), put(carla, { link: 'nutri-centro' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });

  it('the link she leaves leads to her page for 90 days and nobody takes it meanwhile; she can take it back', async () => {
    t.clock.freeze();
    const moved = await put(ana, { link: 'ana-lima-nutri' });
    expect(moved.json().previousLinks).toEqual([
      { link: 'ana-lima', redirectsUntil: new Date(t.clock.now().getTime() + 90 * DAY).toISOString() },
    ]);
    expect((await page('ana-lima')).json().link).toBe('ana-lima-nutri');
    expect((await put(bia, { link: 'ana-lima' })).json().application_error_code).toBe('ALIAS_ALREADY_IN_USE');

    // Back to the old one: it is hers again, and the one she leaves now redirects.
    const back = await put(ana, { link: 'ana-lima' });
    expect(back.statusCode).toBe(200);
    expect(back.json().previousLinks.map((p: { link: string }) => p.link)).toEqual(['ana-lima-nutri']);

    await put(ana, { link: 'ana-nova' });
    t.clock.advance(91 * DAY);
    [ana, bia] = await Promise.all([login('ana@example.com'), login('bia@example.com')]);
    expect((await page('ana-lima')).statusCode).toBe(404);
    const taken = await put(bia, { link: 'ana-lima' });
    expect(taken.statusCode, taken.body).toBe(200);
    expect((await page('ana-lima')).json().name).toBe('Maria Teste');
    expect((await get(ana)).json().previousLinks).toEqual([]);
  });

  it('an unpublished page and an unknown link answer the same 404', async () => {
    expect((await put(ana, { hasDefinedLink: false })).json().hasDefinedLink).toBe(false);
    const off = await page('ana-nova');
    const unknown = await page('ninguem-aqui');
    expect(off.statusCode).toBe(404);
    expect(off.json()).toEqual(unknown.json());
    expect((await page('x'.repeat(100))).statusCode).toBe(400);
    await put(ana, { hasDefinedLink: true });
    expect((await page('ana-nova')).statusCode).toBe(200);
  });
});
