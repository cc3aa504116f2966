import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { clashingAppearance, withQuizAppearance } from '../storyHelpers';
import { FreeFieldAnswer, type FreeFieldAnswerProps } from './FreeFieldAnswer';

function Controlled(args: FreeFieldAnswerProps) {
  const [value, setValue] = useState(args.value);
  return (
    <FreeFieldAnswer
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
  title: 'Questionário/FreeFieldAnswer',
  component: FreeFieldAnswer,
  tags: ['autodocs'],
  decorators: [withQuizAppearance],
  args: { label: 'Qual é o seu principal objetivo?', value: '', maxLength: 120, onChange: fn() },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof FreeFieldAnswer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const field = canvas.getByRole('textbox', { name: 'Qual é o seu principal objetivo?' });
    await expect(field).toHaveAccessibleDescription('0/120 caracteres');
    await userEvent.type(field, 'Perder peso');
    await expect(canvas.getByText('11/120 caracteres')).toBeVisible();
    await expect(args.onChange).toHaveBeenLastCalledWith('Perder peso');
  },
};

export const Multiline: Story = {
  args: { multiline: true, maxLength: 20, label: 'Conte como foi a sua semana' },
  play: async ({ canvas }) => {
    const field = canvas.getByRole('textbox', { name: 'Conte como foi a sua semana' });
    await expect(field.tagName).toBe('TEXTAREA');
    // Past the limit nothing is cut: the counter and a sentence under the field say by how much.
    await userEvent.type(field, 'Uma semana muito boa, obrigado');
    await expect(field).toHaveValue('Uma semana muito boa, obrigado');
    await expect(canvas.getByText('30/20 caracteres')).toBeVisible();
    await expect(canvas.getByText('Use no máximo 20 caracteres (agora são 30).')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  },
};

export const WithoutLimit: Story = { args: { maxLength: undefined, value: 'Ganhar massa muscular' } };
export const Disabled: Story = { args: { isDisabled: true, value: 'Ganhar massa muscular' } };
export const ClashingAppearance: Story = {
  args: { value: 'Comer melhor' },
  parameters: { quizAppearance: clashingAppearance },
};
export const Dark: Story = { globals: { colorMode: 'dark' }, args: { value: 'Comer melhor' } };
