import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type LoaderFunctionArgs, useLoaderData, useLocation, useNavigate, useParams } from 'react-router';
import { useQueries, useQuery, noop } from '@tanstack/react-query';
import {
  asApiError,
  getQuestionOptions,
  getQuizOptions,
  listAppearancesOptions,
  listQuestionsOptions,
  type Question,
  type QuizDetail,
  handled,
  type ApiErrorCode,
} from '@acompanha/api-client';
import {
  Button,
  Card,
  EmptyState,
  mergeQuizAppearance,
  Page,
  Select,
  SelectItem,
  Spinner,
  Stack,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  TextArea,
  TextField,
  toastQueue,
  type QuizAppearanceInput,
} from '@acompanha/ui';
import { queryClient as appQueryClient } from '../../app/queryClient';
import { loadOrSignIn } from '../../app/loaders';
import { usePersisted } from '../../app/store';
import { FlowchartEditor } from './FlowchartEditor';
import { useQuizSave } from './useQuizSave';
import { LeaveWithoutSavingDialog, useUnsavedChangesGuard } from '../../lib/unsavedChanges';
import { FolderEditor } from './FolderEditor';
import { QuizPreview } from './QuizPreview';
import { alternativesOf, type FolderDraft } from './quizDraft';
import { SaveBar } from './SaveBar';
import { BANK_QUERY } from './flowchartKit';

const NOT_FOUND_CODES: readonly ApiErrorCode[] = ['QUIZ_NOT_FOUND', 'NOT_FOUND', 'NOT_OWNER'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const quizBuilderPath = (quizId?: string) => (quizId ? `/quiz-builder/${quizId}` : '/quiz-builder');

export interface QuizBuilderLoaderData {
  /** The quiz does not exist or is not the professional's. */
  notFound: boolean;
}

const quizOptions = (id: string) => getQuizOptions({ path: { id }, meta: handled(...NOT_FOUND_CODES) });

/**
 * Route loader of `/quiz-builder` and `/quiz-builder/:quizId`: the quiz (when editing) is fetched
 * before the screen opens; the bank and the appearances start loading beside it.
 */
export async function quizBuilderLoader({
  params,
  request,
}: Pick<LoaderFunctionArgs, 'params' | 'request'>): Promise<QuizBuilderLoaderData> {
  return loadOrSignIn(request, async () => {
    void appQueryClient.query(listAppearancesOptions()).catch(noop);
    void appQueryClient.query(listQuestionsOptions({ query: BANK_QUERY })).catch(noop);
    const id = params.quizId;
    if (!id) return { notFound: false };
    if (!UUID.test(id)) return { notFound: true };
    try {
      await appQueryClient.query({ ...quizOptions(id), staleTime: 'static' });
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
  const professionalName = usePersisted((s) => s.session.professional?.name) ?? 'Profissional';
  const [tab, setTab] = useState<TabId>((location.state as { tab?: TabId } | null)?.tab ?? 'cover');
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
  const {
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
  } = useQuizSave(quiz, known, () => {
    setTab('cover');
    toastQueue.add({ tone: 'error', title: 'Corrija as cores da capa antes de salvar.' }, { timeout: 5000 });
  });
  const { chosenQuestions } = state.context;

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

  const blocker = useUnsavedChangesGuard(isDirty);

  const setFolder = (patch: Partial<FolderDraft>) => setMeta((m) => ({ ...m, folder: { ...m.folder, ...patch } }));
  const appearanceList = appearances.data ?? [];
  const previewAppearance =
    appearanceList.find((a) => a.id === meta.appearanceId) ??
    (meta.appearanceId === null ? appearanceList.find((a) => a.isDefault) : undefined) ??
    (quiz && quiz.appearance.id === meta.appearanceId ? quiz.appearance : undefined);

  // One "padrão": the account's default appearance (whichever it is when the client answers), named; the
  // others by name. The default itself is listed again only when this quiz chose it by name before.
  const accountDefault = appearanceList.find((a) => a.isDefault);
  const appearanceOptions = [
    { id: 'default', name: accountDefault ? `Padrão da conta (${accountDefault.name})` : 'Padrão do Acompanha' },
    ...appearanceList
      .filter((a) => !a.isDefault || a.id === meta.appearanceId)
      .map((a) => ({ id: a.id, name: a.name })),
  ];
  // The cover's colours left blank follow the appearance in effect: its swatches show those.
  const inEffect = mergeQuizAppearance(
    (previewAppearance as { colorScheme?: QuizAppearanceInput['colorScheme'] } | undefined) ?? {},
  ).colorScheme;
  const folderDefaults = {
    titlesColor: inEffect.body.text,
    buttonBackground: inEffect.activeButton.background,
    buttonText: inEffect.activeButton.text,
  };

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
            items={appearanceOptions}
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
            <FolderEditor folder={meta.folder} onChange={setFolder} defaults={folderDefaults} />
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

      <LeaveWithoutSavingDialog blocker={blocker} what="deste questionário" />
    </Page>
  );
}
