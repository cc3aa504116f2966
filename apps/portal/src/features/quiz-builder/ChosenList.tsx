/** The flowchart's quiz side: the chosen questions in order (move, enable, remove) and their sub-questions. */
import { useEffect, useRef, useState } from 'react';
import type { Question } from '@acompanha/api-client';
import type { ChosenQuestion } from '@acompanha/machines';
import {
  Badge,
  Card,
  Checkbox,
  EmptyState,
  IconButton,
  IconChevronDown,
  IconClose,
  Stack,
  Switch,
  Text,
  VisuallyHidden,
} from '@acompanha/ui';
import { alternativesOf } from './quizDraft';
import { QUESTION_TYPE_LABELS } from '../../lib/labels';
import { type FlowchartEditorProps, itemStyles, listStyles } from './flowchartKit';

function ArrowIcon({ up }: { up?: boolean }) {
  return (
    <span aria-hidden="true" css={{ display: 'inline-flex', transform: up ? 'rotate(180deg)' : undefined }}>
      <IconChevronDown />
    </span>
  );
}

export function ChosenList({
  chosenQuestions,
  questions,
  send,
  isDisabled,
}: {
  chosenQuestions: ChosenQuestion[];
  questions: Map<string, Question>;
  send: FlowchartEditorProps['send'];
  isDisabled?: boolean;
}) {
  const [announcement, setAnnouncement] = useState('');
  // After a keyboard move the item changes place; focus follows the button that was pressed.
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: string; direction: 'up' | 'down' } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const titleOf = (id: string) => questions.get(id)?.title ?? 'Pergunta';

  useEffect(() => {
    if (!focusAfterMove || !listRef.current) return;
    const item = listRef.current.querySelector<HTMLElement>(`[data-question-id="${focusAfterMove.id}"]`);
    const buttons = Array.from(item?.querySelectorAll<HTMLButtonElement>('button:not([disabled])') ?? []);
    const label = focusAfterMove.direction === 'up' ? 'Mover para cima' : 'Mover para baixo';
    // At the top or bottom the pressed button is disabled; the other move button takes focus.
    const target =
      buttons.find((b) => b.getAttribute('aria-label')?.startsWith(label)) ??
      buttons.find((b) => b.getAttribute('aria-label')?.startsWith('Mover'));
    target?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, chosenQuestions]);

  function moveBy(id: string, direction: 'up' | 'down') {
    const from = chosenQuestions.findIndex((c) => c.id === id);
    const to = direction === 'up' ? from - 1 : from + 1;
    send({ type: direction === 'up' ? 'question.moveUp' : 'question.moveDown', questionId: id });
    setFocusAfterMove({ id, direction });
    setAnnouncement(`“${titleOf(id)}” agora é a pergunta ${to + 1} de ${chosenQuestions.length}.`);
  }

  return (
    <Card title="Perguntas do questionário" description="A ordem abaixo é a ordem em que o cliente responde.">
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      {chosenQuestions.length === 0 ? (
        <EmptyState
          title="Nenhuma pergunta no questionário"
          description="Adicione perguntas do banco para montar o fluxo."
          headingLevel={3}
        />
      ) : (
        <ol aria-label="Ordem das perguntas" css={listStyles} ref={listRef}>
          {chosenQuestions.map((chosen, index) => {
            const q = questions.get(chosen.id);
            const title = titleOf(chosen.id);
            const titleId = `chosen-${chosen.id}`;
            return (
              <li key={chosen.id} aria-labelledby={titleId} data-question-id={chosen.id} css={itemStyles}>
                <Stack gap={3}>
                  <Stack direction="row" gap={3} align="start" justify="space-between">
                    <Stack direction="row" gap={3} align="start">
                      <span
                        aria-hidden="true"
                        css={{
                          flex: 'none',
                          display: 'inline-grid',
                          placeItems: 'center',
                          width: 28,
                          height: 28,
                          borderRadius: 'var(--radius-full)',
                          background: 'var(--color-surface-muted)',
                          fontWeight: 600,
                        }}
                      >
                        {index + 1}
                      </span>
                      <Stack gap={1}>
                        <Text as="span" id={titleId}>
                          <VisuallyHidden>{`Pergunta ${index + 1}: `}</VisuallyHidden>
                          {title}
                        </Text>
                        <Stack direction="row" gap={2} wrap align="center">
                          <Text as="span" variant="small">
                            {q ? QUESTION_TYPE_LABELS[q.type] : '—'}
                          </Text>
                          {chosen.enabled ? null : <Badge tone="warning">Desativada</Badge>}
                        </Stack>
                      </Stack>
                    </Stack>
                    <Stack direction="row" gap={1}>
                      <IconButton
                        aria-label={`Mover para cima: ${title}`}
                        icon={<ArrowIcon up />}
                        isDisabled={index === 0 || isDisabled}
                        onPress={() => moveBy(chosen.id, 'up')}
                      />
                      <IconButton
                        aria-label={`Mover para baixo: ${title}`}
                        icon={<ArrowIcon />}
                        isDisabled={index === chosenQuestions.length - 1 || isDisabled}
                        onPress={() => moveBy(chosen.id, 'down')}
                      />
                      <IconButton
                        aria-label={`Remover do questionário: ${title}`}
                        icon={<IconClose />}
                        isDisabled={isDisabled}
                        onPress={() => {
                          send({ type: 'question.remove', questionId: chosen.id });
                          setAnnouncement(`“${title}” foi removida do questionário.`);
                        }}
                      />
                    </Stack>
                  </Stack>
                  <Switch
                    isSelected={chosen.enabled}
                    isDisabled={isDisabled}
                    onChange={(enabled) => send({ type: 'question.setEnabled', questionId: chosen.id, enabled })}
                  >
                    Ativa no questionário
                  </Switch>
                  <SubQuestionChoices
                    chosen={chosen}
                    question={q}
                    questions={questions}
                    send={send}
                    isDisabled={isDisabled}
                  />
                </Stack>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}

function SubQuestionChoices({
  chosen,
  question,
  questions,
  send,
  isDisabled,
}: {
  chosen: ChosenQuestion;
  question: Question | undefined;
  questions: Map<string, Question>;
  send: FlowchartEditorProps['send'];
  isDisabled?: boolean;
}) {
  const offers = alternativesOf(question).flatMap((alt) => alt.subQuestionIds.map((subId) => ({ alt, subId })));
  if (offers.length === 0) return null;
  const selected = new Set(chosen.subquestions.map((s) => s.id));
  return (
    <div
      role="group"
      aria-label={`Perguntas complementares de “${question?.title ?? ''}”`}
      css={{ display: 'grid', gap: 'var(--space-2)' }}
    >
      <Text variant="small">Perguntas complementares</Text>
      {offers.map(({ alt, subId }) => {
        const sub = questions.get(subId);
        const subTitle = sub?.title ?? 'Pergunta complementar';
        return (
          <Checkbox
            key={`${alt.id}-${subId}`}
            isSelected={selected.has(subId)}
            isDisabled={isDisabled || sub?.draft}
            description={sub?.draft ? 'Rascunho: conclua a pergunta no banco para poder incluí-la.' : undefined}
            onChange={() => send({ type: 'subquestion.toggle', questionId: chosen.id, subquestionId: subId })}
          >
            {`Incluir “${subTitle}” quando a resposta for “${alt.label}”`}
          </Checkbox>
        );
      })}
    </div>
  );
}
