import { expect, test } from '@playwright/test';
import { DEMO, json, patientPhone } from './support.js';

/*
 * A survey link opened without a connection, on a phone that opened another link before: the survey's service
 * worker answers with the app's shell, which shows the professional's look kept from that visit and says the
 * questionnaire opens when the internet returns; it does, by itself, on the PIN screen.
 */

const OFFLINE = 'Você está sem conexão; o questionário abre assim que a internet voltar.';

test('a survey link never opened on this phone, opened offline, shows her look and opens when the connection returns', async ({
  browser,
  request,
}) => {
  // Two of the demo's links (the weekly questionnaire sent to 16 clients), both known to the server.
  const { jwt } = await json<{ jwt: string }>(await request.post('/api/auth/login', { data: DEMO }));
  const { items } = await json<{ items: { id: string }[] }>(
    await request.get('/api/quiz/schedule', { headers: { Authorization: `Bearer ${jwt}` }, params: { take: 2 } }),
  );
  const [visited, fresh] = items.map((s) => s.id);
  const brand = await json<{ professionalName: string; subtitle: string }>(
    await request.get(`/api/quiz-answer/${fresh}/brand`),
  );

  const phone = await patientPhone(browser);
  const survey = await phone.newPage();
  await survey.goto(`/quiz-survey/${visited}`);
  await expect(survey.getByRole('heading', { name: 'Digite seu PIN' })).toBeVisible();
  const header = survey.getByRole('banner');
  const look = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
  // The worker installs once the PIN screen has painted, keeping the app's shell.
  await survey.evaluate(async () => void (await navigator.serviceWorker.ready));

  await phone.setOffline(true);
  await survey.goto(`/quiz-survey/${fresh}`);
  await expect(survey.getByText(OFFLINE)).toBeVisible();
  await expect(header).toContainText(brand.professionalName);
  await expect(header).toContainText(brand.subtitle);
  expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(look);

  await phone.setOffline(false);
  await expect(survey.getByRole('heading', { name: 'Digite seu PIN' })).toBeVisible();
  await expect(survey).toHaveURL(`/quiz-survey/${fresh}`);
  await expect(survey.getByText(OFFLINE)).toHaveCount(0);
  await phone.close();
});
