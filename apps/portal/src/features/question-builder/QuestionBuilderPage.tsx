import { useRef, useState, type FormEvent } from 'react';
import { LeaveWithoutSavingDialog, useUnsavedChangesGuard } from '../../lib/unsavedChanges';
import { useNavigate, useParams, type Params } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  asApiError,
  copyQuestionMutation,
  createQuestionMutation,
  getQuestionOptions,
  getQuestionQueryKey,
  listCategoriesOptions,
  updateQuestionMutation,
  type Category,
  type Question,
  type QuestionType,
  handled,
} from '@acompanha/api-client';
import {
  Badge,
  Button,
  Card,
  Form,
  InlineAlert,
  Page,
  Radio,
  RadioGroup,
  Select,
  SelectItem,
  Spinner,
  Stack,
  Text,
  TextField,
  toastQueue,
  TextArea,
} from '@acompanha/ui';
import { queryClient as appQueryClient } from '../../app/queryClient';
import { loadOrSignIn } from '../../app/loaders';
import { usePersisted } from '../../app/store';
import {
  emptyState,
  LIMITS,
  questionBody,
  stateFromQuestion,
  type BuilderState,
  type ConfigDrafts,
} from './builderState';
import { serverFieldErrors, unshownErrors, validate, withoutErrors } from './validation';
import type { FieldErrors } from './builderState';
import { ImageField } from './ImageField';
import { QuestionPreview } from './QuestionPreview';
import { useAccountAppearance } from '../../lib/accountAppearance';
import { TypeConfigEditor } from './TypeEditors';
import { QUESTION_TYPE_HINTS, QUESTION_TYPE_LABELS, QUESTION_TYPES } from '../../lib/labels';
import { refreshAfter } from '../../lib/refresh';

export const QUESTION_BANK_PATH = '/quizzes/questions';
export const questionBuilderPath = (id?: string) => (id ? `/question-builder/${id}` : '/question-builder');

/** Route loader: categories, and the question when editing, are fetched before the screen opens. */
export async function questionBuilderLoader({ params, request }: { params: Params; request: Request }) {
  const id = params.questionId;
  await loadOrSignIn(request, () =>
    Promise.all([
      appQueryClient.query({ ...listCategoriesOptions(), staleTime: 'static' }),
      id ? appQueryClient.query({ ...getQuestionOptions({ path: { id } }), staleTime: 'static' }) : null,
    ]),
  );
  return null;
}

/** `/question-builder` (new) and `/question-builder/:questionId` (edit, or view a default one). */
export function QuestionBuilderPage() {
  const { questionId } = useParams();
  const categories = useQuery(listCategoriesOptions());
  const question = useQuery({ ...getQuestionOptions({ path: { id: questionId ?? '' } }), enabled: !!questionId });

  if (questionId && question.isError) throw question.error;
  if ((questionId && !question.data) || !categories.data) {
    return (
      <Page title={questionId ? 'Editar pergunta' : 'Nova pergunta'}>
        <Spinner label="Carregando pergunta…" />
      </Page>
    );
  }
  // A new editor per question: after creating, the saved question opens fresh at its own address.
  return (
    <QuestionEditor
      key={questionId ?? 'new'}
      question={questionId ? question.data : undefined}
      categories={categories.data}
    />
  );
}

const same = (a: BuilderState, b: BuilderState) => JSON.stringify(a) === JSON.stringify(b);

function focusFirstInvalid(form: HTMLElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

function QuestionEditor({ question, categories }: { question?: Question; categories: Category[] }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const professionalName = usePersisted((s) => s.session.professional?.name) ?? 'Profissional';
  const account = useAccountAppearance();
  const [state, setState] = useState<BuilderState>(() => (question ? stateFromQuestion(question) : emptyState()));
  const [baseline, setBaseline] = useState(state);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isUploading, setUploading] = useState(false);
  const formRef = useRef<HTMLDivElement>(null);

  const isReadOnly = !!question?.isDefault;
  const isPublished = !!question && !question.draft;
  const isDirty = !isReadOnly && !same(state, baseline);

  const leavingRef = useRef(false);
  const blocker = useUnsavedChangesGuard(isDirty, leavingRef);

  const onSaved = async (saved: Question, draft: boolean) => {
    queryClient.setQueryData(getQuestionQueryKey({ path: { id: saved.id } }), saved);
    await refreshAfter(queryClient, 'questionBankChanged');
    setBaseline(state);
    toastQueue.add({ tone: 'success', title: draft ? 'Rascunho salvo.' : 'Pergunta salva.' }, { timeout: 4000 });
    if (!question) {
      leavingRef.current = true;
      navigate(questionBuilderPath(saved.id), { replace: true });
    }
  };
  const onFailed = (raw: unknown) => {
    const error = asApiError(raw);
    if (error.code === 'WRONG_COMMAND_PARAMETERS') {
      setErrors(serverFieldErrors(error.details));
      focusFirstInvalid(formRef.current);
    }
  };
  const create = useMutation(createQuestionMutation());
  const update = useMutation(updateQuestionMutation());
  const copy = useMutation(copyQuestionMutation());
  const [pendingAction, setPendingAction] = useState<'draft' | 'publish' | null>(null);

  function save(draft: boolean) {
    const found = validate(state, { draft });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setPendingAction(draft ? 'draft' : 'publish');
    const body = questionBody(state, draft);
    // Field problems are shown on the fields; no toast repeats them.
    const meta = handled('WRONG_COMMAND_PARAMETERS');
    const done = {
      onSuccess: (saved: Question) => onSaved(saved, draft),
      onError: onFailed,
      onSettled: () => setPendingAction(null),
    };
    if (question) update.mutate({ path: { id: question.id }, body, meta }, done);
    else create.mutate({ body, meta }, done);
  }

  function copyToBank() {
    if (!question) return;
    copy.mutate(
      { path: { id: question.id } },
      {
        onSuccess: async (copied) => {
          queryClient.setQueryData(getQuestionQueryKey({ path: { id: copied.id } }), copied);
          await refreshAfter(queryClient, 'questionBankChanged');
          toastQueue.add(
            { tone: 'success', title: 'Pergunta copiada para o seu banco. Agora você pode editá-la.' },
            { timeout: 5000 },
          );
          navigate(questionBuilderPath(copied.id));
        },
      },
    );
  }

  const set = <K extends keyof BuilderState>(key: K, value: BuilderState[K]) => {
    setState((s) => ({ ...s, [key]: value }));
    setErrors((e) => withoutErrors(e, key));
  };
  const setConfig = <T extends QuestionType>(type: T, config: ConfigDrafts[T], touched: string) => {
    setState((s) => ({ ...s, configs: { ...s.configs, [type]: config } }));
    setErrors((e) => withoutErrors(e, touched));
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isReadOnly) save(false);
  }

  const isSaving = create.isPending || update.isPending;
  const unshown = unshownErrors(errors, state.type);
  const hasErrors = Object.keys(errors).length > 0;
  const title = isReadOnly ? 'Pergunta da biblioteca padrão' : question ? 'Editar pergunta' : 'Nova pergunta';

  return (
    <Page
      title={title}
      description="Monte a pergunta e veja ao lado como o cliente vai respondê-la."
      width="full"
      actions={
        <>
          <Button variant="ghost" onPress={() => navigate(QUESTION_BANK_PATH)}>
            Voltar ao banco de perguntas
          </Button>
          {isReadOnly ? (
            <Button onPress={copyToBank} isPending={copy.isPending}>
              Copiar para meu banco
            </Button>
          ) : null}
        </>
      }
    >
      {isReadOnly ? (
        <InlineAlert tone="info" title="Somente leitura">
          Esta pergunta faz parte da biblioteca padrão do Acompanha. Copie para o seu banco para adaptá-la.
        </InlineAlert>
      ) : null}
      <div
        css={{
          display: 'grid',
          gap: 'var(--space-5)',
          alignItems: 'start',
          gridTemplateColumns: 'minmax(0, 1fr)',
          '@media (min-width: 1100px)': { gridTemplateColumns: 'minmax(0, 3fr) minmax(320px, 2fr)' },
        }}
      >
        <div ref={formRef}>
          <Form onSubmit={onSubmit} validationBehavior="aria" aria-label="Pergunta" gap={5}>
            {hasErrors ? (
              <InlineAlert tone="danger" title="Confira os campos destacados.">
                {unshown.length > 0 ? unshown.join(' ') : null}
              </InlineAlert>
            ) : null}
            <Card
              title="Pergunta"
              description={
                question ? (
                  question.isDefault ? (
                    <Badge tone="info">Padrão</Badge>
                  ) : question.draft ? (
                    <Badge tone="warning">Rascunho</Badge>
                  ) : (
                    <Badge tone="success">Publicada</Badge>
                  )
                ) : undefined
              }
            >
              <Stack gap={4}>
                <TextField
                  label="Título"
                  name="title"
                  value={state.title}
                  onChange={(v) => set('title', v)}
                  isRequired
                  maxLength={LIMITS.title}
                  isReadOnly={isReadOnly}
                  isInvalid={!!errors.title}
                  errorMessage={errors.title}
                />
                <TextArea
                  rows={3}
                  label="Descrição"
                  name="description"
                  description="Opcional. Aparece abaixo do título, para explicar a pergunta."
                  value={state.description}
                  onChange={(v) => set('description', v)}
                  maxLength={LIMITS.description}
                  isReadOnly={isReadOnly}
                  isInvalid={!!errors.description}
                  errorMessage={errors.description}
                />
                <Stack direction="row" gap={4} wrap align="start">
                  <TextField
                    label="Sigla"
                    name="acronym"
                    description="Opcional. Identifica a pergunta nos relatórios, como PESO."
                    value={state.acronym}
                    onChange={(v) => set('acronym', v)}
                    maxLength={LIMITS.acronym}
                    isReadOnly={isReadOnly}
                    isInvalid={!!errors.acronym}
                    errorMessage={errors.acronym}
                  />
                  <Select
                    label="Categoria"
                    name="categoryId"
                    placeholder="Escolha uma categoria"
                    items={categories}
                    selectedKey={state.categoryId}
                    onSelectionChange={(key) => set('categoryId', key === null ? null : String(key))}
                    isRequired
                    isDisabled={isReadOnly}
                    isInvalid={!!errors.categoryId}
                    errorMessage={errors.categoryId}
                  >
                    {(c) => <SelectItem id={c.id}>{c.name}</SelectItem>}
                  </Select>
                </Stack>
                <ImageField
                  value={state.image}
                  onChange={(image) => set('image', image)}
                  onUploadingChange={setUploading}
                  errorMessage={errors.image}
                  isReadOnly={isReadOnly}
                />
              </Stack>
            </Card>

            <Card title="Tipo de resposta">
              <RadioGroup
                label="Tipo"
                value={state.type}
                onChange={(v) => set('type', v as QuestionType)}
                isDisabled={isPublished && !isReadOnly}
                isReadOnly={isReadOnly}
                description={
                  isPublished && !isReadOnly ? 'O tipo não pode mudar depois que a pergunta é publicada.' : undefined
                }
                isInvalid={!!errors.type}
                errorMessage={errors.type}
              >
                {QUESTION_TYPES.map((t) => (
                  <Radio key={t} value={t} description={QUESTION_TYPE_HINTS[t]}>
                    {QUESTION_TYPE_LABELS[t]}
                  </Radio>
                ))}
              </RadioGroup>
            </Card>

            <Card title={`Configuração: ${QUESTION_TYPE_LABELS[state.type]}`}>
              <TypeConfigEditor
                type={state.type}
                configs={state.configs}
                onChange={setConfig}
                errors={errors}
                isReadOnly={isReadOnly}
                questionId={question?.id}
              />
            </Card>

            {!isReadOnly ? (
              <Stack direction="row" gap={3} wrap>
                {!isPublished ? (
                  <Button
                    variant="secondary"
                    onPress={() => save(true)}
                    isPending={pendingAction === 'draft'}
                    isDisabled={isUploading || (isSaving && pendingAction !== 'draft')}
                  >
                    Salvar rascunho
                  </Button>
                ) : null}
                <Button
                  type="submit"
                  isPending={pendingAction === 'publish'}
                  isDisabled={isUploading || (isSaving && pendingAction !== 'publish')}
                >
                  {isPublished ? 'Salvar' : 'Publicar'}
                </Button>
                {isUploading ? <Text variant="small">Aguarde o envio da imagem para salvar.</Text> : null}
              </Stack>
            ) : null}
          </Form>
        </div>

        {/* Beside the form on wide screens (kept in view while scrolling), below it on narrow ones. */}
        <div css={{ '@media (min-width: 1100px)': { position: 'sticky', top: 'var(--space-4)' } }}>
          <Card
            title="Como o cliente vê"
            description={
              account.name
                ? `Prévia com a aparência padrão da sua conta, “${account.name}”.`
                : 'Prévia com a aparência padrão do Acompanha.'
            }
          >
            <QuestionPreview state={state} professionalName={professionalName} appearance={account.appearance} />
          </Card>
        </div>
      </div>

      <LeaveWithoutSavingDialog blocker={blocker} what="desta pergunta" />
    </Page>
  );
}
