/** The client area as `GET /professional/me/area-config` answers it: untouched, filled in, and after moving. */
import type { ClientAreaConfig } from '../gen/types.gen';

/** The page address the mocks answer with (the API's `PUBLIC_URL`). */
export const CLIENT_AREA_ORIGIN = 'https://app.acompanha.app';

/** A sample image the mocks use for every uploaded picture (an inline SVG: no network in stories). */
export const clientAreaImageFixture = (fill: string) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect width="320" height="200" fill="${fill}"/><circle cx="240" cy="60" r="40" fill="#ffffff" opacity="0.5"/></svg>`,
  )}`;

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** A professional who never opened the editor: the spec's defaults, no link yet. */
const defaults = (): ClientAreaConfig => ({
  link: null,
  publicUrl: null,
  title: null,
  brandImage: null,
  profilePicture: null,
  hasDefinedLink: true,
  folder: {
    image: null,
    title: null,
    subtitle: null,
    textsColor: '#FFFFFF',
    buttonColor: '#FFFFFF',
    buttonBackground: '#2563EB',
    buttonText: 'Ir para a área do cliente',
  },
  colorScheme: {
    mode: 'light',
    scheme: { color: { light: '#2563EB', dark: '#1E3A8A' }, image: { light: null, dark: null } },
  },
  previousLinks: [],
});

/** Link, title, pictures, cover and colours all chosen. */
const filled = (): ClientAreaConfig => ({
  ...defaults(),
  link: 'ana-souza',
  publicUrl: `${CLIENT_AREA_ORIGIN}/p/ana-souza`,
  title: 'Consultório Ana Souza',
  brandImage: clientAreaImageFixture('#0F766E'),
  profilePicture: clientAreaImageFixture('#DB2777'),
  folder: {
    image: null,
    title: 'Nutrição sem neura',
    subtitle: 'Acompanhe seu plano e fale comigo entre as consultas.',
    textsColor: '#FFFFFF',
    buttonColor: '#0F766E',
    buttonBackground: '#FFFFFF',
    buttonText: 'Entrar na área do cliente',
  },
  colorScheme: {
    mode: 'light',
    scheme: { color: { light: '#0F766E', dark: '#134E4A' }, image: { light: null, dark: null } },
  },
});

/** She moved from two older links, which still lead to her page for a while. */
const moved = (): ClientAreaConfig => ({
  ...filled(),
  previousLinks: [
    { link: 'ana-souza-nutri', redirectsUntil: daysFromNow(30) },
    { link: 'dra-ana', redirectsUntil: daysFromNow(75) },
  ],
});

/** Published off: the link is kept but the page answers 404. */
const unpublished = (): ClientAreaConfig => ({ ...filled(), hasDefinedLink: false });

export const clientAreaFixtures = { defaults, filled, moved, unpublished };
export type ClientAreaFixtureName = keyof typeof clientAreaFixtures;
