import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { configureSurveyClient, type PatientCorner, type PublicClientArea } from '@acompanha/api-client';
import { requestOwnExportHandler } from '@acompanha/api-client/mocks';
import { readSession } from '../lib/storage';
import { AreaApp } from './AreaApp';
import PatientCornerScreen from './PatientCorner';
import { writePatientSession } from './session';

const area: PublicClientArea = {
  link: 'ana-lima',
  name: 'Ana Lima',
  profession: 'nutricionista',
  councilRegistration: 'CRN-3 12345',
  title: 'Consultas presenciais em São Paulo e on-line para todo o Brasil.',
  brandImage: null,
  profilePicture: null,
  folder: {
    image: null,
    title: 'Nutrição sem terrorismo',
    subtitle: 'Acompanhamento próximo entre as consultas',
    textsColor: '#FFFFFF',
    buttonColor: '#FFFFFF',
    buttonBackground: '#0F766E',
    buttonText: 'Ir para a área do cliente',
  },
  colorScheme: {
    mode: 'light',
    scheme: { color: { light: '#2563EB', dark: '#1E3A8A' }, image: { light: null, dark: null } },
  },
};

const SCHEDULE = '5f1c6a0e-1111-4222-8333-444455556666';
const corner: PatientCorner = {
  firstName: 'Marina',
  professionalName: 'Ana Lima',
  pending: [
    { scheduleId: SCHEDULE, quizTitle: 'Diário alimentar', sentAt: '2026-11-24T12:00:00.000Z', started: false },
  ],
  answered: [{ quizTitle: 'Anamnese inicial', finishedAt: '2026-11-10T15:30:00.000Z' }],
  messages: [
    {
      id: '7a1c6a0e-1111-4222-8333-444455556666',
      body: 'Oi, Marina! Lembre de trazer o diário na consulta de quinta.',
      channel: 'whatsapp',
      sentAt: '2026-11-23T13:00:00.000Z',
    },
  ],
};

const api = (path: string) => `*/api${path}`;
const error = (status: number, code: string) =>
  HttpResponse.json({ statusCode: status, application_error_code: code, message: code }, { status });
const session = { token: 'patient-token', expiresAt: '2099-01-01T00:00:00.000Z', firstName: 'Marina' };

const handlers = [
  http.post(api('/patient-area/:alias/code'), () => HttpResponse.json({ sent: true }, { status: 202 })),
  http.post(api('/patient-area/:alias/session'), async ({ request }) => {
    const body = (await request.json()) as { code: string };
    if (body.code === '654321') return error(400, 'PATIENT_PASSWORD_RECOVERY_TOKEN_EXPIRED');
    return body.code === '123456' ? HttpResponse.json(session) : error(400, 'INVALID_VERIFICATION_CODE');
  }),
  http.get(api('/patient-area/me'), ({ request }) =>
    request.headers.get('authorization') === 'Bearer patient-token'
      ? HttpResponse.json(corner)
      : error(401, 'INVALID_JWT'),
  ),
  http.post(api('/patient-area/me/quizzes/:id/token'), ({ params }) =>
    params.id === SCHEDULE
      ? HttpResponse.json({ token: 'survey-token', expiresAt: '2099-01-01T00:00:00.000Z' })
      : error(404, 'QUIZ_SCHEDULE_NOT_FOUND_ERROR'),
  ),
  requestOwnExportHandler,
];

const meta = {
  title: 'Survey/Client area',
  component: AreaApp,
  tags: ['autodocs'],
  args: { route: { alias: 'ana-lima', screen: 'page' }, initial: area },
  parameters: { layout: 'fullscreen', msw: { handlers } },
  beforeEach: () => {
    configureSurveyClient({ getToken: () => undefined });
    window.localStorage.clear();
    window.sessionStorage.clear();
  },
} satisfies Meta<typeof AreaApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Her public page: who she is, the cover and the way into the patient's corner. */
export const PublicPage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Ana Lima', level: 1 })).toBeVisible();
    await expect(canvas.getByText('Nutricionista · CRN-3 12345')).toBeVisible();
    await expect(canvas.getByText('Nutrição sem terrorismo')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Ir para a área do cliente' })).toHaveAttribute(
      'href',
      '/p/ana-lima/entrar',
    );
    await expect(canvas.getByText('AL')).toBeVisible();
  },
};

/** The visitor switches to dark: the page follows, and the choice is kept for the next visit. */
export const DarkMode: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = await canvas.findByRole('button', { name: 'Modo escuro' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    await expect(await canvas.findByRole('button', { name: 'Modo claro' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(document.documentElement.style.colorScheme).toBe('dark'));
    await expect(window.localStorage.getItem('acompanha:area-mode:ana-lima')).toBe('dark');
  },
};

/** A page in dark mode by the professional's choice. */
export const DarkByDefault: Story = {
  args: { initial: { ...area, colorScheme: { ...area.colorScheme, mode: 'dark' } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Modo claro' })).toBeVisible();
  },
};

/** A link that leads nowhere (or a page she unpublished). */
export const NotFound: Story = {
  args: { initial: null },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  },
};

const signInArgs = { route: { alias: 'ana-lima', screen: 'login' as const }, initial: area };

/** Sign-in: the contact, then the 6-digit code; a wrong code says so, the right one opens her corner. */
export const SignIn: Story = {
  args: signInArgs,
  render: (args) => (
    <PatientCornerScreen area={args.initial!} screen="login" mode="light" onModeChange={fn()} navigate={navigate} />
  ),
  beforeEach: () => {
    navigate.mockClear();
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Receber código' }));
    await expect(await canvas.findByText('Informe seu celular com DDD ou seu e-mail.')).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Celular ou e-mail'), '(11) 91234-5678');
    await userEvent.click(canvas.getByRole('button', { name: 'Receber código' }));
    await expect(await canvas.findByRole('heading', { name: 'Digite o código' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: /Reenviar código em \d+ s/ })).toBeDisabled();
    await userEvent.click(canvas.getByRole('textbox', { name: 'Dígito 1 de 6' }));
    await userEvent.keyboard('000000');
    await expect(
      await canvas.findAllByText('Código incorreto. Confira o código recebido ou peça um novo.'),
    ).not.toHaveLength(0);
    await userEvent.click(canvas.getByRole('textbox', { name: 'Dígito 1 de 6' }));
    await userEvent.keyboard('654321');
    await expect(await canvas.findAllByText('O código expirou. Peça um novo código.')).not.toHaveLength(0);
    await userEvent.click(canvas.getByRole('textbox', { name: 'Dígito 1 de 6' }));
    await userEvent.keyboard('123456');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/p/ana-lima/area'));
    await expect(JSON.parse(window.sessionStorage.getItem('acompanha:patient-area:ana-lima')!).token).toBe(
      'patient-token',
    );
  },
};

const navigate = fn();

/** Her corner: what waits for her, what she answered, the messages; a questionnaire opens without a PIN. */
export const Corner: Story = {
  args: { route: { alias: 'ana-lima', screen: 'corner' }, initial: area },
  render: (args) => (
    <PatientCornerScreen area={args.initial!} screen="corner" mode="light" onModeChange={fn()} navigate={navigate} />
  ),
  beforeEach: () => {
    navigate.mockClear();
    writePatientSession('ana-lima', session);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Olá, Marina!' })).toBeVisible();
    await expect(canvas.getByText('Anamnese inicial')).toBeVisible();
    await expect(canvas.getByText(/Lembre de trazer o diário/)).toBeVisible();
    await expect(canvas.getByText(/por WhatsApp/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /^Responder\s+Diário alimentar$/ }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/quiz-survey/${SCHEDULE}`));
    await expect(readSession(SCHEDULE).token?.token).toBe('survey-token');
  },
};

/** Nothing yet: each section says so. */
export const EmptyCorner: Story = {
  args: { route: { alias: 'ana-lima', screen: 'corner' }, initial: area },
  parameters: {
    msw: {
      handlers: [
        http.get(api('/patient-area/me'), () =>
          HttpResponse.json({ ...corner, pending: [], answered: [], messages: [] }),
        ),
        ...handlers,
      ],
    },
  },
  render: (args) => (
    <PatientCornerScreen area={args.initial!} screen="corner" mode="dark" onModeChange={fn()} navigate={navigate} />
  ),
  beforeEach: () => {
    writePatientSession('ana-lima', session);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Nenhum questionário esperando por você agora.')).toBeVisible();
    await expect(canvas.getByText('Nenhuma mensagem por enquanto.')).toBeVisible();
  },
};

/** An ended session sends her back to the sign-in. */
export const SessionEnded: Story = {
  args: { route: { alias: 'ana-lima', screen: 'corner' }, initial: area },
  render: (args) => (
    <PatientCornerScreen area={args.initial!} screen="corner" mode="light" onModeChange={fn()} navigate={navigate} />
  ),
  beforeEach: () => {
    navigate.mockClear();
    writePatientSession('ana-lima', { ...session, token: 'ended' });
  },
  play: async () => {
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/p/ana-lima/entrar'));
    await expect(window.sessionStorage.getItem('acompanha:patient-area:ana-lima')).toBeNull();
  },
};

const cornerArgs = { route: { alias: 'ana-lima', screen: 'corner' as const }, initial: area };
const ownDataButton = (canvas: ReturnType<typeof within>) =>
  canvas.findByRole('button', { name: 'Receber uma cópia dos meus dados' });

/** "Receber uma cópia dos meus dados": she asks, and the screen says where the link went and for how long. */
export const CopyOfMyData: Story = {
  args: cornerArgs,
  render: (args) => (
    <PatientCornerScreen area={args.initial!} screen="corner" mode="light" onModeChange={fn()} navigate={navigate} />
  ),
  beforeEach: () => {
    writePatientSession('ana-lima', session);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Seus dados' })).toBeVisible();
    await userEvent.click(await ownDataButton(canvas));
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'Enviamos o link para an•••@gmail.com. Ele chega em alguns minutos e vale por 7 dias.',
    );
    await expect(canvas.queryByRole('button', { name: 'Receber uma cópia dos meus dados' })).toBeNull();
  },
};

/** By WhatsApp, when she opted in to it. */
export const CopyOfMyDataByWhatsApp: Story = {
  args: cornerArgs,
  parameters: {
    msw: {
      handlers: [
        http.post(api('/patient-area/me/export'), () =>
          HttpResponse.json(
            { channel: 'whatsapp', sentTo: '(11) •••••-5678', expiresInDays: 7, message: '' },
            { status: 202 },
          ),
        ),
        ...handlers,
      ],
    },
  },
  render: CopyOfMyData.render,
  beforeEach: CopyOfMyData.beforeEach,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await ownDataButton(canvas));
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'Enviamos o link para o WhatsApp (11) •••••-5678.',
    );
  },
};

/** Two copies a day: the third is refused with when she may ask again; the button stays. */
export const CopyOfMyDataDailyLimit: Story = {
  args: cornerArgs,
  parameters: {
    msw: {
      handlers: [
        http.post(api('/patient-area/me/export'), () =>
          HttpResponse.json(
            {
              statusCode: 429,
              application_error_code: 'TOO_MANY_ATTEMPTS',
              message: 'Você já pediu 2 cópias hoje. Tente de novo em 20 horas.',
              details: { retryAfterSeconds: 20 * 3600 },
            },
            { status: 429, headers: { 'Retry-After': String(20 * 3600) } },
          ),
        ),
        ...handlers,
      ],
    },
  },
  render: CopyOfMyData.render,
  beforeEach: CopyOfMyData.beforeEach,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await ownDataButton(canvas));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Você já pediu cópias dos seus dados hoje. Tente de novo em 20 horas.',
    );
    await expect(await ownDataButton(canvas)).toBeVisible();
  },
};
