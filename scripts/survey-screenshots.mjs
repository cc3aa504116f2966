// `node scripts/survey-screenshots.mjs [outDir]`: answers a real survey end to end on the real API
// (see survey-stack.mjs) in Chromium at 390×844, with touch, and saves a screenshot of every
// screen: PIN in the professional's look (and a wrong PIN), cover, each question type, the
// sub-question ('complemento'), "Voltar" with the saved answer, offline, upload progress, the review
// (and "Alterar"), and the thanks. The branded PIN, a question with "Voltar", the review and the thanks
// are also taken at 1280×800 (`*-1280.png`). Also checks that a reload halfway resumes at the same question.
// Build the survey first: pnpm --filter @acompanha/survey build
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright';
import { startSurveyStack } from './survey-stack.mjs';

const root = new URL('..', import.meta.url).pathname;
const outDir = resolve(process.argv[2] ?? join(root, 'test-results/survey-screenshots'));
mkdirSync(outDir, { recursive: true });
const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));

const stack = await startSurveyStack({ log: (l) => console.log(l) });
const browser = await chromium.launch({
  executablePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const shots = [];
try {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
  });
  const page = await context.newPage();
  const shot = async (name, { desktop = false } = {}) => {
    await page.waitForTimeout(250); // transitions
    const file = join(outDir, `${String(shots.length + 1).padStart(2, '0')}-${name}.png`);
    await page.screenshot({ path: file });
    shots.push(file);
    console.log(`  ${file}`);
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    if (sideways) throw new Error(`${name}: the page scrolls sideways at 390 px`);
    if (desktop) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.waitForTimeout(250);
      const wide = join(outDir, `${String(shots.length).padStart(2, '0')}-${name}-1280.png`);
      await page.screenshot({ path: wide });
      console.log(`  ${wide}`);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(100);
    }
  };
  const heading = (name) => page.getByRole('heading', { level: 1, name });
  const forward = () => page.getByRole('button', { name: 'Prosseguir' }).tap();
  // React Aria keeps the radio/checkbox input visually hidden inside its label: tap the label.
  const tapOption = (name) => page.getByRole('radio', { name, exact: true }).locator('xpath=ancestor::label[1]').tap();

  await page.goto(stack.link);
  await heading('Digite seu PIN').waitFor();
  await page.getByText(/enviou um questionário para você/).waitFor();
  await shot('pin', { desktop: true });
  const wrong = stack.pin === '000000' ? '111111' : '000000';
  await page.getByRole('textbox', { name: 'Dígito 1 de 6' }).pressSequentially(wrong);
  await page.getByText('PIN incorreto. Você tem mais 4 tentativas.', { exact: true }).first().waitFor();
  await shot('pin-wrong');
  await page.getByRole('textbox', { name: 'Dígito 1 de 6' }).pressSequentially(stack.pin);

  await heading('Seu acompanhamento da semana').waitFor();
  await shot('folder');
  await page.getByRole('button', { name: 'Começar' }).tap();

  await heading('Você teve vontade intensa de comer algum alimento específico?').waitFor();
  await tapOption('Sim');
  await shot('multiple-choice');
  await forward();

  await heading('Qual alimento?').waitFor();
  await page.getByRole('textbox', { name: 'Qual alimento?' }).fill('Chocolate');
  await shot('sub-question');
  await forward();

  await heading('Qual é o seu peso hoje?').waitFor();
  // "Voltar": the sub-question again, with what she wrote; then forward, unchanged.
  await page.getByRole('button', { name: 'Voltar' }).tap();
  await heading('Qual alimento?').waitFor();
  await shot('back-with-answer', { desktop: true });
  await forward();
  await heading('Qual é o seu peso hoje?').waitFor();
  await page.getByRole('textbox', { name: /Qual é o seu peso hoje\? em kg/ }).fill('72,5');
  await page.getByRole('textbox', { name: /Qual é o seu peso hoje\? em kg/ }).blur();
  await shot('metrics');
  // No network: the answer stays on the phone and the patient goes on.
  await context.setOffline(true);
  await forward();
  await heading('Qual o seu nível de fome antes das refeições?').waitFor();
  await page.getByText(/Sem conexão\. Sua resposta está guardada neste aparelho/).waitFor();
  await tapOption('7');
  await shot('linear-scale-offline');
  await context.setOffline(false);
  await page.getByText('Conexão de volta. Todas as respostas foram enviadas.').waitFor({ timeout: 40_000 });
  await forward();

  await heading('O quanto você concorda com as frases sobre o seu plano alimentar?').waitFor();
  for (const [i, group] of (await page.getByRole('radiogroup').all()).entries()) {
    await group
      .getByRole('radio', { name: i % 2 ? 'Concordo totalmente' : 'Concordo', exact: true })
      .locator('xpath=ancestor::label[1]')
      .tap();
  }
  await shot('likert-scale');
  await forward();

  await heading('Como foi sua semana?').waitFor();
  // Close the page halfway and come back: the same question, no PIN (the token is kept).
  await page.reload();
  await heading('Como foi sua semana?').waitFor();
  await page
    .getByRole('textbox', { name: 'Como foi sua semana?' })
    .fill('Consegui seguir o plano quase todos os dias. Só no fim de semana comi fora duas vezes.');
  await shot('free-field');
  await forward();

  await heading('Envie fotos das suas refeições').waitFor();
  await shot('file-upload');
  // A slow phone connection, so the progress bar is seen on its way.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 100,
    downloadThroughput: 500_000,
    uploadThroughput: 60_000,
  });
  // A real photo-sized JPEG: the cover screen, captured.
  const jpeg = await page.screenshot({ type: 'jpeg', quality: 92, fullPage: true });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Escolher arquivo' }).tap();
  await (await chooser).setFiles({ name: 'almoco.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await page.getByRole('progressbar', { name: 'Enviando almoco.jpg' }).waitFor();
  await page.waitForFunction(
    () =>
      Number(document.querySelector('[aria-label="Enviando almoco.jpg"]')?.getAttribute('aria-valuenow') ?? 0) >= 30,
    null,
    { timeout: 30_000 },
  );
  await shot('file-upload-progress');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await page.getByText(/Enviado/).waitFor({ timeout: 60_000 });
  await shot('file-upload-done');
  await forward();

  // The review: nothing is final yet; "Alterar" reopens a question and comes back.
  await heading('Confira suas respostas').waitFor();
  await shot('review', { desktop: true });
  await page.getByRole('button', { name: 'Alterar: Qual é o seu peso hoje?' }).tap();
  await heading('Qual é o seu peso hoje?').waitFor();
  await page.getByRole('textbox', { name: /Qual é o seu peso hoje\? em kg/ }).fill('73');
  await shot('review-alterar');
  await forward();
  await heading('Confira suas respostas').waitFor();
  await page.getByText('73 kg').waitFor();
  await page.getByRole('button', { name: 'Enviar respostas' }).tap();

  await heading('Respostas enviadas. Obrigado!').waitFor();
  await shot('thanks', { desktop: true });

  // The professional sees it answered.
  const res = await fetch(`${stack.base}/api/quiz/schedule/${stack.quizScheduleId}`, {
    headers: { Authorization: `Bearer ${stack.jwt}` },
  });
  const detail = await res.json();
  console.log(`answer requests: ${(detail.requests ?? []).map((r) => `${r.kind}=${r.status}`).join(', ')}`);
  console.log(`${shots.length} screenshots in ${outDir}`);
} catch (error) {
  console.error(error);
  console.error(stack.output().slice(-3000));
  process.exitCode = 1;
} finally {
  await browser.close();
  await stack.stop();
}
