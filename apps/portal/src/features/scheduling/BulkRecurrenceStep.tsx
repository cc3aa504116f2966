/** The bulk dialog's recurrence step, with the patients the server refused. */
import { asApiError } from '@acompanha/api-client';
import type { RecurrenceDraft } from '@acompanha/machines';
import { InlineAlert, Spinner, Stack, Text } from '@acompanha/ui';
import { RecurrenceFields } from './RecurrenceFields';

interface RecurrenceStepProps {
  draft: RecurrenceDraft;
  errors: Parameters<typeof RecurrenceFields>[0]['errors'];
  showErrors: boolean;
  error: unknown;
  /** The patients were chosen in this dialog (step 2 of 2). */
  hasBack: boolean;
  today: string;
  isResolving: boolean;
  sentIds: string[];
  onChange: (patch: Partial<RecurrenceDraft>) => void;
}

/** `details` of a refused bulk request: the positions of unknown patients in what was sent. */
function refusedPatients(error: unknown, sentIds: string[]): string[] {
  const details = asApiError(error).details;
  if (!Array.isArray(details)) return [];
  return details.map((d: { path?: unknown[]; message?: string }) => {
    const index = Array.isArray(d.path) && d.path[0] === 'patientIds' ? Number(d.path[1]) : Number.NaN;
    const id = Number.isInteger(index) ? sentIds[index] : undefined;
    return d.message ?? (id ? `Cliente não encontrado: ${id}.` : 'Cliente não encontrado.');
  });
}

export function RecurrenceStep(p: RecurrenceStepProps) {
  const apiError = p.error ? asApiError(p.error) : null;
  const refused = p.error ? refusedPatients(p.error, p.sentIds) : [];
  const fieldCode =
    apiError?.code === 'WRONG_START_DATE' ? 'startDate' : apiError?.code === 'WRONG_HOUR_VALUE' ? 'hour' : null;
  const errors = {
    ...p.errors,
    ...(fieldCode === 'startDate' ? { startDate: 'past' as const } : {}),
    ...(fieldCode === 'hour' ? { hour: 'outOfRange' as const } : {}),
  };

  return (
    <Stack gap={4}>
      <Text variant="small">{p.hasBack ? 'Passo 2 de 2 · Quando e como enviar' : 'Quando e como enviar'}</Text>
      {apiError && !fieldCode ? (
        <InlineAlert
          tone="danger"
          title={refused.length ? 'Alguns clientes não puderam ser incluídos' : 'Não foi possível agendar'}
        >
          <Stack gap={2}>
            <Text as="span">
              {apiError.code === 'WRONG_COMMAND_PARAMETERS' && apiError.message
                ? apiError.message
                : apiError.userMessage}
            </Text>
            {refused.length ? (
              <ul aria-label="Clientes recusados" css={{ margin: 0, paddingLeft: 'var(--space-4)' }}>
                {refused.slice(0, 10).map((r, i) => (
                  <li key={i}>{r}</li>
                ))}
                {refused.length > 10 ? <li>{`e mais ${refused.length - 10}.`}</li> : null}
              </ul>
            ) : null}
            {refused.length && p.hasBack ? (
              <Text as="span">Volte à lista, desmarque esses clientes e tente de novo.</Text>
            ) : null}
          </Stack>
        </InlineAlert>
      ) : null}
      <RecurrenceFields
        value={p.draft}
        onChange={p.onChange}
        today={p.today}
        errors={errors}
        showErrors={p.showErrors || !!fieldCode}
        periodicityError={apiError?.code === 'WRONG_PERIODICITY_TIME' ? apiError.userMessage : undefined}
        channelMode="bulk"
      />
      {p.isResolving ? (
        <Stack direction="row" gap={2} align="center">
          <Spinner label="Reunindo os clientes selecionados" />
          <Text as="span">Reunindo os clientes selecionados…</Text>
        </Stack>
      ) : null}
    </Stack>
  );
}
