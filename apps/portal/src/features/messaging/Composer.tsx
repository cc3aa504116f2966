import { useMemo, useRef, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarDateTime, toZoned, type CalendarDate, type Time } from '@internationalized/date';
import {
  asApiError,
  composeMessageMutation,
  handled,
  listServicesOptions,
  listWhatsAppTemplatesOptions,
  previewMessage,
  type ComposeMessageData,
  type MessageCampaign,
} from '@acompanha/api-client';
import {
  Button,
  Card,
  DatePicker,
  Radio,
  RadioGroup,
  Stack,
  Text,
  TextArea,
  TimeField,
  toastQueue,
} from '@acompanha/ui';
import { useDebounced } from '../../lib/useDebounced';
import { SAO_PAULO } from '../../lib/dates';
import { todaySP } from '../../lib/today';
import { formatDateTimeBR } from '../../lib/format';
import { refreshAfter } from '../../lib/refresh';
import { MESSAGE_VARIABLES, unknownVariables } from './labels';
import { AudienceFields, audienceOf, type AudienceKind, type ChosenClient, type Filters } from './AudienceFields';
import { MessagePreview } from './MessagePreview';
import { TemplateChoice } from './TemplateChoice';

type Body = ComposeMessageData['body'];
type Channel = Body['channel'];

const MAX_LENGTH = 2000;
const HANDLED = ['WRONG_TEMPLATE_VARIABLES', 'WRONG_COMMAND_PARAMETERS', 'PATIENT_NOT_FOUND_ERROR'] as const;

/** The instant of a São Paulo date and time. */
const spInstant = (date: CalendarDate, time: Time) =>
  toZoned(new CalendarDateTime(date.year, date.month, date.day, time.hour, time.minute), SAO_PAULO)
    .toDate()
    .toISOString();

/**
 * The composer: who receives it (the selection brought in, or everyone matching the client filters), the
 * channel, the text with its variables, now or a São Paulo date and time; a live preview from the API (how many
 * by each channel, the text as the first client reads it) and WhatsApp's template rule for clients who have not
 * written in 24 hours.
 */
export function Composer({ chosen, onSent }: { chosen: ChosenClient[]; onSent: (c: MessageCampaign) => void }) {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<AudienceKind>(chosen.length ? 'selection' : 'filter');
  const [filters, setFilters] = useState<Filters>({ status: 'active', serviceModality: 'all', serviceId: 'all' });
  const [channel, setChannel] = useState<Channel>('whatsapp');
  const [text, setText] = useState('');
  const [template, setTemplate] = useState<string | null>(null);
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [date, setDate] = useState<CalendarDate | null>(null);
  const [time, setTime] = useState<Time | null>(null);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  /** Set by a 409: clients outside the window the preview had not counted yet. */
  const [requiredFor, setRequiredFor] = useState(0);
  const wrap = useRef<HTMLDivElement | null>(null);
  const caret = useRef<number | null>(null);
  const alertRef = useRef<HTMLDivElement | null>(null);

  const services = useQuery(listServicesOptions({ query: { status: 'all' } }));
  const templates = useQuery(listWhatsAppTemplatesOptions());

  const audience = audienceOf(kind, chosen, filters);
  const sendAt = when === 'later' && date && time ? spInstant(date, time) : null;
  const unknown = unknownVariables(text);
  const textProblem = !text.trim()
    ? 'Escreva a mensagem.'
    : unknown.length
      ? `${unknown.length === 1 ? 'Variável desconhecida' : 'Variáveis desconhecidas'}: ${unknown.map((v) => `{{${v}}}`).join(', ')}. Use {{paciente}} ou {{profissional}}.`
      : null;
  const whenProblem =
    when === 'later'
      ? !date || !time
        ? 'Escolha a data e o horário do envio.'
        : sendAt! <= new Date().toISOString()
          ? 'Escolha um horário no futuro.'
          : null
      : null;

  // The counts do not depend on the text: before she writes, the preview asks with a placeholder and hides the sample.
  const previewBody: Body = {
    audience,
    channel,
    body: unknown.length || !text.trim() ? '.' : text,
    template: channel === 'whatsapp' ? template : null,
  };
  // Debounced as its JSON: a string settles, where a fresh object every render would restart the timer forever.
  const debouncedJson = useDebounced(JSON.stringify(previewBody), 400);
  const debounced = useMemo(() => JSON.parse(debouncedJson) as Body, [debouncedJson]);
  const preview = useQuery({
    queryKey: ['previewMessage', debounced],
    queryFn: async ({ signal }) =>
      (await previewMessage({ body: debounced, signal, throwOnError: true, meta: handled(...HANDLED) })).data,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const previewError = preview.error ? asApiError(preview.error) : null;
  const outside = channel === 'whatsapp' ? Math.max(preview.data?.outsideWindow ?? 0, requiredFor) : 0;

  const send = useMutation({
    ...composeMessageMutation(),
    onSuccess: async (campaign) => {
      await refreshAfter(queryClient, 'messageSent');
      toastQueue.add(
        {
          tone: 'success',
          title: sendAt ? `Envio agendado para ${formatDateTimeBR(campaign.sendAt)}.` : 'Mensagem a caminho.',
        },
        { timeout: 5000 },
      );
      onSent(campaign);
    },
    onError: (raw) => {
      const error = asApiError(raw);
      if (error.code === 'WHATSAPP_TEMPLATE_REQUIRED') {
        const n = (error.details as { outsideWindow?: number } | undefined)?.outsideWindow ?? 1;
        setRequiredFor(n);
        requestAnimationFrame(() => alertRef.current?.focus());
      } else {
        setServerError(
          error.code === 'WRONG_TEMPLATE_VARIABLES' || error.code === 'WRONG_COMMAND_PARAMETERS'
            ? error.message && error.message !== error.code
              ? error.message
              : error.userMessage
            : error.userMessage,
        );
      }
    },
  });

  const insert = (name: string) => {
    const token = `{{${name}}}`;
    const el = wrap.current?.querySelector('textarea') ?? null;
    const at = caret.current ?? el?.selectionStart ?? text.length;
    setText(text.slice(0, at) + token + text.slice(at));
    setServerError(null);
    caret.current = at + token.length;
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + token.length, at + token.length);
    });
  };

  const submit = () => {
    setTouched(true);
    if (textProblem || whenProblem) return;
    if (outside > 0 && !template) {
      setRequiredFor(outside);
      requestAnimationFrame(() => alertRef.current?.focus());
      return;
    }
    send.mutate({
      body: { audience, channel, body: text, template: channel === 'whatsapp' ? template : null, sendAt },
      meta: handled('WHATSAPP_TEMPLATE_REQUIRED', ...HANDLED),
    });
  };

  const templateMissing = touched && outside > 0 && !template;

  return (
    <Card title="Nova mensagem">
      <Stack gap={5}>
        <AudienceFields
          chosen={chosen}
          kind={kind}
          onKindChange={setKind}
          filters={filters}
          onFiltersChange={setFilters}
          services={services.data ?? []}
        />

        <RadioGroup
          label="Canal"
          orientation="horizontal"
          description="O WhatsApp vai só para quem autorizou; os outros recebem por e-mail."
          value={channel}
          onChange={(v) => setChannel(v as Channel)}
        >
          <Radio value="email">E-mail</Radio>
          <Radio value="whatsapp">WhatsApp</Radio>
        </RadioGroup>

        <Stack gap={2}>
          <div ref={wrap}>
            <TextArea
              label="Mensagem"
              value={text}
              onChange={(v) => {
                setText(v);
                setServerError(null);
              }}
              onBlur={() => {
                caret.current = wrap.current?.querySelector('textarea')?.selectionStart ?? null;
              }}
              rows={5}
              maxLength={MAX_LENGTH}
              isInvalid={(touched && !!textProblem) || (!!text && unknown.length > 0) || !!serverError}
              errorMessage={serverError ?? textProblem ?? undefined}
            />
          </div>
          <Text variant="small" id="message-variables-label">
            Variáveis (clique para inserir):
          </Text>
          <div
            role="group"
            aria-labelledby="message-variables-label"
            css={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--space-2)' }}
          >
            {MESSAGE_VARIABLES.map((v) => (
              <Button
                key={v.name}
                size="sm"
                variant="secondary"
                onPress={() => insert(v.name)}
                aria-label={`Inserir {{${v.name}}}: ${v.description}`}
              >
                {`{{${v.name}}}`}
              </Button>
            ))}
          </div>
        </Stack>

        <Stack gap={3}>
          <RadioGroup
            label="Quando enviar"
            orientation="horizontal"
            value={when}
            onChange={(v) => setWhen(v as 'now' | 'later')}
          >
            <Radio value="now">Enviar agora</Radio>
            <Radio value="later">Agendar</Radio>
          </RadioGroup>
          {when === 'later' ? (
            <Stack direction="row" gap={3} wrap align="start">
              <DatePicker
                label="Data"
                value={date}
                onChange={setDate}
                minValue={todaySP()}
                isInvalid={touched && !date}
              />
              <TimeField label="Horário (Brasília)" value={time} onChange={setTime} isInvalid={touched && !time} />
            </Stack>
          ) : null}
          {touched && whenProblem ? (
            <Text variant="small" role="alert" css={{ color: 'var(--color-danger)' }}>
              {whenProblem}
            </Text>
          ) : null}
        </Stack>

        <MessagePreview
          isFetching={preview.isFetching}
          error={previewError}
          data={preview.data}
          showSample={!!text.trim() && !unknown.length}
        />

        {outside > 0 ? (
          <TemplateChoice
            ref={alertRef}
            outside={outside}
            urgent={templateMissing || requiredFor > 0}
            invalid={templateMissing}
            templates={templates.data ?? []}
            value={template}
            onChange={setTemplate}
          />
        ) : null}

        <Stack direction="row" justify="end">
          <Button onPress={submit} isPending={send.isPending}>
            {when === 'later' ? 'Agendar envio' : 'Enviar agora'}
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}
