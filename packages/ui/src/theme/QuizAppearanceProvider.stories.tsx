import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { ColorPicker } from '../ColorPicker';
import { InlineAlert } from '../InlineAlert';
import { FreeFieldAnswer } from '../Survey/FreeFieldAnswer';
import { MultipleChoiceAnswer } from '../Survey/MultipleChoiceAnswer';
import { QuestionFrame } from '../Survey/QuestionFrame';
import { clashingAppearance, greenAppearance, Phone } from '../Survey/storyHelpers';
import {
  checkAppearance,
  defaultQuizAppearance,
  type QuizAppearance,
  type QuizAppearanceInput,
} from './quizAppearance';
import { QuizAppearanceProvider, useAppearanceWarnings } from './QuizAppearanceProvider';

function Preview() {
  const [choice, setChoice] = useState<string[]>(['b']);
  const [text, setText] = useState('');
  return (
    <QuestionFrame
      professionalName="Ana Paula Ribeiro"
      title="Quantas refeições você faz por dia?"
      current={2}
      total={8}
      onForward={() => {}}
      onBack={() => {}}
    >
      <MultipleChoiceAnswer
        label="Quantas refeições você faz por dia?"
        alternatives={[
          { id: 'a', label: '1 ou 2' },
          { id: 'b', label: '3 ou 4' },
          { id: 'c', label: '5 ou mais' },
        ]}
        value={choice}
        onChange={setChoice}
      />
      <FreeFieldAnswer label="Observações" isLabelVisible value={text} onChange={setText} maxLength={60} />
    </QuestionFrame>
  );
}

function Warnings() {
  const warnings = useAppearanceWarnings();
  if (!warnings.length) return null;
  return (
    <div css={{ padding: 'var(--space-4)', background: 'var(--color-surface)' }}>
      <InlineAlert tone="warning" title="Ajustamos algumas cores">
        <ul css={{ margin: 0, paddingLeft: '1.2em' }}>
          {warnings.map((w) => (
            <li key={w.path}>{w.message}</li>
          ))}
        </ul>
      </InlineAlert>
    </div>
  );
}

const meta = {
  title: 'Tema/QuizAppearanceProvider',
  component: QuizAppearanceProvider,
  tags: ['autodocs'],
  args: { children: <Preview /> },
  render: (args) => (
    <Phone>
      <QuizAppearanceProvider {...args}>
        <Warnings />
        {args.children}
      </QuizAppearanceProvider>
    </Phone>
  ),
} satisfies Meta<typeof QuizAppearanceProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const forward = canvas.getByRole('button', { name: 'Prosseguir' });
    await expect(getComputedStyle(forward).backgroundColor).toBe('rgb(3, 7, 18)');
    await expect(getComputedStyle(forward).color).toBe('rgb(255, 255, 255)');
    await expect(canvas.queryByText('Ajustamos algumas cores')).not.toBeInTheDocument();
  },
};

export const Custom: Story = { args: { appearance: greenAppearance } };

/** The guard adjusts every clashing text colour and the editor lists what changed. */
export const ClashingAppearance: Story = {
  args: { appearance: clashingAppearance },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('O texto do botão ativo ficou com pouco contraste e foi ajustado.')).toBeVisible();
    await expect(canvas.getByText('O texto das perguntas ficou com pouco contraste e foi ajustado.')).toBeVisible();
  },
};

export const Dark: Story = { globals: { colorMode: 'dark' } };

type EditableColor = { group: keyof QuizAppearance['colorScheme']; key: string; label: string };
const editable: EditableColor[] = [
  { group: 'activeButton', key: 'background', label: 'Fundo do botão ativo' },
  { group: 'activeButton', key: 'text', label: 'Texto do botão ativo' },
  { group: 'body', key: 'background', label: 'Fundo da página' },
  { group: 'activeAlternative', key: 'background', label: 'Fundo da alternativa selecionada' },
];

function LiveEditorDemo() {
  const [appearance, setAppearance] = useState<QuizAppearanceInput>(defaultQuizAppearance);
  const warnings = useMemo(() => checkAppearance(appearance), [appearance]);
  const set = (group: EditableColor['group'], key: string, hex: string) =>
    setAppearance((a) => ({
      ...a,
      colorScheme: { ...a.colorScheme, [group]: { ...a.colorScheme?.[group], [key]: hex } },
    }));
  return (
    <div css={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--space-5)', alignItems: 'flex-start' }}>
      <div css={{ display: 'grid', gap: 'var(--space-4)', maxWidth: 300 }}>
        {editable.map((e) => (
          <ColorPicker
            key={`${e.group}.${e.key}`}
            label={e.label}
            showEditor={e.key === 'background' && e.group === 'activeButton'}
            value={(appearance.colorScheme?.[e.group] as Record<string, string> | undefined)?.[e.key] ?? '#000000'}
            onChange={(hex) => set(e.group, e.key, hex)}
          />
        ))}
        <div role="status" aria-label="Avisos de contraste">
          {warnings.length > 0 && (
            <InlineAlert tone="warning" title="Ajustamos algumas cores">
              <ul css={{ margin: 0, paddingLeft: '1.2em' }}>
                {warnings.map((w) => (
                  <li key={w.path}>{w.message}</li>
                ))}
              </ul>
            </InlineAlert>
          )}
        </div>
      </div>
      <Phone>
        <QuizAppearanceProvider appearance={appearance}>
          <Preview />
        </QuizAppearanceProvider>
      </Phone>
    </div>
  );
}

/** Colour pickers change a quiz appearance; the survey pieces update live and clashes are reported. */
export const LiveEditor: Story = {
  render: () => <LiveEditorDemo />,
  play: async ({ canvas }) => {
    const picker = canvas.getByRole('group', { name: 'Fundo do botão ativo' });
    // Yellow swatch is not in the defaults: type it.
    const hex = within(picker).getByRole('textbox', { name: /Hexadecimal/ });
    await userEvent.clear(hex);
    await userEvent.type(hex, '#FDE047{Enter}');
    const forward = canvas.getByRole('button', { name: 'Prosseguir' });
    await expect(getComputedStyle(forward).backgroundColor).toBe('rgb(253, 224, 71)');
    // White on yellow was too weak: the text went dark and the editor says so.
    await expect(getComputedStyle(forward).color).toBe('rgb(3, 7, 18)');
    await expect(canvas.getByText('O texto do botão ativo ficou com pouco contraste e foi ajustado.')).toBeVisible();
  },
};
