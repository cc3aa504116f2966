/** WCAG 2.x contrast helpers, used to keep user-chosen colours (appearances, client area) readable. */

function parseHex(color: string): [number, number, number] {
  let hex = color.trim().replace(/^#/, '');
  if (hex.length === 3 || hex.length === 4)
    hex = hex
      .slice(0, 3)
      .split('')
      .map((c) => c + c)
      .join('');
  if (!/^[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/.test(hex)) {
    throw new Error(`Cor inválida: ${color}`);
  }
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** Relative luminance of a `#rgb`/`#rrggbb` colour (WCAG 2.x). */
export function relativeLuminance(color: string): number {
  const [r, g, b] = parseHex(color).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio between two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  const [hi, lo] = la > lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG AA for normal text. */
export const AA_TEXT = 4.5;

/**
 * Returns `fg` when it reaches `minRatio` against `bg`; otherwise the more readable of
 * near-black (`#030712`) and white.
 */
export function ensureReadable(fg: string, bg: string, minRatio: number = AA_TEXT): string {
  if (contrastRatio(fg, bg) >= minRatio) return fg;
  const dark = '#030712';
  const light = '#FFFFFF';
  return contrastRatio(dark, bg) >= contrastRatio(light, bg) ? dark : light;
}
