import { useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  asApiError,
  createAppearanceMutation,
  deleteAppearanceMutation,
  listAppearancesOptions,
  setDefaultAppearanceMutation,
  updateAppearanceMutation,
  type Appearance,
} from '@acompanha/api-client';
import {
  Badge,
  Button,
  Card,
  checkAppearance,
  ColorPicker,
  defaultQuizAppearance,
  EmptyState,
  Form,
  InlineAlert,
  Modal,
  MultipleChoiceAnswer,
  Page,
  QuestionFrame,
  QuizAppearanceProvider,
  Select,
  SelectItem,
  Stack,
  Text,
  TextField,
  toastQueue,
  VisuallyHidden,
  type QuizAppearanceInput,
} from '@acompanha/ui';
import { loadOrSignIn } from '../../app/loaders';
import { queryClient as appQueryClient } from '../../app/queryClient';
import { usePersisted } from '../../app/store';
import { ImageField } from '../question-builder/ImageField';
import { refreshAfter } from '../../lib/refresh';

export async function appearanceLoader({ request }: { request: Request }) {
  await loadOrSignIn(request, () => appQueryClient.query({ ...listAppearancesOptions(), staleTime: 'static' }));
  return null;
}

type ColorKey =
  'text' | 'background' | 'border' | 'primary' | 'secondary' | 'icon' | 'iconBackground' | 'filled' | 'unfilled';
type Group = keyof typeof defaultQuizAppearance.colorScheme;

/** Each colour group of the survey, in the professional's words, and the colours it has. */
const GROUPS: { id: Group; label: string; keys: ColorKey[] }[] = [
  { id: 'header', label: 'Cabeçalho', keys: ['background', 'text', 'secondary', 'icon', 'iconBackground'] },
  { id: 'body', label: 'Fundo e textos', keys: ['background', 'text', 'secondary', 'filled', 'unfilled'] },
  { id: 'activeButton', label: 'Botão ativo', keys: ['background', 'text', 'border'] },
  { id: 'inactiveButton', label: 'Botão inativo', keys: ['background', 'text', 'border'] },
  {
    id: 'activeAlternative',
    label: 'Alternativa escolhida',
    keys: ['background', 'text', 'border', 'icon', 'iconBackground'],
  },
  {
    id: 'inactiveAlternative',
    label: 'Alternativa não escolhida',
    keys: ['background', 'text', 'border', 'icon', 'iconBackground'],
  },
  { id: 'textField', label: 'Campo de texto', keys: ['background', 'text', 'secondary', 'border', 'primary'] },
  {
    id: 'uploadField',
    label: 'Envio de arquivo',
    keys: ['background', 'text', 'border', 'icon', 'iconBackground', 'filled', 'unfilled'],
  },
];

const KEY_LABELS: Record<ColorKey, string> = {
  text: 'Texto',
  background: 'Fundo',
  border: 'Borda',
  primary: 'Destaque',
  secondary: 'Texto secundário',
  icon: 'Ícone',
  iconBackground: 'Fundo do ícone',
  filled: 'Preenchido',
  unfilled: 'Não preenchido',
};

interface Draft {
  id: string | null;
  name: string;
  colorScheme: Record<Group, Partial<Record<ColorKey, string>>>;
  profilePic: string | null;
  subtitle: string;
  forwardText: string;
}

function emptyDraft(): Draft {
  return {
    id: null,
    name: 'Minha aparência',
    colorScheme: structuredClone(defaultQuizAppearance.colorScheme) as Draft['colorScheme'],
    profilePic: null,
    subtitle: defaultQuizAppearance.subtitle,
    forwardText: defaultQuizAppearance.forwardText,
  };
}

function fromAppearance(a: Appearance): Draft {
  return {
    id: a.id,
    name: a.name,
    colorScheme: structuredClone(a.colorScheme) as Draft['colorScheme'],
    profilePic: a.profilePic,
    subtitle: a.subtitle,
    forwardText: a.forwardText,
  };
}

/** `/quizzes/appearance`: how the professional's quizzes look, with a live preview. */
export function AppearancePage() {
  const queryClient = useQueryClient();
  const appearances = useQuery(listAppearancesOptions());
  const [draft, setDraft] = useState<Draft | null>(null);
  const [toDelete, setToDelete] = useState<Appearance | null>(null);

  const list = appearances.data ?? [];
  const refresh = () => refreshAfter(queryClient, 'appearanceChanged');
  const setDefault = useMutation({
    ...setDefaultAppearanceMutation(),
    onSuccess: async (a) => {
      await refresh();
      toastQueue.add({ tone: 'success', title: `“${a.name}” agora é a aparência padrão.` });
    },
  });
  const remove = useMutation({
    ...deleteAppearanceMutation(),
    onSuccess: async () => {
      await refresh();
      setToDelete(null);
      toastQueue.add({ tone: 'success', title: 'Aparência excluída.' });
    },
  });

  return (
    <Page
      title="Aparência dos questionários"
      description="Cores, foto e textos que seus clientes veem ao responder. A aparência padrão vale para todos os questionários sem uma escolhida."
      width="lg"
      actions={
        draft || list.length === 0 ? null : <Button onPress={() => setDraft(emptyDraft())}>Nova aparência</Button>
      }
    >
      {draft ? (
        <AppearanceEditor
          draft={draft}
          onChange={setDraft}
          onClose={() => setDraft(null)}
          isFirst={list.length === 0}
        />
      ) : list.length === 0 ? (
        <EmptyState
          title="Nenhuma aparência ainda"
          description="Seus questionários usam as cores padrão do Acompanha. Crie uma aparência com as cores da sua marca."
          action={<Button onPress={() => setDraft(emptyDraft())}>Criar aparência</Button>}
        />
      ) : (
        <Stack gap={3}>
          {list.map((a) => (
            <Card key={a.id} title={a.name}>
              <Stack direction="row" gap={3} align="center" justify="space-between" wrap>
                <Stack direction="row" gap={2} align="center">
                  {(['header', 'activeButton', 'activeAlternative', 'body'] as const).map((g) => (
                    <span
                      key={g}
                      aria-hidden="true"
                      css={{
                        width: 24,
                        height: 24,
                        borderRadius: 6,
                        border: '1px solid var(--color-border)',
                        background: a.colorScheme[g]?.background ?? '#FFFFFF',
                      }}
                    />
                  ))}
                  {a.isDefault ? <Badge tone="success">Padrão</Badge> : null}
                  <Text variant="small">
                    {a.subtitle} · botão “{a.forwardText}”
                  </Text>
                </Stack>
                <Stack direction="row" gap={2}>
                  <Button variant="secondary" size="sm" onPress={() => setDraft(fromAppearance(a))}>
                    Editar <VisuallyHidden>{a.name}</VisuallyHidden>
                  </Button>
                  {a.isDefault ? null : (
                    <Button
                      variant="ghost"
                      size="sm"
                      isPending={setDefault.isPending && setDefault.variables?.path.id === a.id}
                      onPress={() => setDefault.mutate({ path: { id: a.id } })}
                    >
                      Definir como padrão <VisuallyHidden>: {a.name}</VisuallyHidden>
                    </Button>
                  )}
                  <Button variant="ghost" size="sm" onPress={() => setToDelete(a)}>
                    Excluir <VisuallyHidden>{a.name}</VisuallyHidden>
                  </Button>
                </Stack>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}

      <Modal
        isOpen={!!toDelete}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Excluir aparência?"
        role="alertdialog"
        footer={
          <>
            <Button variant="secondary" onPress={() => setToDelete(null)}>
              Cancelar
            </Button>
            <Button
              variant="danger"
              isPending={remove.isPending}
              onPress={() => toDelete && remove.mutate({ path: { id: toDelete.id } })}
            >
              Excluir
            </Button>
          </>
        }
      >
        <Text>
          Os questionários que usam “{toDelete?.name}” passam a usar a aparência padrão.
          {toDelete?.isDefault ? ' Como ela é a padrão, a mais recente das outras vira a padrão.' : ''}
        </Text>
      </Modal>
    </Page>
  );
}

function AppearanceEditor({
  draft,
  onChange,
  onClose,
  isFirst,
}: {
  draft: Draft;
  onChange: (d: Draft) => void;
  onClose: () => void;
  isFirst: boolean;
}) {
  const queryClient = useQueryClient();
  const professional = usePersisted((s) => s.session.professional);
  const [group, setGroup] = useState<Group>('header');
  const [answer, setAnswer] = useState<string[]>(['a2']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation(createAppearanceMutation());
  const update = useMutation(updateAppearanceMutation());

  const input: QuizAppearanceInput = useMemo(
    () => ({
      colorScheme: draft.colorScheme,
      profilePic: draft.profilePic,
      subtitle: draft.subtitle,
      forwardText: draft.forwardText,
    }),
    [draft],
  );
  const warnings = useMemo(() => checkAppearance(input), [input]);
  const current = GROUPS.find((g) => g.id === group)!;

  function setColor(key: ColorKey, hex: string) {
    onChange({ ...draft, colorScheme: { ...draft.colorScheme, [group]: { ...draft.colorScheme[group], [key]: hex } } });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrors({});
    const body = {
      name: draft.name.trim(),
      colorScheme: draft.colorScheme,
      profilePic: draft.profilePic,
      subtitle: draft.subtitle.trim() || defaultQuizAppearance.subtitle,
      forwardText: draft.forwardText.trim() || defaultQuizAppearance.forwardText,
    };
    const done = async () => {
      await refreshAfter(queryClient, 'appearanceChanged');
      toastQueue.add({
        tone: 'success',
        title: draft.id
          ? 'Aparência salva.'
          : isFirst
            ? 'Aparência criada e definida como padrão.'
            : 'Aparência criada.',
      });
      onClose();
    };
    const onError = (raw: unknown) => {
      const e = asApiError(raw);
      if (e.code === 'WRONG_COMMAND_PARAMETERS') setErrors(e.fieldErrors());
    };
    if (draft.id) update.mutate({ path: { id: draft.id }, body }, { onSuccess: done, onError });
    else create.mutate({ body }, { onSuccess: done, onError });
  }

  return (
    <div
      css={{
        display: 'grid',
        gap: 'var(--space-5)',
        gridTemplateColumns: 'minmax(0, 1fr) 390px',
        '@media (max-width: 1023px)': { gridTemplateColumns: '1fr' },
      }}
    >
      <Card title={draft.id ? `Editar “${draft.name}”` : 'Nova aparência'}>
        <Form onSubmit={onSubmit} validationErrors={errors} aria-label="Aparência">
          <Stack gap={4}>
            <TextField
              label="Nome da aparência"
              name="name"
              isRequired
              value={draft.name}
              onChange={(name) => onChange({ ...draft, name })}
              errorMessage="Informe um nome."
            />
            <TextField
              label="Subtítulo"
              name="subtitle"
              description="Aparece abaixo do seu nome no questionário."
              value={draft.subtitle}
              onChange={(subtitle) => onChange({ ...draft, subtitle })}
            />
            <TextField
              label="Texto do botão de avançar"
              name="forwardText"
              value={draft.forwardText}
              onChange={(forwardText) => onChange({ ...draft, forwardText })}
            />
            <ImageField value={draft.profilePic} onChange={(profilePic) => onChange({ ...draft, profilePic })} />
            <Select
              label="Grupo de cores"
              selectedKey={group}
              onSelectionChange={(k) => setGroup(k as Group)}
              items={GROUPS}
            >
              {(g) => <SelectItem id={g.id}>{g.label}</SelectItem>}
            </Select>
            <div
              css={{
                display: 'grid',
                gap: 'var(--space-4)',
                gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
              }}
            >
              {current.keys.map((key) => (
                <ColorPicker
                  key={`${group}-${key}`}
                  label={`${KEY_LABELS[key]} — ${current.label}`}
                  value={draft.colorScheme[group]?.[key] ?? '#FFFFFF'}
                  onChange={(hex) => setColor(key, hex)}
                  showEditor={false}
                />
              ))}
            </div>
            {warnings.length ? (
              <InlineAlert tone="warning" title="Ajustamos cores para manter o texto legível">
                <ul css={{ margin: 0, paddingLeft: '1.2em' }}>
                  {warnings.map((w) => (
                    <li key={w.path}>{w.message}</li>
                  ))}
                </ul>
              </InlineAlert>
            ) : null}
            <Stack direction="row" gap={2}>
              <Button type="submit" isPending={create.isPending || update.isPending}>
                Salvar aparência
              </Button>
              <Button variant="secondary" onPress={onClose}>
                Cancelar
              </Button>
            </Stack>
          </Stack>
        </Form>
      </Card>
      <Card title="Como o cliente vê">
        <div css={{ borderRadius: 'var(--radius-lg)', overflow: 'hidden', border: '1px solid var(--color-border)' }}>
          <QuizAppearanceProvider appearance={input}>
            <QuestionFrame
              professionalName={professional?.name ?? 'Sua clínica'}
              title="Como está sua fome antes das refeições?"
              description="Pense nos últimos 7 dias."
              current={2}
              total={8}
              onForward={() => undefined}
              onBack={() => undefined}
            >
              <MultipleChoiceAnswer
                label="Como está sua fome antes das refeições?"
                alternatives={[
                  { id: 'a1', label: 'Pouca fome' },
                  { id: 'a2', label: 'Fome normal' },
                  { id: 'a3', label: 'Muita fome' },
                ]}
                value={answer}
                onChange={setAnswer}
              />
            </QuestionFrame>
          </QuizAppearanceProvider>
        </div>
      </Card>
    </div>
  );
}
