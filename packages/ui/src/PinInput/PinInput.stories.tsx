import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { QuizAppearanceProvider } from '../theme/QuizAppearanceProvider';
import { PinInput, type PinInputProps } from './PinInput';

function Controlled(args: PinInputProps) {
  const [value, setValue] = useState(args.value);
  return (
    <PinInput
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
  title: 'Formulários/PinInput',
  component: PinInput,
  tags: ['autodocs'],
  args: { label: 'Código de verificação', value: '', onChange: fn(), onComplete: fn() },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof PinInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('group', { name: 'Código de verificação' })).toBeInTheDocument();
    const first = canvas.getByRole('textbox', { name: 'Dígito 1 de 6' });
    await expect(first).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(first).toHaveAttribute('inputmode', 'numeric');
    await userEvent.click(first);
    await userEvent.keyboard('12a3');
    // Letters are ignored; focus follows the digits.
    await expect(canvas.getByRole('textbox', { name: 'Dígito 3 de 6' })).toHaveValue('3');
    await expect(canvas.getByRole('textbox', { name: 'Dígito 4 de 6' })).toHaveFocus();
    await userEvent.keyboard('456');
    await expect(args.onComplete).toHaveBeenCalledWith('123456');
  },
};

export const Paste: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('textbox', { name: 'Dígito 1 de 6' }));
    await userEvent.paste('482 913');
    for (const [i, d] of [...'482913'].entries()) {
      await expect(canvas.getByRole('textbox', { name: `Dígito ${i + 1} de 6` })).toHaveValue(d);
    }
    await expect(args.onComplete).toHaveBeenCalledWith('482913');
  },
};

export const ArrowsAndBackspace: Story = {
  args: { value: '1234' },
  play: async ({ canvas, args }) => {
    const box = (n: number) => canvas.getByRole('textbox', { name: `Dígito ${n} de 6` });
    await userEvent.click(box(5));
    await userEvent.keyboard('{Backspace}');
    await expect(box(4)).toHaveFocus();
    await expect(args.onChange).toHaveBeenLastCalledWith('123');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expect(box(2)).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(box(3)).toHaveFocus();
  },
};

export const Invalid: Story = {
  args: { value: '123456', isInvalid: true, errorMessage: 'Código incorreto ou expirado.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Código incorreto ou expirado.')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Dígito 1 de 6' })).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('textbox', { name: 'Dígito 1 de 6' })).toHaveAccessibleDescription(
      'Código incorreto ou expirado.',
    );
  },
};

export const SurveyPin: Story = {
  args: { label: 'PIN do questionário', description: 'O PIN está na mensagem que você recebeu.' },
};

export const FourDigits: Story = {
  args: { length: 4, label: 'Código' },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('textbox')).toHaveLength(4);
    await expect(canvas.getByRole('textbox', { name: 'Dígito 4 de 4' })).toBeInTheDocument();
  },
};

export const Disabled: Story = { args: { value: '12', isDisabled: true } };
export const Dark: Story = { globals: { colorMode: 'dark' }, args: { value: '12' } };

/** Inside a quiz the boxes follow the appearance's text-field colours. */
export const InQuizAppearance: Story = {
  args: { label: 'PIN do questionário', value: '12' },
  render: (args) => (
    <QuizAppearanceProvider
      appearance={{
        colorScheme: {
          body: { background: '#ECFDF5', text: '#064E3B', secondary: '#065F46' },
          textField: { background: '#FFFFFF', text: '#064E3B', border: '#047857', primary: '#047857' },
        },
      }}
    >
      <div css={{ padding: 'var(--space-4)' }}>
        <Controlled {...args} />
      </div>
    </QuizAppearanceProvider>
  ),
  play: async ({ canvas }) => {
    const box = canvas.getByRole('textbox', { name: 'Dígito 1 de 6' });
    await expect(getComputedStyle(box).borderTopColor).toBe('rgb(4, 120, 87)');
  },
};
