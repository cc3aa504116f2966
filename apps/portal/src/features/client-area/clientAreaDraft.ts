/** The client area as its three editors hold it, and the link's rules (the API's, said in Portuguese). */
import type { ClientAreaConfig, UpdateAreaConfigData } from '@acompanha/api-client';

export const ALIAS_MIN = 3;
export const ALIAS_MAX = 40;
/** Lowercase letters, digits and single hyphens, starting and ending with a letter or digit (as the API). */
const ALIAS_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9]))*$/;

/** The API's answer for a link someone else has (shown under the field as it comes). */
export const ALIAS_IN_USE_MESSAGE = 'O Link já está em uso. Escolha outro.';

/** The link as the API will keep it: trimmed and lowercased. */
export const normalizeAlias = (value: string) => value.trim().toLowerCase();

/** What is wrong with a link as typed (null: it passes the API's format rules; empty is checked apart). */
export function aliasProblem(value: string): string | null {
  const alias = normalizeAlias(value);
  if (!alias) return null;
  if (alias.length < ALIAS_MIN) return `O link deve ter pelo menos ${ALIAS_MIN} caracteres.`;
  if (alias.length > ALIAS_MAX) return `O link deve ter no máximo ${ALIAS_MAX} caracteres.`;
  if (/[^a-z0-9-]/.test(alias)) return 'Use só letras minúsculas, números e hífens, sem espaços nem acentos.';
  if (alias.startsWith('-') || alias.endsWith('-')) return 'O link não pode começar nem terminar com hífen.';
  if (!ALIAS_PATTERN.test(alias)) return 'Não use dois hífens seguidos.';
  return null;
}

/**
 * What comes before the link in her page's address: the saved address without its alias, or this
 * origin's `/p/` before she has one.
 */
export function publicPrefix(config: Pick<ClientAreaConfig, 'link' | 'publicUrl'>): string {
  if (config.link && config.publicUrl?.endsWith(`/p/${config.link}`)) {
    return config.publicUrl.slice(0, -config.link.length);
  }
  return `${window.location.origin}/p/`;
}

export type AreaBody = UpdateAreaConfigData['body'];

/** `/client-area`: the page's own fields. */
export interface PageDraft {
  link: string;
  title: string;
  brandImage: string | null;
  profilePicture: string | null;
  hasDefinedLink: boolean;
}

export const pageDraftOf = (c: ClientAreaConfig): PageDraft => ({
  link: c.link ?? '',
  title: c.title ?? '',
  brandImage: c.brandImage,
  profilePicture: c.profilePicture,
  hasDefinedLink: c.hasDefinedLink,
});

export const pageBody = (d: PageDraft): AreaBody => ({
  link: normalizeAlias(d.link) || null,
  title: d.title.trim() || null,
  brandImage: d.brandImage,
  profilePicture: d.profilePicture,
  hasDefinedLink: d.hasDefinedLink,
});

/** `/client-area/folder`: the cover. */
export type FolderDraft = ClientAreaConfig['folder'];

export const folderDraftOf = (c: ClientAreaConfig): FolderDraft => ({ ...c.folder });

export const folderBody = (d: FolderDraft): AreaBody => ({
  folder: {
    ...d,
    title: d.title?.trim() || null,
    subtitle: d.subtitle?.trim() || null,
    buttonText: d.buttonText.trim(),
  },
});

/** `/client-area/appearance`: the colour mode, and each mode's colour and image. */
export type ColorsDraft = ClientAreaConfig['colorScheme'];

export const colorsDraftOf = (c: ClientAreaConfig): ColorsDraft => structuredClone(c.colorScheme);

export const colorsBody = (d: ColorsDraft): AreaBody => ({ colorScheme: d });

/** The same draft (compared by value: every draft is plain JSON). */
export const sameDraft = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
