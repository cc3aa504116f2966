/** What several journeys share: signing in as the demo professional, API calls, dates, the dev mailbox. */
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { operatorHeaders } from './secret.mjs';

export const DEMO = { email: 'demo@acompanha.app', password: 'acompanha123' };

/** Signs in as the demo professional through the API and keeps the session as the portal does; returns the JWT. */
export function signInAsDemo(page: Page): Promise<string> {
  return signIn(page, DEMO);
}

/** Signs in through the API and keeps the session as the portal does; returns the JWT. */
export async function signIn(page: Page, credentials: { email: string; password: string }): Promise<string> {
  const res = await page.request.post('/api/auth/login', { data: credentials });
  expect(res.ok()).toBeTruthy();
  const session = await res.json();
  await page.goto('/login');
  await page.evaluate((session) => {
    localStorage.setItem(
      'acompanha:persisted-state',
      JSON.stringify({
        version: 1,
        state: {
          session: { jwt: session.jwt, professional: session.professional, signature: session.signature ?? null },
          drawerOpen: true,
          newsSeen: false,
        },
      }),
    );
  }, session);
  return session.jwt as string;
}

/**
 * A new account meets the first-run tutorial on its first screen: "Pular tutorial" closes it (and marks it
 * seen on the server). For journeys about something else; the accounts journey goes through it.
 */
export async function skipTutorial(page: Page): Promise<void> {
  const tutorial = page.getByRole('dialog', { name: /^Bem-vinda/ });
  await tutorial.getByRole('button', { name: 'Pular tutorial' }).click();
  await expect(tutorial).toBeHidden();
}

/** The JSON of a successful API answer (the failure's status and body in the message otherwise). */
export async function json<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(res.ok(), `${res.url()} → ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** A library question's id by its exact title. */
export async function libraryQuestion(
  request: APIRequestContext,
  auth: Record<string, string>,
  title: string,
): Promise<string> {
  const page = await json<{ items: { id: string; title: string }[] }>(
    await request.get('/api/question', {
      headers: auth,
      params: { search: title.slice(0, 40), origin: 'default', take: 20 },
    }),
  );
  const found = page.items.find((q) => q.title === title);
  if (!found) throw new Error(`library question not found: ${title}`);
  return found.id;
}

/** The newest quiz e-mail to `to` in the dev mailbox: the survey link and the PIN. */
export async function readInvitation(request: APIRequestContext, to: string): Promise<{ link: string; pin: string }> {
  let found: { link: string; pin: string } | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/dev/mailbox', { params: { to }, headers: operatorHeaders });
        const body = (await res.json()) as { items?: { text: string }[] } | { text: string }[];
        const mails = Array.isArray(body) ? body : (body.items ?? []);
        for (const mail of mails) {
          const link = /https?:\/\/\S+\/quiz-survey\/[0-9a-f-]{36}/.exec(mail.text)?.[0];
          const pin = /\bPIN\D{0,20}(\d{6})\b/.exec(mail.text)?.[1];
          if (link && pin) {
            found = { link, pin };
            return true;
          }
        }
        return false;
      },
      { timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return found!;
}

/** Today in São Paulo as `YYYY-MM-DD`, plus `days`. */
export function spDay(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A patient's phone (390×844, touch, pt-BR in São Paulo): a fresh browser context. */
export function patientPhone(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    hasTouch: true,
  });
}

/** The 6-digit code of the newest verification e-mail to `to` in the dev mailbox. */
export async function verificationCode(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`, { headers: operatorHeaders });
      const messages = (await res.json()) as { text: string }[];
      code = messages.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]).find(Boolean);
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** Picks a radio by name, tapping its drawn label as a patient does (the input itself is visually hidden). */
export async function pick(scope: Page | Locator, name: string | RegExp): Promise<void> {
  const radio = scope.getByRole('radio', typeof name === 'string' ? { name, exact: true } : { name });
  await radio.locator('xpath=ancestor::label[1]').click();
  await expect(radio).toBeChecked();
}

/**
 * From an open client profile: schedules `quizTitle` once, tomorrow, by e-mail (so that the only message today is
 * one asked for now), through the "Agendar questionário" dialog.
 */
export async function scheduleOnceTomorrow(page: Page, quizTitle: string): Promise<void> {
  await page.getByRole('tab', { name: /Questionários/ }).click();
  await page.getByRole('button', { name: 'Agendar questionário' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agendar questionário' });
  await dialog
    .getByRole('button', { name: /Questionário/ })
    .first()
    .click();
  await page.getByRole('option', { name: quizTitle }).click();
  const [y, m, d] = spDay(1).split('-');
  await dialog.getByRole('spinbutton', { name: /^dia/i }).first().click();
  await page.keyboard.type(`${d}${m}${y}`);
  await pick(dialog, 'Uma vez');
  await pick(dialog, 'E-mail');
  await dialog.getByRole('button', { name: 'Agendar', exact: true }).click();
  await expect(dialog).toBeHidden();
}
