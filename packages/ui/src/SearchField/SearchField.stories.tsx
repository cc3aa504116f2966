import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { SearchField } from './SearchField';

const meta = {
  title: 'Formulários/SearchField',
  component: SearchField,
  tags: ['autodocs'],
  args: {
    label: 'Buscar clientes',
    placeholder: 'Nome, e-mail ou telefone',
    onSubmit: fn(),
    onChange: fn(),
    onClear: fn(),
  },
  render: (args) => (
    <div css={{ maxWidth: 360 }}>
      <SearchField {...args} />
    </div>
  ),
} satisfies Meta<typeof SearchField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('searchbox', { name: 'Buscar clientes' });
    await userEvent.type(input, 'Maria{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith('Maria');
    await expect(args.onSubmit).toHaveBeenCalledWith('Maria');
    await userEvent.click(canvas.getByRole('button', { name: 'Limpar busca' }));
    await expect(input).toHaveValue('');
    await expect(args.onClear).toHaveBeenCalled();
  },
};

export const EscapeClears: Story = {
  args: { defaultValue: 'João' },
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('searchbox', { name: 'Buscar clientes' });
    await userEvent.click(input);
    await userEvent.keyboard('{Escape}');
    await expect(input).toHaveValue('');
    await expect(args.onClear).toHaveBeenCalled();
  },
};

export const HiddenLabel: Story = {
  args: { isLabelHidden: true },
  play: async ({ canvas }) => {
    // Not shown, still the accessible name.
    await expect(canvas.getByRole('searchbox', { name: 'Buscar clientes' })).toBeInTheDocument();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('searchbox')).toBeDisabled();
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, defaultValue: 'a', errorMessage: 'Digite ao menos 2 letras.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Digite ao menos 2 letras.')).toBeVisible();
    await expect(canvas.getByRole('searchbox')).toHaveAccessibleDescription('Digite ao menos 2 letras.');
  },
};

export const Dark: Story = {
  globals: { colorMode: 'dark' },
  args: { defaultValue: 'Ana', description: 'A busca considera nome, e-mail e telefone.' },
};
