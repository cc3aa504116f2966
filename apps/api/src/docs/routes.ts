/**
 * The API's document and its reference page, for integrators: `GET /api/openapi.json` serves the committed
 * document byte for byte (`packages/api-client/openapi.json`, what `pnpm gen:api` wrote and CI checks), and
 * `GET /api/docs` a reference page (Redoc, pinned, served from this origin: no CDN, and within the same CSP as
 * every page — its scripts are files here, its styles inline, its search worker a blob) with the webhooks and
 * their event catalogue. Neither is in the document itself.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { REPO_ROOT } from '../config.js';
import { errors } from '../errors/app-error.js';

export const OPENAPI_FILE = path.join(REPO_ROOT, 'packages/api-client/openapi.json');
const REDOC_FILE = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');

const PAGE = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Acompanha — referência da API</title>
    <style>body { margin: 0; }</style>
  </head>
  <body>
    <noscript>Esta referência precisa de JavaScript. O documento está em <a href="/api/openapi.json">/api/openapi.json</a>.</noscript>
    <div id="redoc"></div>
    <script src="/api/docs/redoc.standalone.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

// Outside the page (the CSP allows no inline script).
const INIT = `Redoc.init('/api/openapi.json', {
  expandResponses: '200,201,202',
  jsonSampleExpandLevel: 3,
  hideHostname: false,
  sortTagsAlphabetically: false,
  theme: { typography: { fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif' } },
}, document.getElementById('redoc'));
`;

/** The bundle's one address on another origin: the "API docs by Redocly" logo, drawn here as a data: image. */
const REDOC_CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const LOGO =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Ccircle cx='8' cy='8' r='7' fill='%23d41f1c'/%3E%3C/svg%3E";
let bundle: Promise<string> | undefined;
/** Redoc's standalone bundle, read once, with nothing fetched from another origin (the CSP would refuse it). */
function redocBundle(): Promise<string> {
  bundle ??= fs.promises.readFile(REDOC_FILE, 'utf8').then((js) => js.replaceAll(REDOC_CDN_LOGO, LOGO));
  return bundle;
}

export function docsRoutes(): FastifyPluginAsync {
  return async (app) => {
    const hide = { schema: { hide: true } };
    app.get('/openapi.json', hide, async (_request, reply) => {
      let bytes: Buffer;
      try {
        bytes = await fs.promises.readFile(OPENAPI_FILE);
      } catch {
        throw errors.notFound('O documento da API não está disponível neste servidor.');
      }
      return reply
        .header('Content-Type', 'application/json; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('Access-Control-Allow-Origin', '*')
        .send(bytes);
    });
    app.get('/docs', hide, async (_request, reply) =>
      reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(PAGE),
    );
    app.get('/docs/init.js', hide, async (_request, reply) =>
      reply.header('Content-Type', 'text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(INIT),
    );
    app.get('/docs/redoc.standalone.js', hide, async (_request, reply) =>
      reply
        .header('Content-Type', 'text/javascript; charset=utf-8')
        // The file changes only with redoc's pinned version.
        .header('Cache-Control', 'public, max-age=86400')
        .send(await redocBundle()),
    );
  };
}
