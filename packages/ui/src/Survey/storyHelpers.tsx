// Shared by the survey stories (not exported from the package).
import type { Decorator } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { QuizAppearanceProvider } from '../theme/QuizAppearanceProvider';
import type { QuizAppearanceInput } from '../theme/quizAppearance';

/** A professional's clashing choices: every text is adjusted by the readability guard. */
export const clashingAppearance: QuizAppearanceInput = {
  colorScheme: {
    activeButton: { background: '#FACC15', text: '#FEF9C3', border: '#FACC15' },
    inactiveButton: { background: '#FEF9C3', text: '#FDE68A', border: '#CA8A04' },
    body: { background: '#831843', text: '#9D174D', secondary: '#BE185D', filled: '#FACC15', unfilled: '#9D174D' },
    header: { background: '#FDF2F8', text: '#FBCFE8', secondary: '#F9A8D4' },
    textField: { background: '#FDF2F8', text: '#FBCFE8', secondary: '#F9A8D4', border: '#DB2777', primary: '#DB2777' },
    uploadField: {
      background: '#FDF2F8',
      text: '#FBCFE8',
      border: '#DB2777',
      iconBackground: '#DB2777',
      icon: '#F472B6',
    },
    activeAlternative: {
      background: '#FACC15',
      text: '#FEF08A',
      border: '#FACC15',
      iconBackground: '#831843',
      icon: '#9D174D',
    },
    inactiveAlternative: { background: '#9D174D', text: '#BE185D', border: '#F9A8D4' },
  },
};

/** A calm green appearance, as a professional might choose. */
export const greenAppearance: QuizAppearanceInput = {
  colorScheme: {
    activeButton: { background: '#047857', text: '#FFFFFF', border: '#047857' },
    inactiveButton: { background: '#FFFFFF', text: '#064E3B', border: '#047857' },
    body: { background: '#F0FDF4', text: '#052E16', secondary: '#166534', filled: '#047857', unfilled: '#BBF7D0' },
    header: {
      background: '#047857',
      text: '#FFFFFF',
      secondary: '#D1FAE5',
      icon: '#047857',
      iconBackground: '#FFFFFF',
    },
    textField: { background: '#FFFFFF', text: '#052E16', secondary: '#166534', border: '#15803D', primary: '#047857' },
    uploadField: {
      background: '#FFFFFF',
      text: '#052E16',
      border: '#15803D',
      iconBackground: '#047857',
      icon: '#FFFFFF',
      filled: '#047857',
      unfilled: '#BBF7D0',
    },
    activeAlternative: {
      background: '#DCFCE7',
      text: '#052E16',
      border: '#047857',
      iconBackground: '#047857',
      icon: '#FFFFFF',
    },
    inactiveAlternative: { background: '#FFFFFF', text: '#052E16', border: '#86EFAC' },
  },
  subtitle: 'Nutricionista esportiva',
  forwardText: 'Continuar',
};

/** A dark appearance for the `Dark` stories. */
export const darkAppearance: QuizAppearanceInput = {
  colorScheme: {
    activeButton: { background: '#F9FAFB', text: '#030712', border: '#F9FAFB' },
    inactiveButton: { background: '#111827', text: '#F9FAFB', border: '#9CA3AF' },
    body: { background: '#030712', text: '#F9FAFB', secondary: '#9CA3AF', filled: '#F9FAFB', unfilled: '#374151' },
    header: {
      background: '#111827',
      text: '#F9FAFB',
      secondary: '#9CA3AF',
      icon: '#030712',
      iconBackground: '#F9FAFB',
    },
    textField: { background: '#111827', text: '#F9FAFB', secondary: '#9CA3AF', border: '#6B7280', primary: '#F9FAFB' },
    uploadField: {
      background: '#111827',
      text: '#F9FAFB',
      border: '#6B7280',
      iconBackground: '#F9FAFB',
      icon: '#030712',
      filled: '#F9FAFB',
      unfilled: '#374151',
    },
    activeAlternative: {
      background: '#F9FAFB',
      text: '#030712',
      border: '#F9FAFB',
      iconBackground: '#030712',
      icon: '#F9FAFB',
    },
    inactiveAlternative: { background: '#111827', text: '#F9FAFB', border: '#4B5563' },
  },
};

/**
 * Wraps the story in a `QuizAppearanceProvider` built from `parameters.quizAppearance`
 * (`'dark'` follows the toolbar's dark mode), with padding like a phone screen.
 */
export const withQuizAppearance: Decorator = (Story, context) => {
  const param = context.parameters.quizAppearance as QuizAppearanceInput | undefined;
  const appearance = param ?? (context.globals.colorMode === 'dark' ? darkAppearance : undefined);
  return (
    <QuizAppearanceProvider appearance={appearance}>
      {/* Full-screen pieces (QuestionFrame, FolderScreen) fill the viewport like on a phone. */}
      <div
        css={
          context.parameters.layout === 'fullscreen'
            ? { minHeight: '100vh', display: 'flex' }
            : { padding: 'var(--space-4)' }
        }
      >
        <Story />
      </div>
    </QuizAppearanceProvider>
  );
};

/** A 390 × 844 phone screen (iPhone 12–15). */
export function Phone({ children }: { children: ReactNode }) {
  return (
    <div
      data-testid="phone"
      css={{
        width: 390,
        height: 844,
        overflow: 'auto',
        border: '1px solid var(--color-border)',
        borderRadius: 'var(--radius-lg)',
      }}
    >
      {children}
    </div>
  );
}

export const phoneParameters = { layout: 'centered' } as const;
