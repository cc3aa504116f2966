import { findOwnPatient } from '../patient/lookup.js';
import { accessLogged, notePatientRead } from '../access/log.js';
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { authenticate, authOf, bearerSecurity } from '../session/authenticate.js';
import { errorResponses, json } from '../errors/schemas.js';
import { pagination } from '../lib/text.js';
import { encodeJson, sendJson } from '../lib/summary-cache.js';
import { XLSX_CONTENT_TYPE } from './export.js';
import { statusReport } from './report.js';
import {
  AnswerRevisionDetailPageSchema,
  AnswerRevisionDetailSchema,
  AnswerRevisionPageSchema,
  AnswerRevisionSchema,
  DELAY_HOURS,
  DelayedQuery,
  DelayedRequestPageSchema,
  ExportQuery,
  ListPendingQuery,
  ListQuizRevisionsQuery,
  ListRevisionsQuery,
  MAX_EXPORT_ROWS,
  MAX_PERIOD_DAYS,
  NOTE_MAX_LENGTH,
  NoteBody,
  NoteParams,
  PatientParams,
  PatientScheduleParams,
  PatientSeriesSchema,
  QuizIdParams,
  RevisionIdParams,
  RevisionNoteSchema,
  SeriesQuery,
  StatusReportQuery,
  StatusReportSchema,
} from './schemas.js';
import { patientSeries } from './series.js';
import { listDelayed } from './delayed.js';
import { getRevisionDetail, getScheduleRevisions } from './detail.js';
import { addNote, deleteNote, updateNote } from './notes.js';
import { listQuizRevisions, listRevisions, setRevisionStatus } from './revisions.js';
import { exportAnswers } from './spreadsheet.js';

const TAGS = ['answer-revision'];

const LIST_FILTERS =
  'Filters: status, quizId, patientId, and from/to (São Paulo dates, inclusive) on the time the patient finished; newest first. ' +
  '`to` before `from` → 400 WRONG_COMMAND_PARAMETERS. Revisions of deleted (anonymised) patients are not listed.';
const NOT_FOUND = "Unknown revision, another professional's, or of a deleted patient → 404 REVISION_NOT_FOUND.";
const NOTE_RULES = `The note is trimmed; empty or longer than ${NOTE_MAX_LENGTH} characters → 400 WRONG_COMMAND_PARAMETERS on \`note\`.`;

export function answerRevisionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Authentication comes first: an anonymous request is refused before its body is parsed or validated.
    app.addHook('onRequest', authenticate(ctx.tokens));
    const pro = (request: Parameters<typeof authOf>[0]) => authOf(request).professionalId;

    app.get(
      '/answer-revision',
      {
        schema: {
          operationId: 'listAnswerRevisions',
          tags: TAGS,
          summary: 'Answer revisions (one per finished answer), newest first',
          description: LIST_FILTERS,
          security: bearerSecurity,
          querystring: ListRevisionsQuery,
          response: { 200: json(AnswerRevisionPageSchema, 'A page of revisions'), ...errorResponses(400, 401) },
        },
      },
      async (request, reply) => {
        const json = await ctx.summaries.json(
          authOf(request),
          ['revisions', request.query],
          AnswerRevisionPageSchema,
          () => listRevisions(ctx, pro(request), request.query),
        );
        return sendJson(reply as FastifyReply, ctx.files, json);
      },
    );

    app.get(
      '/answer-revision/pending',
      {
        schema: {
          operationId: 'listPendingAnswerRevisions',
          tags: TAGS,
          summary: 'Revisions waiting for review, newest first (`total` with take=1 is the drawer badge)',
          description: LIST_FILTERS.replace('status, ', ''),
          security: bearerSecurity,
          querystring: ListPendingQuery,
          response: { 200: json(AnswerRevisionPageSchema, 'A page of pending revisions'), ...errorResponses(400, 401) },
        },
      },
      async (request, reply) => {
        const query = { ...request.query, status: 'pending' as const };
        const json = await ctx.summaries.json(authOf(request), ['revisions', query], AnswerRevisionPageSchema, () =>
          listRevisions(ctx, pro(request), query),
        );
        return sendJson(reply as FastifyReply, ctx.files, json);
      },
    );

    app.get(
      '/answer-revision/quiz/:id',
      {
        schema: {
          operationId: 'listQuizAnswerRevisions',
          tags: TAGS,
          summary: 'Revisions of one quiz, newest first',
          description: `${LIST_FILTERS.replace('quizId, ', '')} Unknown or another professional's quiz → 404 QUIZ_NOT_FOUND.`,
          security: bearerSecurity,
          params: QuizIdParams,
          querystring: ListQuizRevisionsQuery,
          response: { 200: json(AnswerRevisionPageSchema, 'A page of revisions'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        const { params, query } = request;
        const json = await ctx.summaries.json(
          authOf(request),
          ['quiz-revisions', params.id, query],
          AnswerRevisionPageSchema,
          () => listQuizRevisions(ctx, pro(request), params.id, query),
        );
        return sendJson(reply as FastifyReply, ctx.files, json);
      },
    );

    app.get(
      '/answer-revision/delayed',
      {
        schema: {
          operationId: 'listDelayedAnswerRequests',
          tags: TAGS,
          summary: `Requests sent more than ${DELAY_HOURS} hours ago and still not answered, most delayed first`,
          description:
            `Delayed = status sent (not answered, cancelled or expired) and sentAt at least ${DELAY_HOURS} hours ago; schedules deleted ` +
            'and deleted patients are left out. Resend one with PATCH /quiz/schedule/re-publish ({ schedules: [{ scheduleId: id }] }).',
          security: bearerSecurity,
          querystring: DelayedQuery,
          response: { 200: json(DelayedRequestPageSchema, 'A page of delayed requests'), ...errorResponses(400, 401) },
        },
      },
      async (request) => listDelayed(ctx, pro(request), request.query),
    );

    app.get(
      '/answer-revision/status-report',
      {
        config: accessLogged('report', 'patientId', (request) => !!(request.query as { patientId?: string }).patientId),
        schema: {
          operationId: 'getAnswerStatusReport',
          tags: TAGS,
          summary: 'Answered, pending, delayed, cancelled and expired requests by day or week (São Paulo)',
          description:
            `Default period: the 30 days up to today. At most ${MAX_PERIOD_DAYS} days; longer, or \`to\` before \`from\` → 400 ` +
            `WRONG_COMMAND_PARAMETERS. pending = sent less than ${DELAY_HOURS} h ago and not answered; delayed = sent ${DELAY_HOURS} h ago ` +
            'or more and not answered.',
          security: bearerSecurity,
          querystring: StatusReportQuery,
          response: { 200: json(StatusReportSchema, 'The report'), ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const report = await statusReport(ctx, pro(request), request.query);
        // A filter on someone else's (or no) patient reads nothing of hers: only her own patient is noted.
        const patientId = request.query.patientId;
        if (patientId) {
          const own = await findOwnPatient(ctx.db, pro(request), patientId).catch(() => null);
          notePatientRead(request, own?.id ?? null, own ? 'ok' : 'refused');
        }
        return report;
      },
    );

    app.get(
      '/answer-revision/export',
      {
        config: accessLogged('answers_export', 'quizId'),
        schema: {
          operationId: 'exportAnswers',
          tags: TAGS,
          summary: "Download a quiz's answers as CSV or XLSX (one row per answer, one column per question)",
          description:
            'Columns: Cliente, Respondido em (dd/MM/yyyy HH:mm, São Paulo), Status (Pendente | Aprovada), then one per question and ' +
            'sub-question (titles as headers). Measurements and linear scales are numbers, the unit in the header ("Peso (kg)"): XLSX ' +
            "number cells formatted with the question's decimals (#,##0.0), CSV bare numbers with a decimal comma and no thousands " +
            'separator (70,5); a column whose answers saw different units or types is text with the unit in each cell. Other values ' +
            'are pt-BR text (choices by label, files by name and URL). CSV: UTF-8 with BOM, `;` separator, text fields quoted, CRLF. ' +
            'Formula-injection safe: a text cell beginning with =, +, -, @, a tab or a carriage return gets one leading apostrophe. ' +
            'Oldest answer first; at most ' +
            `${MAX_EXPORT_ROWS} answers (more → 400 WRONG_COMMAND_PARAMETERS); period at most ${MAX_PERIOD_DAYS} days. Unknown or ` +
            "another professional's quiz → 404 QUIZ_NOT_FOUND.",
          security: bearerSecurity,
          querystring: ExportQuery,
          response: {
            200: {
              description: 'The file (Content-Disposition: attachment); download it with parseAs: blob',
              content: {
                'text/csv': { schema: z.any().meta({ type: 'string', format: 'binary' }) },
                [XLSX_CONTENT_TYPE]: { schema: z.any().meta({ type: 'string', format: 'binary' }) },
              },
            },
            ...errorResponses(400, 401, 404),
          },
        },
      },
      async (request, reply) => {
        const file = await exportAnswers(ctx, pro(request), request.query);
        notePatientRead(request, file.patientIds);
        const ascii = file.filename.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
        return reply
          .header('Content-Type', file.contentType)
          .header(
            'Content-Disposition',
            `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
          )
          .header('Cache-Control', 'no-store')
          .send(file.body);
      },
    );

    app.get(
      '/answer-revision/patient/:patientId/series',
      {
        config: accessLogged('series', 'patientId'),
        schema: {
          operationId: 'getPatientAnswerSeries',
          tags: TAGS,
          summary: "A patient's metric and scale answers over time (e.g. weight in kg by date), for charts",
          description:
            'Finished answers only, every quiz unless quizId; questionId keeps one question; from/to (São Paulo dates) limit the period. ' +
            "Unknown, deleted or another professional's patient → 404 PATIENT_NOT_FOUND_ERROR.",
          security: bearerSecurity,
          params: PatientParams,
          querystring: SeriesQuery,
          response: { 200: json(PatientSeriesSchema, 'The series'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        const series = await patientSeries(ctx, pro(request), request.params.patientId, request.query);
        notePatientRead(request, request.params.patientId);
        return series;
      },
    );

    app.get(
      '/answer-revision/patient/:patientId/quizSchedule/:scheduleId',
      {
        config: accessLogged('answer', 'scheduleId'),
        schema: {
          operationId: 'getScheduleAnswerRevisions',
          tags: TAGS,
          summary:
            "The answered occurrences of a patient's quiz schedule, newest first, each in full (answers, previous answers, notes)",
          description:
            "Unknown, deleted or another professional's patient → 404 PATIENT_NOT_FOUND_ERROR; a schedule not of that patient → 404 " +
            'QUIZ_SCHEDULE_NOT_FOUND_ERROR (a deleted schedule keeps its history); nothing answered yet → 404 SCHEDULE_NOT_ANSWERED. ' +
            'Use take=1 for the latest one, skip to page back.',
          security: bearerSecurity,
          params: PatientScheduleParams,
          querystring: z.object(pagination),
          response: {
            200: json(AnswerRevisionDetailPageSchema, 'A page of answered occurrences'),
            ...errorResponses(400, 401, 404),
          },
        },
      },
      async (request, reply) => {
        const { patientId, scheduleId } = request.params;
        const json = await ctx.summaries.json(
          authOf(request),
          ['schedule-revisions', patientId, scheduleId, request.query],
          AnswerRevisionDetailPageSchema,
          () => getScheduleRevisions(ctx, pro(request), patientId, scheduleId, request.query),
        );
        notePatientRead(request, patientId);
        return sendJson(reply as FastifyReply, ctx.files, json);
      },
    );

    app.get(
      '/answer-revision/:id',
      {
        config: accessLogged('review', 'id'),
        schema: {
          operationId: 'getAnswerRevision',
          tags: TAGS,
          summary: 'One revision in full: every answer question by question beside the previous one, files, notes',
          description: NOT_FOUND,
          security: bearerSecurity,
          params: RevisionIdParams,
          response: { 200: json(AnswerRevisionDetailSchema, 'The revision'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        const detail = await ctx.summaries.getOrLoad(authOf(request), ['revision', request.params.id], async () => {
          const found = await getRevisionDetail(ctx, pro(request), request.params.id);
          return { patientId: found.patientId, json: encodeJson(AnswerRevisionDetailSchema, found) };
        });
        notePatientRead(request, detail.patientId);
        return sendJson(reply as FastifyReply, ctx.files, detail.json);
      },
    );

    app.post(
      '/answer-revision/:id/approve',
      {
        schema: {
          operationId: 'approveAnswerRevision',
          tags: TAGS,
          summary: 'Approve a revision (idempotent: approving an approved one answers its current state)',
          description: NOT_FOUND,
          security: bearerSecurity,
          params: RevisionIdParams,
          response: { 200: json(AnswerRevisionSchema, 'The revision, completed'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => setRevisionStatus(ctx, pro(request), request.params.id, 'completed'),
    );

    app.post(
      '/answer-revision/:id/pending',
      {
        schema: {
          operationId: 'setAnswerRevisionPending',
          tags: TAGS,
          summary: 'Set a revision back to pending (idempotent)',
          description: `approvedAt becomes null. ${NOT_FOUND}`,
          security: bearerSecurity,
          params: RevisionIdParams,
          response: { 200: json(AnswerRevisionSchema, 'The revision, pending'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => setRevisionStatus(ctx, pro(request), request.params.id, 'pending'),
    );

    app.post(
      '/answer-revision/:id/note',
      {
        schema: {
          operationId: 'createRevisionNote',
          tags: TAGS,
          summary: 'Add a note to a revision',
          description: `${NOTE_RULES} ${NOT_FOUND}`,
          security: bearerSecurity,
          params: RevisionIdParams,
          body: NoteBody,
          response: { 201: json(RevisionNoteSchema, 'The note'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await addNote(ctx, pro(request), request.params.id, request.body.note)),
    );

    app.put(
      '/answer-revision/:id/note/:noteId',
      {
        schema: {
          operationId: 'updateRevisionNote',
          tags: TAGS,
          summary: 'Edit a note',
          description: `${NOTE_RULES} ${NOT_FOUND} A note not of this revision → 404 NOT_FOUND.`,
          security: bearerSecurity,
          params: NoteParams,
          body: NoteBody,
          response: { 200: json(RevisionNoteSchema, 'The note'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => updateNote(ctx, pro(request), request.params.id, request.params.noteId, request.body.note),
    );

    app.delete(
      '/answer-revision/:id/note/:noteId',
      {
        schema: {
          operationId: 'deleteRevisionNote',
          tags: TAGS,
          summary: 'Delete a note',
          description: `${NOT_FOUND} A note not of this revision (or already deleted) → 404 NOT_FOUND.`,
          security: bearerSecurity,
          params: NoteParams,
          response: { 204: z.undefined().describe('Deleted'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        await deleteNote(ctx, pro(request), request.params.id, request.params.noteId);
        return reply.code(204).send();
      },
    );
  };
}
