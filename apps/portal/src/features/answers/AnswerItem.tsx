import { useId } from 'react';
import type { MultipleChoiceConfig, RevisionAnswer, RevisionSubAnswer } from '@acompanha/api-client';
import { Badge } from '@acompanha/ui';
import { formatDateBR } from '../../lib/format';
import { AnswerValueView } from './AnswerValueView';

const labelStyle = {
  margin: 0,
  fontSize: 'var(--font-size-xs)',
  fontWeight: 600,
  letterSpacing: '0.02em',
  textTransform: 'uppercase',
  color: 'var(--color-text-muted)',
} as const;

/** "Alterado" when the answer differs from the previous one; "Sem alteração" when it does not. */
export function ChangedBadge({ changed }: { changed: boolean | null }) {
  if (changed === null) return null;
  return changed ? <Badge tone="warning">Alterado</Badge> : <Badge tone="neutral">Sem alteração</Badge>;
}

/** The label of the alternative that opened a sub-question. */
function alternativeLabel(parent: RevisionAnswer, alternativeId: string): string {
  const alternatives = (parent.config as MultipleChoiceConfig).alternatives;
  return (
    (Array.isArray(alternatives) ? alternatives.find((a) => a.id === alternativeId)?.label : undefined) ?? alternativeId
  );
}

export interface AnswerItemProps {
  answer: RevisionAnswer | RevisionSubAnswer;
  /** @default 3 */
  headingLevel?: 3 | 4;
  /** The parent's answer, for a sub-question. */
  parent?: RevisionAnswer;
}

/**
 * One question as answered, beside the previous answer to it (with "Alterado" when it changed),
 * and the sub-questions its chosen alternative opened, under it.
 */
export function AnswerItem({ answer, headingLevel = 3, parent }: AnswerItemProps) {
  const titleId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const subAnswers = 'subAnswers' in answer ? answer.subAnswers : [];
  const isSub = !!parent;

  return (
    <article
      aria-labelledby={titleId}
      data-answer=""
      css={{
        display: 'flex',
        flexDirection: 'column',
        gap: 'var(--space-3)',
        padding: isSub ? 'var(--space-3) 0 0 var(--space-4)' : 'var(--space-4)',
        background: isSub ? 'transparent' : 'var(--color-surface)',
        border: isSub ? 'none' : '1px solid var(--color-border)',
        borderLeft: isSub ? '3px solid var(--color-border)' : undefined,
        borderRadius: isSub ? 0 : 'var(--radius-lg)',
        breakInside: 'avoid',
        minWidth: 0,
      }}
    >
      <div
        css={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'flex-start',
          justifyContent: 'space-between',
          gap: 'var(--space-2)',
        }}
      >
        <div css={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0, flex: '1 1 240px' }}>
          {isSub ? (
            <p
              css={{ ...labelStyle, textTransform: 'none', letterSpacing: 0, fontWeight: 500 }}
            >{`Aberta pela resposta “${alternativeLabel(parent, (answer as RevisionSubAnswer).alternativeId)}”`}</p>
          ) : null}
          <Heading
            id={titleId}
            css={{
              margin: 0,
              fontSize: isSub ? 'var(--font-size-sm)' : 'var(--font-size-md)',
              fontWeight: 600,
              lineHeight: 1.35,
            }}
          >
            {answer.title}
          </Heading>
        </div>
        <div css={{ display: 'flex', gap: 'var(--space-1)', flexWrap: 'wrap' }}>
          {answer.acronym ? <Badge tone="info">{answer.acronym}</Badge> : null}
          <ChangedBadge changed={answer.changed} />
        </div>
      </div>

      <div
        css={{
          display: 'grid',
          gap: 'var(--space-3)',
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 260px), 1fr))',
          alignItems: 'start',
        }}
      >
        <div css={{ display: 'flex', flexDirection: 'column', gap: 'var(--space-1)', minWidth: 0 }}>
          <p css={labelStyle}>Resposta</p>
          <div>
            <AnswerValueView answer={answer} />
          </div>
        </div>
        <div
          css={{
            display: 'flex',
            flexDirection: 'column',
            gap: 'var(--space-1)',
            minWidth: 0,
            padding: 'var(--space-2) var(--space-3)',
            borderRadius: 'var(--radius-md)',
            background: 'var(--color-surface-muted)',
            color: 'var(--color-text)',
          }}
        >
          {answer.previous ? (
            <>
              <p css={labelStyle}>{`Resposta anterior · ${formatDateBR(answer.previous.finishedAt)}`}</p>
              <div>
                <AnswerValueView answer={{ ...answer, ...answer.previous }} size="sm" />
              </div>
            </>
          ) : (
            <>
              <p css={labelStyle}>Resposta anterior</p>
              <span css={{ fontSize: 'var(--font-size-sm)', color: 'var(--color-text-muted)' }}>
                Primeira resposta a esta pergunta.
              </span>
            </>
          )}
        </div>
      </div>

      {subAnswers.length > 0 ? (
        <div css={{ display: 'flex', flexDirection: 'column', gap: 'var(--space-3)' }}>
          {subAnswers.map((sub) => (
            <AnswerItem key={sub.questionId} answer={sub} headingLevel={4} parent={answer as RevisionAnswer} />
          ))}
        </div>
      ) : null}
    </article>
  );
}
