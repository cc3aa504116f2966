import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { accountHandlers, errorHandler } from '@acompanha/api-client/mocks';
import { VerifyEmailPage } from './VerifyEmailPage';
import { PortalScreen, resetPortal } from '../../storybook/PortalScreen';

const meta = {
  title: 'Screens/Auth/VerifyEmail',
  component: VerifyEmailPage,
  tags: ['autodocs'],
  parameters: {
    layout: 'fullscreen',
    msw: { handlers: [accountHandlers.verifyEmail, accountHandlers.resendVerification] },
  },
  beforeEach: () => resetPortal({ signedIn: false }),
  render: (_args, { parameters }) => (
    <PortalScreen path={(parameters.path as string) ?? '/auth/verify-email?email=ana%40exemplo.com.br'} />
  ),
} satisfies Meta<typeof VerifyEmailPage>;

export default meta;
type Story = StoryObj<typeof meta>;

async function typeCode(canvasElement: HTMLElement, code: string) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('textbox', { name: /Dígito 1/ }));
  await userEvent.keyboard(code);
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Enviamos um código de 6 números para ana@exemplo.com.br/)).toBeVisible();
    await expect(canvas.getAllByRole('textbox', { name: /Dígito/ })).toHaveLength(6);
  },
};

export const WithoutEmail: Story = {
  parameters: { path: '/auth/verify-email' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Reenviar código' }));
    await expect(await canvas.findByText('Informe seu e-mail para receber um novo código.')).toBeVisible();
  },
};

export const Incomplete: Story = {
  play: async ({ canvasElement }) => {
    await typeCode(canvasElement, '123');
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Confirmar' }));
    await expect(await within(canvasElement).findByText('Digite os 6 números do código.')).toBeVisible();
  },
};

export const WrongCode: Story = {
  parameters: { msw: { handlers: [errorHandler('post', '/auth/verify-email', 'INVALID_VERIFICATION_CODE')] } },
  play: async ({ canvasElement }) => {
    await typeCode(canvasElement, '000000');
    await expect(await within(document.body).findByText(/Código de verificação incorreto/)).toBeVisible();
  },
};

let verifyCalls = 0;
/**
 * The sixth digit sends the code; a tap on "Confirmar" while it is checked is the same attempt: one request,
 * and one message, under the code (no toast beside it).
 */
export const SixthDigitThenTap: Story = {
  parameters: {
    msw: {
      handlers: [
        http.post('*/api/auth/verify-email', async () => {
          verifyCalls++;
          await delay(300);
          return HttpResponse.json(
            { statusCode: 400, application_error_code: 'INVALID_VERIFICATION_CODE', message: 'Código incorreto.' },
            { status: 400 },
          );
        }),
      ],
    },
  },
  beforeEach: () => {
    verifyCalls = 0;
  },
  play: async ({ canvasElement }) => {
    await typeCode(canvasElement, '000000');
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Confirmar' }));
    const message = await within(canvasElement).findByText(/Código de verificação incorreto/);
    await expect(message).toBeVisible();
    await expect(
      within(canvasElement).getByRole('group', { name: /Código de verificação/ }),
    ).toHaveAccessibleDescription(/Código de verificação incorreto/);
    await new Promise((r) => setTimeout(r, 400));
    await expect(verifyCalls).toBe(1);
    await waitFor(() => expect(within(document.body).getAllByText(/Código de verificação incorreto/)).toHaveLength(1));
  },
};

export const ExpiredCode: Story = {
  parameters: {
    msw: {
      handlers: [
        errorHandler('post', '/auth/verify-email', 'VERIFICATION_CODE_EXPIRED'),
        accountHandlers.resendVerification,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await typeCode(canvasElement, '123456');
    await expect(await within(document.body).findByText(/O código de verificação expirou/)).toBeVisible();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Reenviar código' }));
    await expect(
      await within(canvasElement).findByText('Enviamos um novo código para ana@exemplo.com.br.'),
    ).toBeVisible();
  },
};

export const Success: Story = {
  play: async ({ canvasElement }) => {
    await typeCode(canvasElement, '123456');
    await expect(
      await within(canvasElement).findByText('Sua conta foi confirmada. Entre com seu e-mail e senha.'),
    ).toBeVisible();
  },
};
