import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { accountHandlers, errorHandler } from '@acompanha/api-client/mocks';
import { RegistrationPage } from './RegistrationPage';
import { PortalScreen, resetPortal } from '../../storybook/PortalScreen';

const meta = {
  title: 'Screens/Auth/Registration',
  component: RegistrationPage,
  tags: ['autodocs'],
  parameters: {
    layout: 'fullscreen',
    msw: { handlers: [accountHandlers.register, accountHandlers.resendVerification] },
  },
  beforeEach: () => resetPortal({ signedIn: false }),
  render: () => <PortalScreen path="/auth/registration" />,
} satisfies Meta<typeof RegistrationPage>;

export default meta;
type Story = StoryObj<typeof meta>;

async function fillForm(
  canvasElement: HTMLElement,
  { password = 'senha-forte-1', confirm }: { password?: string; confirm?: string } = {},
) {
  confirm ??= password;
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText('Nome completo'), 'Ana Souza');
  await userEvent.type(canvas.getByLabelText('E-mail'), 'Ana.Souza@Exemplo.com.br');
  await userEvent.type(canvas.getByLabelText('Senha', { selector: 'input', exact: true }), password);
  await userEvent.type(canvas.getByLabelText('Confirme a senha', { selector: 'input' }), confirm);
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Criar conta' })).toBeVisible();
    await expect(canvas.getByLabelText('Nome completo')).toBeRequired();
    await expect(canvas.getByText('Pelo menos 8 caracteres.')).toBeVisible();
  },
};

export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    await fillForm(canvasElement, { password: 'curta', confirm: 'outra' });
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('A senha precisa ter pelo menos 8 caracteres.')).toBeVisible();
    await expect(canvas.getByText('As senhas não conferem.')).toBeVisible();
  },
};

export const EmailAlreadyUsed: Story = {
  parameters: { msw: { handlers: [errorHandler('post', '/auth/registration', 'PROFESSIONAL_ALREADY_EXISTS')] } },
  play: async ({ canvasElement }) => {
    await fillForm(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Criar conta' }));
    await expect(await within(canvasElement).findByText('Já existe uma conta com este e-mail.')).toBeVisible();
    await expect(await within(document.body).findByText(/Entre ou recupere sua senha/)).toBeVisible();
  },
};

export const ServerValidation: Story = {
  parameters: {
    msw: {
      handlers: [
        errorHandler('post', '/auth/registration', 'WRONG_COMMAND_PARAMETERS', [
          { path: ['email'], message: 'E-mail inválido.' },
        ]),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await fillForm(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Criar conta' }));
    await expect(await within(canvasElement).findByText('E-mail inválido.')).toBeVisible();
  },
};

export const Success: Story = {
  play: async ({ canvasElement }) => {
    await fillForm(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Criar conta' }));
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Confirme seu e-mail' })).toBeVisible();
    // the e-mail is normalised before it is sent and shown
    await expect(canvas.getByText(/ana\.souza@exemplo\.com\.br/)).toBeVisible();
  },
};
