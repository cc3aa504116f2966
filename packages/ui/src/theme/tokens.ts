/**
 * The one typed token set of the design system. `ThemeProvider` turns a `Theme` into CSS custom
 * properties; components read only the semantic variables (`var(--color-action-bg)`), so other
 * appearances (quiz appearance groups, client-area scheme) are just other `Theme` values.
 */

export type ColorMode = 'light' | 'dark';

/** Semantic colours. Every `*Text`/`text*` colour is checked against its background in `contrast.test.ts`. */
export interface SemanticColors {
  /** Page background. */
  bg: string;
  /** Cards, menus, dialogs. */
  surface: string;
  /** Subtle fills: hover rows, neutral badges, input groups. */
  surfaceMuted: string;
  text: string;
  textMuted: string;
  /** Decorative lines (dividers, card borders). */
  border: string;
  /** Form control borders (3:1 against the surface). */
  borderStrong: string;
  actionBg: string;
  actionBgHover: string;
  actionBgPressed: string;
  actionText: string;
  /** Inline links and text buttons. */
  link: string;
  danger: string;
  dangerBg: string;
  dangerBgHover: string;
  dangerText: string;
  dangerSurface: string;
  success: string;
  successSurface: string;
  warning: string;
  warningSurface: string;
  info: string;
  infoSurface: string;
  focus: string;
  overlay: string;
}

export interface Theme {
  mode: ColorMode;
  colors: SemanticColors;
  /** Spacing scale, `--space-1` … `--space-8`. */
  space: Record<1 | 2 | 3 | 4 | 5 | 6 | 7 | 8, string>;
  radius: { sm: string; md: string; lg: string; full: string };
  typography: {
    fontSans: string;
    fontMono: string;
    size: { xs: string; sm: string; md: string; lg: string; xl: string; '2xl': string; '3xl': string };
    weight: { regular: number; medium: number; semibold: number; bold: number };
    lineHeight: { tight: number; normal: number };
  };
  elevation: { 1: string; 2: string };
  motion: { fast: string; normal: string; easing: string };
}

/** Raw palette. Components never read these directly. */
export const palette = {
  white: '#FFFFFF',
  gray50: '#F9FAFB',
  gray100: '#F3F4F6',
  gray200: '#E5E7EB',
  gray300: '#D1D5DB',
  gray400: '#9CA3AF',
  gray500: '#6B7280',
  gray600: '#4B5563',
  gray700: '#374151',
  gray800: '#1F2937',
  gray900: '#111827',
  gray950: '#030712',
  blue50: '#EFF6FF',
  blue300: '#93C5FD',
  blue400: '#60A5FA',
  blue600: '#2563EB',
  blue700: '#1D4ED8',
  blue800: '#1E40AF',
  red50: '#FEF2F2',
  red400: '#F87171',
  red600: '#DC2626',
  red700: '#B91C1C',
  red800: '#991B1B',
  green50: '#F0FDF4',
  green400: '#4ADE80',
  green700: '#15803D',
  amber50: '#FFFBEB',
  amber300: '#FCD34D',
  amber700: '#B45309',
} as const;

const shared = {
  space: { 1: '4px', 2: '8px', 3: '12px', 4: '16px', 5: '24px', 6: '32px', 7: '48px', 8: '64px' },
  radius: { sm: '4px', md: '8px', lg: '12px', full: '9999px' },
  typography: {
    fontSans: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    fontMono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
    size: {
      xs: '0.75rem',
      sm: '0.875rem',
      md: '1rem',
      lg: '1.125rem',
      xl: '1.25rem',
      '2xl': '1.5rem',
      '3xl': '1.875rem',
    },
    weight: { regular: 400, medium: 500, semibold: 600, bold: 700 },
    lineHeight: { tight: 1.25, normal: 1.5 },
  },
  motion: { fast: '120ms', normal: '200ms', easing: 'cubic-bezier(0.2, 0, 0, 1)' },
} satisfies Omit<Theme, 'mode' | 'colors' | 'elevation'>;

export const lightTheme: Theme = {
  ...shared,
  mode: 'light',
  colors: {
    bg: palette.gray50,
    surface: palette.white,
    surfaceMuted: palette.gray100,
    text: palette.gray950,
    textMuted: palette.gray600,
    border: palette.gray200,
    borderStrong: palette.gray500,
    actionBg: palette.blue600,
    actionBgHover: palette.blue700,
    actionBgPressed: palette.blue800,
    actionText: palette.white,
    link: palette.blue700,
    danger: palette.red700,
    dangerBg: palette.red600,
    dangerBgHover: palette.red700,
    dangerText: palette.white,
    dangerSurface: palette.red50,
    success: palette.green700,
    successSurface: palette.green50,
    warning: palette.amber700,
    warningSurface: palette.amber50,
    info: palette.blue700,
    infoSurface: palette.blue50,
    focus: palette.blue600,
    overlay: 'rgba(3, 7, 18, 0.5)',
  },
  elevation: {
    1: '0 1px 2px rgba(3, 7, 18, 0.06), 0 1px 3px rgba(3, 7, 18, 0.1)',
    2: '0 10px 25px -5px rgba(3, 7, 18, 0.15), 0 8px 10px -6px rgba(3, 7, 18, 0.1)',
  },
};

export const darkTheme: Theme = {
  ...shared,
  mode: 'dark',
  colors: {
    bg: palette.gray950,
    surface: palette.gray900,
    surfaceMuted: palette.gray800,
    text: palette.gray50,
    textMuted: palette.gray400,
    border: palette.gray700,
    borderStrong: palette.gray500,
    actionBg: palette.blue600,
    actionBgHover: palette.blue700,
    actionBgPressed: palette.blue800,
    actionText: palette.white,
    link: palette.blue300,
    danger: palette.red400,
    dangerBg: palette.red600,
    dangerBgHover: palette.red700,
    dangerText: palette.white,
    dangerSurface: '#3A1010',
    success: palette.green400,
    successSurface: '#0C2A17',
    warning: palette.amber300,
    warningSurface: '#33240A',
    info: palette.blue300,
    infoSurface: '#0F1F3D',
    focus: palette.blue400,
    overlay: 'rgba(0, 0, 0, 0.7)',
  },
  elevation: {
    1: '0 1px 2px rgba(0, 0, 0, 0.4), 0 1px 3px rgba(0, 0, 0, 0.5)',
    2: '0 10px 25px -5px rgba(0, 0, 0, 0.6), 0 8px 10px -6px rgba(0, 0, 0, 0.5)',
  },
};

export const themes: Record<ColorMode, Theme> = { light: lightTheme, dark: darkTheme };

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Turns a theme into the CSS custom properties the components read. */
export function themeToCssVars(theme: Theme): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [k, v] of Object.entries(theme.colors)) vars[`--color-${kebab(k)}`] = v;
  for (const [k, v] of Object.entries(theme.space)) vars[`--space-${k}`] = v;
  for (const [k, v] of Object.entries(theme.radius)) vars[`--radius-${k}`] = v;
  vars['--font-sans'] = theme.typography.fontSans;
  vars['--font-mono'] = theme.typography.fontMono;
  for (const [k, v] of Object.entries(theme.typography.size)) vars[`--font-size-${k}`] = v;
  for (const [k, v] of Object.entries(theme.typography.weight)) vars[`--font-weight-${k}`] = String(v);
  for (const [k, v] of Object.entries(theme.typography.lineHeight)) vars[`--line-height-${k}`] = String(v);
  vars['--shadow-1'] = theme.elevation[1];
  vars['--shadow-2'] = theme.elevation[2];
  vars['--duration-fast'] = theme.motion.fast;
  vars['--duration-normal'] = theme.motion.normal;
  vars['--easing-standard'] = theme.motion.easing;
  return vars;
}
