/** The quiz builder's save bar: unsaved state, discard and save, and the problems a failed save listed. */
import { asApiError, type ChosenQuestion, type Question } from '@acompanha/api-client';
import { Badge, Button, InlineAlert, Stack, Text, TOP_BAR_HEIGHT } from '@acompanha/ui';

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

export function SaveBar({
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
