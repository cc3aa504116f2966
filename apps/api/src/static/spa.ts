import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The built single-page apps served beside the API on one origin. */
const STATIC_FILE =
  /\.(?:js|mjs|css|map|json|webmanifest|txt|xml|html?|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|otf|pdf|wasm)$/i;

export interface SpaOptions {
  /** apps/portal/dist: everything that is neither /api nor /quiz-survey. */
  portalDir: string;
  /** apps/survey/dist: /quiz-survey/* (built with base '/quiz-survey/'). */
  surveyDir: string;
}

export const SURVEY_PREFIX = '/quiz-survey';

function setCacheHeaders(res: { setHeader(name: string, value: string): unknown }, filePath: string): void {
  // Vite puts content-hashed files under assets/: they never change. Everything else, the service worker among
  // them (so that a new build's worker replaces the old one at the next visit), is checked on every use.
  const hashed = filePath.split(path.sep).includes('assets');
  res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  // Both apps are served precompressed (preCompressed below), which @fastify/static does not say: a shared cache
  // must not hand a brotli file to a browser that did not ask for one.
  res.setHeader('Vary', 'Accept-Encoding');
}

/**
 * The survey's files: as any; and its service worker (apps/survey/sw.js, which keeps the survey's shell for a link
 * opened offline) may control the survey's paths and no others.
 */
function setSurveyHeaders(res: { setHeader(name: string, value: string): unknown }, filePath: string): void {
  setCacheHeaders(res, filePath);
  if (path.basename(filePath) === 'sw.js') res.setHeader('Service-Worker-Allowed', `${SURVEY_PREFIX}/`);
}

const exists = (dir: string) => fs.existsSync(path.join(dir, 'index.html'));

/** Registers the static files of both SPAs (one route per file: API 404s are unaffected). */
export async function registerSpas(app: FastifyInstance, options: SpaOptions): Promise<void> {
  if (exists(options.surveyDir)) {
    await app.register(fastifyStatic, {
      root: options.surveyDir,
      prefix: `${SURVEY_PREFIX}/`,
      wildcard: false,
      // The survey build writes .br and .gz beside every asset (scripts/vite/spa-build.ts): patients on slow
      // mobile networks get about a third of the bytes, with no compression work per request.
      preCompressed: true,
      decorateReply: false,
      cacheControl: false,
      setHeaders: setSurveyHeaders,
    });
  } else {
    app.log.warn(`survey build not found in ${options.surveyDir} (run pnpm --filter @acompanha/survey build)`);
  }
  if (exists(options.portalDir)) {
    await app.register(fastifyStatic, {
      root: options.portalDir,
      prefix: '/',
      wildcard: false,
      // Precompressed by its build too (scripts/vite/spa-build.ts): a professional on a phone's network opens the
      // sign-in page with a fraction of the bytes.
      preCompressed: true,
      decorateReply: false,
      cacheControl: false,
      setHeaders: setCacheHeaders,
    });
  } else {
    app.log.warn(`portal build not found in ${options.portalDir} (run pnpm --filter @acompanha/portal build)`);
  }
}

/** The survey's index.html (the public page and the patient's corner are served from it). */
export const readSurveyIndex = (options: SpaOptions): Promise<string> =>
  fs.promises.readFile(path.join(options.surveyDir, 'index.html'), 'utf8');

/** What the portal's build says about its addresses (its dist/pages.json; apps/portal/vite.config.ts writes it). */
interface PortalManifest {
  /** Address → a page of the build besides index.html (sign-in.html at the visitor's pages). */
  pages: Map<string, string>;
  /** Route patterns, in the route table's order, with the chunks their screen needs beyond index.html's start. */
  preload: { pattern: RegExp; splat: boolean; files: string[] }[];
}

/** React Router's pattern ('/clients/profile/:id', '/question-builder/:questionId?', '/*') as a regular expression. */
function routePattern(route: string): RegExp {
  const body = route
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment === '*') return '(?:/.*)?';
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  // React Router matches paths case-insensitively.
  return new RegExp(`^${body || '/'}$`, 'i');
}

/** A chunk the build names: only a file of its assets folder, so nothing else can reach the page. */
const ASSET_URL = /^\/assets\/[\w.~-]+\.js$/;

/** The portal's pages.json, read with the page itself (a new build is served without a restart); empty without it. */
async function readPortalManifest(dir: string): Promise<PortalManifest> {
  const manifest: PortalManifest = { pages: new Map(), preload: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(await fs.promises.readFile(path.join(dir, 'pages.json'), 'utf8'));
  } catch {
    return manifest;
  }
  const { pages, preload } = (raw ?? {}) as { pages?: unknown; preload?: unknown };
  if (pages && typeof pages === 'object') {
    for (const [page, paths] of Object.entries(pages)) {
      // Only a page beside index.html, by its plain name.
      if (!/^[\w-]+\.html$/.test(page) || !Array.isArray(paths)) continue;
      for (const address of paths) if (typeof address === 'string') manifest.pages.set(address, page);
    }
  }
  if (preload && typeof preload === 'object') {
    for (const [route, files] of Object.entries(preload)) {
      if (!Array.isArray(files)) continue;
      const urls = files.filter((file): file is string => typeof file === 'string' && ASSET_URL.test(file));
      manifest.preload.push({ pattern: routePattern(route), splat: route.endsWith('*'), files: urls });
    }
  }
  return manifest;
}

/**
 * index.html at `pathname`, with `<link rel="modulepreload">` for the chunks of the screen there (the route table's
 * own pattern first, a catch-all last): they download beside the start instead of after it has run.
 */
function withScreenPreloads(html: string, manifest: PortalManifest, pathname: string): string {
  // `/` has no screen: it sends her on (to her clients, or to the sign-in page).
  if (pathname === '/') return html;
  const route =
    manifest.preload.find((r) => !r.splat && r.pattern.test(pathname)) ??
    manifest.preload.find((r) => r.splat && r.pattern.test(pathname));
  if (!route?.files.length) return html;
  const links = route.files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
  return html.replace('</head>', `${links}</head>`);
}

/**
 * SPA fallback for GET/HEAD outside /api: the survey's index.html under /quiz-survey, the portal's
 * elsewhere (or the page its build names for the address; index.html preloading the address's screen). Returns
 * false when the request is not a page request (the caller answers 404).
 */
export async function trySpaFallback(
  options: SpaOptions,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = (request.url.split('?')[0] ?? '/').replace(/\/+$/, '') || '/';
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  // A missing file (a static file's extension, e.g. /assets/x.js) is a real 404, not a page. Other dots are
  // pages' (e.g. /notifications/settings/quiz_answer.finished).
  if (STATIC_FILE.test(pathname)) return false;
  const survey = pathname === SURVEY_PREFIX || pathname.startsWith(`${SURVEY_PREFIX}/`);
  const dir = survey ? options.surveyDir : options.portalDir;
  const manifest = survey ? null : await readPortalManifest(dir);
  const page = manifest?.pages.get(pathname) ?? 'index.html';
  let html: string;
  let opened = page;
  try {
    html = await fs.promises.readFile(path.join(dir, page), 'utf8');
  } catch {
    // A page pages.json names but the build lacks: the portal's index.html opens every address as well.
    if (page === 'index.html') return false;
    try {
      html = await fs.promises.readFile(path.join(dir, 'index.html'), 'utf8');
      opened = 'index.html';
    } catch {
      return false;
    }
  }
  if (manifest && opened === 'index.html') html = withScreenPreloads(html, manifest, pathname);
  await reply.code(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  return true;
}
