import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio, ensureReadable } from './contrast';
import { darkTheme, lightTheme, themeToCssVars, type SemanticColors } from './tokens';

describe('contrastRatio', () => {
  it('is 21 for black on white and symmetric', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#FFFFFF', '#000')).toBeCloseTo(21, 5);
  });
  it('is 1 for equal colours', () => {
    expect(contrastRatio('#2563EB', '#2563eb')).toBeCloseTo(1, 5);
  });
  it('matches the known value for the primary blue on white', () => {
    expect(contrastRatio('#2563EB', '#FFFFFF')).toBeCloseTo(5.17, 2);
  });
  it('rejects colours it cannot read', () => {
    expect(() => contrastRatio('blue', '#fff')).toThrow();
  });
});

describe('ensureReadable', () => {
  it('keeps a colour that is already readable', () => {
    expect(ensureReadable('#2563EB', '#FFFFFF')).toBe('#2563EB');
  });
  it('swaps an unreadable colour for white on dark backgrounds', () => {
    expect(ensureReadable('#111827', '#030712')).toBe('#FFFFFF');
  });
  it('swaps an unreadable colour for near-black on light backgrounds', () => {
    expect(ensureReadable('#FFFFFF', '#FCD34D')).toBe('#030712');
  });
  it('honours a custom minimum (3:1 for large text)', () => {
    expect(ensureReadable('#3B82F6', '#FFFFFF', 3)).toBe('#3B82F6');
    expect(ensureReadable('#3B82F6', '#FFFFFF')).toBe('#030712');
  });
});

// Text colour → the backgrounds it is drawn on.
const pairs: [keyof SemanticColors, (keyof SemanticColors)[]][] = [
  ['text', ['bg', 'surface', 'surfaceMuted', 'dangerSurface', 'successSurface', 'warningSurface', 'infoSurface']],
  ['textMuted', ['bg', 'surface']],
  ['actionText', ['actionBg', 'actionBgHover', 'actionBgPressed']],
  ['dangerText', ['dangerBg', 'dangerBgHover']],
  ['link', ['bg', 'surface']],
  ['danger', ['bg', 'surface', 'dangerSurface']],
  ['success', ['surface', 'successSurface']],
  ['warning', ['surface', 'warningSurface']],
  ['info', ['surface', 'infoSurface']],
];

describe.each([
  ['light', lightTheme],
  ['dark', darkTheme],
])('%s theme', (_name, theme) => {
  it.each(pairs.flatMap(([fg, bgs]) => bgs.map((bg) => [fg, bg] as const)))(
    '%s on %s reaches WCAG AA (4.5:1)',
    (fg, bg) => {
      expect(contrastRatio(theme.colors[fg], theme.colors[bg])).toBeGreaterThanOrEqual(AA_TEXT);
    },
  );
  it('form control borders and focus ring reach 3:1 against the surface', () => {
    expect(contrastRatio(theme.colors.borderStrong, theme.colors.surface)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(theme.colors.focus, theme.colors.surface)).toBeGreaterThanOrEqual(3);
  });
  it('exposes the semantic CSS variables components read', () => {
    const vars = themeToCssVars(theme);
    for (const name of [
      '--color-bg',
      '--color-surface',
      '--color-text',
      '--color-text-muted',
      '--color-action-bg',
      '--color-action-text',
      '--color-border',
      '--color-danger',
      '--color-success',
      '--color-focus',
      '--space-1',
      '--space-8',
      '--radius-sm',
      '--radius-md',
      '--radius-lg',
      '--shadow-1',
      '--shadow-2',
      '--font-sans',
    ]) {
      expect(vars[name], name).toBeTruthy();
    }
    expect(vars['--font-sans']).toMatch(/^'Inter'/);
  });
});

it('keeps the spec colours in the light theme', () => {
  expect(lightTheme.colors.actionBg).toBe('#2563EB');
  expect(lightTheme.colors.text).toBe('#030712');
});
