/** The linear and Likert scale configurations. */
import { NumberField, Radio, RadioGroup, Stack, TextField } from '@acompanha/ui';
import { LIMITS, newId } from './builderState';
import { EditableList } from './EditableList';
import { type ConfigEditorProps, move } from './editorKit';

export function LinearScaleEditor({ config, onChange, errors, isReadOnly }: ConfigEditorProps<'linear-scale'>) {
  return (
    <Stack gap={4}>
      <Stack direction="row" gap={4} wrap align="start">
        <RadioGroup
          label="Começa em"
          orientation="horizontal"
          value={String(config.min)}
          onChange={(v) => onChange({ ...config, min: v === '0' ? 0 : 1 }, 'config.max')}
          isReadOnly={isReadOnly}
        >
          <Radio value="0">0</Radio>
          <Radio value="1">1</Radio>
        </RadioGroup>
        <NumberField
          label="Termina em"
          description="De 2 a 10."
          value={config.max}
          onChange={(n) => onChange({ ...config, max: n }, 'config.max')}
          minValue={2}
          maxValue={10}
          isReadOnly={isReadOnly}
          isInvalid={!!errors['config.max']}
          errorMessage={errors['config.max']}
        />
      </Stack>
      <Stack direction="row" gap={4} wrap>
        <TextField
          label={`Legenda do ${config.min}`}
          description="Opcional. Por exemplo: Nada satisfeito."
          value={config.minLabel}
          onChange={(minLabel) => onChange({ ...config, minLabel }, 'config.minLabel')}
          maxLength={LIMITS.scaleLabel}
          isReadOnly={isReadOnly}
          isInvalid={!!errors['config.minLabel']}
          errorMessage={errors['config.minLabel']}
        />
        <TextField
          label={`Legenda do ${config.max ?? 'máximo'}`}
          description="Opcional. Por exemplo: Muito satisfeito."
          value={config.maxLabel}
          onChange={(maxLabel) => onChange({ ...config, maxLabel }, 'config.maxLabel')}
          maxLength={LIMITS.scaleLabel}
          isReadOnly={isReadOnly}
          isInvalid={!!errors['config.maxLabel']}
          errorMessage={errors['config.maxLabel']}
        />
      </Stack>
    </Stack>
  );
}

export function LikertScaleEditor({ config, onChange, errors, isReadOnly }: ConfigEditorProps<'likert-scale'>) {
  const { statements, levels } = config;
  return (
    <Stack gap={5}>
      <Stack gap={2}>
        <EditableList
          label="Afirmações"
          items={statements}
          itemLabel={(i) => `Afirmação ${i + 1}`}
          addLabel="Adicionar afirmação"
          min={LIMITS.statements.min}
          max={LIMITS.statements.max}
          path="config.statements"
          itemMaxLength={LIMITS.statements.text}
          field="text"
          errors={errors}
          isMovable
          isReadOnly={isReadOnly}
          onTextChange={(i, text) =>
            onChange(
              { ...config, statements: statements.map((s, j) => (j === i ? { ...s, text } : s)) },
              `config.statements.${i}`,
            )
          }
          onAdd={() =>
            onChange({ ...config, statements: [...statements, { id: newId(), text: '' }] }, 'config.statements')
          }
          onRemove={(i) =>
            onChange({ ...config, statements: statements.filter((_, j) => j !== i) }, 'config.statements')
          }
          onMove={(from, to) => onChange({ ...config, statements: move(statements, from, to) }, 'config.statements')}
        />
      </Stack>
      <EditableList
        label="Níveis de concordância, do mais negativo ao mais positivo"
        items={levels.map((l) => ({ id: l.id, text: l.label }))}
        itemLabel={(i) => `Nível ${i + 1}`}
        addLabel="Adicionar nível"
        min={LIMITS.levels.min}
        max={LIMITS.levels.max}
        path="config.levels"
        itemMaxLength={LIMITS.levels.label}
        field="label"
        errors={errors}
        isMovable
        isReadOnly={isReadOnly}
        onTextChange={(i, label) =>
          onChange({ ...config, levels: levels.map((l, j) => (j === i ? { ...l, label } : l)) }, `config.levels.${i}`)
        }
        onAdd={() => onChange({ ...config, levels: [...levels, { id: newId(), label: '' }] }, 'config.levels')}
        onRemove={(i) => onChange({ ...config, levels: levels.filter((_, j) => j !== i) }, 'config.levels')}
        onMove={(from, to) => onChange({ ...config, levels: move(levels, from, to) }, 'config.levels')}
      />
    </Stack>
  );
}
