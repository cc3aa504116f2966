import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  asApiError,
  createWebhookMutation,
  handled,
  updateWebhookMutation,
  type PublicEvent,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
  createWebhookLimits,
} from '@acompanha/api-client';
import { Button, Form, InlineAlert, Modal, Stack, Switch, Text, TextArea, TextField, toastQueue } from '@acompanha/ui';
import { refreshAfter } from '../../lib/refresh';
import { EventPicker } from './EventPicker';

const FORM_ID = 'webhook-form';
/** The fields an API issue can point at; any other path is said above the buttons. */
const FIELDS = ['url', 'description', 'events', 'richPurpose'] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field | 'form', string>>;

type Values = {
  url: string;
  description: string;
  events: WebhookEventType[];
  richPayload: boolean;
  richPurpose: string;
};

const valuesOf = (e: WebhookEndpoint | null): Values => ({
  url: e?.url ?? '',
  description: e?.description ?? '',
  events: e?.events ?? [],
  richPayload: e?.richPayload ?? false,
  richPurpose: e?.richPurpose ?? '',
});

/**
 * What can be told before asking the API. Plain http:// goes on to the API, which refuses it (it allows it
 * only for a loopback receiver under a test setting); its SSRF guard says the rest (private networks, DNS).
 */
export function urlProblem(raw: string): string | null {
  const url = raw.trim();
  if (!url) return 'Informe o endereço.';
  if (!/^https?:\/\//i.test(url)) return 'Use um endereço https:// (por exemplo, https://seu-sistema.com.br/webhooks).';
  try {
    new URL(url);
    return null;
  } catch {
    return 'O endereço não é uma URL válida.';
  }
}

const purposeProblem = (purpose: string) =>
  purpose.trim().length < 10 ? 'Escreva para que os dados serão usados (pelo menos 10 caracteres).' : null;

/** `data.answers` in a catalogue sentence, as code. */
function withCode(text: string): ReactNode[] {
  return text.split('`').map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part));
}

export interface WebhookFormProps {
  /** The endpoint being edited; null for a new one. */
  endpoint: WebhookEndpoint | null;
  catalogue: PublicEvent[];
  onClose: () => void;
  /** A new endpoint was created: its secret is in this answer only. */
  onCreated: (created: WebhookEndpointWithSecret) => void;
}

/** "Novo webhook" / "Editar webhook": address, description, events and rich payloads with their purpose. */
export function WebhookForm({ endpoint, catalogue, onClose, onCreated }: WebhookFormProps) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => valuesOf(endpoint));
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<Values>, field?: Field) => {
    setValues((v) => ({ ...v, ...patch }));
    if (field && errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };

  // An error the API found (the address, the purpose) may sit above where she scrolled to press "Criar":
  // the first invalid field takes the focus, which brings it and its sentence into view.
  const [reported, setReported] = useState(0);
  useEffect(() => {
    if (reported === 0) return;
    const form = document.getElementById(FORM_ID);
    const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) invalid.focus();
    else form?.querySelector('[role="alert"]')?.scrollIntoView({ block: 'nearest' });
  }, [reported]);

  const onError = (raw: unknown) => {
    const error = asApiError(raw);
    if (error.code !== 'WRONG_COMMAND_PARAMETERS') return;
    const byField = error.fieldErrors();
    const known = FIELDS.filter((f) => byField[f]);
    setErrors(
      known.length > 0
        ? Object.fromEntries(known.map((f) => [f, byField[f]]))
        : { form: Object.values(byField)[0] || error.userMessage },
    );
    setReported((n) => n + 1);
  };
  const create = useMutation({
    ...createWebhookMutation(),
    // The answer carries the secret: forget it as soon as the dialog has it.
    gcTime: 0,
    onSuccess: async (created) => {
      await refreshAfter(queryClient, 'webhooksChanged');
      onCreated(created);
    },
    onError,
  });
  const update = useMutation({
    ...updateWebhookMutation(),
    onSuccess: async () => {
      await refreshAfter(queryClient, 'webhooksChanged');
      toastQueue.add({ tone: 'success', title: 'Webhook salvo.' }, { timeout: 4000 });
      onClose();
    },
    onError,
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (values.events.length === 0) {
      setErrors({ events: 'Escolha pelo menos um evento.' });
      return;
    }
    setErrors({});
    const body = {
      url: values.url.trim(),
      description: values.description.trim() || null,
      events: values.events,
      richPayload: values.richPayload,
      richPurpose: values.richPayload ? values.richPurpose.trim() : null,
    };
    const meta = handled('WRONG_COMMAND_PARAMETERS');
    // On/off is the card's switch: saving the form leaves it as it is (an endpoint we turned off stays off).
    if (endpoint) update.mutate({ body: { id: endpoint.id, ...body }, meta });
    else create.mutate({ body, meta });
  }

  const rich = catalogue.filter((e) => e.richDescription);
  const { events: eventsError, form: formError, ...fieldErrors } = errors;

  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={endpoint ? 'Editar webhook' : 'Novo webhook'}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>
            Cancelar
          </Button>
          <Button type="submit" form={FORM_ID} isPending={create.isPending || update.isPending}>
            {endpoint ? 'Salvar alterações' : 'Criar webhook'}
          </Button>
        </>
      }
    >
      <Form
        id={FORM_ID}
        onSubmit={onSubmit}
        validationErrors={fieldErrors}
        aria-label={endpoint ? 'Editar webhook' : 'Novo webhook'}
      >
        <TextField
          label="Endereço (URL)"
          maxLength={createWebhookLimits.url.maxLength}
          name="url"
          inputMode="url"
          autoComplete="off"
          isRequired
          autoFocus
          value={values.url}
          onChange={(url) => set({ url }, 'url')}
          validate={(v) => (v ? urlProblem(v) : null)}
          errorMessage="Informe o endereço."
          placeholder="https://seu-sistema.com.br/webhooks/acompanha"
          description="Um endereço https:// público do seu sistema, que responda 2xx em até 15 segundos."
        />
        <TextField
          label="Descrição (opcional)"
          name="description"
          maxLength={200}
          value={values.description}
          onChange={(description) => set({ description }, 'description')}
          description="Para você reconhecer este webhook (por exemplo, “Prontuário da clínica”)."
        />
        <EventPicker
          catalogue={catalogue}
          value={values.events}
          onChange={(events) => set({ events }, 'events')}
          error={eventsError}
        />
        <Stack gap={3}>
          <Switch
            isSelected={values.richPayload}
            onChange={(richPayload) => set({ richPayload }, 'richPurpose')}
            description="Sem isso, os eventos levam só identificadores, nomes, datas e estados."
          >
            Enviar dados completos (respostas e medidas)
          </Switch>
          {values.richPayload ? (
            <>
              <InlineAlert tone="info" title="Dados de saúde (LGPD, art. 11)">
                Respostas e medidas dos clientes são dados pessoais sensíveis. Só os envie para um sistema seu ou de
                quem trata os dados por você, com uma finalidade clara: ela fica registrada neste webhook.
              </InlineAlert>
              {rich.length > 0 ? (
                <Stack gap={1}>
                  <Text variant="small">O que muda com dados completos:</Text>
                  <ul css={{ margin: 0, paddingLeft: 'var(--space-5)', fontSize: 'var(--font-size-sm)' }}>
                    {rich.map((e) => (
                      <li key={e.type}>
                        <strong>{e.label}</strong>
                        {values.events.includes(e.type) ? '' : ' (não escolhido)'}: {withCode(e.richDescription!)}
                      </li>
                    ))}
                  </ul>
                </Stack>
              ) : null}
              <TextArea
                label="Finalidade do uso dos dados"
                name="richPurpose"
                isRequired
                rows={3}
                maxLength={500}
                value={values.richPurpose}
                onChange={(richPurpose) => set({ richPurpose }, 'richPurpose')}
                validate={(v) => (v ? purposeProblem(v) : null)}
                errorMessage="Escreva para que os dados serão usados (pelo menos 10 caracteres)."
                placeholder="Ex.: registrar as respostas no prontuário eletrônico de cada cliente."
                description="Para que seu sistema vai usar as respostas e medidas."
              />
            </>
          ) : null}
        </Stack>
        {formError ? <InlineAlert tone="danger" title={formError} /> : null}
      </Form>
    </Modal>
  );
}
