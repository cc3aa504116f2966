import { describe, expect, it } from 'vitest';
import {
  clientAreaToCssVars,
  defaultClientAreaFolder,
  defaultClientAreaScheme,
  checkClientArea,
  resolveClientArea,
} from './clientArea';
import { AA_TEXT, contrastRatio } from './contrast';
import {
  checkAppearance,
  defaultQuizAppearance,
  mergeQuizAppearance,
  quizAppearanceToCssVars,
  resolveQuizAppearance,
  type QuizColorScheme,
} from './quizAppearance';

describe('defaultQuizAppearance', () => {
  it('keeps the spec defaults', () => {
    expect(defaultQuizAppearance.colorScheme.activeButton).toMatchObject({ background: '#030712', text: '#FFFFFF' });
    expect(defaultQuizAppearance.subtitle).toBe('Nutricionista');
    expect(defaultQuizAppearance.forwardText).toBe('Prosseguir');
    expect(defaultQuizAppearance.profilePic).toBeNull();
  });
  it('is readable as it is (no warnings)', () => {
    expect(checkAppearance(defaultQuizAppearance)).toEqual([]);
  });
});

describe('mergeQuizAppearance', () => {
  it('fills missing groups, colours and texts with the defaults', () => {
    const merged = mergeQuizAppearance({ colorScheme: { activeButton: { background: '#15803D' } }, subtitle: '  ' });
    expect(merged.colorScheme.activeButton).toEqual({
      ...defaultQuizAppearance.colorScheme.activeButton,
      background: '#15803D',
    });
    expect(merged.colorScheme.body).toEqual(defaultQuizAppearance.colorScheme.body);
    expect(merged.subtitle).toBe('Nutricionista');
  });
  it('does not mutate the defaults when resolving', () => {
    resolveQuizAppearance({ colorScheme: { body: { text: '#FFFFFF' } } });
    expect(defaultQuizAppearance.colorScheme.body.text).toBe('#030712');
  });
});

describe('checkAppearance', () => {
  it('warns in Portuguese about the active button text and says it was adjusted', () => {
    const warnings = checkAppearance({ colorScheme: { activeButton: { background: '#FCD34D', text: '#FFFFFF' } } });
    expect(warnings).toEqual([
      {
        path: 'activeButton.text',
        message: 'O texto do botão ativo ficou com pouco contraste e foi ajustado.',
        from: '#FFFFFF',
        to: '#030712',
      },
    ]);
  });

  it.each<[string, Parameters<typeof checkAppearance>[0], string]>([
    [
      'body',
      { colorScheme: { body: { background: '#111827', text: '#1F2937' } } },
      'O texto das perguntas ficou com pouco contraste e foi ajustado.',
    ],
    [
      'header',
      { colorScheme: { header: { background: '#FDE68A', text: '#FEF3C7' } } },
      'O nome no cabeçalho ficou com pouco contraste e foi ajustado.',
    ],
    [
      'text field',
      { colorScheme: { textField: { background: '#2563EB', text: '#1D4ED8' } } },
      'O texto do campo de resposta ficou com pouco contraste e foi ajustado.',
    ],
    [
      'selected alternative',
      { colorScheme: { activeAlternative: { background: '#F472B6', text: '#FBCFE8' } } },
      'O texto da alternativa selecionada ficou com pouco contraste e foi ajustado.',
    ],
  ])('catches a clashing %s colour', (_name, input, message) => {
    expect(checkAppearance(input).map((w) => w.message)).toContain(message);
  });

  it('replaces colours it cannot read with the default and says so', () => {
    const { appearance, warnings } = resolveQuizAppearance({ colorScheme: { body: { background: 'azul' } } });
    expect(appearance.colorScheme.body.background).toBe('#FFFFFF');
    expect(warnings[0].message).toBe('A cor “azul” não é válida e foi trocada pela cor padrão.');
  });
});

describe('resolveQuizAppearance', () => {
  const clashing = {
    colorScheme: {
      activeButton: { background: '#FACC15', text: '#FEF9C3' },
      inactiveButton: { background: '#1E3A8A', text: '#1E40AF' },
      body: { background: '#831843', text: '#9D174D', secondary: '#BE185D' },
      header: { background: '#FFFFFF', text: '#F3F4F6', secondary: '#E5E7EB' },
      textField: { background: '#000000', text: '#111111', secondary: '#222222' },
      uploadField: { background: '#22C55E', text: '#4ADE80', iconBackground: '#22C55E', icon: '#4ADE80' },
      activeAlternative: { background: '#7C3AED', text: '#8B5CF6', iconBackground: '#7C3AED', icon: '#8B5CF6' },
      inactiveAlternative: { background: '#E5E7EB', text: '#F9FAFB' },
    },
  } as const;

  it('brings every text colour of a clashing appearance to at least 4.5:1', () => {
    const { appearance, warnings } = resolveQuizAppearance(clashing);
    const textPairs: [keyof QuizColorScheme, string, string][] = [
      ['activeButton', 'text', 'background'],
      ['inactiveButton', 'text', 'background'],
      ['body', 'text', 'background'],
      ['body', 'secondary', 'background'],
      ['header', 'text', 'background'],
      ['header', 'secondary', 'background'],
      ['textField', 'text', 'background'],
      ['textField', 'secondary', 'background'],
      ['uploadField', 'text', 'background'],
      ['activeAlternative', 'text', 'background'],
      ['inactiveAlternative', 'text', 'background'],
    ];
    for (const [group, fg, bg] of textPairs) {
      const colours = appearance.colorScheme[group] as unknown as Record<string, string>;
      expect(contrastRatio(colours[fg], colours[bg]), `${group}.${fg}`).toBeGreaterThanOrEqual(AA_TEXT);
    }
    expect(warnings.length).toBeGreaterThanOrEqual(textPairs.length);
  });

  it('keeps backgrounds as chosen (only the text moves)', () => {
    const { appearance } = resolveQuizAppearance(clashing);
    expect(appearance.colorScheme.activeButton.background).toBe('#FACC15');
    expect(appearance.colorScheme.body.background).toBe('#831843');
  });

  it('writes the scoped variables the survey pieces read', () => {
    const vars = quizAppearanceToCssVars(resolveQuizAppearance(clashing).appearance);
    expect(vars['--quiz-active-button-bg']).toBe('#FACC15');
    expect(vars['--quiz-active-button-text']).toBe('#030712');
    expect(vars['--quiz-upload-field-icon-bg']).toBe('#22C55E');
    expect(vars['--quiz-active-alternative-border']).toBeTruthy();
    expect(contrastRatio(vars['--quiz-danger'], '#831843')).toBeGreaterThanOrEqual(AA_TEXT);
  });
});

describe('client area', () => {
  it('keeps the spec defaults', () => {
    expect(defaultClientAreaFolder).toEqual({
      textsColor: '#FFFFFF',
      buttonColor: '#FFFFFF',
      buttonBackground: '#2563EB',
      buttonText: 'Ir para a área do cliente',
    });
    expect(defaultClientAreaScheme.mode).toBe('light');
    expect(checkClientArea(defaultClientAreaScheme)).toEqual([]);
  });

  it('adjusts cover texts and button text that clash, with Portuguese warnings', () => {
    const scheme = {
      mode: 'dark' as const,
      scheme: { color: { light: '#FFFFFF', dark: '#FEF3C7' }, image: { light: null, dark: null } },
    };
    const area = resolveClientArea(scheme, { buttonBackground: '#FDE68A' });
    expect(area.color).toBe('#FEF3C7');
    expect(area.folder.textsColor).toBe('#030712');
    expect(area.folder.buttonColor).toBe('#030712');
    expect(area.warnings.map((w) => w.message)).toEqual([
      'O texto da capa ficou com pouco contraste e foi ajustado.',
      'O texto do botão da capa ficou com pouco contraste e foi ajustado.',
    ]);
  });

  it('checks cover texts against the scrim when there is an image', () => {
    const scheme = {
      mode: 'light' as const,
      scheme: { color: { light: '#FFFFFF', dark: '#000000' }, image: { light: '/capa.jpg', dark: null } },
    };
    const area = resolveClientArea(scheme);
    expect(area.folder.textsColor).toBe('#FFFFFF');
    expect(clientAreaToCssVars(area)['--client-area-image']).toBe('url("/capa.jpg")');
  });
});
