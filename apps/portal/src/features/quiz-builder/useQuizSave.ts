/**
 * The quiz builder's save: the cover and title (meta) beside the flowchart machine, saved together.
 * A flowchart change goes through `quizFlowchartMachine`'s save; a meta-only change goes around it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  createQuizMutation,
  getQuizQueryKey,
  updateQuizMutation,
  type ChosenQuestion,
  type Question,
  type QuizDetail,
  handled,
  type ApiErrorCode,
} from '@acompanha/api-client';
import { isFlowchartDirty, quizFlowchartMachine } from '@acompanha/machines';
import {
  folderColorsValid,
  metaFromQuiz,
  metaToBody,
  sameMeta,
  toFlowchartQuestion,
  type QuizMetaDraft,
} from './quizDraft';
import { refreshAfter } from '../../lib/refresh';

/** Codes this screen shows itself (inline), so the central handler adds no toast. */
const SAVE_HANDLED_CODES: readonly ApiErrorCode[] = [
  'UPDATE_QUESTIONS_ERROR',
  'WRONG_COMMAND_PARAMETERS',
  'QUIZ_NOT_FOUND',
  'NOT_OWNER',
];

export function useQuizSave(
  quiz: QuizDetail | null,
  known: Map<string, Question>,
  /** Called instead of saving when the cover's colours are not valid. */
  onInvalidCover: () => void,
) {
  const queryClient = useQueryClient();
  const createQuiz = useMutation(createQuizMutation());
  const updateQuiz = useMutation(updateQuizMutation());
  const [meta, setMeta] = useState<QuizMetaDraft>(() => metaFromQuiz(quiz));
  const [savedMeta, setSavedMeta] = useState<QuizMetaDraft>(() => metaFromQuiz(quiz));
  const [titleError, setTitleError] = useState(false);
  const [savedQuizId, setSavedQuizId] = useState<string | null>(quiz?.id ?? null);

  const metaRef = useRef(meta);
  metaRef.current = meta;
  // A new quiz created by a save whose flowchart then failed: the retry updates it, never creates twice.
  const createdIdRef = useRef<string | null>(null);

  /** Saves the quiz; `chosenQuestions` is omitted when only the cover or the title changed. */
  const persist = useCallback(
    async (quizId: string | null, chosenQuestions?: ChosenQuestion[]) => {
      const sent = metaRef.current;
      const body = metaToBody(sent);
      const meta = handled(...SAVE_HANDLED_CODES);
      let id = quizId ?? createdIdRef.current;
      let detail: QuizDetail | null = null;
      if (!id) {
        detail = await createQuiz.mutateAsync({
          body: {
            title: body.title,
            description: body.description,
            appearanceId: body.appearanceId,
            folder: body.folder,
          },
          meta,
        });
        id = detail.id;
        createdIdRef.current = id;
        if (chosenQuestions) detail = await updateQuiz.mutateAsync({ path: { id }, body: { chosenQuestions }, meta });
      } else {
        detail = await updateQuiz.mutateAsync({
          path: { id },
          body: { ...body, ...(chosenQuestions ? { chosenQuestions } : {}) },
          meta,
        });
      }
      queryClient.setQueryData(getQuizQueryKey({ path: { id } }), detail);
      await refreshAfter(queryClient, 'quizChanged');
      setSavedMeta(sent);
      setSavedQuizId(id);
      return { quizId: id };
    },
    [createQuiz, updateQuiz, queryClient],
  );
  const persistRef = useRef(persist);
  persistRef.current = persist;

  const [machine] = useState(() =>
    quizFlowchartMachine.provide({
      actors: { saveFlowchart: fromPromise(({ input }) => persistRef.current(input.quizId, input.chosenQuestions)) },
    }),
  );
  const [state, send] = useMachine(machine, {
    input: {
      quizId: quiz?.id ?? null,
      questionsList: (quiz?.questions ?? []).map(toFlowchartQuestion),
      chosenQuestions: quiz?.chosenQuestions ?? [],
    },
  });

  // Meta-only saves (title, cover, appearance) go around the machine: its save needs a changed flowchart.
  const metaSave = useMutation({ mutationFn: () => persist(state.context.quizId, undefined) });

  useEffect(() => {
    send({ type: 'questions.loaded', questionsList: [...known.values()].map(toFlowchartQuestion) });
  }, [known, send]);

  const flowchartDirty = isFlowchartDirty(state.context);
  const metaDirty = !sameMeta(meta, savedMeta);
  const isDirty = flowchartDirty || metaDirty;
  const isSaving = state.matches('saving') || metaSave.isPending;
  const saveFailed = state.matches({ ready: 'saveFailed' });
  const error = saveFailed ? state.context.error : metaSave.error;

  function save() {
    if (!meta.title.trim()) {
      setTitleError(true);
      return;
    }
    if (!folderColorsValid(meta.folder)) {
      onInvalidCover();
      return;
    }
    metaSave.reset();
    if (flowchartDirty || saveFailed) send({ type: 'flowchart.save' });
    else if (metaDirty) metaSave.mutate();
  }

  function discard() {
    send({ type: 'flowchart.discard' });
    metaSave.reset();
    setMeta(savedMeta);
    setTitleError(false);
  }

  function dismissError() {
    send({ type: 'error.dismiss' });
    metaSave.reset();
  }

  return {
    meta,
    setMeta,
    titleError,
    setTitleError,
    savedQuizId,
    state,
    send,
    isDirty,
    isSaving,
    error,
    save,
    discard,
    dismissError,
  };
}
