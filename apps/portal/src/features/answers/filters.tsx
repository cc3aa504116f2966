import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { parseDate, type CalendarDate } from '@internationalized/date';
import { getPatientOptions, getPatientQueryKey, listPatientsOptions } from '@acompanha/api-client';
import { ComboBox, ComboBoxItem, Select, SelectItem } from '@acompanha/ui';
import { everyQuizOptions } from '../../lib/queries';
import { useDebounced } from '../../lib/useDebounced';

/** The same list of quizzes as the other screens' filters (one cache entry): every quiz, disabled ones too. */
export const quizFilterOptions = () => everyQuizOptions('all');

/** "Questionário": every quiz, or one. */
export function QuizFilter({
  quizId,
  onChange,
  label = 'Questionário',
}: {
  quizId: string | null;
  onChange: (quizId: string | null) => void;
  label?: string;
}) {
  const quizzes = useQuery(quizFilterOptions());
  // Until the list arrives the select would offer "Todos" alone (a quick tap would open a list without the
  // quiz she is after, and a story's press would race the request): it says so and takes no press meanwhile.
  const loading = quizzes.isPending;
  return (
    <Select
      label={label}
      isDisabled={loading}
      placeholder={loading ? 'Carregando questionários…' : undefined}
      selectedKey={loading ? null : (quizId ?? 'all')}
      onSelectionChange={(k) => onChange(k == null || k === 'all' ? null : String(k))}
    >
      {[
        <SelectItem key="all" id="all">
          Todos
        </SelectItem>,
        ...(quizzes.data?.items ?? []).map((q) => (
          <SelectItem key={q.id} id={q.id}>
            {q.title}
          </SelectItem>
        )),
      ]}
    </Select>
  );
}

/**
 * "Cliente": type a name and choose; clearing the text shows every client again. The chosen
 * client's name is read from the API, so a filter in the address shows its name too.
 */
export function PatientFilter({
  patientId,
  onChange,
}: {
  patientId: string | null;
  onChange: (patientId: string | null) => void;
}) {
  const queryClient = useQueryClient();
  const chosen = useQuery({ ...getPatientOptions({ path: { id: patientId ?? '' } }), enabled: !!patientId });
  // null: the field shows the chosen client's name; a string: what is being typed.
  const [term, setTerm] = useState<string | null>(null);
  const [isOpen, setOpen] = useState(false);
  const debounced = useDebounced((term ?? '').trim(), 250);
  const patients = useQuery({
    ...listPatientsOptions({ query: { take: 20, skip: 0, ...(debounced ? { nameTerm: debounced } : {}) } }),
    enabled: isOpen || term !== null,
    placeholderData: keepPreviousData,
  });
  const found = patients.data?.items ?? [];
  // The chosen client is always an option, so the field can show it before any search.
  const items = chosen.data && patientId && !found.some((p) => p.id === patientId) ? [chosen.data, ...found] : found;

  return (
    <ComboBox
      label="Cliente"
      placeholder="Todos os clientes"
      items={items}
      inputValue={term ?? (patientId ? (chosen.data?.name ?? '') : '')}
      onInputChange={(value) => {
        setTerm(value);
        if (value === '' && patientId) onChange(null);
      }}
      // Only once its name is known: an unknown key would make the field clear itself (and the filter).
      selectedKey={patientId && chosen.data ? patientId : null}
      onSelectionChange={(key) => {
        if (key == null) return;
        const patient = items.find((p) => p.id === key);
        if (patient) queryClient.setQueryData(getPatientQueryKey({ path: { id: patient.id } }), patient);
        setTerm(null);
        onChange(String(key));
      }}
      onOpenChange={setOpen}
      emptyMessage="Nenhum cliente com esse nome."
    >
      {(item) => (
        <ComboBoxItem id={item.id} textValue={item.name}>
          {item.name}
        </ComboBoxItem>
      )}
    </ComboBox>
  );
}

export type Period = { start: CalendarDate; end: CalendarDate };

/** A period from `from`/`to` search params (both or none). */
export function periodFromParams(params: URLSearchParams): Period | null {
  const from = params.get('from');
  const to = params.get('to');
  if (!from || !to) return null;
  try {
    return { start: parseDate(from), end: parseDate(to) };
  } catch {
    return null;
  }
}

/** The longest period the API takes, in days. */
export const MAX_PERIOD_DAYS = 366;

/** More than the API's 366 days, or the end before the start. */
export const isPeriodInvalid = (p: Period | null) =>
  !!p && (p.end.compare(p.start) < 0 || p.end.compare(p.start) > MAX_PERIOD_DAYS - 1);
