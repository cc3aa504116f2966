import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { Button } from '../Button';
import { Form } from '../Form';
import { InlineAlert } from '../InlineAlert';
import { Link } from '../Link';
import { PasswordField } from '../PasswordField';
import { Text } from '../Text';
import { TextField } from '../TextField';
import { AuthLayout } from './AuthLayout';

const onSubmit = fn((e: React.FormEvent) => e.preventDefault());

const meta = {
  title: 'Páginas/AuthLayout',
  component: AuthLayout,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    title: 'Entrar',
    subtitle: 'Acompanhe seus pacientes entre as consultas.',
    footer: (
      <Text variant="muted">
        Ainda não tem conta? <Link href="/auth/registration">Criar conta</Link>
      </Text>
    ),
    children: (
      <Form onSubmit={onSubmit} aria-label="Entrar">
        <TextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          isRequired
          errorMessage="Informe seu e-mail."
        />
        <PasswordField label="Senha" name="password" isRequired errorMessage="Informe sua senha." />
        <Link href="/recovery" variant="standalone">
          Esqueci minha senha
        </Link>
        <Button type="submit" isFullWidth>
          Entrar
        </Button>
      </Form>
    ),
  },
} satisfies Meta<typeof AuthLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Acompanha')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Entrar' })).toBeInTheDocument();
    // Dark, full height.
    const main = canvas.getByRole('main');
    const page = main.parentElement!;
    await expect(page.getBoundingClientRect().height).toBeGreaterThanOrEqual(window.innerHeight);
    await expect(getComputedStyle(page).backgroundColor).not.toBe('rgb(255, 255, 255)');
    onSubmit.mockClear();
    await userEvent.type(canvas.getByRole('textbox', { name: /E-mail/ }), 'ana@exemplo.com.br');
    await userEvent.type(canvas.getByLabelText(/Senha/), 'segredo123{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  },
};

export const WithError: Story = {
  args: {
    children: (
      <Form onSubmit={onSubmit} aria-label="Entrar">
        <InlineAlert tone="danger">E-mail ou senha incorretos.</InlineAlert>
        <TextField label="E-mail" name="email" type="email" defaultValue="ana@exemplo.com.br" />
        <PasswordField label="Senha" name="password" />
        <Button type="submit" isFullWidth>
          Entrar
        </Button>
      </Form>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('E-mail ou senha incorretos.');
  },
};

export const Pending: Story = {
  args: {
    children: (
      <Form onSubmit={onSubmit} aria-label="Entrar">
        <TextField label="E-mail" name="email" type="email" defaultValue="ana@exemplo.com.br" />
        <PasswordField label="Senha" name="password" defaultValue="segredo123" />
        <Button type="submit" isFullWidth isPending>
          Entrar
        </Button>
      </Form>
    ),
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};
