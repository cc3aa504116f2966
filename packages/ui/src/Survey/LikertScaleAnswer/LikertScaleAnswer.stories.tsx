import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { clashingAppearance, withQuizAppearance } from '../storyHelpers';
import { LikertScaleAnswer, type LikertScaleAnswerProps } from './LikertScaleAnswer';

function Controlled(args: LikertScaleAnswerProps) {
  const [value, setValue] = useState(args.value);
  return (
    <LikertScaleAnswer
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
  title: 'Questionário/LikertScaleAnswer',
  component: LikertScaleAnswer,
  tags: ['autodocs'],
  decorators: [withQuizAppearance],
  args: {
    label: 'Sobre a sua alimentação',
    statements: [
      { id: 's1', text: 'Consigo seguir o plano alimentar nos fins de semana.' },
      { id: 's2', text: 'Sinto fome entre as refeições.' },
    ],
    value: {},
    onChange: fn(),
  },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof LikertScaleAnswer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const first = canvas.getByRole('radiogroup', { name: 'Consigo seguir o plano alimentar nos fins de semana.' });
    await userEvent.click(within(first).getByText('Concordo'));
    await expect(args.onChange).toHaveBeenLastCalledWith({ s1: '4' });
    const second = canvas.getByRole('radiogroup', { name: 'Sinto fome entre as refeições.' });
    await userEvent.click(within(second).getByText('Discordo totalmente'));
    await expect(args.onChange).toHaveBeenLastCalledWith({ s1: '4', s2: '1' });
    // Arrow keys move within one statement only.
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(second).getByRole('radio', { name: 'Discordo' })).toBeChecked();
    await expect(within(first).getByRole('radio', { name: 'Concordo' })).toBeChecked();
  },
};

export const CustomLevels: Story = {
  args: {
    levels: [
      { id: 'nunca', label: 'Nunca' },
      { id: 'as-vezes', label: 'Às vezes' },
      { id: 'sempre', label: 'Sempre' },
    ],
    value: { s1: 'sempre' },
  },
};

export const Disabled: Story = { args: { isDisabled: true, value: { s1: '5' } } };
export const ClashingAppearance: Story = {
  args: { value: { s1: '2' } },
  parameters: { quizAppearance: clashingAppearance },
};
export const Dark: Story = { globals: { colorMode: 'dark' }, args: { value: { s1: '5' } } };
