import { delay, http, HttpResponse } from 'msw';
import type {
  QuizAnswerProgress,
  SignedUrlResponse,
  SurveyAnswer,
  SurveyQuestion,
  SurveyBrand,
  SurveyState,
} from '../gen/types.gen';
import { api, fail } from './respond';
import {
  ANSWERED_AT,
  SURVEY_ANSWER_ID,
  SURVEY_PIN,
  SURVEY_REQUEST_ID,
  SURVEY_SCHEDULE_ID,
  surveyAppearanceFixture,
  surveyNextOf,
  surveyQuestionFixtures,
  surveyStateFixture,
  surveyTokenFixture,
} from './survey-fixtures';

/**
 * Fixtures and a stateful in-memory server of the patient's survey (`/quiz-answer/*` and the
 * survey's uploads), answering as the API does: the PIN with its tries and lock, the flow with its
 * sub-questions and order, idempotent saves and the finish. Create one per story with
 * `createSurveyMockServer()` and hand its `handlers` to MSW.
 */

export interface SurveyMockOptions {
  /** Where the link stands. @default 'open' */
  state?: SurveyState['state'];
  /** Answers already stored (the patient started earlier). */
  answers?: SurveyAnswer[];
  /** Wrong PINs already typed (5 locks the link). */
  wrongPins?: number;
  questions?: SurveyQuestion[];
  /** Network delay of each call, in ms. @default 60 */
  latency?: number;
  /** Uploads never finish (the progress bar stays on screen). */
  hangUploads?: boolean;
  /** `GET /quiz-answer/{id}/brand`: a delay in ms, or 'infinite' (the PIN screen waits on its skeleton). */
  brandLatency?: number | 'infinite';
}

/** The professional's presentation on the fixtures' link, as `GET /quiz-answer/{id}/brand` answers it. */
export const surveyBrandFixture: SurveyBrand = {
  professionalName: surveyStateFixture.professionalName,
  profilePic: surveyAppearanceFixture.profilePic,
  subtitle: surveyAppearanceFixture.subtitle,
  colorScheme: surveyAppearanceFixture.colorScheme,
  forwardText: surveyAppearanceFixture.forwardText,
};

/** The answers still in the flow: a sub-answer whose parent no longer chose its alternative goes. */
function answersInFlow(questions: SurveyQuestion[], answers: SurveyAnswer[]): SurveyAnswer[] {
  return answers.filter((a) => {
    if (!a.parentQuestionId) return true;
    const parent = questions.find((q) => q.questionId === a.parentQuestionId);
    const own = answers.find((x) => x.questionId === a.parentQuestionId && !x.parentQuestionId);
    if (!parent || own?.value.type !== 'multiple-choice') return false;
    const chosen = own.value.alternativeIds;
    return parent.subQuestions.some((sub) => sub.questionId === a.questionId && chosen.includes(sub.alternativeId));
  });
}

/** A fresh in-memory survey server; its `handlers` go to MSW, `state` shows what it stored. */
export function createSurveyMockServer(options: SurveyMockOptions = {}) {
  const questions = options.questions ?? surveyQuestionFixtures;
  const latency = options.latency ?? 60;
  const state = {
    status: options.state ?? ('open' as SurveyState['state']),
    wrongPins: options.wrongPins ?? 0,
    lockedUntil: null as string | null,
    quizAnswerId: options.answers?.length ? SURVEY_ANSWER_ID : (null as string | null),
    answers: [...(options.answers ?? [])],
    finishedAt: null as string | null,
    keys: new Map<string, QuizAnswerProgress>(),
    saves: 0,
  };
  const progress = (): QuizAnswerProgress => ({
    quizAnswerId: state.quizAnswerId!,
    status: state.finishedAt ? 'finished' : 'in_progress',
    answers: state.answers,
    next: surveyNextOf(questions, state.answers),
    finishedAt: state.finishedAt,
  });
  if (state.wrongPins >= 5) state.lockedUntil = new Date(Date.now() + 15 * 60_000).toISOString();

  const handlers = [
    http.post(api('/quiz-answer/validate-pin'), async ({ request }) => {
      const body = (await request.json()) as { quizScheduleId: string; pin: string };
      await delay(latency);
      if (body.quizScheduleId !== SURVEY_SCHEDULE_ID) return fail('QUIZ_SCHEDULE_NOT_FOUND_ERROR');
      if (state.lockedUntil && Date.parse(state.lockedUntil) > Date.now())
        return fail('PIN_LOCKED', { lockedUntil: state.lockedUntil });
      if (body.pin !== SURVEY_PIN) {
        state.wrongPins++;
        if (state.wrongPins >= 5) {
          state.lockedUntil = new Date(Date.now() + 15 * 60_000).toISOString();
          return fail('PIN_LOCKED', { lockedUntil: state.lockedUntil });
        }
        return fail('WRONG_PIN', { remainingAttempts: 5 - state.wrongPins });
      }
      state.wrongPins = 0;
      return HttpResponse.json(surveyTokenFixture);
    }),
    http.get(api('/quiz-answer/:scheduleId/brand'), async ({ params }) => {
      await delay(options.brandLatency ?? latency);
      if (params.scheduleId !== SURVEY_SCHEDULE_ID) return fail('QUIZ_SCHEDULE_NOT_FOUND_ERROR');
      return HttpResponse.json(surveyBrandFixture);
    }),
    http.get(api('/quiz-answer/:scheduleId'), async ({ params, request }) => {
      await delay(latency);
      if (!request.headers.get('Authorization')?.startsWith('Bearer ')) return fail('Unauthorized');
      if (params.scheduleId !== SURVEY_SCHEDULE_ID) return fail('NOT_OWNER');
      const survey: SurveyState = {
        ...surveyStateFixture,
        questions,
        state: state.status,
        answerRequestId: state.status === 'nothing-pending' ? null : SURVEY_REQUEST_ID,
        quizAnswerId: state.quizAnswerId,
        answers: state.answers,
        next: state.quizAnswerId ? surveyNextOf(questions, state.answers) : null,
        finishedAt: state.finishedAt,
      };
      return HttpResponse.json(survey);
    }),
    http.post(api('/quiz-answer'), async () => {
      await delay(latency);
      if (state.status === 'answered') return fail('QUIZ_ALREADY_ANSWERED');
      const created = !state.quizAnswerId;
      state.quizAnswerId ??= SURVEY_ANSWER_ID;
      return HttpResponse.json(progress(), { status: created ? 201 : 200 });
    }),
    http.put(api('/quiz-answer/:quizAnswerId'), async ({ request }) => {
      const body = (await request.json()) as {
        idempotencyKey: string;
        answer?: {
          questionId: string;
          parentQuestionId?: string | null;
          value: SurveyAnswer['value'];
          replace?: boolean;
        };
        finish?: boolean;
      };
      await delay(latency);
      state.saves++;
      const seen = state.keys.get(body.idempotencyKey);
      if (seen) return HttpResponse.json(seen);
      if (state.finishedAt) return fail('QUIZ_ALREADY_ANSWERED');
      if (body.answer) {
        const next = surveyNextOf(questions, state.answers);
        const parent = body.answer.parentQuestionId ?? null;
        const same = (a: SurveyAnswer) => a.questionId === body.answer!.questionId && a.parentQuestionId === parent;
        if (state.answers.some(same) && body.answer.replace) {
          // A change of an answer given before: it takes the new value; sub-answers no longer opened go.
          const value = body.answer.value;
          state.answers = answersInFlow(
            questions,
            state.answers.map((a) => (same(a) ? { ...a, value, answeredAt: ANSWERED_AT } : a)),
          );
        } else if (state.answers.some(same)) return fail('ANSWER_ALREADY_REGISTERED');
        else if (!next || next.questionId !== body.answer.questionId || next.parentQuestionId !== parent)
          return fail('WRONG_ANSWER_ORDER');
        else
          state.answers = [
            ...state.answers,
            {
              questionId: body.answer.questionId,
              parentQuestionId: parent,
              value: body.answer.value,
              answeredAt: ANSWERED_AT,
            },
          ];
      }
      if (body.finish) {
        if (surveyNextOf(questions, state.answers)) return fail('WRONG_ANSWER_ORDER');
        state.finishedAt = ANSWERED_AT;
        state.status = 'answered';
      }
      const result = progress();
      state.keys.set(body.idempotencyKey, result);
      return HttpResponse.json(result);
    }),
    http.post(api('/file/signed-url'), async ({ request }) => {
      const body = (await request.json()) as { key: string; contentType: string; questionId?: string };
      await delay(latency);
      const origin = new URL(request.url).origin;
      const key = `6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b_${'0'.repeat(32)}_${body.key.replace(/[^A-Za-z0-9._-]/g, '_')}`;
      const response: SignedUrlResponse = {
        key,
        downloadUrl: `${origin}/api/file/${key}`,
        expiresAt: '2099-01-01T00:10:00.000Z',
        uploadData: {
          url: `${origin}/api/file/upload/survey-story-token`,
          metadata: { method: 'PUT', headers: { 'Content-Type': body.contentType } },
        },
      };
      return HttpResponse.json(response);
    }),
    http.put(api('/file/upload/:token'), async () => {
      await delay(options.hangUploads ? 'infinite' : latency * 3);
      return HttpResponse.json({ key: 'k', downloadUrl: '/api/file/k', contentType: 'image/png', contentSize: 1 });
    }),
  ];

  return { handlers, state };
}
