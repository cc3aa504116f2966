/** The client-area appearance of the spec: a colour scheme (light/dark) and the cover ("folder"). */
import { AA_TEXT, contrastRatio, ensureReadable } from './contrast';
import type { AppearanceWarning } from './quizAppearance';
import type { ColorMode } from './tokens';

export interface ClientAreaScheme {
  /** Default 'light'. */
  mode: ColorMode;
  scheme: {
    /** Brand colour of the area (cover background, accents) per mode. */
    color: { dark: string; light: string };
    /** Cover image URL per mode (`null`: none). */
    image: { dark: string | null; light: string | null };
  };
}

export interface ClientAreaFolderColors {
  /** Title and subtitle on the cover. Default white. */
  textsColor: string;
  /** Text of the cover button. Default white. */
  buttonColor: string;
  /** Default blue `#2563EB`. */
  buttonBackground: string;
  /** Default 'Ir para a área do cliente'. */
  buttonText: string;
}

export const defaultClientAreaScheme: ClientAreaScheme = {
  mode: 'light',
  scheme: { color: { light: '#2563EB', dark: '#1E3A8A' }, image: { light: null, dark: null } },
};

/** Spec defaults of the client-area cover. */
export const defaultClientAreaFolder: ClientAreaFolderColors = {
  textsColor: '#FFFFFF',
  buttonColor: '#FFFFFF',
  buttonBackground: '#2563EB',
  buttonText: 'Ir para a área do cliente',
};

/**
 * The cover image is drawn under a near-black scrim at 65 %; over the brightest possible image
 * (white) the result is this grey, so texts are checked against it when there is an image.
 */
export const COVER_SCRIM_WORST_CASE = '#5C5E62';

export interface ResolvedClientArea {
  mode: ColorMode;
  /** Brand colour for the current mode. */
  color: string;
  image: string | null;
  folder: ClientAreaFolderColors;
  warnings: AppearanceWarning[];
}

/** Picks the current mode's values and keeps the cover texts and button text readable. */
export function resolveClientArea(
  scheme: ClientAreaScheme = defaultClientAreaScheme,
  folder: Partial<ClientAreaFolderColors> = {},
): ResolvedClientArea {
  const mode = scheme.mode ?? 'light';
  const color = scheme.scheme?.color?.[mode] ?? defaultClientAreaScheme.scheme.color[mode];
  const image = scheme.scheme?.image?.[mode] ?? null;
  const merged = { ...defaultClientAreaFolder, ...folder };
  const warnings: AppearanceWarning[] = [];
  const coverBg = image ? COVER_SCRIM_WORST_CASE : color;

  const texts = ensureReadable(merged.textsColor, coverBg);
  if (texts !== merged.textsColor) {
    warnings.push({
      path: 'folder.textsColor',
      message: 'O texto da capa ficou com pouco contraste e foi ajustado.',
      from: merged.textsColor,
      to: texts,
    });
  }
  const button = ensureReadable(merged.buttonColor, merged.buttonBackground);
  if (button !== merged.buttonColor) {
    warnings.push({
      path: 'folder.buttonColor',
      message: 'O texto do botão da capa ficou com pouco contraste e foi ajustado.',
      from: merged.buttonColor,
      to: button,
    });
  }
  return { mode, color, image, folder: { ...merged, textsColor: texts, buttonColor: button }, warnings };
}

/** Warnings for the client-area editor (empty when everything is readable). */
export function checkClientArea(
  scheme: ClientAreaScheme,
  folder: Partial<ClientAreaFolderColors> = {},
): AppearanceWarning[] {
  return resolveClientArea(scheme, folder).warnings;
}

/** `--client-area-color`, `--client-area-on-color`, `--client-area-image`, `--client-area-folder-text`, `--client-area-button-*`. */
export function clientAreaToCssVars(area: ResolvedClientArea): Record<string, string> {
  return {
    '--client-area-color': area.color,
    // Text drawn straight on the brand colour (e.g. a header band).
    '--client-area-on-color': ensureReadable('#FFFFFF', area.color, AA_TEXT),
    '--client-area-image': area.image ? `url("${area.image.replace(/"/g, '%22')}")` : 'none',
    '--client-area-folder-text': area.folder.textsColor,
    '--client-area-button-bg': area.folder.buttonBackground,
    '--client-area-button-text': area.folder.buttonColor,
    // The button's outline must stand out from the cover (3:1, non-text contrast).
    '--client-area-button-border':
      contrastRatio(area.folder.buttonBackground, area.image ? COVER_SCRIM_WORST_CASE : area.color) >= 3
        ? area.folder.buttonBackground
        : area.folder.textsColor,
  };
}
