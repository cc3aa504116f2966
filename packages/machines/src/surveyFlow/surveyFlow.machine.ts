import { assign, fromCallback, fromPromise, setup } from 'xstate';
import {
  answersInFlow,
  isAnswered,
  isCompleteAnswer,
  nextStep,
  previousStep,
  questionOf,
  sameStep,
  sameValue,
  stepAfter,
  type StepRef,
  type SurveyAnswerValue,
  type SurveyData,
  type SurveyProgress,
  withAnswer,
} from './flow';
import type {
  LoadSurveyInput,
  PendingSave,
  PinError,
  SaveAnswerInput,
  StartAnswerInput,
  StartError,
  SurveyFlowContext,
  SurveyFlowError,
  SurveyFlowEvent,
  SurveyFlowInput,
  SurveyToken,
  ValidatePinInput,
} from './surveyFlow.types';
import {
  currentStep,
  isNotFoundError,
  isRetryableError,
  isEditable,
  isUnauthorizedError,
  mergeAnswers,
  newIdempotencyKey,
  pendingAnswersOf,
  retryDelay,
  toAnswer,
  toFlowError,
} from './surveyFlow.logic';
import { initialSurveyFlowContext, isTokenValid } from './surveyFlow.start';

/**
 * The patient's survey, from the PIN to the thanks: PIN (wrong PIN with tries left, locked until a
 * time), loading, the cover (folder), one question or sub-question at a time (with "Voltar" to the
 * previous one, its answer shown and changeable), the review ("Alterar" any answer, "Enviar respostas"),
 * and the save queue beside it (saving, waiting offline with backoff, retried on `network.online`),
 * then finished. Every call is an actor the app provides; the app also provides `persist`, called
 * whenever the token, the queue or the position changes, to keep them in storage so a reload resumes
 * where the patient was and nothing is lost.
 */
export const surveyFlowMachine = setup({
  types: {
    context: {} as SurveyFlowContext,
    events: {} as SurveyFlowEvent,
    input: {} as SurveyFlowInput,
  },
  actors: {
    validatePin: fromPromise<SurveyToken, ValidatePinInput>(async () => {
      throw new Error('validatePin must be provided with machine.provide()');
    }),
    loadSurvey: fromPromise<SurveyData, LoadSurveyInput>(async () => {
      throw new Error('loadSurvey must be provided with machine.provide()');
    }),
    startAnswer: fromPromise<SurveyProgress, StartAnswerInput>(async () => {
      throw new Error('startAnswer must be provided with machine.provide()');
    }),
    saveAnswer: fromPromise<SurveyProgress, SaveAnswerInput>(async () => {
      throw new Error('saveAnswer must be provided with machine.provide()');
    }),
    /** Sends `sync.retry` after `delay` ms (the backoff of the save queue). */
    retryTimer: fromCallback<SurveyFlowEvent, { delay: number }>(({ input, sendBack }) => {
      const id = setTimeout(() => sendBack({ type: 'sync.retry' }), input.delay);
      return () => clearTimeout(id);
    }),
    /** Sends `lock.expired` when the lock of the link ends. */
    lockTimer: fromCallback<SurveyFlowEvent, { until: string | null }>(({ input, sendBack }) => {
      const ms = input.until ? Date.parse(input.until) - Date.now() : 0;
      // setTimeout overflows past ~24.8 days; a lock is 15 minutes.
      const id = setTimeout(() => sendBack({ type: 'lock.expired' }), Math.min(Math.max(ms, 0) + 500, 2 ** 31 - 1));
      return () => clearTimeout(id);
    }),
  },
  guards: {
    hasValidToken: ({ context }) => isTokenValid(context.token),
    isWrongPin: (_, params: { error: SurveyFlowError }) => params.error.code === 'WRONG_PIN',
    isPinLocked: (_, params: { error: SurveyFlowError }) =>
      params.error.code === 'PIN_LOCKED' || params.error.status === 423,
    isNotFound: (_, params: { error: SurveyFlowError }) => isNotFoundError(params.error),
    isRetryable: (_, params: { error: SurveyFlowError }) => isRetryableError(params.error),
    isUnauthorized: (_, params: { error: SurveyFlowError }) => isUnauthorizedError(params.error),
    isAlreadyAnswered: (_, params: { error: SurveyFlowError }) => params.error.code === 'QUIZ_ALREADY_ANSWERED',
    isAlreadyRegistered: (_, params: { error: SurveyFlowError }) => params.error.code === 'ANSWER_ALREADY_REGISTERED',
    surveyAnswered: ({ context }) => context.survey?.state === 'answered' || !!context.survey?.finishedAt,
    nothingPending: ({ context }) =>
      context.survey?.state === 'nothing-pending' || (!context.survey?.answerRequestId && !context.quizAnswerId),
    canResume: ({ context }) =>
      !!context.quizAnswerId &&
      (context.started ||
        context.answers.length > 0 ||
        context.queue.some((i) => i.quizAnswerId === context.quizAnswerId)),
    hasQuizAnswer: ({ context }) => !!context.quizAnswerId,
    hasCurrentStep: ({ context }) => currentStep(context) !== null,
    hasQueue: ({ context }) => context.queue.length > 0,
    headIsFinish: ({ context }) => !!context.queue[0]?.finish,
    hasPreviousStep: ({ context }) => {
      if (!context.survey) return false;
      const previous = previousStep(context.survey.questions, context.answers, currentStep(context));
      return !!previous && isAnswered(context.answers, previous);
    },
    canEdit: ({ context }, params: { step: StepRef }) =>
      !!context.survey && isEditable(context.survey.questions, context.answers, params.step),
    finishQueued: ({ context }) => context.queue.some((i) => i.finish && i.quizAnswerId === context.quizAnswerId),
    isAnswerForCurrentStep: ({ context }, params: { value: SurveyAnswerValue }) => {
      const question = context.survey ? questionOf(context.survey.questions, currentStep(context)) : null;
      return !!question && isCompleteAnswer(question, params.value);
    },
  },
  actions: {
    /** Provided by the app: writes `token` and `queue` to storage. */
    persist: () => {},
    setToken: assign({
      token: (_, params: { token: SurveyToken }) => params.token,
      pinError: null,
      remainingAttempts: null,
      lockedUntil: null,
    }),
    dropToken: assign({ token: null }),
    wrongPin: assign({
      pinError: 'WRONG_PIN' as PinError,
      remainingAttempts: (_, params: { error: SurveyFlowError }) => {
        const n = (params.error.details as { remainingAttempts?: unknown } | undefined)?.remainingAttempts;
        return typeof n === 'number' ? n : null;
      },
    }),
    pinFailed: assign({
      pinError: (_, params: { error: SurveyFlowError }) =>
        (isRetryableError(params.error) ? 'NETWORK' : 'UNKNOWN') as PinError,
    }),
    lock: assign({
      pinError: null,
      remainingAttempts: 0,
      lockedUntil: (_, params: { error: SurveyFlowError }) => {
        const until = (params.error.details as { lockedUntil?: unknown } | undefined)?.lockedUntil;
        return typeof until === 'string' ? until : new Date(Date.now() + 15 * 60_000).toISOString();
      },
    }),
    unlock: assign({ lockedUntil: null, remainingAttempts: null, pinError: null }),
    setSurvey: assign(({ context }, params: { survey: SurveyData }) => {
      const { survey } = params;
      const live = survey.state === 'open';
      const queue = live ? context.queue : [];
      const pending = pendingAnswersOf(queue, survey.quizAnswerId).length > 0;
      return {
        survey,
        quizAnswerId: survey.quizAnswerId,
        queue,
        answers: mergeAnswers(survey.answers, queue, survey.quizAnswerId, survey.questions),
        serverNext: pending ? undefined : survey.next,
        error: null,
      };
    }),
    setError: assign({ error: (_, params: { error: SurveyFlowError }) => params.error }),
    applyStart: assign(({ context }, params: { progress: SurveyProgress }) => ({
      quizAnswerId: params.progress.quizAnswerId,
      answers: mergeAnswers(
        params.progress.answers,
        context.queue,
        params.progress.quizAnswerId,
        context.survey?.questions,
      ),
      serverNext: params.progress.next,
      startError: null,
    })),
    startFailed: assign({
      startError: (_, params: { error: SurveyFlowError }) =>
        (isRetryableError(params.error) ? 'NETWORK' : 'UNKNOWN') as StartError,
    }),
    /**
     * The answer to the step on screen: a new one is queued; a change of one given before is queued as a
     * replace (nothing is sent when it did not change). Then where to go: after a change made from the
     * review, the first unanswered step (a sub-question it opened) or back to the review; after a change
     * reached with "Voltar", the next step, still showing its answer while it has one.
     */
    submitAnswer: assign(({ context }, params: { value: SurveyAnswerValue }) => {
      const questions = context.survey!.questions;
      const step = currentStep(context)!;
      const given = context.answers.find((a) => sameStep(a, step));
      const ref = { questionId: step.questionId, parentQuestionId: step.parentQuestionId };
      let queue = context.queue;
      let answers = context.answers;
      if (!given || !sameValue(given.value, params.value)) {
        const item: PendingSave = {
          idempotencyKey: newIdempotencyKey(),
          quizAnswerId: context.quizAnswerId!,
          answer: { ...ref, value: params.value, ...(given ? { replace: true as const } : {}) },
          createdAt: Date.now(),
        };
        queue = [...queue, item];
        answers = answersInFlow(questions, withAnswer(answers, toAnswer(item)));
      }
      let editing: StepRef | null = null;
      if (given && !context.returnToReview) {
        const after = stepAfter(questions, answers, step);
        if (after && isAnswered(answers, after)) editing = after;
      }
      return {
        queue,
        answers,
        editing,
        returnToReview: editing
          ? context.returnToReview
          : context.returnToReview && nextStep(questions, answers) !== null,
        serverNext: queue === context.queue ? context.serverNext : undefined,
        resynced: queue === context.queue ? context.resynced : false,
      };
    }),
    goBack: assign(({ context }) => ({
      editing: previousStep(context.survey!.questions, context.answers, currentStep(context)),
    })),
    edit: assign((_, params: { step: StepRef }) => ({
      editing: { questionId: params.step.questionId, parentQuestionId: params.step.parentQuestionId ?? null },
      returnToReview: true,
    })),
    leaveEditing: assign({ editing: null, returnToReview: false }),
    enqueueFinish: assign({
      queue: ({ context }) =>
        context.queue.some((i) => i.finish && i.quizAnswerId === context.quizAnswerId)
          ? context.queue
          : [
              ...context.queue,
              {
                idempotencyKey: newIdempotencyKey(),
                quizAnswerId: context.quizAnswerId!,
                finish: true as const,
                createdAt: Date.now(),
              },
            ],
    }),
    /** The server stored the head of the queue. */
    ackHead: assign({ queue: ({ context }) => context.queue.slice(1), retryAttempt: 0 }),
    applyProgress: assign(({ context }, params: { progress: SurveyProgress }) => {
      if (params.progress.quizAnswerId !== context.quizAnswerId) return {};
      const pending = pendingAnswersOf(context.queue, context.quizAnswerId).length > 0;
      return {
        answers: mergeAnswers(params.progress.answers, context.queue, context.quizAnswerId, context.survey?.questions),
        serverNext: pending ? undefined : params.progress.next,
      };
    }),
    countAttempt: assign({ retryAttempt: ({ context }) => context.retryAttempt + 1 }),
    /**
     * The server refused the head of the queue: it and the later saves of the same quiz answer
     * depended on an order the server does not share, so they go, and the flow reloads from it.
     */
    rejectHead: assign(({ context }, params: { error: SurveyFlowError }) => {
      const head = context.queue[0];
      return {
        queue: head ? context.queue.filter((i) => i.quizAnswerId !== head.quizAnswerId) : context.queue,
        retryAttempt: 0,
        error: params.error,
        resynced: true,
      };
    }),
    clearQueue: assign({ queue: [], retryAttempt: 0 }),
    setOnline: assign({ online: true }),
    setOffline: assign({ online: false }),
  },
}).createMachine({
  id: 'surveyFlow',
  context: ({ input }) => initialSurveyFlowContext(input),
  initial: 'boot',
  on: {
    'network.online': { actions: 'setOnline' },
    'network.offline': { actions: 'setOffline' },
  },
  states: {
    boot: {
      always: [{ guard: 'hasValidToken', target: 'loading' }, { target: 'pin' }],
    },
    pin: {
      initial: 'entering',
      states: {
        entering: {
          on: { 'pin.submit': { guard: ({ event }) => /^\d{6}$/.test(event.pin), target: 'validating' } },
        },
        validating: {
          invoke: {
            id: 'validatePin',
            src: 'validatePin',
            input: ({ context, event }) => ({
              quizScheduleId: context.quizScheduleId,
              pin: (event as { pin?: string }).pin ?? '',
            }),
            onDone: {
              target: '#surveyFlow.loading',
              actions: [{ type: 'setToken', params: ({ event }) => ({ token: event.output }) }, 'persist'],
            },
            onError: [
              {
                guard: { type: 'isPinLocked', params: ({ event }) => ({ error: toFlowError(event.error) }) },
                target: '#surveyFlow.locked',
                actions: { type: 'lock', params: ({ event }) => ({ error: toFlowError(event.error) }) },
              },
              {
                guard: { type: 'isWrongPin', params: ({ event }) => ({ error: toFlowError(event.error) }) },
                target: 'entering',
                actions: { type: 'wrongPin', params: ({ event }) => ({ error: toFlowError(event.error) }) },
              },
              {
                guard: { type: 'isNotFound', params: ({ event }) => ({ error: toFlowError(event.error) }) },
                target: '#surveyFlow.notFound',
              },
              {
                target: 'entering',
                actions: { type: 'pinFailed', params: ({ event }) => ({ error: toFlowError(event.error) }) },
              },
            ],
          },
        },
      },
    },
    locked: {
      invoke: { id: 'lockTimer', src: 'lockTimer', input: ({ context }) => ({ until: context.lockedUntil }) },
      on: { 'lock.expired': { target: 'pin', actions: 'unlock' } },
    },
    loading: {
      invoke: {
        id: 'loadSurvey',
        src: 'loadSurvey',
        input: ({ context }) => ({ quizScheduleId: context.quizScheduleId, token: context.token?.token ?? '' }),
        onDone: {
          target: 'routing',
          actions: [{ type: 'setSurvey', params: ({ event }) => ({ survey: event.output }) }, 'persist'],
        },
        onError: [
          {
            // The token expired (or was revoked): the PIN again, then back here with the queue intact.
            guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: toFlowError(event.error) }) },
            target: 'pin',
            actions: ['dropToken', 'persist'],
          },
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: toFlowError(event.error) }) },
            target: 'notFound',
          },
          {
            guard: { type: 'isRetryable', params: ({ event }) => ({ error: toFlowError(event.error) }) },
            target: 'loadFailed',
            actions: { type: 'setError', params: ({ event }) => ({ error: toFlowError(event.error) }) },
          },
          {
            target: 'failed',
            actions: { type: 'setError', params: ({ event }) => ({ error: toFlowError(event.error) }) },
          },
        ],
      },
    },
    routing: {
      always: [
        { guard: 'surveyAnswered', target: 'alreadyAnswered', actions: ['clearQueue', 'persist'] },
        { guard: 'nothingPending', target: 'nothingPending', actions: ['clearQueue', 'persist'] },
        { guard: 'canResume', target: 'survey' },
        { target: 'folder' },
      ],
    },
    /** The request could not reach the server: retried by the patient or when the connection returns. */
    loadFailed: {
      on: { 'load.retry': 'loading', 'network.online': { target: 'loading', actions: 'setOnline' } },
    },
    /** The cover. */
    folder: {
      on: {
        'survey.start': [{ guard: 'hasQuizAnswer', target: 'survey' }, { target: 'starting' }],
        'network.online': { actions: 'setOnline' },
      },
    },
    starting: {
      invoke: {
        id: 'startAnswer',
        src: 'startAnswer',
        input: ({ context }) => ({
          quizScheduleId: context.quizScheduleId,
          answerRequestId: context.survey?.answerRequestId ?? '',
          token: context.token?.token ?? '',
        }),
        onDone: {
          target: 'survey',
          actions: { type: 'applyStart', params: ({ event }) => ({ progress: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: toFlowError(event.error) }) },
            target: 'pin',
            actions: ['dropToken', 'persist'],
          },
          {
            guard: { type: 'isAlreadyAnswered', params: ({ event }) => ({ error: toFlowError(event.error) }) },
            target: 'alreadyAnswered',
          },
          {
            target: 'folder',
            actions: { type: 'startFailed', params: ({ event }) => ({ error: toFlowError(event.error) }) },
          },
        ],
      },
    },
    /** Answering: the question on screen (`flow`) and the save queue (`sync`) run side by side. */
    survey: {
      type: 'parallel',
      entry: assign({ started: true }),
      states: {
        flow: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [
                { guard: 'finishQueued', target: 'finishing' },
                { guard: 'hasCurrentStep', target: 'question' },
                { target: 'review' },
              ],
            },
            /** One question or sub-question (`currentStep(context)`), pre-filled when it was answered before. */
            question: {
              always: { guard: ({ context }) => currentStep(context) === null, target: 'review' },
              on: {
                'answer.submit': {
                  guard: { type: 'isAnswerForCurrentStep', params: ({ event }) => ({ value: event.value }) },
                  target: 'deciding',
                  reenter: true,
                  actions: [{ type: 'submitAnswer', params: ({ event }) => ({ value: event.value }) }, 'persist'],
                },
                'answer.back': {
                  guard: 'hasPreviousStep',
                  target: 'deciding',
                  reenter: true,
                  actions: ['goBack', 'persist'],
                },
              },
            },
            /** Every question answered: the answers listed, each with "Alterar"; nothing is final yet. */
            review: {
              entry: ['leaveEditing', 'persist'],
              always: { guard: 'hasCurrentStep', target: 'question' },
              on: {
                'answer.edit': {
                  guard: { type: 'canEdit', params: ({ event }) => ({ step: event.step }) },
                  target: 'deciding',
                  actions: [{ type: 'edit', params: ({ event }) => ({ step: event.step }) }, 'persist'],
                },
                'answer.back': {
                  guard: 'hasPreviousStep',
                  target: 'deciding',
                  actions: ['goBack', 'persist'],
                },
                'review.submit': 'finishing',
              },
            },
            /** "Enviar respostas": the finish waits in the queue behind the last answers. */
            finishing: {
              entry: ['enqueueFinish', 'persist'],
            },
          },
        },
        sync: {
          initial: 'idle',
          states: {
            idle: {
              always: { guard: 'hasQueue', target: 'saving' },
            },
            saving: {
              invoke: {
                id: 'saveAnswer',
                src: 'saveAnswer',
                input: ({ context }) => ({ ...context.queue[0]!, token: context.token?.token ?? '' }),
                onDone: [
                  { guard: 'headIsFinish', target: '#surveyFlow.finished', actions: ['ackHead', 'persist'] },
                  {
                    target: 'idle',
                    actions: [
                      'ackHead',
                      { type: 'applyProgress', params: ({ event }) => ({ progress: event.output }) },
                      'persist',
                    ],
                  },
                ],
                onError: [
                  {
                    guard: { type: 'isRetryable', params: ({ event }) => ({ error: toFlowError(event.error) }) },
                    target: 'waiting',
                    actions: [
                      'countAttempt',
                      { type: 'setError', params: ({ event }) => ({ error: toFlowError(event.error) }) },
                    ],
                  },
                  {
                    guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: toFlowError(event.error) }) },
                    target: '#surveyFlow.pin',
                    actions: ['dropToken', 'persist'],
                  },
                  {
                    guard: { type: 'isAlreadyAnswered', params: ({ event }) => ({ error: toFlowError(event.error) }) },
                    target: '#surveyFlow.alreadyAnswered',
                    actions: ['clearQueue', 'persist'],
                  },
                  {
                    // The server already holds an answer to this question: nothing to keep; reload its view.
                    guard: {
                      type: 'isAlreadyRegistered',
                      params: ({ event }) => ({ error: toFlowError(event.error) }),
                    },
                    target: '#surveyFlow.loading',
                    actions: ['ackHead', 'persist'],
                  },
                  {
                    target: '#surveyFlow.loading',
                    actions: [
                      { type: 'rejectHead', params: ({ event }) => ({ error: toFlowError(event.error) }) },
                      'persist',
                    ],
                  },
                ],
              },
            },
            /** Offline (or the server failed): the save stays queued and is tried again with backoff. */
            waiting: {
              invoke: {
                id: 'retryTimer',
                src: 'retryTimer',
                input: ({ context }) => ({ delay: retryDelay(context.retryAttempt) }),
              },
              on: {
                'sync.retry': 'saving',
                'network.online': { target: 'saving', actions: 'setOnline' },
              },
            },
          },
        },
      },
    },
    /** The thanks. */
    finished: { entry: ['clearQueue', 'persist'] },
    alreadyAnswered: {},
    nothingPending: {},
    notFound: {},
    /** An unexpected answer from the server. */
    failed: {
      on: { 'load.retry': 'loading' },
    },
  },
});
