/** The multiple-choice configuration: alternatives (reorder, remove), single or multiple answers, sub-questions. */
import { useState } from 'react';
import { Button, Stack, Switch } from '@acompanha/ui';
import { type ConfigDrafts, LIMITS, newId } from './builderState';
import { EditableList } from './EditableList';
import { SubQuestionPicker } from './SubQuestionPicker';
import { type ConfigEditorProps, move } from './editorKit';

export function MultipleChoiceEditor({
  config,
  onChange,
  errors,
  isReadOnly,
  questionId,
}: ConfigEditorProps<'multiple-choice'>) {
  const [openPickers, setOpenPickers] = useState<Set<string>>(new Set());
  const alternatives = config.alternatives;
  const set = (next: ConfigDrafts['multiple-choice']['alternatives'], touched = 'config.alternatives') =>
    onChange({ ...config, alternatives: next }, touched);

  return (
    <Stack gap={4}>
      <Switch
        isSelected={config.allowMultiple}
        onChange={(allowMultiple) => onChange({ ...config, allowMultiple }, 'config.allowMultiple')}
        isReadOnly={isReadOnly}
      >
        Permitir mais de uma resposta
      </Switch>
      <EditableList
        label="Alternativas"
        items={alternatives.map((a) => ({ id: a.id, text: a.label }))}
        itemLabel={(i) => `Alternativa ${i + 1}`}
        addLabel="Adicionar alternativa"
        min={LIMITS.alternatives.min}
        max={LIMITS.alternatives.max}
        path="config.alternatives"
        itemMaxLength={LIMITS.alternatives.label}
        field="label"
        errors={errors}
        isMovable
        isReadOnly={isReadOnly}
        onTextChange={(i, label) =>
          set(
            alternatives.map((a, j) => (j === i ? { ...a, label } : a)),
            // Labels are compared with each other (repeated ones), so all their errors go together.
            'config.alternatives',
          )
        }
        onAdd={() => set([...alternatives, { id: newId(), label: '', subQuestionIds: [] }])}
        onRemove={(i) => set(alternatives.filter((_, j) => j !== i))}
        onMove={(from, to) => set(move(alternatives, from, to))}
        renderExtra={(item, i) => {
          const alternative = alternatives[i]!;
          const name = item.text.trim() ? `“${item.text.trim()}”` : `a alternativa ${i + 1}`;
          // "a “Sim”", but "à alternativa 1" (a + a).
          const toName = item.text.trim() ? `a ${name}` : `à alternativa ${i + 1}`;
          const label = `Perguntas complementares ao escolher ${name}`;
          const error = errors[`config.alternatives.${i}.subQuestionIds`];
          const isOpen = openPickers.has(item.id) || alternative.subQuestionIds.length > 0 || !!error;
          if (!isOpen) {
            if (isReadOnly) return null;
            return (
              <div>
                <Button
                  variant="ghost"
                  size="sm"
                  isWrapping
                  onPress={() => setOpenPickers((s) => new Set(s).add(item.id))}
                >
                  Adicionar perguntas complementares {toName}
                </Button>
              </div>
            );
          }
          return (
            <SubQuestionPicker
              label={label}
              chosenLabel={`Escolhidas para ${name}`}
              value={alternative.subQuestionIds}
              onChange={(subQuestionIds) =>
                set(
                  alternatives.map((a, j) => (j === i ? { ...a, subQuestionIds } : a)),
                  `config.alternatives.${i}.subQuestionIds`,
                )
              }
              selfId={questionId}
              errorMessage={error}
              isReadOnly={isReadOnly}
            />
          );
        }}
      />
    </Stack>
  );
}
