import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { clashingAppearance, withQuizAppearance } from '../storyHelpers';
import { MetricsAnswer, type MetricsAnswerProps } from './MetricsAnswer';

function Controlled(args: MetricsAnswerProps) {
  const [value, setValue] = useState(args.value);
  return (
    <MetricsAnswer
      {...args}
      value={value}
      onChange={(v) => {
        setValue(v);
        args.onChange(v);
      }}
    />
  );
}

const meta = {
  title: 'Questionário/MetricsAnswer',
  component: MetricsAnswer,
  tags: ['autodocs'],
  decorators: [withQuizAppearance],
  args: { label: 'Peso', unit: 'kg', value: null, minValue: 20, maxValue: 400, onChange: fn() },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof MetricsAnswer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const field = canvas.getByRole('textbox', { name: 'Peso em kg' });
    // Brazilian decimal comma.
    await userEvent.type(field, '72,5');
    await userEvent.tab();
    await expect(args.onChange).toHaveBeenLastCalledWith(72.5);
    await expect(field).toHaveValue('72,5');
  },
};

/** Under its question, whose title already says what to type: the label is for screen readers only. */
export const LabelHidden: Story = {
  args: { label: 'Qual é o seu peso hoje?', isLabelVisible: false },
  play: async ({ canvas }) => {
    const field = canvas.getByRole('textbox', { name: 'Qual é o seu peso hoje? em kg' });
    await expect(field).toBeVisible();
    const label = canvas.getByText('Qual é o seu peso hoje?');
    await expect(label.getBoundingClientRect().height).toBeLessThanOrEqual(1);
  },
};

/** As she types: the value when the question takes it, `null` while it does not (out of range, half typed). */
export const ReportsTyping: Story = {
  play: async ({ canvas, args }) => {
    const field = canvas.getByRole('textbox', { name: 'Peso em kg' });
    await userEvent.type(field, '7');
    await expect(args.onChange).toHaveBeenLastCalledWith(null);
    await userEvent.type(field, '2,5');
    await expect(args.onChange).toHaveBeenLastCalledWith(72.5);
    // Nothing is said while she is still typing.
    await expect(canvas.queryByText(/Informe um valor/)).not.toBeInTheDocument();
  },
};

export const Glucose: Story = {
  args: { label: 'Glicemia em jejum', unit: 'mg/dL', decimals: 0, value: 92, minValue: 20, maxValue: 600 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Glicemia em jejum em mg/dL' })).toHaveValue('92');
  },
};

/** 999 where the range ends at 400 stays 999 and is refused under the field — never replaced by 400. */
export const OutOfRangeRefused: Story = {
  play: async ({ canvas, args }) => {
    const field = canvas.getByRole('textbox', { name: 'Peso em kg' });
    await userEvent.type(field, '999');
    await userEvent.tab();
    await expect(field).toHaveValue('999');
    await expect(args.onChange).toHaveBeenLastCalledWith(null);
    await expect(args.onChange).not.toHaveBeenCalledWith(400);
    await expect(await canvas.findByText('Informe um valor entre 20 e 400 kg.')).toBeVisible();
    await expect(field).toHaveAccessibleDescription(/Informe um valor entre 20 e 400 kg\./);
  },
};

/** More decimals than the question takes are refused, not rounded away. */
export const TooManyDecimals: Story = {
  play: async ({ canvas, args }) => {
    const field = canvas.getByRole('textbox', { name: 'Peso em kg' });
    await userEvent.type(field, '72,55{Enter}');
    await expect(field).toHaveValue('72,55');
    await expect(args.onChange).toHaveBeenLastCalledWith(null);
    await expect(await canvas.findByText('Use no máximo 1 casa decimal.')).toBeVisible();
  },
};

export const Disabled: Story = { args: { isDisabled: true, value: 68.2 } };
export const ClashingAppearance: Story = { args: { value: 68.2 }, parameters: { quizAppearance: clashingAppearance } };
export const Dark: Story = { globals: { colorMode: 'dark' }, args: { value: 68.2 } };
