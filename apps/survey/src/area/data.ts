/**
 * The public page's data: inlined by the server in the page (`#acompanha-area`, so the first paint needs no
 * round trip), else asked of the API (the dev server serves the page without it).
 */
import { getPublicClientArea, type PublicClientArea } from '@acompanha/api-client';
import '../lib/client';

export type AreaData = PublicClientArea;

/** `undefined`: nothing inlined (ask the API); `null`: the server found no page. */
export function inlinedArea(): AreaData | null | undefined {
  const el = document.getElementById('acompanha-area');
  if (!el?.textContent) return undefined;
  try {
    return JSON.parse(el.textContent) as AreaData | null;
  } catch {
    return undefined;
  }
}

export async function fetchArea(alias: string): Promise<AreaData | null> {
  const { data, response } = await getPublicClientArea({ path: { alias } });
  if (data) return data;
  if (response?.status === 404 || response?.status === 400) return null;
  throw new Error('unavailable');
}

const MODE_KEY = (alias: string) => `acompanha:area-mode:${alias}`;

/** The visitor's choice of light or dark on this page, when she made one. */
export function savedMode(alias: string): 'light' | 'dark' | null {
  try {
    const v = localStorage.getItem(MODE_KEY(alias));
    return v === 'light' || v === 'dark' ? v : null;
  } catch {
    return null;
  }
}

export function saveMode(alias: string, mode: 'light' | 'dark') {
  try {
    localStorage.setItem(MODE_KEY(alias), mode);
  } catch {
    // private mode: the choice lasts this visit only
  }
}
