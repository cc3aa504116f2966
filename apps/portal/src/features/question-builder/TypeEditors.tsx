import { useState } from 'react';
import type { FileContentType, QuestionType } from '@acompanha/api-client';
import {
  Button,
  Checkbox,
  CheckboxGroup,
  NumberField,
  Radio,
  RadioGroup,
  Select,
  SelectItem,
  Stack,
  Switch,
  TextField,
} from '@acompanha/ui';
import {
  FILE_TYPE_LABELS,
  FILE_TYPES,
  LIMITS,
  METRIC_UNITS,
  newId,
  OTHER_UNIT,
  type ConfigDrafts,
  type FieldErrors,
} from './builderState';
import { EditableList } from './EditableList';
import { SubQuestionPicker } from './SubQuestionPicker';

export interface ConfigEditorProps<T extends QuestionType> {
  config: ConfigDrafts[T];
  /** The new configuration; `touched` is the path whose errors the change answers. */
  onChange: (config: ConfigDrafts[T], touched: string) => void;
  errors: FieldErrors;
  isReadOnly: boolean;
  /** The question being edited (a sub-question can't be the question itself). */
  questionId?: string;
}

/** Empty NumberField → `null` (React Aria reports NaN). */
const numberOrNull = (n: number) => (Number.isNaN(n) ? null : n);
const integer = { maximumFractionDigits: 0 } as const;

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

function MultipleChoiceEditor({
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

function LinearScaleEditor({ config, onChange, errors, isReadOnly }: ConfigEditorProps<'linear-scale'>) {
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
          value={config.max ?? Number.NaN}
          onChange={(n) => onChange({ ...config, max: numberOrNull(n) }, 'config.max')}
          minValue={2}
          maxValue={10}
          formatOptions={integer}
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

function LikertScaleEditor({ config, onChange, errors, isReadOnly }: ConfigEditorProps<'likert-scale'>) {
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

function FreeFieldEditor({ config, onChange, errors, isReadOnly }: ConfigEditorProps<'free-field'>) {
  return (
    <Stack gap={4}>
      <Switch
        isSelected={config.multiline}
        onChange={(multiline) => onChange({ ...config, multiline }, 'config.multiline')}
        isReadOnly={isReadOnly}
      >
        Resposta em várias linhas
      </Switch>
      <NumberField
        label="Máximo de caracteres"
        description="De 1 a 5.000."
        value={config.maxLength ?? Number.NaN}
        onChange={(n) => onChange({ ...config, maxLength: numberOrNull(n) }, 'config.maxLength')}
        minValue={LIMITS.maxLength.min}
        maxValue={LIMITS.maxLength.max}
        formatOptions={integer}
        isReadOnly={isReadOnly}
        isInvalid={!!errors['config.maxLength']}
        errorMessage={errors['config.maxLength']}
      />
    </Stack>
  );
}

function FileUploadEditor({ config, onChange, errors, isReadOnly }: ConfigEditorProps<'file-upload'>) {
  return (
    <Stack gap={4}>
      <CheckboxGroup
        label="Tipos de arquivo aceitos"
        orientation="horizontal"
        value={config.acceptedTypes}
        onChange={(values) =>
          onChange({ ...config, acceptedTypes: FILE_TYPES.filter((t) => values.includes(t)) }, 'config.acceptedTypes')
        }
        isReadOnly={isReadOnly}
        isInvalid={!!errors['config.acceptedTypes']}
        errorMessage={errors['config.acceptedTypes']}
      >
        {FILE_TYPES.map((t: FileContentType) => (
          <Checkbox key={t} value={t}>
            {FILE_TYPE_LABELS[t]}
          </Checkbox>
        ))}
      </CheckboxGroup>
      <NumberField
        label="Tamanho máximo"
        description="De 1 a 20 MB."
        unit="MB"
        value={config.maxSizeMb ?? Number.NaN}
        onChange={(n) => onChange({ ...config, maxSizeMb: numberOrNull(n) }, 'config.maxSizeMb')}
        minValue={LIMITS.maxSizeMb.min}
        maxValue={LIMITS.maxSizeMb.max}
        formatOptions={integer}
        isReadOnly={isReadOnly}
        isInvalid={!!errors['config.maxSizeMb']}
        errorMessage={errors['config.maxSizeMb']}
      />
    </Stack>
  );
}

function MetricsEditor({ config, onChange, errors, isReadOnly }: ConfigEditorProps<'metrics'>) {
  const decimals = config.decimals ?? 0;
  const format = { minimumFractionDigits: 0, maximumFractionDigits: Math.min(Math.max(decimals, 0), 3) };
  return (
    <Stack gap={4}>
      <Stack direction="row" gap={4} wrap align="start">
        <Select
          label="Unidade"
          selectedKey={config.unit}
          onSelectionChange={(key) => onChange({ ...config, unit: String(key) }, 'config.unit')}
          isDisabled={isReadOnly}
          isInvalid={!!errors['config.unit'] && config.unit !== OTHER_UNIT}
          errorMessage={errors['config.unit']}
        >
          {[
            ...METRIC_UNITS.map((u) => (
              <SelectItem key={u} id={u}>
                {u}
              </SelectItem>
            )),
            <SelectItem key={OTHER_UNIT} id={OTHER_UNIT}>
              Outra
            </SelectItem>,
          ]}
        </Select>
        {config.unit === OTHER_UNIT ? (
          <TextField
            label="Qual unidade?"
            description="Até 12 caracteres."
            value={config.customUnit}
            onChange={(customUnit) => onChange({ ...config, customUnit }, 'config.unit')}
            maxLength={LIMITS.unit}
            isReadOnly={isReadOnly}
            isInvalid={!!errors['config.unit']}
            errorMessage={errors['config.unit']}
          />
        ) : null}
        <NumberField
          label="Casas decimais"
          description="De 0 a 3."
          value={config.decimals ?? Number.NaN}
          onChange={(n) => onChange({ ...config, decimals: numberOrNull(n) }, 'config.decimals')}
          minValue={LIMITS.decimals.min}
          maxValue={LIMITS.decimals.max}
          formatOptions={integer}
          isReadOnly={isReadOnly}
          isInvalid={!!errors['config.decimals']}
          errorMessage={errors['config.decimals']}
        />
      </Stack>
      <Stack direction="row" gap={4} wrap align="start">
        <NumberField
          label="Valor mínimo"
          description="Opcional."
          value={config.min ?? Number.NaN}
          onChange={(n) => onChange({ ...config, min: numberOrNull(n) }, 'config.max')}
          formatOptions={format}
          isReadOnly={isReadOnly}
          isInvalid={!!errors['config.min']}
          errorMessage={errors['config.min']}
        />
        <NumberField
          label="Valor máximo"
          description="Opcional."
          value={config.max ?? Number.NaN}
          onChange={(n) => onChange({ ...config, max: numberOrNull(n) }, 'config.max')}
          formatOptions={format}
          isReadOnly={isReadOnly}
          isInvalid={!!errors['config.max']}
          errorMessage={errors['config.max']}
        />
      </Stack>
    </Stack>
  );
}

export interface TypeConfigEditorProps {
  type: QuestionType;
  configs: ConfigDrafts;
  onChange: <T extends QuestionType>(type: T, config: ConfigDrafts[T], touched: string) => void;
  errors: FieldErrors;
  isReadOnly: boolean;
  questionId?: string;
}

/** The editor of the chosen type's configuration. */
export function TypeConfigEditor({ type, configs, onChange, ...rest }: TypeConfigEditorProps) {
  switch (type) {
    case 'multiple-choice':
      return <MultipleChoiceEditor config={configs[type]} onChange={(c, t) => onChange(type, c, t)} {...rest} />;
    case 'linear-scale':
      return <LinearScaleEditor config={configs[type]} onChange={(c, t) => onChange(type, c, t)} {...rest} />;
    case 'likert-scale':
      return <LikertScaleEditor config={configs[type]} onChange={(c, t) => onChange(type, c, t)} {...rest} />;
    case 'free-field':
      return <FreeFieldEditor config={configs[type]} onChange={(c, t) => onChange(type, c, t)} {...rest} />;
    case 'file-upload':
      return <FileUploadEditor config={configs[type]} onChange={(c, t) => onChange(type, c, t)} {...rest} />;
    case 'metrics':
      return <MetricsEditor config={configs[type]} onChange={(c, t) => onChange(type, c, t)} {...rest} />;
  }
}
