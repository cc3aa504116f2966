import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { clashingAppearance, withQuizAppearance } from '../storyHelpers';
import { LinearScaleAnswer, type LinearScaleAnswerProps } from './LinearScaleAnswer';

function Controlled(args: LinearScaleAnswerProps) {
  const [value, setValue] = useState(args.value);
  return (
    <LinearScaleAnswer
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
  title: 'Questionário/LinearScaleAnswer',
  component: LinearScaleAnswer,
  tags: ['autodocs'],
  decorators: [withQuizAppearance],
  args: {
    label: 'Quanto você se sentiu disposto nesta semana?',
    min: 1,
    max: 5,
    minLabel: 'Nada disposto',
    maxLabel: 'Muito disposto',
    value: null,
    onChange: fn(),
  },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof LinearScaleAnswer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(
      canvas.getByRole('radiogroup', { name: 'Quanto você se sentiu disposto nesta semana?' }),
    ).toBeInTheDocument();
    // The ends carry their meaning for screen readers.
    await userEvent.click(canvas.getByRole('radio', { name: '1, Nada disposto' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(1);
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: '3' })).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(3);
  },
};

export const ZeroToTen: Story = {
  args: {
    min: 0,
    max: 10,
    minLabel: 'Nunca',
    maxLabel: 'Sempre',
    label: 'Com que frequência você sente fome à noite?',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('radio')).toHaveLength(11);
  },
};

export const Selected: Story = { args: { value: 4 } };
export const Disabled: Story = { args: { value: 2, isDisabled: true } };
export const ClashingAppearance: Story = { args: { value: 3 }, parameters: { quizAppearance: clashingAppearance } };
export const Dark: Story = { globals: { colorMode: 'dark' }, args: { value: 4 } };
