/**
 * The survey link `/quiz-survey/<scheduleId>`: the survey app's index.html with who sent the link inlined
 * (`#acompanha-brand`, the same answer as `GET /quiz-answer/{scheduleId}/brand`), so the PIN screen paints in
 * her look with no API round trip first. Only the professional's public presentation: nothing of the patient,
 * her answers or the PIN. An unknown link inlines `null` (the app says so at once); any other failure inlines
 * nothing and the app asks the API as before.
 */
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context.js';
import { AppError } from '../errors/app-error.js';
import { getSurveyBrand } from './state.js';

/** `/quiz-survey/<uuid>` (with or without a trailing slash). */
export const SURVEY_PAGE = /^\/quiz-survey\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/** JSON inside a `<script type="application/json">`: nothing in it can close the element or open a comment. */
const inlineJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** Serves a survey link from the survey's `indexHtml`. Returns false when the path is not one (or no build). */
export async function serveSurveyPage(
  ctx: AppContext,
  pathname: string,
  indexHtml: () => Promise<string>,
  reply: FastifyReply,
): Promise<boolean> {
  const match = SURVEY_PAGE.exec(pathname);
  if (!match) return false;
  let html: string;
  try {
    html = await indexHtml();
  } catch {
    return false; // no survey build (the API alone): the generic fallback
  }
  let brand: unknown;
  try {
    // The answer as the JSON endpoint carries it (the photo's link signed by the same replacer).
    brand = JSON.parse(JSON.stringify(await getSurveyBrand(ctx, match[1]!.toLowerCase()), ctx.files.replacer));
  } catch (err) {
    // An unknown link: `null`; anything else (the database busy…): nothing inlined, the app asks the API.
    brand = err instanceof AppError && err.statusCode === 404 ? null : undefined;
  }
  if (brand !== undefined)
    html = html.replace(
      '</head>',
      `  <script id="acompanha-brand" type="application/json">${inlineJson(brand)}</script>\n  </head>`,
    );
  await reply.code(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  return true;
}
