import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker, useLoaderData, useLocation, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  asApiError,
  createQuizMutation,
  getQuestionOptions,
  getQuizOptions,
  getQuizQueryKey,
  listAppearancesOptions,
  listQuestionsOptions,
  updateQuizMutation,
  type ChosenQuestion,
  type Question,
  type QuizDetail,
} from '@acompanha/api-client';
import { isFlowchartDirty, quizFlowchartMachine } from '@acompanha/machines';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  InlineAlert,
  Modal,
  Page,
  Select,
  SelectItem,
  Spinner,
  Stack,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  Text,
  TextArea,
  TextField,
  toastQueue,
  TOP_BAR_HEIGHT,
} from '@acompanha/ui';
import { queryClient as appQueryClient } from '../../app/queryClient';
import { loadOrSignIn } from '../../app/loaders';
import { usePersisted } from '../../app/store';
import { invalidateOperation } from '../../lib/queries';
import { BANK_QUERY, FlowchartEditor } from './FlowchartEditor';
import { FolderEditor } from './FolderEditor';
import { QuizPreview } from './QuizPreview';
import {
  alternativesOf,
  folderColorsValid,
  metaFromQuiz,
  metaToBody,
  sameMeta,
  toFlowchartQuestion,
  type FolderDraft,
  type QuizMetaDraft,
} from './quizDraft';

/** Codes this screen shows itself (inline), so the central handler adds no toast. */
const SAVE_HANDLED_CODES = ['UPDATE_QUESTIONS_ERROR', 'WRONG_COMMAND_PARAMETERS', 'QUIZ_NOT_FOUND', 'NOT_OWNER'];
const NOT_FOUND_CODES = ['QUIZ_NOT_FOUND', 'NOT_FOUND', 'NOT_OWNER'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const quizBuilderPath = (quizId?: string) => (quizId ? `/quiz-builder/${quizId}` : '/quiz-builder');

export interface QuizBuilderLoaderData {
  /** The quiz does not exist or is not the professional's. */
  notFound: boolean;
}

const quizOptions = (id: string) => getQuizOptions({ path: { id }, meta: { handledCodes: NOT_FOUND_CODES } });

/**
 * Route loader of `/quiz-builder` and `/quiz-builder/:quizId`: the quiz (when editing) is fetched
 * before the screen opens; the bank and the appearances start loading beside it.
 */
export async function quizBuilderLoader({
  params,
  request,
}: Pick<LoaderFunctionArgs, 'params' | 'request'>): Promise<QuizBuilderLoaderData> {
  return loadOrSignIn(request, async () => {
    void appQueryClient.prefetchQuery(listAppearancesOptions());
    void appQueryClient.prefetchQuery(listQuestionsOptions({ query: BANK_QUERY }));
    const id = params.quizId;
    if (!id) return { notFound: false };
    if (!UUID.test(id)) return { notFound: true };
    try {
      await appQueryClient.ensureQueryData(quizOptions(id));
      return { notFound: false };
    } catch (raw) {
      const error = asApiError(raw);
      if (error.status === 404 || NOT_FOUND_CODES.includes(error.code)) return { notFound: true };
      throw raw;
    }
  });
}

/** `/quiz-builder` (new quiz) and `/quiz-builder/:quizId`: cover, flowchart and preview of a quiz. */
export function QuizBuilderPage() {
  const { quizId } = useParams();
  const data = useLoaderData() as QuizBuilderLoaderData | undefined;
  const quiz = useQuery({ ...quizOptions(quizId ?? ''), enabled: !!quizId && !data?.notFound });

  if (data?.notFound) {
    return (
      <Page title="Questionário não encontrado">
        <EmptyState
          title="Não encontramos este questionário"
          description="Ele pode ter sido excluído ou o link está incorreto."
          action={<NewQuizButton />}
          headingLevel={2}
        />
      </Page>
    );
  }
  if (quizId && !quiz.data) return <Spinner label="Carregando questionário" />;
  // A new key per quiz: the editor starts again from what the server holds.
  return <QuizBuilder key={quizId ?? 'new'} quiz={quiz.data ?? null} />;
}

function NewQuizButton() {
  const navigate = useNavigate();
  return <Button onPress={() => navigate(quizBuilderPath())}>Criar um questionário</Button>;
}

type TabId = 'cover' | 'questions';

function QuizBuilder({ quiz }: { quiz: QuizDetail | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const professionalName = usePersisted((s) => s.session.professional?.name) ?? 'Profissional';
  const [tab, setTab] = useState<TabId>((location.state as { tab?: TabId } | null)?.tab ?? 'cover');
  const [meta, setMeta] = useState<QuizMetaDraft>(() => metaFromQuiz(quiz));
  const [savedMeta, setSavedMeta] = useState<QuizMetaDraft>(() => metaFromQuiz(quiz));
  const [titleError, setTitleError] = useState(false);
  const [savedQuizId, setSavedQuizId] = useState<string | null>(quiz?.id ?? null);

  // Every question known so far: the quiz's own (with its sub-questions) and what the bank listed.
  const [known, setKnown] = useState<Map<string, Question>>(
    () => new Map((quiz?.questions ?? []).map((q) => [q.id, q])),
  );
  const addKnown = useCallback((list: Question[]) => {
    setKnown((prev) => {
      if (list.every((q) => prev.get(q.id) === q)) return prev;
      const next = new Map(prev);
      for (const q of list) next.set(q.id, q);
      return next;
    });
  }, []);

  const appearances = useQuery(listAppearancesOptions());
  const createQuiz = useMutation(createQuizMutation());
  const updateQuiz = useMutation(updateQuizMutation());

  const metaRef = useRef(meta);
  metaRef.current = meta;
  // A new quiz created by a save whose flowchart then failed: the retry updates it, never creates twice.
  const createdIdRef = useRef<string | null>(null);

  /** Saves the quiz; `chosenQuestions` is omitted when only the cover or the title changed. */
  const persist = useCallback(
    async (quizId: string | null, chosenQuestions?: ChosenQuestion[]) => {
      const sent = metaRef.current;
      const body = metaToBody(sent);
      const meta = { handledCodes: SAVE_HANDLED_CODES };
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
      await invalidateOperation(queryClient, 'listQuizzes');
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
  const { chosenQuestions } = state.context;

  // Meta-only saves (title, cover, appearance) go around the machine: its save needs a changed flowchart.
  const metaSave = useMutation({ mutationFn: () => persist(state.context.quizId, undefined) });

  useEffect(() => {
    send({ type: 'questions.loaded', questionsList: [...known.values()].map(toFlowchartQuestion) });
  }, [known, send]);

  // Sub-questions that no list brought yet: fetched one by one so their checkboxes have a title.
  const missingSubIds = useMemo(() => {
    const ids = chosenQuestions.flatMap((c) => alternativesOf(known.get(c.id)).flatMap((a) => a.subQuestionIds));
    return [...new Set(ids)].filter((id) => !known.has(id));
  }, [chosenQuestions, known]);
  const subQueries = useQueries({
    queries: missingSubIds.map((id) => ({ ...getQuestionOptions({ path: { id } }), retry: false })),
  });
  const fetchedSubs = subQueries.flatMap((q) => (q.data ? [q.data] : []));
  useEffect(() => {
    if (fetchedSubs.length) addKnown(fetchedSubs);
  }, [fetchedSubs.map((q) => q.id).join(','), addKnown]); // eslint-disable-line react-hooks/exhaustive-deps

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
      setTab('cover');
      toastQueue.add({ tone: 'error', title: 'Corrija as cores da capa antes de salvar.' }, { timeout: 5000 });
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

  // After the first save the address becomes the quiz's own; nothing is pending then.
  const routeQuizId = quiz?.id ?? null;
  useEffect(() => {
    if (!routeQuizId && savedQuizId && !isDirty && !isSaving) {
      toastQueue.add({ tone: 'success', title: 'Questionário criado.' }, { timeout: 4000 });
      navigate(quizBuilderPath(savedQuizId), { replace: true, state: { tab } });
    }
  }, [routeQuizId, savedQuizId, isDirty, isSaving, navigate, tab]);

  // Toast once per successful save of an existing quiz.
  const wasSaving = useRef(false);
  useEffect(() => {
    if (wasSaving.current && !isSaving && !error && routeQuizId)
      toastQueue.add({ tone: 'success', title: 'Alterações salvas.' }, { timeout: 4000 });
    wasSaving.current = isSaving;
  }, [isSaving, error, routeQuizId]);

  // Read through a ref: the navigation after the first save runs before the blocker sees the new render.
  const dirtyRef = useRef(isDirty);
  dirtyRef.current = isDirty;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const setFolder = (patch: Partial<FolderDraft>) => setMeta((m) => ({ ...m, folder: { ...m.folder, ...patch } }));
  const appearanceList = appearances.data ?? [];
  const previewAppearance =
    appearanceList.find((a) => a.id === meta.appearanceId) ??
    (meta.appearanceId === null ? appearanceList.find((a) => a.isDefault) : undefined) ??
    (quiz && quiz.appearance.id === meta.appearanceId ? quiz.appearance : undefined);

  return (
    <Page
      title={quiz ? 'Editar questionário' : 'Novo questionário'}
      description="Monte a capa e o fluxo de perguntas, e veja como o cliente vai responder."
      width="full"
    >
      <Card title="Dados do questionário">
        <Stack gap={4}>
          <TextField
            label="Título do questionário"
            isRequired
            value={meta.title}
            onChange={(title) => {
              setMeta((m) => ({ ...m, title }));
              if (title.trim()) setTitleError(false);
            }}
            isInvalid={titleError}
            errorMessage="Informe o título do questionário."
            maxLength={200}
          />
          <TextArea
            label="Descrição"
            description="Só você vê: ajuda a encontrar o questionário na lista."
            value={meta.description}
            onChange={(description) => setMeta((m) => ({ ...m, description }))}
            maxLength={2000}
            rows={2}
            showCounter={false}
          />
          <Select
            label="Aparência"
            description="Cores, foto e textos do questionário no celular do cliente."
            selectedKey={meta.appearanceId ?? 'default'}
            onSelectionChange={(key) =>
              setMeta((m) => ({ ...m, appearanceId: key === 'default' ? null : String(key) }))
            }
            items={[
              { id: 'default', name: 'Aparência padrão' },
              ...appearanceList.map((a) => ({ id: a.id, name: a.isDefault ? `${a.name} (padrão)` : a.name })),
            ]}
          >
            {(a) => <SelectItem id={a.id}>{a.name}</SelectItem>}
          </Select>
        </Stack>
      </Card>

      <SaveBar
        isNew={!savedQuizId}
        isDirty={isDirty}
        isSaving={isSaving}
        error={error}
        chosenQuestions={chosenQuestions}
        questions={known}
        onSave={save}
        onDiscard={discard}
        onDismiss={dismissError}
      />

      <div
        css={{
          display: 'grid',
          gap: 'var(--space-5)',
          gridTemplateColumns: 'minmax(0, 1fr) fit-content(460px)',
          alignItems: 'start',
          '@media (max-width: 1100px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
        }}
      >
        <Tabs selectedKey={tab} onSelectionChange={(key) => setTab(key as TabId)}>
          <TabList aria-label="Partes do questionário">
            <Tab id="cover">Capa</Tab>
            <Tab id="questions">Perguntas</Tab>
          </TabList>
          <TabPanel id="cover">
            <FolderEditor folder={meta.folder} onChange={setFolder} />
          </TabPanel>
          <TabPanel id="questions">
            <FlowchartEditor
              chosenQuestions={chosenQuestions}
              questions={known}
              send={send}
              onBankLoaded={addKnown}
              isDisabled={isSaving}
            />
          </TabPanel>
        </Tabs>
        <QuizPreview
          meta={meta}
          chosenQuestions={chosenQuestions}
          questions={known}
          appearance={previewAppearance}
          professionalName={professionalName}
        />
      </div>

      <Modal
        isOpen={blocker.state === 'blocked'}
        onOpenChange={(open) => !open && blocker.reset?.()}
        title="Sair sem salvar?"
        role="alertdialog"
        footer={
          <>
            <Button variant="secondary" onPress={() => blocker.reset?.()}>
              Continuar editando
            </Button>
            <Button variant="danger" onPress={() => blocker.proceed?.()}>
              Sair sem salvar
            </Button>
          </>
        }
      >
        <Text>As alterações deste questionário ainda não foram salvas e serão perdidas.</Text>
      </Modal>
    </Page>
  );
}

/** The problems the API listed (UPDATE_QUESTIONS_ERROR, WRONG_COMMAND_PARAMETERS), each naming its question. */
function errorDetails(raw: unknown, chosen: ChosenQuestion[], questions: Map<string, Question>): string[] {
  const details = asApiError(raw).details;
  if (!Array.isArray(details)) return [];
  return details.flatMap((issue) => {
    if (!issue || typeof issue !== 'object') return [];
    const { path, message } = issue as { path?: unknown[]; message?: unknown };
    const text = String(message ?? '');
    if (Array.isArray(path) && path[0] === 'chosenQuestions' && path[1] !== undefined) {
      const position = Number(path[1]);
      const title = questions.get(chosen[position]?.id ?? '')?.title;
      return [title ? `Pergunta ${position + 1} (“${title}”): ${text}` : `Pergunta ${position + 1}: ${text}`];
    }
    return text ? [text] : [];
  });
}

function SaveBar({
  isNew,
  isDirty,
  isSaving,
  error,
  chosenQuestions,
  questions,
  onSave,
  onDiscard,
  onDismiss,
}: {
  isNew: boolean;
  isDirty: boolean;
  isSaving: boolean;
  error: unknown;
  chosenQuestions: ChosenQuestion[];
  questions: Map<string, Question>;
  onSave: () => void;
  onDiscard: () => void;
  onDismiss: () => void;
}) {
  const details = error ? errorDetails(error, chosenQuestions, questions) : [];
  return (
    <div
      role="region"
      aria-label="Salvar questionário"
      css={{
        position: 'sticky',
        // Below the app's top bar, which stays above it.
        top: TOP_BAR_HEIGHT + 8,
        zIndex: 2,
        display: 'grid',
        gap: 'var(--space-3)',
        padding: 'var(--space-3) var(--space-4)',
        background: 'var(--color-surface)',
        border: '1px solid var(--color-border)',
        borderRadius: 'var(--radius-md)',
        // On a phone both buttons still fit on one line: the bar stays short while it follows the page.
        '@media (max-width: 480px)': { padding: 'var(--space-3)' },
      }}
    >
      <Stack direction="row" gap={3} align="center" justify="space-between" wrap>
        <div aria-live="polite">
          {isDirty ? (
            <Badge tone="warning">Alterações não salvas</Badge>
          ) : (
            <Text variant="small">{isNew ? 'Questionário ainda não salvo.' : 'Tudo salvo.'}</Text>
          )}
        </div>
        <Stack direction="row" gap={2} wrap>
          <Button variant="secondary" onPress={onDiscard} isDisabled={!isDirty || isSaving}>
            Descartar alterações
          </Button>
          <Button onPress={onSave} isDisabled={(!isDirty && !error) || isSaving} isPending={isSaving}>
            Salvar
          </Button>
        </Stack>
      </Stack>
      {error ? (
        <InlineAlert tone="danger" title={asApiError(error).userMessage}>
          <Stack gap={2}>
            {details.length ? (
              <ul css={{ margin: 0, paddingLeft: 'var(--space-5)' }}>
                {details.map((d, i) => (
                  <li key={i}>{d}</li>
                ))}
              </ul>
            ) : null}
            <Text>Suas alterações continuam aqui.</Text>
            <Stack direction="row" gap={2}>
              <Button size="sm" onPress={onSave} isDisabled={isSaving}>
                Tentar novamente
              </Button>
              <Button size="sm" variant="secondary" onPress={onDismiss}>
                Fechar aviso
              </Button>
            </Stack>
          </Stack>
        </InlineAlert>
      ) : null}
    </div>
  );
}
