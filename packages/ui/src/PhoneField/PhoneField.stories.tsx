import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from '../Button';
import { Form } from '../Form';
import { Text } from '../Text';
import { PhoneField } from './PhoneField';

const meta = {
  title: 'Formulários/PhoneField',
  component: PhoneField,
  tags: ['autodocs'],
  args: { label: 'Telefone (WhatsApp)', name: 'phone', onChange: fn() },
  decorators: [
    (Story) => (
      <div css={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PhoneField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Telefone (WhatsApp)' });
    await userEvent.type(input, '11912345678');
    await expect(input).toHaveValue('(11) 91234-5678');
    await expect(args.onChange).toHaveBeenLastCalledWith('11912345678');
    await expect(input).toHaveAttribute('type', 'tel');
  },
};

export const Landline: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Telefone (WhatsApp)' });
    await userEvent.type(input, '1132345678');
    await expect(input).toHaveValue('(11) 3234-5678');
  },
};

export const Controlled: Story = {
  render: function Render(args) {
    const [digits, setDigits] = useState('21987654321');
    return (
      <>
        <PhoneField {...args} value={digits} onChange={setDigits} />
        <Text variant="small">Valor: {digits}</Text>
      </>
    );
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Telefone (WhatsApp)' })).toHaveValue('(21) 98765-4321');
    await expect(canvas.getByText('Valor: 21987654321')).toBeInTheDocument();
  },
};

export const Incomplete: Story = {
  render: (args) => (
    <Form onSubmit={(e) => e.preventDefault()}>
      <PhoneField {...args} />
      <Button type="submit">Salvar</Button>
    </Form>
  ),
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Telefone (WhatsApp)' }), '119123{Enter}');
    await expect(await canvas.findByText(/Informe o telefone com DDD/)).toBeVisible();
  },
};

/** A pasted number with +55 keeps its 11 digits; one with a digit too many is said so, never cut. */
export const TooLong: Story = {
  render: (args) => (
    <Form onSubmit={(e) => e.preventDefault()}>
      <PhoneField {...args} />
      <Button type="submit">Salvar</Button>
    </Form>
  ),
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Telefone (WhatsApp)' });
    await userEvent.click(input);
    await userEvent.paste('+55 (11) 91234-5678');
    await expect(input).toHaveValue('(11) 91234-5678');
    await userEvent.clear(input);
    await userEvent.type(input, '119123456789{Enter}');
    await expect(input).toHaveValue('119123456789');
    await expect(await canvas.findByText(/O telefone tem 12 números/)).toBeVisible();
  },
};

export const Dark: Story = { globals: { colorMode: 'dark' }, args: { defaultValue: '11912345678' } };
