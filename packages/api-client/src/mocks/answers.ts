import { delay, http, HttpResponse } from 'msw';
import type {
  AnswerRevisionDetailPage,
  AnswerRevisionPage,
  DelayedRequestPage,
  PatientSeries,
  RevisionNote,
} from '../gen/types.gen';
import {
  schedulingExtraPatientFixtures,
  schedulingPatientFixtures,
  schedulingQuizFixtures,
} from './scheduling-fixtures';
import { schedulingSchedules } from './scheduling-state';
import { api, fail, isUuid, nowIso, pageOf, spDate } from './respond';
import { detailOf, state, toItem } from './answer-state';
import { dayCount, delayedRequests, exportCsv, seriesOf, statusReportFixture } from './answer-reports';

/**
 * Fixtures and stateful handlers of answer review and reports (`/answer-revision…`): revisions with
 * their answers question by question, what changed since the previous answer, notes, the patient's
 * metric and scale series, delayed requests, the status report and the export. Mariana Souza answers
 * the weekly check-in every Thursday (weight in kg going down week by week); 30 other patients answer
 * it once each. `resetAnswersState()` before each story (the delayed list also reads the scheduling
 * state: `resetSchedulingState()` too).
 */

// ——— Handlers ———

function listed(url: URL, fixed: { status?: string; quizId?: string } = {}): AnswerRevisionPage {
  const q = url.searchParams;
  const status = fixed.status ?? q.get('status');
  const quizId = fixed.quizId ?? q.get('quizId');
  const from = q.get('from');
  const to = q.get('to');
  const items = state.revisions
    .filter((r) => (!status || r.status === status) && (!quizId || r.quizId === quizId))
    .filter((r) => !q.get('patientId') || r.patientId === q.get('patientId'))
    .filter((r) => (!from || spDate(r.finishedAt) >= from) && (!to || spDate(r.finishedAt) <= to))
    .sort((a, b) => b.finishedAt.localeCompare(a.finishedAt))
    .map(toItem);
  return pageOf(items, url);
}

export const find = (id: unknown) => state.revisions.find((r) => r.id === id);

/** An image for the uploaded photos (a plate), so thumbnails show something in stories. */
const PLATE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240"><rect width="320" height="240" fill="#FDE68A"/><circle cx="160" cy="120" r="92" fill="#FFFFFF" stroke="#D1D5DB" stroke-width="4"/><circle cx="130" cy="100" r="30" fill="#84CC16"/><rect x="150" y="110" width="60" height="40" rx="10" fill="#B45309"/><circle cx="120" cy="150" r="18" fill="#F97316"/></svg>`;

/** The answer-review calls, answering as the API does when everything goes well (stateful). */
export const answersHandlers = {
  pending: http.get(api('/answer-revision/pending'), async ({ request }) => {
    await delay(30);
    return HttpResponse.json(listed(new URL(request.url), { status: 'pending' }));
  }),
  delayed: http.get(api('/answer-revision/delayed'), async ({ request }) => {
    await delay(30);
    const url = new URL(request.url);
    return HttpResponse.json(pageOf(delayedRequests(url.searchParams), url) satisfies DelayedRequestPage);
  }),
  statusReport: http.get(api('/answer-revision/status-report'), async ({ request }) => {
    await delay(40);
    const q = new URL(request.url).searchParams;
    const from = q.get('from') ?? undefined;
    const to = q.get('to') ?? undefined;
    if (from && to && to < from) return fail('WRONG_COMMAND_PARAMETERS');
    if (from && to && dayCount(from, to) > 366) return fail('WRONG_COMMAND_PARAMETERS');
    return HttpResponse.json(
      statusReportFixture({
        from,
        to,
        granularity: q.get('granularity') === 'week' ? 'week' : 'day',
        quizId: q.get('quizId'),
        patientId: q.get('patientId'),
      }),
    );
  }),
  export: http.get(api('/answer-revision/export'), async ({ request }) => {
    await delay(40);
    const q = new URL(request.url).searchParams;
    const quizId = q.get('quizId') ?? '';
    const quiz = schedulingQuizFixtures.find((x) => x.id === quizId);
    if (!quiz) return fail('QUIZ_NOT_FOUND');
    const format = q.get('format') === 'xlsx' ? 'xlsx' : 'csv';
    const name = `respostas-${quiz.title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')}.${format}`;
    const csv = exportCsv(quiz.id, q);
    const body = format === 'csv' ? csv : new Blob(['PK\u0003\u0004', csv]);
    return new HttpResponse(body, {
      headers: {
        'Content-Type':
          format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition': `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      },
    });
  }),
  quiz: http.get(api('/answer-revision/quiz/:id'), async ({ params, request }) => {
    await delay(30);
    if (!schedulingQuizFixtures.some((q) => q.id === params.id)) return fail('QUIZ_NOT_FOUND');
    return HttpResponse.json(listed(new URL(request.url), { quizId: String(params.id) }));
  }),
  series: http.get(api('/answer-revision/patient/:patientId/series'), async ({ params, request }) => {
    await delay(40);
    const patientId = String(params.patientId);
    if (
      !state.revisions.some((r) => r.patientId === patientId) &&
      !schedulingExtraPatientFixtures.some((p) => p.id === patientId)
    )
      return fail('PATIENT_NOT_FOUND_ERROR');
    return HttpResponse.json({
      patientId,
      series: seriesOf(patientId, new URL(request.url).searchParams),
    } satisfies PatientSeries);
  }),
  schedule: http.get(
    api('/answer-revision/patient/:patientId/quizSchedule/:scheduleId'),
    async ({ params, request }) => {
      await delay(40);
      const url = new URL(request.url);
      const items = state.revisions
        .filter((r) => r.patientId === params.patientId && r.quizScheduleId === params.scheduleId)
        .sort((a, b) => b.finishedAt.localeCompare(a.finishedAt));
      if (items.length === 0) {
        const known = schedulingSchedules().some((s) => s.id === params.scheduleId && s.patientId === params.patientId);
        return known ? fail('SCHEDULE_NOT_ANSWERED') : fail('QUIZ_SCHEDULE_NOT_FOUND_ERROR');
      }
      return HttpResponse.json(pageOf(items.map(detailOf), url) satisfies AnswerRevisionDetailPage);
    },
  ),
  list: http.get(api('/answer-revision'), async ({ request }) => {
    await delay(30);
    return HttpResponse.json(listed(new URL(request.url)));
  }),
  get: http.get(api('/answer-revision/:id'), async ({ params }) => {
    // Other `/answer-revision/<word>` paths (e.g. schedules-without-confirmation) are not revisions.
    if (!isUuid(String(params.id))) return undefined;
    await delay(40);
    const r = find(params.id);
    return r ? HttpResponse.json(detailOf(r)) : fail('REVISION_NOT_FOUND');
  }),
  approve: http.post(api('/answer-revision/:id/approve'), async ({ params }) => {
    await delay(50);
    const r = find(params.id);
    if (!r) return fail('REVISION_NOT_FOUND');
    if (r.status !== 'completed') Object.assign(r, { status: 'completed', approvedAt: nowIso(), updatedAt: nowIso() });
    return HttpResponse.json(toItem(r));
  }),
  setPending: http.post(api('/answer-revision/:id/pending'), async ({ params }) => {
    await delay(50);
    const r = find(params.id);
    if (!r) return fail('REVISION_NOT_FOUND');
    if (r.status !== 'pending') Object.assign(r, { status: 'pending', approvedAt: null, updatedAt: nowIso() });
    return HttpResponse.json(toItem(r));
  }),
  addNote: http.post(api('/answer-revision/:id/note'), async ({ params, request }) => {
    const body = (await request.json()) as { note: string };
    await delay(50);
    const r = find(params.id);
    if (!r) return fail('REVISION_NOT_FOUND');
    const text = body.note.trim();
    if (!text || text.length > 2000) return fail('WRONG_COMMAND_PARAMETERS');
    const now = nowIso();
    const note: RevisionNote = {
      id: crypto.randomUUID(),
      revisionId: r.id,
      note: text,
      createdAt: now,
      updatedAt: now,
    };
    r.notes.push(note);
    return HttpResponse.json(note, { status: 201 });
  }),
  updateNote: http.put(api('/answer-revision/:id/note/:noteId'), async ({ params, request }) => {
    const body = (await request.json()) as { note: string };
    await delay(50);
    const r = find(params.id);
    if (!r) return fail('REVISION_NOT_FOUND');
    const note = r.notes.find((n) => n.id === params.noteId);
    if (!note) return fail('NOT_FOUND');
    const text = body.note.trim();
    if (!text || text.length > 2000) return fail('WRONG_COMMAND_PARAMETERS');
    Object.assign(note, { note: text, updatedAt: nowIso() });
    return HttpResponse.json(note);
  }),
  deleteNote: http.delete(api('/answer-revision/:id/note/:noteId'), async ({ params }) => {
    await delay(50);
    const r = find(params.id);
    if (!r) return fail('REVISION_NOT_FOUND');
    if (!r.notes.some((n) => n.id === params.noteId)) return fail('NOT_FOUND');
    r.notes = r.notes.filter((n) => n.id !== params.noteId);
    return new HttpResponse(null, { status: 204 });
  }),
  /** One patient (the filters show the chosen client's name): Mariana, Carlos and the 32 others. */
  patient: http.get(api('/patient/:id'), ({ params }) => {
    if (!isUuid(String(params.id))) return undefined;
    const patient = schedulingPatientFixtures.find((p) => p.id === params.id);
    return patient ? HttpResponse.json(patient) : fail('PATIENT_NOT_FOUND_ERROR');
  }),
  file: http.get(api('/file/answers/:name'), ({ params }) => {
    const name = String(params.name);
    if (name.endsWith('.pdf'))
      return new HttpResponse('%PDF-1.4\n%story\n', { headers: { 'Content-Type': 'application/pdf' } });
    return new HttpResponse(PLATE_SVG, { headers: { 'Content-Type': 'image/svg+xml' } });
  }),
};

/**
 * Every answer-review handler in the order MSW must try them (fixed paths before `/:id`). Put it
 * before the scheduling list when both are used; `get` lets other `/answer-revision/<word>` paths through.
 */
export const answersHandlerList = [
  answersHandlers.pending,
  answersHandlers.delayed,
  answersHandlers.statusReport,
  answersHandlers.export,
  answersHandlers.quiz,
  answersHandlers.series,
  answersHandlers.schedule,
  answersHandlers.list,
  answersHandlers.approve,
  answersHandlers.setPending,
  answersHandlers.addNote,
  answersHandlers.updateNote,
  answersHandlers.deleteNote,
  answersHandlers.get,
  answersHandlers.patient,
  answersHandlers.file,
];
