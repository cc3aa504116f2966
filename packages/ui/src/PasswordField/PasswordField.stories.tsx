import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { PasswordField } from './PasswordField';

const meta = {
  title: 'Formulários/PasswordField',
  component: PasswordField,
  tags: ['autodocs'],
  args: { label: 'Senha', name: 'password', onChange: fn() },
  decorators: [
    (Story) => (
      <div css={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    const input = canvasElement.querySelector('input[name="password"]') as HTMLInputElement;
    await expect(canvas.getByLabelText('Senha')).toBe(input);
    await expect(input).toHaveAttribute('type', 'password');
    await expect(input).toHaveAttribute('autocomplete', 'current-password');
    await userEvent.type(input, 'segredo123');

    await userEvent.click(canvas.getByRole('button', { name: 'Mostrar senha' }));
    await expect(input).toHaveAttribute('type', 'text');
    await expect(canvas.getByRole('textbox', { name: 'Senha' })).toHaveValue('segredo123');

    await userEvent.click(canvas.getByRole('button', { name: 'Ocultar senha' }));
    await expect(input).toHaveAttribute('type', 'password');
  },
};

export const NewPassword: Story = {
  args: {
    label: 'Nova senha',
    autoComplete: 'new-password',
    description: 'Pelo menos 8 caracteres.',
    isRequired: true,
  },
  play: async ({ canvasElement }) => {
    const input = canvasElement.querySelector('input') as HTMLInputElement;
    await expect(input).toHaveAttribute('autocomplete', 'new-password');
    await expect(input).toHaveAccessibleDescription('Pelo menos 8 caracteres.');
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'E-mail ou senha incorretos.', defaultValue: 'errada' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('E-mail ou senha incorretos.')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Mostrar senha' })).toBeDisabled();
  },
};

export const Dark: Story = { globals: { colorMode: 'dark' } };
