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
    // One message per problem: the hint "Pelo menos 8 caracteres." gives way to the error.
    await expect(canvas.queryByText('Pelo menos 8 caracteres.')).toBeNull();
  },
};

/** An address that is not one says what is wrong, with an example; an empty one asks for it. */
export const InvalidEmail: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('Nome completo'), 'Ana Souza');
    await userEvent.type(canvas.getByLabelText('E-mail'), 'ana@');
    await userEvent.type(canvas.getByLabelText('Senha', { selector: 'input', exact: true }), 'senha-forte-1');
    await userEvent.type(canvas.getByLabelText('Confirme a senha', { selector: 'input' }), 'senha-forte-1');
    await userEvent.click(canvas.getByRole('button', { name: 'Criar conta' }));
    await expect(await canvas.findByText('Informe um e-mail válido, como nome@exemplo.com.')).toBeVisible();
    await expect(canvas.getAllByText(/e-mail válido/)).toHaveLength(1);
    await userEvent.clear(canvas.getByLabelText('E-mail'));
    await userEvent.click(canvas.getByRole('button', { name: 'Criar conta' }));
    await expect(await canvas.findByText('Informe seu e-mail.')).toBeVisible();
    // The API's rule, not the browser's: a domain label ending in "-" is no address (@acompanha/formats).
    await userEvent.type(canvas.getByLabelText('E-mail'), 'x@b0-.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Criar conta' }));
    await expect(await canvas.findByText('Informe um e-mail válido, como nome@exemplo.com.')).toBeVisible();
  },
};

/** A 300-character name is refused under the field with its limit (nothing is cut), before anything is sent. */
export const NameTooLong: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = await canvas.findByLabelText('Nome completo');
    await userEvent.click(name);
    await userEvent.paste('A'.repeat(300));
    await expect(name).toHaveValue('A'.repeat(300));
    await userEvent.click(canvas.getByRole('button', { name: 'Criar conta' }));
    await expect(await canvas.findByText('Use no máximo 200 caracteres (agora são 300).')).toBeVisible();
    await expect(canvas.queryByText(/Grande demais|esperava/)).toBeNull();
  },
};

export const EmailAlreadyUsed: Story = {
  parameters: { msw: { handlers: [errorHandler('post', '/auth/registration', 'PROFESSIONAL_ALREADY_EXISTS')] } },
  play: async ({ canvasElement }) => {
    await fillForm(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Criar conta' }));
    // Said once, under the e-mail, not again in a toast.
    await expect(
      await within(canvasElement).findByText('Já existe uma conta com este e-mail. Entre ou recupere sua senha.'),
    ).toBeVisible();
    await expect(within(document.body).getAllByText(/Já existe uma conta com este e-mail/)).toHaveLength(1);
  },
};

export const ServerValidation: Story = {
  parameters: {
    msw: {
      handlers: [
        errorHandler('post', '/auth/registration', 'WRONG_COMMAND_PARAMETERS', [
          { path: ['email'], message: 'Informe um e-mail válido, como nome@exemplo.com.' },
        ]),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await fillForm(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Criar conta' }));
    await expect(
      await within(canvasElement).findByText('Informe um e-mail válido, como nome@exemplo.com.'),
    ).toBeVisible();
    // The form's own message; no toast about "dados incorretos" on top.
    await expect(within(document.body).queryByText(/Alguns dados enviados estão incorretos/)).toBeNull();
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
