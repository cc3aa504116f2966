import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { PinInput } from '../../PinInput';
import { QuizAppearanceProvider } from '../../theme/QuizAppearanceProvider';
import { FreeFieldAnswer } from '../FreeFieldAnswer';
import { LinearScaleAnswer } from '../LinearScaleAnswer';
import { MultipleChoiceAnswer } from '../MultipleChoiceAnswer';
import { clashingAppearance, darkAppearance, greenAppearance, Phone, withQuizAppearance } from '../storyHelpers';
import { QuestionFrame } from './QuestionFrame';

function Choice() {
  const [value, setValue] = useState<string[]>([]);
  return (
    <MultipleChoiceAnswer
      label="Como você avalia o seu sono?"
      alternatives={[
        { id: 'ruim', label: 'Ruim' },
        { id: 'regular', label: 'Regular' },
        { id: 'bom', label: 'Bom' },
      ]}
      value={value}
      onChange={setValue}
    />
  );
}

const meta = {
  title: 'Questionário/QuestionFrame',
  component: QuestionFrame,
  tags: ['autodocs'],
  decorators: [withQuizAppearance],
  parameters: { layout: 'fullscreen' },
  args: {
    professionalName: 'Ana Paula Ribeiro',
    title: 'Como você avalia o seu sono?',
    description: 'Pense nos últimos 7 dias.',
    current: 3,
    total: 10,
    children: <Choice />,
    onForward: fn(),
    onBack: fn(),
  },
} satisfies Meta<typeof QuestionFrame>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Como você avalia o seu sono?' })).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Pergunta 3 de 10' })).toHaveAttribute('aria-valuenow', '3');
    await expect(canvas.getByText('Nutricionista')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Prosseguir' }));
    await expect(args.onForward).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Voltar' }));
    await expect(args.onBack).toHaveBeenCalledTimes(1);
  },
};

export const EnterSubmits: Story = {
  args: {
    title: 'Qual é o seu principal objetivo?',
    description: undefined,
    children: (
      <FreeFieldAnswer
        label="Qual é o seu principal objetivo?"
        value="Dormir melhor"
        onChange={() => {}}
        maxLength={80}
      />
    ),
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('textbox', { name: 'Qual é o seu principal objetivo?' }));
    await userEvent.keyboard('{Enter}');
    await expect(args.onForward).toHaveBeenCalledTimes(1);
  },
};

export const ForwardDisabled: Story = {
  args: { isForwardDisabled: true },
  play: async ({ canvas, args }) => {
    const forward = canvas.getByRole('button', { name: 'Prosseguir' });
    await expect(forward).toBeDisabled();
    await userEvent.click(forward, { pointerEventsCheck: 0 });
    await expect(args.onForward).not.toHaveBeenCalled();
  },
};

export const Pending: Story = {
  args: { isPending: true },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Salvando resposta' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: /Prosseguir/ }));
    await expect(args.onForward).not.toHaveBeenCalled();
  },
};

export const FirstQuestion: Story = { args: { current: 1, onBack: undefined } };

/** A sub-question keeps the number of the question that opened it, marked 'complemento'. */
export const Complement: Story = {
  args: { title: 'O que atrapalhou o seu sono?', isComplement: true, children: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Pergunta 3 de 10 · complemento' })).toHaveAttribute(
      'aria-valuenow',
      '3',
    );
    await expect(canvas.getByText('Pergunta 3 de 10 · complemento')).toBeVisible();
  },
};

export const WithImageAndPhoto: Story = {
  args: {
    image:
      'data:image/svg+xml;utf8,<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="%23A7F3D0"/><circle cx="200" cy="100" r="60" fill="%23047857"/></svg>',
    profilePic:
      'data:image/svg+xml;utf8,<svg xmlns="http://www.w3.org/2000/svg" width="44" height="44"><rect width="44" height="44" fill="%23F59E0B"/></svg>',
  },
};

export const CustomAppearance: Story = {
  parameters: { quizAppearance: greenAppearance },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Nutricionista esportiva')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Continuar' })).toBeVisible();
  },
};

/** A professional picked yellow on yellow, pink on pink…: the guard keeps every text readable (axe checks it). */
export const ClashingAppearance: Story = {
  parameters: { quizAppearance: clashingAppearance },
  play: async ({ canvas }) => {
    const forward = canvas.getByRole('button', { name: 'Prosseguir' });
    // The chosen #FEF9C3 on #FACC15 was moved to near-black.
    await expect(getComputedStyle(forward).color).toBe('rgb(3, 7, 18)');
  },
};

export const Dark: Story = { globals: { colorMode: 'dark' } };

/** The survey on a 390 × 844 phone, as a patient sees it. */
export const Mobile390: Story = {
  decorators: [
    (Story) => (
      <div css={{ padding: 'var(--space-4)' }}>
        <Phone>
          <Story />
        </Phone>
      </div>
    ),
  ],
  args: {
    current: 4,
    total: 12,
    title: 'De 0 a 10, quanto você se sentiu com energia?',
    description: undefined,
    children: (
      <LinearScaleAnswer
        label="De 0 a 10, quanto você se sentiu com energia?"
        min={0}
        max={10}
        minLabel="Sem energia"
        maxLabel="Muita energia"
        value={7}
        onChange={() => {}}
      />
    ),
  },
  play: async ({ canvas }) => {
    const phone = canvas.getByTestId('phone');
    await expect(phone.scrollWidth).toBeLessThanOrEqual(390);
    // Touch targets of at least 44 × 44 px.
    for (const el of [
      ...canvas.getAllByRole('radio').map((r) => r.closest('label')!),
      canvas.getByRole('button', { name: 'Voltar' }),
    ]) {
      const { width, height } = el.getBoundingClientRect();
      await expect(Math.min(width, height)).toBeGreaterThanOrEqual(44);
    }
  },
};

/** Every piece under one appearance, on a phone: PIN, a choice and the free field. */
export const PhoneGallery: Story = {
  parameters: { layout: 'padded' },
  decorators: [
    (Story, ctx) => (
      <QuizAppearanceProvider appearance={ctx.globals.colorMode === 'dark' ? darkAppearance : greenAppearance}>
        <Story />
      </QuizAppearanceProvider>
    ),
  ],
  render: (args) => (
    <Phone>
      <QuestionFrame {...args}>
        <PinInput label="PIN do questionário" value="1234" onChange={() => {}} />
        <Choice />
      </QuestionFrame>
    </Phone>
  ),
};
