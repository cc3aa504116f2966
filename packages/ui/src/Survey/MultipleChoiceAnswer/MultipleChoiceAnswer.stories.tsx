import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { clashingAppearance, withQuizAppearance } from '../storyHelpers';
import { MultipleChoiceAnswer, type MultipleChoiceAnswerProps } from './MultipleChoiceAnswer';

function Controlled(args: MultipleChoiceAnswerProps) {
  const [value, setValue] = useState(args.value);
  return (
    <MultipleChoiceAnswer
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
  title: 'Questionário/MultipleChoiceAnswer',
  component: MultipleChoiceAnswer,
  tags: ['autodocs'],
  decorators: [withQuizAppearance],
  args: {
    label: 'Quantas refeições você faz por dia?',
    alternatives: [
      { id: 'a', label: '1 ou 2' },
      { id: 'b', label: '3 ou 4' },
      { id: 'c', label: '5 ou mais' },
    ],
    value: [],
    onChange: fn(),
  },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof MultipleChoiceAnswer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('radiogroup', { name: 'Quantas refeições você faz por dia?' })).toBeInTheDocument();
    // Tap a card.
    await userEvent.click(canvas.getByText('3 ou 4'));
    await expect(canvas.getByRole('radio', { name: '3 ou 4' })).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(['b']);
    // Arrow keys move the selection.
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('radio', { name: '5 ou mais' })).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(['c']);
  },
};

export const Multiple: Story = {
  args: {
    label: 'Quais refeições você costuma pular?',
    selectionMode: 'multiple',
    description: 'Escolha quantas quiser.',
    alternatives: [
      { id: 'cafe', label: 'Café da manhã' },
      { id: 'almoco', label: 'Almoço' },
      { id: 'lanche', label: 'Lanche da tarde' },
      { id: 'jantar', label: 'Jantar' },
    ],
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByText('Café da manhã'));
    // Keyboard: Tab to the next card, Space toggles it.
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('checkbox', { name: 'Almoço' })).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(['cafe', 'almoco']);
    await userEvent.keyboard(' ');
    await expect(args.onChange).toHaveBeenLastCalledWith(['cafe']);
  },
};

export const Keyboard: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: '1 ou 2' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onChange).toHaveBeenLastCalledWith(['a']);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(canvas.getByRole('radio', { name: '5 ou mais' })).toBeChecked();
  },
};

export const Selected: Story = { args: { value: ['b'] } };

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'Escolha uma alternativa para continuar.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Escolha uma alternativa para continuar.')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, value: ['a'] },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByText('3 ou 4'), { pointerEventsCheck: 0 });
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const ClashingAppearance: Story = {
  args: { value: ['a'] },
  parameters: { quizAppearance: clashingAppearance },
};

export const Dark: Story = { globals: { colorMode: 'dark' }, args: { value: ['b'] } };
