import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { accountHandlers, errorHandler } from '@acompanha/api-client/mocks';
import { RecoveryPage } from './RecoveryPage';
import { PortalScreen, resetPortal } from '../../storybook/PortalScreen';

const meta = {
  title: 'Screens/Auth/Recovery',
  component: RecoveryPage,
  tags: ['autodocs'],
  parameters: {
    layout: 'fullscreen',
    msw: { handlers: [accountHandlers.requestRecovery, accountHandlers.resetPassword] },
  },
  beforeEach: () => resetPortal({ signedIn: false }),
  render: (_args, { parameters }) => <PortalScreen path={(parameters.path as string) ?? '/recovery'} />,
} satisfies Meta<typeof RecoveryPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Recuperar senha' })).toBeVisible();
    await expect(canvas.getByLabelText('E-mail')).toBeRequired();
  },
};

export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Enviar link' }));
    await expect(await canvas.findByText('Informe seu e-mail.')).toBeVisible();
  },
};

export const LinkSent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('E-mail'), 'ana@exemplo.com.br{Enter}');
    await expect(await canvas.findByText('Verifique seu e-mail')).toBeVisible();
    await expect(canvas.getByText(/Se houver uma conta com ana@exemplo.com.br/)).toBeVisible();
  },
};

export const NewPassword: Story = {
  parameters: { path: '/recovery?token=abc' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Criar nova senha' })).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Nova senha', { selector: 'input', exact: true }), 'curta');
    await expect(await canvas.findByText('A senha precisa ter pelo menos 8 caracteres.')).toBeVisible();
  },
};

export const NewPasswordSaved: Story = {
  parameters: { path: '/auth/forgot-password?token=abc' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByLabelText('Nova senha', { selector: 'input', exact: true }),
      'senha-nova-123',
    );
    await userEvent.type(canvas.getByLabelText('Confirme a nova senha', { selector: 'input' }), 'senha-nova-123');
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar nova senha' }));
    await expect(await canvas.findByText('Senha alterada. Entre com a nova senha.')).toBeVisible();
  },
};

export const UsedLink: Story = {
  parameters: {
    path: '/recovery?token=used',
    msw: { handlers: [errorHandler('post', '/account/recovery/reset', 'PASSWORD_RECOVERY_TOKEN_NOT_FOUND')] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByLabelText('Nova senha', { selector: 'input', exact: true }),
      'senha-nova-123',
    );
    await userEvent.type(canvas.getByLabelText('Confirme a nova senha', { selector: 'input' }), 'senha-nova-123');
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar nova senha' }));
    // Said once: above the form, not again in a toast.
    await expect(
      await canvas.findByText('Este link de recuperação de senha é inválido ou já foi usado. Peça um novo link.'),
    ).toBeVisible();
    await expect(within(document.body).getAllByText(/Este link de recuperação de senha é inválido/)).toHaveLength(1);
    await expect(canvas.getByRole('link', { name: 'Pedir um novo link' })).toBeVisible();
  },
};
