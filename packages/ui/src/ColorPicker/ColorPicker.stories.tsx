import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { ColorPicker, type ColorPickerProps } from './ColorPicker';

function Controlled(args: ColorPickerProps) {
  const [value, setValue] = useState(args.value);
  return (
    <div>
      <ColorPicker
        {...args}
        value={value}
        onChange={(v) => {
          setValue(v);
          args.onChange(v);
        }}
      />
      <output css={{ display: 'block', marginTop: 'var(--space-2)' }} aria-label="Cor escolhida">
        {value}
      </output>
    </div>
  );
}

const meta = {
  title: 'Formulários/ColorPicker',
  component: ColorPicker,
  tags: ['autodocs'],
  args: { label: 'Fundo do botão ativo', value: '#030712', onChange: fn() },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof ColorPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('group', { name: 'Fundo do botão ativo' })).toBeInTheDocument();
    // A swatch.
    const swatches = canvas.getByRole('listbox', { name: 'Fundo do botão ativo: cores sugeridas' });
    await expect(swatches).toBeInTheDocument();
    await userEvent.click(canvas.getAllByRole('option')[4]);
    await expect(args.onChange).toHaveBeenLastCalledWith('#2563EB');
    // The hex field.
    const hex = canvas.getByRole('textbox', { name: 'Hexadecimal (Fundo do botão ativo)' });
    await userEvent.clear(hex);
    await userEvent.type(hex, '#15803D{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith('#15803D');
    await expect(canvas.getByLabelText('Cor escolhida')).toHaveTextContent('#15803D');
  },
};

export const HueWithKeyboard: Story = {
  args: { value: '#B91C1C' },
  play: async ({ canvas, args }) => {
    const hue = canvas.getByRole('slider', { name: /matiz/i });
    hue.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(args.onChange).toHaveBeenCalled();
  },
};

export const SwatchesOnly: Story = {
  args: { showEditor: false, swatches: ['#030712', '#FFFFFF', '#047857', '#DB2777'] },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('option')).toHaveLength(4);
    await expect(canvas.queryByRole('slider')).not.toBeInTheDocument();
  },
};

export const Dark: Story = { globals: { colorMode: 'dark' } };
