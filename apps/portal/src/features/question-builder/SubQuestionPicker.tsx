import { useState } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { getQuestionOptions, listQuestionsOptions } from '@acompanha/api-client';
import { ComboBox, ComboBoxItem, Tag, TagGroup } from '@acompanha/ui';
import { useDebounced } from '../../lib/useDebounced';
import { LIMITS } from './builderState';
import { QUESTION_TYPE_LABELS } from '../../lib/labels';

export interface SubQuestionPickerProps {
  /** 'Perguntas complementares ao escolher “Sim”'. */
  label: string;
  /** Label of the chosen ones, e.g. 'Escolhidas para “Sim”'. */
  chosenLabel: string;
  value: string[];
  onChange: (ids: string[]) => void;
  /** The question being edited: it can't open itself. */
  selfId?: string;
  errorMessage?: string;
  isReadOnly?: boolean;
}

/**
 * Sub-questions opened by one alternative: search the professional's published questions (drafts
 * are never offered, the API refuses them) and list the chosen ones as removable tags.
 */
export function SubQuestionPicker({
  label,
  chosenLabel,
  value,
  onChange,
  selfId,
  errorMessage,
  isReadOnly = false,
}: SubQuestionPickerProps) {
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), 250);
  const results = useQuery({
    ...listQuestionsOptions({ query: { take: 20, skip: 0, origin: 'all', ...(term ? { search: term } : {}) } }),
    enabled: !isReadOnly,
  });
  const chosen = useQueries({ queries: value.map((id) => getQuestionOptions({ path: { id } })) });

  // One level only: a question that opens sub-questions can't be one.
  const options = (results.data?.items ?? []).filter(
    (q) =>
      !q.draft &&
      q.id !== selfId &&
      !value.includes(q.id) &&
      !(
        q.type === 'multiple-choice' &&
        ((q.config as { alternatives?: { subQuestionIds?: string[] }[] }).alternatives ?? []).some(
          (a) => a.subQuestionIds?.length,
        )
      ),
  );
  const tags = value.map((id, i) => ({ id, name: chosen[i]?.data?.title ?? 'Carregando pergunta…' }));
  const isFull = value.length >= LIMITS.alternatives.subQuestions;

  return (
    <div
      css={{
        display: 'grid',
        gap: 'var(--space-2)',
        paddingLeft: 'var(--space-4)',
        borderLeft: '2px solid var(--color-border)',
      }}
    >
      {!isReadOnly ? (
        <ComboBox
          label={label}
          description={
            isFull
              ? 'Máximo de 10 perguntas complementares.'
              : 'Busque pelo título ou pela sigla. Rascunhos não aparecem.'
          }
          placeholder="Buscar pergunta"
          items={options}
          inputValue={search}
          onInputChange={setSearch}
          selectedKey={null}
          onSelectionChange={(key) => {
            if (key === null) return;
            // Nothing stays selected: the field empties itself and keeps offering the others.
            onChange([...value, String(key)]);
            setSearch('');
          }}
          isDisabled={isFull}
          isInvalid={!!errorMessage}
          errorMessage={errorMessage}
          emptyMessage={results.isFetching ? 'Buscando…' : 'Nenhuma pergunta encontrada.'}
        >
          {(q) => (
            <ComboBoxItem id={q.id} textValue={q.title} description={QUESTION_TYPE_LABELS[q.type]}>
              {q.title}
            </ComboBoxItem>
          )}
        </ComboBox>
      ) : null}
      {value.length > 0 || isReadOnly ? (
        <TagGroup
          label={isReadOnly ? label : chosenLabel}
          items={tags}
          emptyMessage="Nenhuma pergunta complementar."
          onRemove={isReadOnly ? undefined : (keys) => onChange(value.filter((id) => !keys.has(id)))}
        >
          {(t) => <Tag id={t.id}>{t.name}</Tag>}
        </TagGroup>
      ) : null}
    </div>
  );
}
