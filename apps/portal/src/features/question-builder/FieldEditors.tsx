/** The free-field, file-upload and metrics configurations. */
import type { FileContentType } from '@acompanha/api-client';
import { Checkbox, CheckboxGroup, NumberField, Select, SelectItem, Stack, Switch, TextField } from '@acompanha/ui';
import { FILE_TYPE_LABELS, FILE_TYPES, LIMITS, METRIC_UNITS, OTHER_UNIT } from './builderState';
import type { ConfigEditorProps } from './editorKit';

export function FreeFieldEditor({ config, onChange, errors, isReadOnly }: ConfigEditorProps<'free-field'>) {
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
        value={config.maxLength}
        onChange={(n) => onChange({ ...config, maxLength: n }, 'config.maxLength')}
        minValue={LIMITS.maxLength.min}
        maxValue={LIMITS.maxLength.max}
        isReadOnly={isReadOnly}
        isInvalid={!!errors['config.maxLength']}
        errorMessage={errors['config.maxLength']}
      />
    </Stack>
  );
}

export function FileUploadEditor({ config, onChange, errors, isReadOnly }: ConfigEditorProps<'file-upload'>) {
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
        value={config.maxSizeMb}
        onChange={(n) => onChange({ ...config, maxSizeMb: n }, 'config.maxSizeMb')}
        minValue={LIMITS.maxSizeMb.min}
        maxValue={LIMITS.maxSizeMb.max}
        isReadOnly={isReadOnly}
        isInvalid={!!errors['config.maxSizeMb']}
        errorMessage={errors['config.maxSizeMb']}
      />
    </Stack>
  );
}

export function MetricsEditor({ config, onChange, errors, isReadOnly }: ConfigEditorProps<'metrics'>) {
  // The bounds take as many decimals as the answer will (0 to 3).
  const decimalPlaces = Math.min(Math.max(config.decimals ?? 0, 0), 3);
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
          value={config.decimals}
          onChange={(n) => onChange({ ...config, decimals: n }, 'config.decimals')}
          minValue={LIMITS.decimals.min}
          maxValue={LIMITS.decimals.max}
          isReadOnly={isReadOnly}
          isInvalid={!!errors['config.decimals']}
          errorMessage={errors['config.decimals']}
        />
      </Stack>
      <Stack direction="row" gap={4} wrap align="start">
        <NumberField
          label="Valor mínimo"
          description="Opcional."
          value={config.min}
          onChange={(n) => onChange({ ...config, min: n }, 'config.max')}
          decimals={decimalPlaces}
          isReadOnly={isReadOnly}
          isInvalid={!!errors['config.min']}
          errorMessage={errors['config.min']}
        />
        <NumberField
          label="Valor máximo"
          description="Opcional."
          value={config.max}
          onChange={(n) => onChange({ ...config, max: n }, 'config.max')}
          decimals={decimalPlaces}
          isReadOnly={isReadOnly}
          isInvalid={!!errors['config.max']}
          errorMessage={errors['config.max']}
        />
      </Stack>
    </Stack>
  );
}
