import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { NumberField } from './NumberField';

const meta = {
  title: 'Formulários/NumberField',
  component: NumberField,
  tags: ['autodocs'],
  args: {
    label: 'Peso',
    unit: 'kg',
    onChange: fn(),
    formatOptions: { maximumFractionDigits: 1 },
    step: 0.1,
    minValue: 0,
  },
  render: (args) => (
    <div css={{ maxWidth: 280 }}>
      <NumberField {...args} />
    </div>
  ),
} satisfies Meta<typeof NumberField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Peso' });
    await userEvent.type(input, '72,5');
    await userEvent.tab();
    // Decimal comma in and out.
    await expect(input).toHaveValue('72,5');
    await expect(args.onChange).toHaveBeenLastCalledWith(72.5);
    await userEvent.click(canvas.getByRole('button', { name: /Aumentar/ }));
    await expect(args.onChange).toHaveBeenLastCalledWith(72.6);
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(args.onChange).toHaveBeenLastCalledWith(72.4);
  },
};

export const Integer: Story = {
  args: {
    label: 'Número de refeições por dia',
    unit: undefined,
    step: 1,
    minValue: 1,
    maxValue: 8,
    defaultValue: 5,
    formatOptions: undefined,
  },
  play: async ({ canvas, args }) => {
    const decrement = canvas.getByRole('button', { name: /Diminuir/ });
    await userEvent.click(decrement);
    await expect(args.onChange).toHaveBeenLastCalledWith(4);
  },
};

export const Percent: Story = {
  args: {
    label: 'Gordura corporal',
    unit: undefined,
    defaultValue: 0.235,
    step: 0.001,
    formatOptions: { style: 'percent', maximumFractionDigits: 1 },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Gordura corporal' })).toHaveValue('23,5%');
  },
};

export const WithoutStepper: Story = {
  args: { hideStepper: true, description: 'Em quilogramas, com uma casa decimal.' },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
    await expect(canvas.getByRole('textbox', { name: 'Peso' })).toHaveAccessibleDescription(
      'Em quilogramas, com uma casa decimal.',
    );
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 68 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Peso' })).toBeDisabled();
  },
};

export const Invalid: Story = {
  args: {
    defaultValue: 0,
    validate: (v: number) => (v <= 0 ? 'Informe um peso maior que zero.' : null),
    validationBehavior: 'aria',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Informe um peso maior que zero.')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Peso' })).toBeInvalid();
  },
};

export const Dark: Story = {
  globals: { colorMode: 'dark' },
  args: { defaultValue: 81.3, description: 'Medido em jejum.' },
};
