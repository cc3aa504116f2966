import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from '../Button';
import { Form } from '../Form';
import { TextField } from './TextField';

const meta = {
  title: 'Formulários/TextField',
  component: TextField,
  tags: ['autodocs'],
  args: { label: 'E-mail', name: 'email', type: 'email', autoComplete: 'email', onChange: fn() },
  decorators: [
    (Story) => (
      <div css={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'E-mail' });
    await userEvent.type(input, 'ana@exemplo.com.br');
    await expect(input).toHaveValue('ana@exemplo.com.br');
    await expect(args.onChange).toHaveBeenLastCalledWith('ana@exemplo.com.br');
  },
};

export const WithDescription: Story = {
  args: { label: 'Registro no conselho', name: 'council', type: 'text', description: 'Por exemplo: CRN-3 12345' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Registro no conselho' })).toHaveAccessibleDescription(
      'Por exemplo: CRN-3 12345',
    );
  },
};

export const Required: Story = {
  args: { isRequired: true, errorMessage: 'Informe seu e-mail.' },
  render: (args) => (
    <Form onSubmit={(e) => e.preventDefault()}>
      <TextField {...args} />
      <Button type="submit">Continuar</Button>
    </Form>
  ),
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: /E-mail/ });
    await expect(input).toBeRequired();
    // Enter submits; the empty required field shows its message.
    await userEvent.click(input);
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('Informe seu e-mail.')).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveFocus();
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, defaultValue: 'ana@', errorMessage: 'Informe um e-mail válido.' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'E-mail' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Informe um e-mail válido.');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'ana@exemplo.com.br' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'E-mail' })).toBeDisabled();
  },
};

export const ReadOnly: Story = {
  args: {
    isReadOnly: true,
    defaultValue: 'ana@exemplo.com.br',
    description: 'Para trocar o e-mail, fale com o suporte.',
  },
};

export const WithPlaceholder: Story = {
  args: { label: 'Buscar cliente', name: 'q', type: 'search', placeholder: 'Nome, e-mail ou telefone' },
};

export const Dark: Story = { globals: { colorMode: 'dark' }, args: { description: 'Usado para entrar no Acompanha.' } };

/** A fixed prefix before the input (an address's start): shown in the box, not part of the value. */
export const WithPrefix: Story = {
  args: {
    label: 'Link da página',
    name: 'link',
    type: 'text',
    autoComplete: 'off',
    startAdornment: 'https://app.acompanha.app/p/',
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('https://app.acompanha.app/p/')).toBeVisible();
    const input = canvas.getByRole('textbox', { name: 'Link da página' });
    await userEvent.type(input, 'ana-souza');
    await expect(args.onChange).toHaveBeenLastCalledWith('ana-souza');
  },
};
