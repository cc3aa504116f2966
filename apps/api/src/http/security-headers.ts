import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig, S3Config } from '../config.js';

/** The origin the browser talks to for an S3-compatible store (presigned PUTs and the redirected GETs). */
export function s3Origin(s3: S3Config): string {
  const base = new URL(s3.endpoint);
  return `${base.protocol}//${s3.forcePathStyle ? base.host : `${s3.bucket}.${base.host}`}`;
}

/**
 * Security headers on every answer (pages, assets, API, errors), through @fastify/helmet:
 * - a Content-Security-Policy without inline scripts: scripts only from this origin (the Vite builds have no
 *   inline script); styles may be inline, as emotion writes them at run time; images, fonts, uploads and API
 *   calls go to this origin (and to the S3-compatible bucket when one is configured); no plugins, no base
 *   rewriting, forms post here only, and no page may be framed (`frame-ancestors 'none'`, and X-Frame-Options);
 * - `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer` (survey links carry their id in the path),
 *   Cross-Origin-Opener-Policy, and no `X-Powered-By`;
 * - HSTS only on a request that came over https (directly or as the trusted proxy says), never on plain http,
 *   where it would do nothing but could pin a development host.
 */
/**
 * The headers for an answer given before any hook runs (the router refusing a bad URL): a JSON error that
 * nothing may frame, sniff or run.
 */
export const BASELINE_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** Registers on the root instance (not inside a plugin), so the headers reach every route and every error. */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  // File links carry PUBLIC_URL's origin: a page reached under another name of the same server (127.0.0.1 for
  // localhost) still shows them.
  const fileOrigins = [new URL(config.publicUrl).origin, ...(config.s3 ? [s3Origin(config.s3)] : [])];
  app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...fileOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...fileOrigins],
        mediaSrc: ["'self'", 'blob:', ...fileOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    // Images of the bucket are shown by the pages: same-site would block a bucket on another site.
    crossOriginResourcePolicy: { policy: config.s3 ? 'cross-origin' : 'same-origin' },
    hsts: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
}
