import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listPatientsLimits, listPatientsOptions, type Patient } from '@acompanha/api-client';
import { ComboBox, ComboBoxItem } from '@acompanha/ui';
import { useDebounced } from './useDebounced';

export interface ClientPickerProps {
  /** The chosen client, or null. */
  value: Pick<Patient, 'id' | 'name'> | null;
  onChange: (patient: Patient | null) => void;
  isRequired?: boolean;
  isInvalid?: boolean;
  errorMessage?: string;
}

/**
 * "Cliente": an active client found by name (the search waits for a pause in typing). The field shows the
 * chosen client's name, not what was typed, and keeps her among the options while the search for her name
 * runs (otherwise the combo box would drop the choice).
 */
export function ClientPicker({ value, onChange, isRequired, isInvalid, errorMessage }: ClientPickerProps) {
  const [term, setTerm] = useState(value?.name ?? '');
  const debounced = useDebounced(term.trim(), 250);
  const patients = useQuery({
    ...listPatientsOptions({
      query: { status: 'active', take: 20, skip: 0, ...(debounced ? { nameTerm: debounced } : {}) },
    }),
    // A name longer than the search takes finds no one: no request the API would refuse.
    enabled: debounced.length <= listPatientsLimits.nameTerm.maxLength,
    placeholderData: keepPreviousData,
  });
  const items = patients.data?.items ?? [];
  return (
    <ComboBox
      label="Cliente"
      name="patientId"
      isRequired={isRequired}
      placeholder="Digite o nome do cliente"
      items={items}
      inputValue={term}
      onInputChange={setTerm}
      selectedKey={value?.id ?? null}
      onSelectionChange={(key) => {
        const found = items.find((p) => p.id === key) ?? null;
        // With the text and the choice both ours, the field shows the chosen name only if we write it.
        if (found) setTerm(found.name);
        onChange(found);
      }}
      isInvalid={isInvalid}
      errorMessage={errorMessage ?? 'Escolha o cliente.'}
      emptyMessage="Nenhum cliente ativo com esse nome."
    >
      {(item) => (
        <ComboBoxItem id={item.id} textValue={item.name}>
          {item.name}
        </ComboBoxItem>
      )}
    </ComboBox>
  );
}
