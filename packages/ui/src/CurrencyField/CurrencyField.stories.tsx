import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { Text } from '../Text';
import { CurrencyField } from './CurrencyField';

const shown = (input: HTMLElement) => (input as HTMLInputElement).value;

const meta = {
  title: 'Formulários/CurrencyField',
  component: CurrencyField,
  tags: ['autodocs'],
  args: { label: 'Valor da consulta', onChange: fn() },
  render: (args) => (
    <div css={{ maxWidth: 280 }}>
      <CurrencyField {...args} />
    </div>
  ),
} satisfies Meta<typeof CurrencyField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Valor da consulta' });
    await userEvent.type(input, '1234,56');
    await userEvent.tab();
    // Formatted in Brazilian style, reported in integer cents.
    await expect(shown(input)).toBe('1.234,56');
    await expect(canvas.getByText('R$')).toBeVisible();
    await expect(args.onChange).toHaveBeenLastCalledWith(123456);
  },
};

export const WithValue: Story = {
  args: { defaultValue: 25000, description: 'Valor cobrado por consulta presencial.' },
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Valor da consulta' });
    await expect(shown(input)).toBe('250,00');
    // Arrow keys step one real at a time.
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowUp}');
    await expect(args.onChange).toHaveBeenLastCalledWith(25100);
  },
};

export const Cleared: Story = {
  args: { defaultValue: 9990 },
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Valor da consulta' });
    await userEvent.clear(input);
    await userEvent.tab();
    await expect(args.onChange).toHaveBeenLastCalledWith(null);
  },
};

export const Controlled: Story = {
  render: function Render(args) {
    const [cents, setCents] = useState<number | null>(15000);
    return (
      <div css={{ maxWidth: 280, display: 'grid', gap: 8 }}>
        <CurrencyField
          {...args}
          value={cents}
          onChange={(c) => {
            setCents(c);
            args.onChange?.(c);
          }}
        />
        <Text variant="small">Em centavos: {cents ?? 'vazio'}</Text>
      </div>
    );
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Em centavos: 15000')).toBeVisible();
    const input = canvas.getByRole('textbox', { name: 'Valor da consulta' });
    await userEvent.clear(input);
    await userEvent.type(input, '89,9');
    await userEvent.tab();
    await expect(shown(input)).toBe('89,90');
    await expect(canvas.getByText('Em centavos: 8990')).toBeVisible();
  },
};

/** "-10" is refused with a message, never turned into R$ 10,00; more than two decimals are not rounded. */
export const NegativeRefused: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Valor da consulta' });
    await userEvent.type(input, '-10');
    await userEvent.tab();
    await expect(shown(input)).toBe('-10');
    await expect(args.onChange).toHaveBeenLastCalledWith(-1000);
    await expect(await canvas.findByText('O valor não pode ser negativo.')).toBeVisible();
    await userEvent.clear(input);
    await userEvent.type(input, '10,555');
    await userEvent.tab();
    await expect(shown(input)).toBe('10,555');
    await expect(await canvas.findByText('Use no máximo 2 casas decimais (os centavos).')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 25000 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Valor da consulta' })).toBeDisabled();
  },
};

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'Informe o valor da consulta.', isRequired: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Informe o valor da consulta.')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: /Valor da consulta/ })).toHaveAccessibleDescription(
      'Informe o valor da consulta.',
    );
  },
};

export const Dark: Story = {
  globals: { colorMode: 'dark' },
  args: { defaultValue: 123456, description: 'Valor mensal do plano.' },
};
