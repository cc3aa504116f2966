import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from '../Button';
import { Form } from '../Form';
import { NumberField } from './NumberField';

const meta = {
  title: 'Formulários/NumberField',
  component: NumberField,
  tags: ['autodocs'],
  args: {
    label: 'Peso',
    unit: 'kg',
    onChange: fn(),
    decimals: 1,
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
    await userEvent.click(canvas.getByRole('button', { name: 'Aumentar' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(72.6);
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(args.onChange).toHaveBeenLastCalledWith(72.4);
    await expect(input).toHaveValue('72,4');
  },
};

/** A phone's keyboard types a point: `72.5` is 72,5 kg. */
export const DecimalPoint: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Peso' });
    await userEvent.type(input, '72.5');
    await userEvent.tab();
    await expect(args.onChange).toHaveBeenLastCalledWith(72.5);
    await expect(input).toHaveValue('72,5');
  },
};

export const Integer: Story = {
  args: {
    label: 'Número de refeições por dia',
    unit: undefined,
    step: 1,
    decimals: 0,
    minValue: 1,
    maxValue: 8,
    defaultValue: 5,
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Diminuir' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(4);
    // The stepper stops at the range's ends (it never makes a value the field would refuse).
    await userEvent.click(canvas.getByRole('button', { name: 'Aumentar' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Aumentar' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Aumentar' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Aumentar' }));
    await expect(canvas.getByRole('textbox', { name: 'Número de refeições por dia' })).toHaveValue('8');
    await expect(canvas.getByRole('button', { name: 'Aumentar' })).toBeDisabled();
  },
};

/** A value out of range is kept as typed and refused with the reason — never clamped. */
export const OutOfRange: Story = {
  args: { minValue: 20, maxValue: 350 },
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Peso' });
    await userEvent.type(input, '999');
    await userEvent.tab();
    await expect(input).toHaveValue('999');
    await expect(args.onChange).toHaveBeenLastCalledWith(999);
    await expect(await canvas.findByText('Informe um valor entre 20 e 350 kg.')).toBeVisible();
    await expect(input).toBeInvalid();
  },
};

/** More decimals than the field takes are refused, not rounded away; a minus sign is kept, not dropped. */
export const DecimalsAndSign: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Peso' });
    await userEvent.type(input, '72,55');
    await userEvent.tab();
    await expect(input).toHaveValue('72,55');
    await expect(await canvas.findByText('Use no máximo 1 casa decimal.')).toBeVisible();
    await userEvent.clear(input);
    await userEvent.type(input, '-5');
    await userEvent.tab();
    await expect(input).toHaveValue('-5');
    await expect(await canvas.findByText('O valor não pode ser negativo.')).toBeVisible();
  },
};

/** In a form, a value the field refuses keeps the form from being sent and says why under the field. */
export const InForm: Story = {
  args: { minValue: 20, maxValue: 350 },
  render: (args) => {
    const onSubmit = fn((e: React.FormEvent) => e.preventDefault());
    return (
      <Form aria-label="Medidas" onSubmit={onSubmit} css={{ maxWidth: 280 }} data-submitted="0">
        <NumberField {...args} isRequired errorMessage="Informe o peso." />
        <Button type="submit">Salvar</Button>
      </Form>
    );
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar' }));
    await expect(await canvas.findByText('Informe o peso.')).toBeVisible();
    const input = canvas.getByRole('textbox', { name: 'Peso' });
    await expect(input).toHaveFocus();
    await userEvent.type(input, '3500');
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar' }));
    await expect(await canvas.findByText('Informe um valor entre 20 e 350 kg.')).toBeVisible();
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
    validate: (v) => (v !== null && v <= 0 ? 'Informe um peso maior que zero.' : null),
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
