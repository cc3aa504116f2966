import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { Button } from '../Button';
import { PasswordField } from '../PasswordField';
import { TextField } from '../TextField';
import { Form } from './Form';

const meta = {
  title: 'Formulários/Form',
  component: Form,
  tags: ['autodocs'],
  args: { 'aria-label': 'Entrar', onSubmit: fn((e: React.FormEvent) => e.preventDefault()) },
  render: (args) => (
    <div css={{ maxWidth: 380 }}>
      <Form {...args}>
        <TextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          isRequired
          errorMessage="Informe seu e-mail."
        />
        <PasswordField label="Senha" name="password" isRequired errorMessage="Informe sua senha." />
        <Button type="submit">Entrar</Button>
      </Form>
    </div>
  ),
} satisfies Meta<typeof Form>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('form', { name: 'Entrar' })).toBeInTheDocument();
    await userEvent.type(canvas.getByRole('textbox', { name: /E-mail/ }), 'ana@exemplo.com.br');
    await userEvent.type(canvas.getByLabelText(/Senha/), 'segredo123{Enter}');
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledTimes(1));
  },
};

export const ClientValidation: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Entrar' }));
    await expect(await canvas.findByText('Informe seu e-mail.')).toBeVisible();
    await expect(canvas.getByText('Informe sua senha.')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Errors from the API, by field name, show under the matching field. */
export const ServerErrors: Story = {
  args: { validationErrors: { email: 'Este e-mail já está cadastrado.' } },
  play: async ({ canvas }) => {
    const email = canvas.getByRole('textbox', { name: /E-mail/ });
    await expect(canvas.getByText('Este e-mail já está cadastrado.')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Dark: Story = { globals: { colorMode: 'dark' } };
