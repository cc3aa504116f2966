/** One appearance's editor: name, colours by group (with the readability guard), images, texts. */
import { type FormEvent, useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  asApiError,
  createAppearanceMutation,
  updateAppearanceMutation,
  createAppearanceLimits,
} from '@acompanha/api-client';
import {
  Button,
  Card,
  checkAppearance,
  ColorPicker,
  defaultQuizAppearance,
  Form,
  MultipleChoiceAnswer,
  QuestionFrame,
  type QuizAppearanceInput,
  QuizAppearanceProvider,
  Select,
  SelectItem,
  Stack,
  TextField,
  toastQueue,
} from '@acompanha/ui';
import { usePersisted } from '../../app/store';
import { ImageField } from '../question-builder/ImageField';
import { ReadabilityWarnings } from '../../lib/readability';
import { refreshAfter } from '../../lib/refresh';
import { type ColorKey, type Draft, type Group, GROUPS, KEY_LABELS } from './appearanceDraft';

export function AppearanceEditor({
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
              maxLength={createAppearanceLimits.name.maxLength}
              name="name"
              isRequired
              value={draft.name}
              onChange={(name) => onChange({ ...draft, name })}
              errorMessage="Informe um nome."
            />
            <TextField
              label="Subtítulo"
              maxLength={createAppearanceLimits.subtitle.maxLength}
              name="subtitle"
              description="Aparece abaixo do seu nome no questionário."
              value={draft.subtitle}
              onChange={(subtitle) => onChange({ ...draft, subtitle })}
            />
            <TextField
              label="Texto do botão de avançar"
              maxLength={createAppearanceLimits.forwardText.maxLength}
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
            <ReadabilityWarnings warnings={warnings.map((w) => ({ id: w.path, message: w.message }))} />
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
