import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { http, HttpResponse } from 'msw';
import { accountHandlers, errorHandler, patientHandlers } from '@acompanha/api-client/mocks';
import { LoginPage } from './LoginPage';
import { PortalScreen, resetPortal } from '../../storybook/PortalScreen';
import { asPhone, PhoneFrame, smallLinks } from '../../storybook/phone';

const meta = {
  title: 'Screens/Auth/Login',
  component: LoginPage,
  tags: ['autodocs'],
  parameters: {
    layout: 'fullscreen',
    msw: { handlers: [accountHandlers.login, accountHandlers.getMe, ...Object.values(patientHandlers)] },
  },
  beforeEach: () => resetPortal({ signedIn: false }),
  render: (_args, { parameters }) => <PortalScreen path={(parameters.path as string) ?? '/login'} />,
} satisfies Meta<typeof LoginPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Fills the form and submits it, with Enter (proving the keyboard path) or with a click.
 * Stories that navigate away click: a key-up landing on the next screen mid-transition trips
 * React's act() environment in the test runner, which a person's keyboard never does.
 */
async function fill(canvasElement: HTMLElement, email: string, password: string, submit: 'enter' | 'click' = 'click') {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText('E-mail'), email);
  await userEvent.type(canvas.getByLabelText('Senha', { exact: false, selector: 'input' }), password);
  if (submit === 'enter') await userEvent.keyboard('{Enter}');
  else await userEvent.click(canvas.getByRole('button', { name: 'Entrar' }));
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Entrar' })).toBeVisible();
    await expect(canvas.getByLabelText('E-mail')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Esqueci minha senha' })).toHaveAttribute('href', '/recovery');
    await expect(canvas.getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', '/auth/registration');
  },
};

export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Entrar' }));
    await expect(await canvas.findByText('Informe seu e-mail.')).toBeVisible();
    await expect(canvas.getByLabelText('E-mail')).toHaveFocus();
  },
};

export const WrongPassword: Story = {
  parameters: { msw: { handlers: [errorHandler('post', '/auth/login', 'Unauthorized')] } },
  play: async ({ canvasElement }) => {
    await fill(canvasElement, 'ana@exemplo.com.br', 'errada123', 'enter');
    await expect(await within(canvasElement).findByText('E-mail ou senha incorretos.')).toBeVisible();
  },
};

export const TooManyAttempts: Story = {
  parameters: {
    msw: { handlers: [errorHandler('post', '/auth/login', 'TOO_MANY_ATTEMPTS', { retryAfterSeconds: 900 })] },
  },
  play: async ({ canvasElement }) => {
    await fill(canvasElement, 'ana@exemplo.com.br', 'errada123');
    await expect(await within(document.body).findByText(/Muitas tentativas seguidas/)).toBeVisible();
  },
};

/** The account's ceiling: the server's sentence, with the way out, is what the professional reads. */
export const AccountUnderAttack: Story = {
  parameters: {
    msw: {
      handlers: [
        http.post('*/api/auth/login', () =>
          HttpResponse.json(
            {
              statusCode: 429,
              application_error_code: 'TOO_MANY_ATTEMPTS',
              message:
                'Muitas tentativas para esta conta. Entre de um dispositivo que você já usou ou redefina sua senha em "Esqueci minha senha".',
              details: { retryAfterSeconds: 3600 },
            },
            { status: 429, headers: { 'Retry-After': '3600' } },
          ),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await fill(canvasElement, 'ana@exemplo.com.br', 'segredo123');
    await expect(await within(document.body).findByText(/redefina sua senha em "Esqueci minha senha"/)).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [errorHandler('post', '/auth/login', 'INTERNAL_ERROR')] } },
  play: async ({ canvasElement }) => {
    await fill(canvasElement, 'ana@exemplo.com.br', 'qualquer123');
    await expect(
      await within(document.body).findByText('Ops, houve um erro inesperado. Por favor, tente novamente mais tarde.'),
    ).toBeVisible();
  },
};

export const EmailNotVerified: Story = {
  parameters: {
    msw: { handlers: [errorHandler('post', '/auth/login', 'EMAIL_NOT_VERIFIED'), accountHandlers.resendVerification] },
  },
  play: async ({ canvasElement }) => {
    await fill(canvasElement, 'nova@exemplo.com.br', 'senha-forte-1');
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Confirme seu e-mail' })).toBeVisible();
    await expect(canvas.getByText(/ainda não foi confirmado/)).toBeVisible();
  },
};

export const Success: Story = {
  play: async ({ canvasElement }) => {
    await fill(canvasElement, 'ana.souza@exemplo.com.br', 'senha-forte-1');
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  },
};

export const AccountSuccess: Story = {
  parameters: { path: '/account-success' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Sua conta foi confirmada. Entre com seu e-mail e senha.'),
    ).toBeVisible();
  },
};

export const AccountError: Story = {
  parameters: { path: '/account-error' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/Não foi possível confirmar sua conta/)).toBeVisible();
  },
};

export const SessionExpired: Story = {
  parameters: { path: '/login?expired=1' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Sua sessão expirou. Entre novamente para continuar.'),
    ).toBeVisible();
  },
};

/** On a phone "Criar conta" and "Esqueci minha senha" are targets a thumb can hit: at least 24 px tall. */
export const Phone: Story = {
  beforeEach: asPhone,
  render: () => (
    <PhoneFrame>
      <PortalScreen path="/login" />
    </PhoneFrame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const create = await canvas.findByRole('link', { name: 'Criar conta' });
    await expect(create.getBoundingClientRect().height).toBeGreaterThanOrEqual(24);
    await expect(smallLinks(canvasElement)).toEqual([]);
  },
};
