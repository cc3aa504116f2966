/**
 * Stateful handlers of the client-area editor (`GET`/`PUT /professional/me/area-config`), answering as the
 * API does: a partial PUT (only the fields sent change; the cover and the colours merge), the alias lowercased
 * and trimmed, the link she leaves kept as a previous link for 90 days, and 409 ALIAS_ALREADY_IN_USE for an
 * alias that is reserved or someone else's (`TAKEN_ALIASES`). `resetClientAreaState(name)` before each story.
 */
import { delay, http, HttpResponse } from 'msw';
import type { ClientAreaConfig, UpdateAreaConfigData } from '../gen/types.gen';
import { CLIENT_AREA_ORIGIN, clientAreaFixtures, type ClientAreaFixtureName } from './client-area-fixtures';
import { api, fail } from './respond';

export * from './client-area-fixtures';

/** Aliases the mock refuses: a few reserved words of the API and another professional's link. */
export const TAKEN_ALIASES = new Set(['ana-nutri', 'admin', 'login', 'portal', 'suporte']);

const REDIRECT_DAYS = 90;
const AREA_PATH = '/professional/me/area-config';

const state = { config: clientAreaFixtures.defaults(), saves: [] as UpdateAreaConfigData['body'][] };

/** Back to one of the fixtures (the untouched defaults unless named). */
export function resetClientAreaState(name: ClientAreaFixtureName = 'defaults') {
  state.config = clientAreaFixtures[name]();
  state.saves = [];
}
resetClientAreaState();

/** The config as the mock holds it now, and every PUT body it received (in order). */
export const clientAreaState = state;

/** 409 as the API answers a taken alias: the code, and the field it is about. */
export const aliasInUseResponse = () =>
  fail('ALIAS_ALREADY_IN_USE', [{ path: ['link'], message: 'O Link já está em uso. Escolha outro.' }], 409);

function apply(current: ClientAreaConfig, body: NonNullable<UpdateAreaConfigData['body']>): ClientAreaConfig {
  const next: ClientAreaConfig = structuredClone(current);
  if (body.link !== undefined) {
    const link = body.link === null ? null : body.link.trim().toLowerCase();
    if (link !== current.link) {
      next.previousLinks = next.previousLinks.filter((p) => p.link !== link);
      if (current.link) {
        const redirectsUntil = new Date(Date.now() + REDIRECT_DAYS * 86_400_000).toISOString();
        next.previousLinks = [
          ...next.previousLinks.filter((p) => p.link !== current.link),
          { link: current.link, redirectsUntil },
        ];
      }
      next.link = link;
      next.publicUrl = link ? `${CLIENT_AREA_ORIGIN}/p/${link}` : null;
    }
  }
  if (body.title !== undefined) next.title = body.title?.trim() || null;
  if (body.brandImage !== undefined) next.brandImage = body.brandImage;
  if (body.profilePicture !== undefined) next.profilePicture = body.profilePicture;
  if (body.hasDefinedLink !== undefined) next.hasDefinedLink = body.hasDefinedLink;
  if (body.folder) next.folder = { ...next.folder, ...body.folder };
  if (body.colorScheme) {
    const { mode, scheme } = body.colorScheme;
    next.colorScheme = {
      mode: mode ?? next.colorScheme.mode,
      scheme: {
        color: { ...next.colorScheme.scheme.color, ...scheme?.color },
        image: { ...next.colorScheme.scheme.image, ...scheme?.image },
      },
    };
  }
  return next;
}

export const clientAreaHandlers = {
  getAreaConfig: http.get(api(AREA_PATH), async () => {
    await delay(50);
    return HttpResponse.json(state.config);
  }),
  updateAreaConfig: http.put(api(AREA_PATH), async ({ request }) => {
    const body = (await request.json()) as NonNullable<UpdateAreaConfigData['body']>;
    await delay(150);
    state.saves.push(body);
    const link = typeof body.link === 'string' ? body.link.trim().toLowerCase() : null;
    if (link && link !== state.config.link && TAKEN_ALIASES.has(link)) return aliasInUseResponse();
    state.config = apply(state.config, body);
    return HttpResponse.json(state.config);
  }),
};

/** Every client-area handler, for a story's `msw.handlers`. */
export const clientAreaHandlerList = Object.values(clientAreaHandlers);
