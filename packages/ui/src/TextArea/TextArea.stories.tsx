import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextArea, type TextAreaProps } from './TextArea';

function Controlled(args: TextAreaProps) {
  const [value, setValue] = useState(args.value ?? '');
  return (
    <TextArea
      {...args}
      value={value}
      onChange={(v) => {
        setValue(v);
        args.onChange?.(v);
      }}
    />
  );
}

const meta = {
  title: 'Formulários/TextArea',
  component: TextArea,
  tags: ['autodocs'],
  args: { label: 'Observações', onChange: fn() },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof TextArea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole('textbox', { name: 'Observações' });
    await userEvent.type(field, 'Prefere jantar cedo.{Enter}Evita lactose.');
    await expect(field).toHaveValue('Prefere jantar cedo.\nEvita lactose.');
    await expect(args.onChange).toHaveBeenCalled();
  },
};

export const WithCounter: Story = {
  args: { maxLength: 120, description: 'Visível só para você.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Observações' }), 'Olá');
    await expect(canvas.getByText('3/120 caracteres')).toBeVisible();
  },
};

export const Invalid: Story = {
  args: { isRequired: true, errorMessage: 'Escreva uma observação.' },
  render: (args) => (
    <form onSubmit={(e) => e.preventDefault()}>
      <Controlled {...args} />
      <button type="submit">Enviar</button>
    </form>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar' }));
    await expect(await canvas.findByText('Escreva uma observação.')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, value: 'Sem alterações.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Observações' })).toBeDisabled();
  },
};

export const Dark: Story = { globals: { colorMode: 'dark' }, args: { value: 'Texto no modo escuro.' } };
