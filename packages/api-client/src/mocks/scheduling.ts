import { delay, http, HttpResponse } from 'msw';
import type { QuizScheduleDetail, RepublishResult, TemplateMessage } from '../gen/types.gen';
import { practiceServiceFixtures } from './practice-fixtures';
import { quizFixture } from './quizzes';
import { api, fail, nowIso, pageOf, patientPageOf, todaySP } from './respond';
import { DEFAULT_TEMPLATE_MESSAGE_FIXTURE, request, TEMPLATE_VARIABLES, withAnswers } from './scheduling-fixtures';
import {
  bulkConflict,
  dueOn,
  fold,
  idle,
  patientProblem,
  type RecurrenceBody,
  setLast,
  startBulk,
  state,
  unconfirmed,
  unknownPatients,
  upsert,
} from './scheduling-state';

/**
 * Fixtures and stateful handlers of scheduling: schedules and their requests, the bulk process of
 * each quiz (it advances on every status read, as a background job would), requests sent but not
 * answered, and the template message. `resetSchedulingState()` before each story.
 */

export const schedulingHandlers = {
  listPatients: http.get(api('/patient'), ({ request: req }) => {
    const url = new URL(req.url);
    const q = url.searchParams;
    const items = state.patients
      .filter((p) => !q.get('nameTerm') || fold(p.name).includes(fold(q.get('nameTerm')!)))
      .filter((p) => !q.get('status') || p.status === q.get('status'))
      .filter((p) => !q.get('serviceId') || p.currentService?.id === q.get('serviceId'))
      .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
    return HttpResponse.json(patientPageOf(items, url));
  }),
  listServices: http.get(api('/services'), () => HttpResponse.json(practiceServiceFixtures.filter((s) => s.isActive))),
  listQuizzes: http.get(api('/quiz'), ({ request: req }) => {
    const url = new URL(req.url);
    const status = url.searchParams.get('status') ?? 'active';
    return HttpResponse.json(
      pageOf(
        state.quizzes.filter((q) => status === 'all' || q.isActive === (status === 'active')),
        url,
      ),
    );
  }),
  getQuiz: http.get(api('/quiz/:id'), ({ params }) => {
    const quiz = state.quizzes.find((q) => q.id === params.id);
    return quiz ? HttpResponse.json({ ...quizFixture, ...quiz }) : fail('QUIZ_NOT_FOUND');
  }),

  // Bulk (specific paths first).
  bulkStatus: http.get(api('/quiz/schedule/bulk-insert/status/:quizId'), async ({ params }) => {
    await delay(30);
    const run = state.bulk.get(String(params.quizId));
    if (!run) return HttpResponse.json(idle(String(params.quizId)));
    const s = run.status;
    if (s.state === 'processing') {
      s.processed = Math.min(s.total, s.processed + (state.bulkStep || Math.max(1, Math.ceil(s.total / 3))));
      if (s.processed >= s.total) {
        run.apply();
        s.state = 'done';
        s.finishedAt = nowIso();
      }
    }
    return HttpResponse.json(s);
  }),
  bulkAcknowledge: http.post(api('/quiz/schedule/acknowledge-bulk-process/:quizId'), async ({ params }) => {
    await delay(30);
    const quizId = String(params.quizId);
    const conflict = bulkConflict(quizId);
    if (conflict) return conflict;
    state.bulk.delete(quizId);
    return HttpResponse.json(idle(quizId));
  }),
  bulkInsert: http.post(api('/quiz/schedule/bulk-insert/:quizId'), async ({ params, request: req }) => {
    const body = (await req.json()) as RecurrenceBody & { patientIds: string[] };
    await delay(50);
    const quiz = state.quizzes.find((q) => q.id === params.quizId);
    if (!quiz) return fail('QUIZ_NOT_FOUND');
    const invalid = unknownPatients(body.patientIds) ?? bulkConflict(quiz.id);
    if (invalid) return invalid;
    const patients = [...new Set(body.patientIds)].map((id) => state.patients.find((p) => p.id === id)!);
    const status = startBulk(quiz.id, 'insert', patients, (p) => {
      const problem = patientProblem(p);
      if (!problem) upsert(quiz, p, body);
      return problem;
    });
    return HttpResponse.json(status, { status: 202 });
  }),
  bulkReschedule: http.post(api('/quiz/schedule/bulk-reschedule/:quizId'), async ({ params, request: req }) => {
    const body = (await req.json()) as RecurrenceBody & { patientIds?: string[] };
    await delay(50);
    const quiz = state.quizzes.find((q) => q.id === params.quizId);
    if (!quiz) return fail('QUIZ_NOT_FOUND');
    const invalid = (body.patientIds ? unknownPatients(body.patientIds) : null) ?? bulkConflict(quiz.id);
    if (invalid) return invalid;
    const ids = body.patientIds ?? state.schedules.filter((s) => s.quizId === quiz.id).map((s) => s.patientId);
    const patients = [...new Set(ids)].map((id) => state.patients.find((p) => p.id === id)!);
    const status = startBulk(quiz.id, 'reschedule', patients, (p) => {
      if (!state.schedules.some((s) => s.quizId === quiz.id && s.patientId === p.id))
        return { code: 'QUIZ_SCHEDULE_NOT_FOUND_ERROR', message: 'Este cliente não tem este questionário agendado.' };
      const problem = patientProblem(p);
      if (!problem) upsert(quiz, p, body);
      return problem;
    });
    return HttpResponse.json(status, { status: 202 });
  }),
  bulkDelete: http.delete(api('/quiz/schedule/bulk-delete'), async ({ request: req }) => {
    const body = (await req.json()) as { quizId: string; patientIds: string[] };
    await delay(50);
    const invalid = unknownPatients(body.patientIds) ?? bulkConflict(body.quizId);
    if (invalid) return invalid;
    const patients = body.patientIds.map((id) => state.patients.find((p) => p.id === id)!);
    const status = startBulk(body.quizId, 'delete', patients, (p) => {
      const found = state.schedules.find((s) => s.quizId === body.quizId && s.patientId === p.id);
      if (!found)
        return { code: 'QUIZ_SCHEDULE_NOT_FOUND_ERROR', message: 'Este cliente não tem este questionário agendado.' };
      state.schedules = state.schedules.filter((s) => s !== found);
      return null;
    });
    return HttpResponse.json(status, { status: 202 });
  }),
  bulkActiveState: http.patch(api('/quiz/schedule/bulk-change-active-state'), async ({ request: req }) => {
    const body = (await req.json()) as { quizId: string; patientIds: string[]; enabled: boolean };
    await delay(50);
    const invalid = unknownPatients(body.patientIds) ?? bulkConflict(body.quizId);
    if (invalid) return invalid;
    const patients = body.patientIds.map((id) => state.patients.find((p) => p.id === id)!);
    const status = startBulk(body.quizId, 'active-state', patients, (p) => {
      const found = state.schedules.find((s) => s.quizId === body.quizId && s.patientId === p.id);
      if (!found)
        return { code: 'QUIZ_SCHEDULE_NOT_FOUND_ERROR', message: 'Este cliente não tem este questionário agendado.' };
      found.enabled = body.enabled;
      found.nextDueAt = body.enabled ? (found.nextDueAt ?? '2026-11-30T11:00:00.000Z') : null;
      return null;
    });
    return HttpResponse.json(status, { status: 202 });
  }),

  // One schedule.
  republish: http.patch(api('/quiz/schedule/re-publish'), async ({ request: req }) => {
    const body = (await req.json()) as { schedules: { scheduleId: string }[] };
    await delay(50);
    const result: RepublishResult = { resent: 0, details: [] };
    for (const { scheduleId } of body.schedules) {
      const s = state.schedules.find((x) => x.lastRequest?.id === scheduleId);
      if (!s || s.lastRequest?.status !== 'sent') {
        result.details.push({
          scheduleId,
          application_error_code: 'SCHEDULE_NOT_FOUND_ERROR',
          message: 'Esta solicitação não está aguardando resposta.',
        });
        continue;
      }
      setLast(s, {
        ...s.lastRequest,
        id: crypto.randomUUID(),
        kind: 'resend',
        sentAt: nowIso(),
        attempts: s.lastRequest.attempts + 1,
      });
      result.resent += 1;
    }
    return HttpResponse.json(result);
  }),
  requestNow: http.post(api('/quiz/schedule/request-now'), async ({ request: req }) => {
    const body = (await req.json()) as { quizScheduleId: string };
    await delay(50);
    const s = state.schedules.find((x) => x.id === body.quizScheduleId);
    if (!s) return fail('QUIZ_SCHEDULE_NOT_FOUND_ERROR');
    const last = s.lastRequest;
    if (last?.sentAt && Date.now() - Date.parse(last.sentAt) < 60_000) return fail('RETRY_SEND_LATER');
    const now = nowIso();
    const created = request({
      id: crypto.randomUUID(),
      quizScheduleId: s.id,
      kind: 'now',
      dueAt: now,
      status: 'sent',
      sentAt: now,
    });
    setLast(s, created);
    return HttpResponse.json(created, { status: 201 });
  }),
  cancel: http.post(api('/quiz/schedule/cancel'), async ({ request: req }) => {
    const body = (await req.json()) as { scheduleId: string };
    await delay(50);
    const s = state.schedules.find((x) => x.lastRequest?.id === body.scheduleId);
    if (!s || !s.lastRequest) return fail('SCHEDULE_NOT_FOUND_ERROR');
    if (s.lastRequest.status === 'cancelled') return fail('SCHEDULE_ANSWER_ALREADY_CANCELED_ERROR');
    if (s.lastRequest.status === 'answered') return fail('SCHEDULE_ANSWER_ALREADY_ANSWERED_ERROR');
    if (s.lastRequest.status === 'expired') return fail('CANCEL_ANSWER_REQUEST_ERROR');
    const cancelled = { ...s.lastRequest, status: 'cancelled' as const };
    setLast(s, cancelled);
    if (cancelled.dueAt === s.nextDueAt) s.nextDueAt = null;
    return HttpResponse.json(cancelled);
  }),
  reschedule: http.post(api('/quiz/schedule/reschedule'), async ({ request: req }) => {
    const body = (await req.json()) as RecurrenceBody & { quizScheduleId: string };
    await delay(50);
    const s = state.schedules.find((x) => x.id === body.quizScheduleId);
    if (!s) return fail('QUIZ_SCHEDULE_NOT_FOUND_ERROR');
    const patient = state.patients.find((p) => p.id === s.patientId)!;
    const problem = patientProblem(patient);
    if (problem) return fail(problem.code);
    return HttpResponse.json(
      upsert(
        state.quizzes.find((q) => q.id === s.quizId)!,
        patient,
        { channel: s.channel, ...body },
      ),
    );
  }),
  enable: http.put(api('/quiz/schedule/:id/enable'), async ({ params }) => {
    await delay(30);
    const s = state.schedules.find((x) => x.id === params.id);
    if (!s) return fail('QUIZ_SCHEDULE_NOT_FOUND_ERROR');
    s.enabled = true;
    s.nextDueAt = dueOn(todaySP(), 23);
    return HttpResponse.json(s);
  }),
  disable: http.put(api('/quiz/schedule/:id/disable'), async ({ params }) => {
    await delay(30);
    const s = state.schedules.find((x) => x.id === params.id);
    if (!s) return fail('QUIZ_SCHEDULE_NOT_FOUND_ERROR');
    s.enabled = false;
    s.nextDueAt = null;
    if (s.lastRequest?.status === 'scheduled') setLast(s, { ...s.lastRequest, status: 'cancelled' });
    return HttpResponse.json(s);
  }),
  remove: http.delete(api('/quiz/schedule/:quizScheduleId/patient/:patientId'), async ({ params }) => {
    await delay(30);
    const s = state.schedules.find((x) => x.id === params.quizScheduleId && x.patientId === params.patientId);
    if (!s) return fail('QUIZ_SCHEDULE_NOT_FOUND_ERROR');
    state.schedules = state.schedules.filter((x) => x !== s);
    return new HttpResponse(null, { status: 204 });
  }),
  getSchedule: http.get(api('/quiz/schedule/:id'), ({ params }) => {
    const s = state.schedules.find((x) => x.id === params.id);
    if (!s) return fail('QUIZ_SCHEDULE_NOT_FOUND_ERROR');
    return HttpResponse.json({
      ...withAnswers(s),
      requests: state.requests.get(s.id) ?? [],
    } satisfies QuizScheduleDetail);
  }),
  list: http.get(api('/quiz/schedule'), ({ request: req }) => {
    const url = new URL(req.url);
    const q = url.searchParams;
    const status = q.get('status');
    const items = state.schedules
      .filter((s) => !q.get('quizId') || s.quizId === q.get('quizId'))
      .filter((s) => !q.get('patientId') || s.patientId === q.get('patientId'))
      .filter(
        (s) =>
          !status ||
          (status === 'enabled' && s.enabled) ||
          (status === 'disabled' && !s.enabled) ||
          (status === 'pending' && s.lastRequest?.status === 'scheduled') ||
          (status === 'sent' && s.lastRequest?.status === 'sent') ||
          (status === 'answered' && s.lastRequest?.status === 'answered'),
      )
      .sort(
        (a, b) =>
          a.patientName.localeCompare(b.patientName, 'pt-BR') || a.quizTitle.localeCompare(b.quizTitle, 'pt-BR'),
      )
      .map(withAnswers);
    return HttpResponse.json(pageOf(items, url));
  }),
  create: http.post(api('/quiz/schedule'), async ({ request: req }) => {
    const body = (await req.json()) as RecurrenceBody & { quizId: string; patientId: string };
    await delay(50);
    const quiz = state.quizzes.find((q) => q.id === body.quizId);
    if (!quiz) return fail('QUIZ_NOT_FOUND');
    const patient = state.patients.find((p) => p.id === body.patientId);
    if (!patient) return fail('PATIENT_NOT_FOUND_ERROR');
    const problem = patientProblem(patient);
    if (problem) return fail(problem.code);
    return HttpResponse.json(upsert(quiz, patient, body), { status: 201 });
  }),

  unconfirmed: http.get(api('/answer-revision/schedules-without-confirmation'), ({ request: req }) => {
    const url = new URL(req.url);
    return HttpResponse.json(pageOf(unconfirmed(url.searchParams.get('quizId')), url));
  }),

  getTemplate: http.get(api('/professional/me/template-message'), () =>
    HttpResponse.json({
      templateMessage: state.template ?? DEFAULT_TEMPLATE_MESSAGE_FIXTURE,
      isDefault: state.template === null,
      defaultTemplateMessage: DEFAULT_TEMPLATE_MESSAGE_FIXTURE,
      variables: TEMPLATE_VARIABLES,
    } satisfies TemplateMessage),
  ),
  updateTemplate: http.put(api('/professional/me/template-message'), async ({ request: req }) => {
    const body = (await req.json()) as { templateMessage: string | null };
    await delay(50);
    if (body.templateMessage !== null) {
      const used = [...body.templateMessage.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((m) => m[1] ?? '');
      const unknown = used.filter((v) => !TEMPLATE_VARIABLES.some((t) => t.name === v));
      if (unknown.length) return fail('WRONG_TEMPLATE_VARIABLES', { variables: unknown });
      const missing = ['link', 'pin'].filter((v) => !used.includes(v));
      if (missing.length) return fail('WRONG_TEMPLATE_PARAMETER', { variables: missing });
    }
    state.template = body.templateMessage?.trim() ?? null;
    return HttpResponse.json({
      templateMessage: state.template ?? DEFAULT_TEMPLATE_MESSAGE_FIXTURE,
      isDefault: state.template === null,
      defaultTemplateMessage: DEFAULT_TEMPLATE_MESSAGE_FIXTURE,
      variables: TEMPLATE_VARIABLES,
    } satisfies TemplateMessage);
  }),
};

/**
 * Every scheduling handler in the order MSW must try them: put it before other lists (its
 * `/quiz/schedule…` paths would otherwise reach a `/quiz/:id` handler).
 */
export const schedulingHandlerList = [
  schedulingHandlers.bulkStatus,
  schedulingHandlers.bulkAcknowledge,
  schedulingHandlers.bulkInsert,
  schedulingHandlers.bulkReschedule,
  schedulingHandlers.bulkDelete,
  schedulingHandlers.bulkActiveState,
  schedulingHandlers.republish,
  schedulingHandlers.requestNow,
  schedulingHandlers.cancel,
  schedulingHandlers.reschedule,
  schedulingHandlers.enable,
  schedulingHandlers.disable,
  schedulingHandlers.remove,
  schedulingHandlers.getSchedule,
  schedulingHandlers.list,
  schedulingHandlers.create,
  schedulingHandlers.unconfirmed,
  schedulingHandlers.getTemplate,
  schedulingHandlers.updateTemplate,
  schedulingHandlers.listPatients,
  schedulingHandlers.listServices,
  schedulingHandlers.listQuizzes,
  schedulingHandlers.getQuiz,
];
