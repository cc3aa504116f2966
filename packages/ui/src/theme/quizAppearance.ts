/**
 * The quiz appearance of the spec: colour groups chosen by the professional for her quizzes,
 * turned into scoped `--quiz-*` CSS variables that only the survey pieces read.
 */
import { AA_TEXT, contrastRatio, ensureReadable } from './contrast';

/** Buttons of the survey footer (forward = active, back = inactive). */
export interface QuizButtonColors {
  text: string;
  background: string;
  border: string;
}

/** The page behind the question. `filled`/`unfilled` colour the progress bar. */
export interface QuizBodyColors {
  /** Question title and answer labels. */
  text: string;
  /** Description, scale end labels, counters. */
  secondary: string;
  background: string;
  /** Progress bar: the answered part. */
  filled: string;
  /** Progress bar: the rest of the track. */
  unfilled: string;
}

/** The band with the professional's name and photo. */
export interface QuizHeaderColors {
  /** The professional's name. */
  text: string;
  /** The subtitle ('Nutricionista'). */
  secondary: string;
  background: string;
  /** Initials in the avatar when there is no photo. */
  icon: string;
  /** Avatar background when there is no photo. */
  iconBackground: string;
}

/** Text, number and PIN inputs. */
export interface QuizTextFieldColors {
  text: string;
  /** Placeholder and unit. */
  secondary: string;
  background: string;
  border: string;
  /** Focus ring and caret. */
  primary: string;
}

/** The file upload area. */
export interface QuizUploadFieldColors {
  text: string;
  background: string;
  border: string;
  icon: string;
  iconBackground: string;
  /** Upload progress: the sent part. */
  filled: string;
  /** Upload progress: the rest of the track. */
  unfilled: string;
}

/** An alternative card (multiple choice, scales, Likert levels). */
export interface QuizAlternativeColors {
  text: string;
  background: string;
  border: string;
  /** The check mark / radio dot. */
  icon: string;
  /** The circle or box around the check mark. */
  iconBackground: string;
}

export interface QuizColorScheme {
  activeButton: QuizButtonColors;
  inactiveButton: QuizButtonColors;
  body: QuizBodyColors;
  header: QuizHeaderColors;
  textField: QuizTextFieldColors;
  uploadField: QuizUploadFieldColors;
  activeAlternative: QuizAlternativeColors;
  inactiveAlternative: QuizAlternativeColors;
}

export type QuizColorGroup = keyof QuizColorScheme;

export interface QuizAppearance {
  colorScheme: QuizColorScheme;
  /** Photo of the professional shown in the header; initials when `null`. */
  profilePic: string | null;
  /** Under the professional's name. Default 'Nutricionista'. */
  subtitle: string;
  /** Label of the forward button. Default 'Prosseguir'. */
  forwardText: string;
}

/** A stored appearance may miss groups or colours; they fall back to `defaultQuizAppearance`. */
export type QuizAppearanceInput = {
  colorScheme?: { [G in QuizColorGroup]?: Partial<QuizColorScheme[G]> };
  profilePic?: string | null;
  subtitle?: string;
  forwardText?: string;
};

const PRIMARY = '#030712';

/** Spec defaults: quiz appearance primary `#030712`, subtitle 'Nutricionista', forward 'Prosseguir'. */
export const defaultQuizAppearance: QuizAppearance = {
  colorScheme: {
    activeButton: { text: '#FFFFFF', background: PRIMARY, border: PRIMARY },
    inactiveButton: { text: PRIMARY, background: '#FFFFFF', border: '#6B7280' },
    body: { text: PRIMARY, secondary: '#4B5563', background: '#FFFFFF', filled: PRIMARY, unfilled: '#E5E7EB' },
    header: { text: PRIMARY, secondary: '#4B5563', background: '#F9FAFB', icon: '#FFFFFF', iconBackground: PRIMARY },
    textField: { text: PRIMARY, secondary: '#4B5563', background: '#FFFFFF', border: '#6B7280', primary: PRIMARY },
    uploadField: {
      text: PRIMARY,
      background: '#F9FAFB',
      border: '#6B7280',
      icon: '#FFFFFF',
      iconBackground: PRIMARY,
      filled: PRIMARY,
      unfilled: '#E5E7EB',
    },
    activeAlternative: {
      text: '#FFFFFF',
      background: PRIMARY,
      border: PRIMARY,
      icon: PRIMARY,
      iconBackground: '#FFFFFF',
    },
    inactiveAlternative: {
      text: PRIMARY,
      background: '#FFFFFF',
      border: '#D1D5DB',
      icon: '#FFFFFF',
      iconBackground: '#FFFFFF',
    },
  },
  profilePic: null,
  subtitle: 'Nutricionista',
  forwardText: 'Prosseguir',
};

/** Fills what an input leaves out with the defaults. */
export function mergeQuizAppearance(input: QuizAppearanceInput = {}): QuizAppearance {
  const groups = Object.keys(defaultQuizAppearance.colorScheme) as QuizColorGroup[];
  const colorScheme = Object.fromEntries(
    groups.map((g) => [g, { ...defaultQuizAppearance.colorScheme[g], ...input.colorScheme?.[g] }]),
  ) as unknown as QuizColorScheme;
  return {
    colorScheme,
    profilePic: input.profilePic ?? null,
    subtitle: input.subtitle?.trim() || defaultQuizAppearance.subtitle,
    forwardText: input.forwardText?.trim() || defaultQuizAppearance.forwardText,
  };
}

/** One readability problem found (and fixed) in an appearance. */
export interface AppearanceWarning {
  /** Where the colour is, e.g. `activeButton.text`. */
  path: string;
  /** Portuguese sentence for the appearance editor. */
  message: string;
  /** The colour that was chosen. */
  from: string;
  /** The colour used instead. */
  to: string;
}

interface ReadabilityRule {
  group: QuizColorGroup;
  fg: string;
  bg: string;
  /** Sentence subject, always masculine ("O texto do botão ativo"). */
  subject: string;
  /** 4.5:1 for text, 3:1 for icons. */
  min: number;
}

// Every colour drawn on top of another one, with the words the editor uses for it.
const rules: ReadabilityRule[] = [
  { group: 'activeButton', fg: 'text', bg: 'background', subject: 'O texto do botão ativo', min: AA_TEXT },
  { group: 'inactiveButton', fg: 'text', bg: 'background', subject: 'O texto do botão inativo', min: AA_TEXT },
  { group: 'body', fg: 'text', bg: 'background', subject: 'O texto das perguntas', min: AA_TEXT },
  { group: 'body', fg: 'secondary', bg: 'background', subject: 'O texto secundário das perguntas', min: AA_TEXT },
  { group: 'header', fg: 'text', bg: 'background', subject: 'O nome no cabeçalho', min: AA_TEXT },
  { group: 'header', fg: 'secondary', bg: 'background', subject: 'O subtítulo do cabeçalho', min: AA_TEXT },
  { group: 'header', fg: 'icon', bg: 'iconBackground', subject: 'O texto da foto de perfil', min: AA_TEXT },
  { group: 'textField', fg: 'text', bg: 'background', subject: 'O texto do campo de resposta', min: AA_TEXT },
  {
    group: 'textField',
    fg: 'secondary',
    bg: 'background',
    subject: 'O texto de apoio do campo de resposta',
    min: AA_TEXT,
  },
  { group: 'uploadField', fg: 'text', bg: 'background', subject: 'O texto do campo de envio', min: AA_TEXT },
  { group: 'uploadField', fg: 'icon', bg: 'iconBackground', subject: 'O ícone do campo de envio', min: 3 },
  {
    group: 'activeAlternative',
    fg: 'text',
    bg: 'background',
    subject: 'O texto da alternativa selecionada',
    min: AA_TEXT,
  },
  {
    group: 'activeAlternative',
    fg: 'icon',
    bg: 'iconBackground',
    subject: 'O ícone da alternativa selecionada',
    min: 3,
  },
  {
    group: 'inactiveAlternative',
    fg: 'text',
    bg: 'background',
    subject: 'O texto da alternativa não selecionada',
    min: AA_TEXT,
  },
];

const isColor = (c: unknown): c is string => typeof c === 'string' && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(c.trim());

export interface ResolvedQuizAppearance {
  /** The appearance actually drawn: defaults filled in, unreadable text colours adjusted. */
  appearance: QuizAppearance;
  warnings: AppearanceWarning[];
}

/**
 * Fills defaults, replaces colours that are not `#rgb`/`#rrggbb` by the default ones, and moves
 * every text colour that falls under 4.5:1 against its background (3:1 for icons) to near-black or
 * white. Pure: the editor calls it to show the warnings, the provider to draw.
 */
export function resolveQuizAppearance(input: QuizAppearanceInput = {}): ResolvedQuizAppearance {
  const appearance = mergeQuizAppearance(input);
  const warnings: AppearanceWarning[] = [];
  const scheme = appearance.colorScheme as unknown as Record<string, Record<string, string>>;
  const defaults = defaultQuizAppearance.colorScheme as unknown as Record<string, Record<string, string>>;

  for (const [group, colours] of Object.entries(scheme)) {
    for (const [key, value] of Object.entries(colours)) {
      if (!isColor(value)) {
        colours[key] = defaults[group][key];
        warnings.push({
          path: `${group}.${key}`,
          message: `A cor “${String(value)}” não é válida e foi trocada pela cor padrão.`,
          from: String(value),
          to: colours[key],
        });
      }
    }
  }
  for (const rule of rules) {
    const colours = scheme[rule.group];
    const fg = colours[rule.fg];
    const bg = colours[rule.bg];
    if (contrastRatio(fg, bg) >= rule.min) continue;
    const to = ensureReadable(fg, bg, rule.min);
    colours[rule.fg] = to;
    warnings.push({
      path: `${rule.group}.${rule.fg}`,
      message: `${rule.subject} ficou com pouco contraste e foi ajustado.`,
      from: fg,
      to,
    });
  }
  return { appearance, warnings };
}

/** The Portuguese warnings the appearance editor shows (empty when everything is readable). */
export function checkAppearance(input: QuizAppearanceInput): AppearanceWarning[] {
  return resolveQuizAppearance(input).warnings;
}

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const short: Record<string, string> = { background: 'bg', iconBackground: 'icon-bg' };

// Error text must stay readable on any body background: the first red that passes, else black/white.
function readableDanger(bg: string): string {
  return (
    ['#B91C1C', '#F87171', '#FCA5A5'].find((c) => contrastRatio(c, bg) >= AA_TEXT) ?? ensureReadable('#B91C1C', bg)
  );
}

/**
 * `--quiz-active-button-bg`, `--quiz-body-text`, `--quiz-upload-field-icon-bg`, … plus
 * `--quiz-focus` (the focus ring, readable on the body) and `--quiz-danger` (error text).
 * Expects a resolved appearance (see `resolveQuizAppearance`).
 */
export function quizAppearanceToCssVars(appearance: QuizAppearance): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [group, colours] of Object.entries(appearance.colorScheme)) {
    for (const [key, value] of Object.entries(colours as Record<string, string>)) {
      vars[`--quiz-${kebab(group)}-${short[key] ?? kebab(key)}`] = value;
    }
  }
  const body = appearance.colorScheme.body;
  vars['--quiz-focus'] = body.text;
  vars['--quiz-danger'] = readableDanger(body.background);
  return vars;
}
