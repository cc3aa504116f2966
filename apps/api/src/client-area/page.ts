/**
 * The professional's public page at `/p/<alias>` (and the patient's corner under it, `/p/<alias>/…`): the
 * survey app's index.html, served with what a link preview needs in its head (title, description, Open Graph
 * tags, canonical address) and the page's data inlined, so the first paint on a cheap phone needs no API round
 * trip. A link she left less than 90 days ago answers 301 to her current one; an unknown or unpublished page is
 * a 404 with the same app (it says so). The patient's pages are `noindex`; nothing about any patient is here.
 */
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../mail/templates.js';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { EXPORT_LINK_SECONDS, fileKeyOf } from '../file/access.js';
import { AppError } from '../errors/app-error.js';
import type { PublicClientAreaSchema } from './schemas.js';
import { publicAreaOf } from './service.js';

/** `/p/<alias>` and what follows it (`''`, `/entrar`, `/area`…). */
export const PUBLIC_PAGE = /^\/p\/([^/?#]{1,80})(\/[^?#]*)?$/;

type PublicArea = z.infer<typeof PublicClientAreaSchema>;

/** JSON inside a `<script type="application/json">`: nothing in it can close the element or open a comment. */
const inlineJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

const capitalize = (s: string) => s.charAt(0).toLocaleUpperCase('pt-BR') + s.slice(1);

/** "Ana Lima — Nutricionista (CRN-3 12345)". */
export function pageTitle(area: PublicArea): string {
  const who = `${area.name} — ${capitalize(area.profession)}`;
  return area.councilRegistration ? `${who} (${area.councilRegistration})` : who;
}

function description(area: PublicArea): string {
  const lines = [area.folder.subtitle, area.title, area.folder.title].filter(Boolean);
  return (
    lines[0] ??
    `Área do cliente de ${area.name}: seus questionários, suas respostas e as mensagens do seu acompanhamento.`
  );
}

/** The head of the page: its title, description, preview tags and the inlined data. */
function head(ctx: AppContext, area: PublicArea | null, rest: string): string {
  const tags: string[] = [];
  // The patient's corner and a missing page stay out of search engines; the public page itself may be indexed.
  if (!area || rest !== '') tags.push('<meta name="robots" content="noindex, nofollow" />');
  if (area) {
    const url = `${ctx.config.publicUrl}/p/${area.link}`;
    const title = escapeHtml(pageTitle(area));
    const desc = escapeHtml(description(area));
    tags.push(
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
      `<meta property="og:type" content="profile" />`,
      `<meta property="og:site_name" content="Acompanha" />`,
      `<meta property="og:locale" content="pt_BR" />`,
      `<meta property="og:title" content="${title}" />`,
      `<meta property="og:description" content="${desc}" />`,
      `<meta property="og:url" content="${escapeHtml(url)}" />`,
      `<meta name="twitter:card" content="summary" />`,
    );
    // A preview is fetched later by the messenger's crawler: a link signed for a week, never a permanent one.
    const photo = area.profilePicture ?? area.brandImage;
    const key = photo ? fileKeyOf(photo) : undefined;
    if (key)
      tags.push(`<meta property="og:image" content="${escapeHtml(ctx.files.signedUrl(key, EXPORT_LINK_SECONDS))}" />`);
  }
  // The data as the JSON answer would carry it (file links signed by the same replacer).
  const data = JSON.parse(JSON.stringify(area, ctx.files.replacer)) as unknown;
  tags.push(`<script id="acompanha-area" type="application/json">${inlineJson(data)}</script>`);
  return tags.join('\n    ');
}

/**
 * Serves `/p/<alias>…` from the survey's `indexHtml`. Returns false when the path is not a public page.
 */
export async function servePublicPage(
  ctx: AppContext,
  pathname: string,
  indexHtml: () => Promise<string>,
  reply: FastifyReply,
): Promise<boolean> {
  const match = PUBLIC_PAGE.exec(pathname);
  if (!match) return false;
  let alias: string;
  try {
    alias = decodeURIComponent(match[1]!).toLowerCase();
  } catch {
    alias = '';
  }
  const rest = (match[2] ?? '').replace(/\/+$/, '');
  let area: PublicArea | null = null;
  try {
    area = alias ? await publicAreaOf(ctx, alias) : null;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
  }
  if (area && area.link !== alias) {
    // A link she left: the address moves with her (links already sent keep working for 90 days).
    await reply.code(301).header('Location', `/p/${area.link}${rest}`).send();
    return true;
  }
  let html: string;
  try {
    html = await indexHtml();
  } catch {
    return false; // no survey build (the API alone): the generic 404
  }
  if (area) {
    html = html
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(pageTitle(area))}</title>`)
      .replace(
        /<meta name="description" content="[^"]*" \/>/,
        `<meta name="description" content="${escapeHtml(description(area))}" />`,
      );
  } else {
    html = html.replace(/<title>[^<]*<\/title>/, '<title>Página não encontrada — Acompanha</title>');
  }
  html = html.replace('</head>', `  ${head(ctx, area, rest)}\n  </head>`);
  await reply
    .code(area ? 200 : 404)
    .header('Cache-Control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(html);
  return true;
}
