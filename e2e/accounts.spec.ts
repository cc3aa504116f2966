import { expect, test, type Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { E2E_JWT_SECRET, operatorHeaders } from './secret.mjs';
import { skipTutorial, verificationCode } from './support.js';

async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: /Dígito 1/ }).click();
  await page.keyboard.type(code);
}

test('a professional signs up, verifies, signs in, edits the profile, stays signed in and signs out', async ({
  page,
  request,
}) => {
  const email = `ana.${Date.now()}@exemplo.com.br`;
  const password = 'senha-forte-123';

  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Criar conta' }).click();

  await page.getByLabel('Nome completo').fill('Ana Beatriz Lima');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByLabel('Confirme a senha').fill(password);
  await page.getByRole('button', { name: 'Criar conta' }).click();

  await expect(page).toHaveURL(/\/auth\/verify-email/);
  await expect(page.getByRole('heading', { name: 'Confirme seu e-mail' })).toBeVisible();

  // Signing in before verifying is refused with EMAIL_NOT_VERIFIED and leads back here.
  const early = await request.post('/api/auth/login', { data: { email, password } });
  expect(early.status()).toBe(403);
  expect((await early.json()).application_error_code).toBe('EMAIL_NOT_VERIFIED');

  // A wrong code is explained in Portuguese.
  await typeCode(page, '000000');
  await expect(page.getByText('Código de verificação incorreto')).toBeVisible();

  await typeCode(page, await verificationCode(request, email));
  await expect(page).toHaveURL(/\/account-success/);
  await expect(page.getByText('Sua conta foi confirmada')).toBeVisible();

  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('E-mail ou senha incorretos.')).toBeVisible();

  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/clients$/);

  // The first sign-in opens the first-run tutorial; she goes through it to the dashboard.
  const tutorial = page.getByRole('dialog', { name: 'Bem-vinda, Ana!' });
  await expect(tutorial.getByText('Passo 1 de 6', { exact: true })).toBeVisible();
  for (const [step, title] of [
    'Cadastre seus clientes',
    'Monte um questionário',
    'Registre a venda de um serviço',
    'Agende o envio',
    'Acompanhe as respostas',
  ].entries()) {
    await page.getByRole('button', { name: 'Próximo' }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog.getByText(`Passo ${step + 2} de 6`, { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Pular tutorial' })).toBeVisible();
  }
  const marked = page.waitForResponse((r) => r.url().endsWith('/api/professional/me/tutorial'));
  await page.getByRole('button', { name: 'Ir para o painel' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Painel', level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect((await marked).status()).toBe(200);

  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'Meu perfil' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();

  await page.getByLabel('Nome completo').fill('Ana Beatriz Lima Souza');
  await page.getByLabel('Telefone (WhatsApp)').fill('11912345678');
  await page.getByLabel('Registro no conselho').fill('CRN-3 12345');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Perfil atualizado.')).toBeVisible();

  // The session survives a reload and the saved data comes back from the API.
  await page.reload();
  await expect(page.getByLabel('Nome completo')).toHaveValue('Ana Beatriz Lima Souza');
  await expect(page.getByLabel('Telefone (WhatsApp)')).toHaveValue('(11) 91234-5678');
  await expect(page.getByLabel('Registro no conselho')).toHaveValue('CRN-3 12345');

  // Sign out: the token is revoked and the session cleared.
  const jwt = await page.evaluate(
    () => JSON.parse(localStorage.getItem('acompanha:persisted-state')!).state.session.jwt as string,
  );
  await page.getByRole('button', { name: /Ana Beatriz Lima Souza|Minha conta/ }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('acompanha:persisted-state')!).state.session,
  );
  expect(stored).toEqual({ jwt: null, professional: null, signature: null });
  const revoked = await request.get('/api/professional/me', { headers: { Authorization: `Bearer ${jwt}` } });
  expect(revoked.status()).toBe(401);

  // Private pages now send the visitor to the login page.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile/);

  // Signing in again (the server remembers the tutorial, whatever this browser kept): no tutorial.
  await page.evaluate(() => localStorage.clear());
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
  await expect(page.getByLabel('Nome completo')).toHaveValue('Ana Beatriz Lima Souza');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('an expired session leads back to the login page and then to where the professional was', async ({
  page,
  request,
}) => {
  const email = 'demo@acompanha.app';
  const password = 'acompanha123';
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok()).toBeTruthy();
  const session = await res.json();

  // The same session, but with a token whose expiry has passed (signed with the e2e server's key).
  const expired = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(session.professional.id)
    .setJti(crypto.randomUUID())
    .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
    .sign(new TextEncoder().encode(E2E_JWT_SECRET));
  await page.goto('/login');
  await page.evaluate(
    ({ session, expired }) => {
      localStorage.setItem(
        'acompanha:persisted-state',
        JSON.stringify({
          version: 1,
          state: { session: { ...session, jwt: expired }, drawerOpen: true, newsSeen: false },
        }),
      );
    },
    { session, expired },
  );
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?expired=1/);
  await expect(page.getByText('Sua sessão expirou. Entre novamente para continuar.')).toBeVisible();

  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
});

test('password recovery: request a link, set a new password, sign in with it; the link works once', async ({
  browser,
  page,
  request,
}) => {
  const email = `rec.${Date.now()}@exemplo.com.br`;
  const reg = await request.post('/api/auth/registration', {
    data: { name: 'Carla Menezes', email, password: 'senha-antiga-1' },
  });
  expect(reg.status()).toBe(201);
  const code = await verificationCode(request, email);
  expect((await request.post('/api/auth/verify-email', { data: { email, code } })).ok()).toBeTruthy();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page).toHaveURL(/\/recovery$/);
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByText('Verifique seu e-mail')).toBeVisible();

  let link: string | undefined;
  await expect
    .poll(async () => {
      const messages = (await (
        await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`, { headers: operatorHeaders })
      ).json()) as { text: string }[];
      link = messages.map((m) => /https?:\/\/\S+\/recovery\?token=[\w-]+/.exec(m.text)?.[0]).find(Boolean);
      return link;
    })
    .toBeTruthy();
  const path = new URL(link!).pathname + new URL(link!).search;

  await page.goto(path);
  await page.getByLabel('Nova senha', { exact: true }).fill('senha-nova-123');
  await page.getByLabel('Confirme a nova senha').fill('senha-nova-123');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page).toHaveURL(/\/login\?reset=1/);
  await expect(page.getByText('Senha alterada. Entre com a nova senha.')).toBeVisible();

  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('senha-nova-123');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await skipTutorial(page);

  // The same link a second time is refused with a clear message. Opened in a browser without her session: clearing
  // this page's storage would race the tutorial's answer, which writes the session back when it arrives.
  const elsewhere = await browser.newContext();
  const again = await elsewhere.newPage();
  await again.goto(new URL(path, page.url()).href);
  await again.getByLabel('Nova senha', { exact: true }).fill('outra-senha-123');
  await again.getByLabel('Confirme a nova senha').fill('outra-senha-123');
  await again.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(again.getByText('Este link de recuperação de senha é inválido ou já foi usado.').first()).toBeVisible();
  await elsewhere.close();
});

test('unknown pages show the 404 page', async ({ page }) => {
  await page.goto('/nao-existe');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  const api = await page.request.get('/api/nao-existe');
  expect(api.status()).toBe(404);
  expect((await api.json()).application_error_code).toBe('NOT_FOUND');
});
