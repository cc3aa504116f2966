import { parseDate } from '@internationalized/date';
import type { RecurrenceDraft, RecurrenceErrors, RecurrenceField } from '@acompanha/machines';
import {
  Checkbox,
  CheckboxGroup,
  DatePicker,
  NumberField,
  Radio,
  RadioGroup,
  Select,
  SelectItem,
  Text,
} from '@acompanha/ui';
import { describeRecurrence, formatHour, PERIODICITY_LABELS, recurrenceIssueMessage, WEEKDAYS } from './labels';
import { type ChannelKey } from '../../lib/labels';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

export interface RecurrenceFieldsProps {
  value: RecurrenceDraft;
  onChange: (patch: Partial<RecurrenceDraft>) => void;
  /** São Paulo's date today: the first day that can be chosen. */
  today: string;
  errors: RecurrenceErrors;
  /** Show `errors` (after a first attempt to send). */
  showErrors: boolean;
  /** An error the API gave for the periodicity (`WRONG_PERIODICITY_TIME`). */
  periodicityError?: string;
  /**
   * 'patient': e-mail or WhatsApp for one patient (a channel without a contact is disabled);
   * 'bulk': also "each patient's preference".
   */
  channelMode: 'patient' | 'bulk';
  /** For 'patient': which contacts the patient has. */
  contacts?: { email: boolean; whatsapp: boolean };
  /**
   * The first send goes out now ("Enviar agora"): a single send needs no date or hour, and a repeating
   * one starts its next sends on the chosen date.
   */
  sendsNow?: boolean;
}

/** The recurrence part of the scheduling dialogs: start, hour, periodicity, end, channel and a summary. */
export function RecurrenceFields({
  value,
  onChange,
  today,
  errors,
  showErrors,
  periodicityError,
  channelMode,
  contacts,
  sendsNow = false,
}: RecurrenceFieldsProps) {
  const error = (field: RecurrenceField) =>
    showErrors && errors[field] ? recurrenceIssueMessage(field, errors[field]!) : undefined;
  const date = (s: string | null) => (s ? parseDate(s) : null);

  return (
    <div css={{ display: 'grid', gap: 'var(--space-4)' }}>
      {sendsNow && value.periodicity === 'once' ? null : (
        <div
          css={{ display: 'grid', gap: 'var(--space-3)', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))' }}
        >
          <DatePicker
            label={sendsNow ? 'Próximos envios a partir de' : 'Data de início'}
            isRequired
            value={date(value.startDate)}
            minValue={parseDate(today)}
            onChange={(d) => onChange({ startDate: d ? d.toString() : null })}
            isInvalid={!!error('startDate')}
            errorMessage={error('startDate')}
          />
          <Select
            label="Horário do envio"
            isRequired
            selectedKey={value.hour === null ? null : String(value.hour)}
            onSelectionChange={(key) => onChange({ hour: key == null ? null : Number(key) })}
            isInvalid={!!error('hour')}
            errorMessage={error('hour')}
            description="Horário de Brasília."
          >
            {HOURS.map((h) => (
              <SelectItem key={h} id={String(h)}>
                {formatHour(h)}
              </SelectItem>
            ))}
          </Select>
        </div>
      )}

      <RadioGroup
        label="Frequência"
        orientation="horizontal"
        value={value.periodicity}
        onChange={(p) => onChange({ periodicity: p as RecurrenceDraft['periodicity'] })}
        isInvalid={!!periodicityError}
        errorMessage={periodicityError}
      >
        {(Object.keys(PERIODICITY_LABELS) as RecurrenceDraft['periodicity'][]).map((p) => (
          <Radio key={p} value={p}>
            {PERIODICITY_LABELS[p]}
          </Radio>
        ))}
      </RadioGroup>

      {value.periodicity === 'days' ? (
        <NumberField
          label="Intervalo"
          unit="dias"
          isRequired
          minValue={1}
          maxValue={365}
          value={value.intervalDays}
          onChange={(n) => onChange({ intervalDays: n })}
          isInvalid={!!error('intervalDays')}
          errorMessage={error('intervalDays')}
          description="Por exemplo, 15 para enviar a cada 15 dias."
        />
      ) : null}

      {value.periodicity === 'weekly' ? (
        <CheckboxGroup
          label="Dias da semana"
          orientation="horizontal"
          value={value.weekdays.map(String)}
          onChange={(days) => onChange({ weekdays: days.map(Number).sort((a, b) => a - b) })}
          isInvalid={!!error('weekdays')}
          errorMessage={error('weekdays')}
        >
          {WEEKDAYS.map((d) => (
            <Checkbox key={d.id} value={String(d.id)} aria-label={d.long}>
              {d.short}
            </Checkbox>
          ))}
        </CheckboxGroup>
      ) : null}

      {value.periodicity !== 'once' ? (
        <DatePicker
          label="Termina em (opcional)"
          value={date(value.endDate)}
          minValue={date(value.startDate) ?? parseDate(today)}
          onChange={(d) => onChange({ endDate: d ? d.toString() : null })}
          isInvalid={!!error('endDate')}
          errorMessage={error('endDate')}
          description="Sem data final, os envios seguem até você desativar o agendamento."
        />
      ) : null}

      <RadioGroup
        label="Canal de envio"
        orientation="horizontal"
        value={value.channel ?? 'preference'}
        onChange={(c) => onChange({ channel: c === 'preference' ? null : (c as ChannelKey) })}
      >
        {channelMode === 'bulk' ? <Radio value="preference">Preferência de cada cliente</Radio> : null}
        <Radio
          value="email"
          isDisabled={channelMode === 'patient' && contacts?.email === false}
          description={channelMode === 'patient' && contacts?.email === false ? 'Sem e-mail cadastrado' : undefined}
        >
          E-mail
        </Radio>
        <Radio
          value="whatsapp"
          isDisabled={channelMode === 'patient' && contacts?.whatsapp === false}
          description={
            channelMode === 'patient' && contacts?.whatsapp === false ? 'Sem telefone cadastrado' : undefined
          }
        >
          WhatsApp
        </Radio>
      </RadioGroup>

      <Text
        variant="small"
        aria-live="polite"
        css={{
          padding: 'var(--space-2) var(--space-3)',
          background: 'var(--color-surface-muted)',
          borderRadius: 'var(--radius-md)',
        }}
      >
        <strong>Resumo: </strong>
        {sendsNow
          ? value.periodicity === 'once'
            ? 'Uma vez, agora, assim que você confirmar.'
            : `Agora e, depois: ${describeRecurrence(value)}`
          : describeRecurrence(value)}
      </Text>
    </div>
  );
}
