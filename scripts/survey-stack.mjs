// The real product for the survey's measurements: the API (serving the built survey) on a fresh
// embedded database in a temporary folder, with a quiz of every question type scheduled to one
// patient and sent now. The link and PIN are read from the development mailbox, as a patient would.
// Used by `pnpm bench:lighthouse` and `node scripts/survey-screenshots.mjs`.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiStartArgs, buildApi } from '../apps/api/scripts/production.mjs';

const root = new URL('..', import.meta.url).pathname;

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Library questions the quiz uses (titles of the product's starter library), one of each type. */
const LIBRARY = {
  craving: 'Você teve vontade intensa de comer algum alimento específico?', // multiple choice, 'Sim' opens:
  whichFood: 'Qual alimento?', // free field (sub-question)
  weight: 'Qual é o seu peso hoje?', // metrics
  hunger: 'Qual o seu nível de fome antes das refeições?', // linear scale 0–10
  plan: 'O quanto você concorda com as frases sobre o seu plano alimentar?', // Likert
  week: 'Como foi sua semana?', // free field, several lines
  meals: 'Envie fotos das suas refeições', // file upload
};

const GREEN = {
  activeButton: { text: '#FFFFFF', background: '#166534', border: '#166534' },
  inactiveButton: { text: '#166534', background: '#FFFFFF', border: '#166534' },
  body: { text: '#052E16', secondary: '#166534', background: '#F0FDF4', filled: '#166534', unfilled: '#BBF7D0' },
  header: { text: '#FFFFFF', secondary: '#DCFCE7', background: '#166534', icon: '#166534', iconBackground: '#FFFFFF' },
  textField: { text: '#052E16', background: '#FFFFFF', border: '#15803D', primary: '#166534', secondary: '#166534' },
  uploadField: {
    text: '#052E16',
    background: '#FFFFFF',
    border: '#15803D',
    icon: '#FFFFFF',
    iconBackground: '#166534',
    filled: '#166534',
    unfilled: '#BBF7D0',
  },
  activeAlternative: {
    text: '#052E16',
    background: '#DCFCE7',
    border: '#166534',
    icon: '#FFFFFF',
    iconBackground: '#166534',
  },
  inactiveAlternative: { text: '#052E16', background: '#FFFFFF', border: '#86EFAC' },
};

/**
 * Starts the stack and schedules the survey. Returns the link, its PIN, the question ids, and `stop()`.
 * @param {{ log?: (line: string) => void }} [options]
 */
export async function startSurveyStack({ log = () => {} } = {}) {
  if (!existsSync(join(root, 'apps/survey/dist/index.html'))) {
    throw new Error('apps/survey/dist is missing: run `pnpm --filter @acompanha/survey build` first');
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'acompanha-survey-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    // A production start opens the dev mailbox over HTTP only to the operator credential it is given.
    OPERATOR_TOKEN: randomBytes(24).toString('hex'),
    NODE_ENV: 'production',
    // A production start charges nobody only when told so: the measurements use the local gateway stand-in.
    PAYMENTS: 'standin',
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  await buildApi();
  const child = spawn(process.execPath, apiStartArgs(), { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => {
        const t = setTimeout(() => {
          child.kill('SIGKILL');
          r();
        }, 8000);
        child.once('exit', () => {
          clearTimeout(t);
          r();
        });
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`the API exited:\n${output}`);
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        /* not up yet */
      }
      if (i > 600) throw new Error(`the API did not start in 60 s:\n${output}`);
      await sleep(100);
    }
    log(`API on ${base}`);

    const call = async (method, path, body, token, headers = {}) => {
      const res = await fetch(`${base}/api${path}`, {
        method,
        headers: {
          ...(body ? { 'Content-Type': 'application/json' } : {}),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
      return text ? JSON.parse(text) : null;
    };

    const { jwt } = await call('POST', '/auth/login', { email: 'demo@acompanha.app', password: 'acompanha123' });
    const library = await call('GET', '/question?origin=default&take=100', undefined, jwt);
    const items = library.items ?? library;
    const ids = Object.fromEntries(
      Object.entries(LIBRARY).map(([k, title]) => {
        const found = items.find((q) => q.title === title);
        if (!found) throw new Error(`library question not found: ${title}`);
        return [k, found.id];
      }),
    );
    const appearance = await call(
      'POST',
      '/quiz/my/appearance',
      { name: 'Verde consultório', colorScheme: GREEN, subtitle: 'Nutricionista', forwardText: 'Prosseguir' },
      jwt,
    );
    const quiz = await call(
      'POST',
      '/quiz',
      {
        title: 'Acompanhamento semanal',
        description: 'Como foi a sua semana.',
        appearanceId: appearance.id,
        folder: {
          title: 'Seu acompanhamento da semana',
          subtitle: 'Leva uns 3 minutos. Suas respostas vão direto para a Ana.',
          quizTitle: 'Acompanhamento semanal',
          buttonTitle: 'Começar',
        },
        chosenQuestions: [
          { id: ids.craving, subquestions: [{ id: ids.whichFood }] },
          { id: ids.weight },
          { id: ids.hunger },
          { id: ids.plan },
          { id: ids.week },
          { id: ids.meals },
        ],
      },
      jwt,
    );
    const email = `maria.${Date.now()}@example.com`;
    const patient = await call(
      'POST',
      '/patient',
      { name: 'Maria Oliveira', email, preferences: { channel: 'email' } },
      jwt,
    ).catch(() => call('POST', '/patient', { name: 'Maria Oliveira', email }, jwt));
    const services = await call('GET', '/services', undefined, jwt);
    const service =
      (services.items ?? services).find((s) => s.active !== false && s.isActive !== false) ??
      (services.items ?? services)[0];
    await call('POST', '/sales', { patientId: patient.id, serviceId: service.id, paymentMethod: 'pix' }, jwt);
    const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    const schedule = await call(
      'POST',
      '/quiz/schedule',
      { quizId: quiz.id, patientId: patient.id, startDate: tomorrow, hour: 9, periodicity: 'once', channel: 'email' },
      jwt,
    );
    await call('POST', '/quiz/schedule/request-now', { quizScheduleId: schedule.id }, jwt);

    let message;
    for (let i = 0; !message; i++) {
      const mails = await call('GET', '/dev/mailbox', undefined, undefined, { 'X-Operator-Token': env.OPERATOR_TOKEN });
      message = (mails.items ?? mails).find((m) => m.to.includes(email));
      if (i > 300) throw new Error(`no e-mail reached ${email} in 30 s:\n${output}`);
      if (!message) await sleep(100);
    }
    const link = message.text.match(/https?:\/\/\S+\/quiz-survey\/[0-9a-f-]{36}/)?.[0];
    const pin = message.text.match(/\b\d{6}\b/)?.[0];
    if (!link || !pin) throw new Error(`no link or PIN in the e-mail:\n${message.text}`);
    log(`scheduled ${link} (PIN ${pin})`);
    return { base, link, pin, quizScheduleId: schedule.id, questionIds: ids, jwt, stop, output: () => output };
  } catch (error) {
    await stop();
    throw error;
  }
}
