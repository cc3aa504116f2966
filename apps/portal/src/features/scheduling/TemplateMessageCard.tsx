import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  asApiError,
  getMeOptions,
  getTemplateMessageOptions,
  getTemplateMessageQueryKey,
  updateTemplateMessageMutation,
  type TemplateMessage,
  handled,
} from '@acompanha/api-client';
import { Button, Card, InlineAlert, Stack, Text, TextArea, toastQueue } from '@acompanha/ui';

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const REQUIRED = ['link', 'pin'];
const MAX_LENGTH = 1000;

/** The variables a text uses, in order. */
export function usedVariables(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? ''))];
}

/** What is wrong with a template before it is sent (the API checks the same), or null. */
export function templateProblem(text: string, known: string[]): string | null {
  if (!text.trim()) return 'Escreva a mensagem.';
  const used = usedVariables(text);
  const unknown = used.filter((v) => !known.includes(v));
  if (unknown.length)
    return `${unknown.length === 1 ? 'Variável desconhecida' : 'Variáveis desconhecidas'}: ${unknown.map((v) => `{{${v}}}`).join(', ')}.`;
  const missing = REQUIRED.filter((v) => !used.includes(v));
  if (missing.length)
    return `A mensagem precisa conter ${missing.map((v) => `{{${v}}}`).join(' e ')}: sem isso o cliente não consegue responder.`;
  return null;
}

/** The text as a patient would read it, with sample values. */
export function renderPreview(text: string, values: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}

/**
 * "Mensagem de envio": the text that goes with every questionnaire link, its variables (a press
 * inserts one where the cursor is) and a live preview with sample values.
 */
export function TemplateMessageCard() {
  const template = useQuery(getTemplateMessageOptions());
  return (
    <Card
      title="Mensagem de envio dos questionários"
      description="É o texto que o cliente recebe por e-mail ou WhatsApp junto com o link e o PIN de cada questionário."
    >
      {template.data ? (
        <TemplateEditor template={template.data} />
      ) : (
        <Text variant="muted">Carregando a mensagem…</Text>
      )}
    </Card>
  );
}

function TemplateEditor({ template }: { template: TemplateMessage }) {
  const queryClient = useQueryClient();
  const me = useQuery(getMeOptions());
  const [text, setText] = useState(template.templateMessage);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const wrap = useRef<HTMLDivElement | null>(null);
  const textArea = () => wrap.current?.querySelector('textarea') ?? null;
  const caret = useRef<number | null>(null);
  useEffect(() => setText(template.templateMessage), [template.templateMessage]);

  const save = useMutation({
    ...updateTemplateMessageMutation(),
    onSuccess: (saved, variables) => {
      queryClient.setQueryData(getTemplateMessageQueryKey(), saved);
      setText(saved.templateMessage);
      setTouched(false);
      toastQueue.add(
        {
          tone: 'success',
          title: variables.body.templateMessage === null ? 'Mensagem padrão restaurada.' : 'Mensagem de envio salva.',
        },
        { timeout: 5000 },
      );
    },
    onError: (raw) => {
      const error = asApiError(raw);
      setServerError(error.message && error.code.startsWith('WRONG_TEMPLATE') ? error.message : error.userMessage);
    },
  });

  const known = template.variables.map((v) => v.name as string);
  const problem = templateProblem(text, known);
  const isDirty = text !== template.templateMessage;
  const sample: Record<string, string> = {
    paciente: 'Mariana',
    profissional: me.data?.name ?? 'Você',
    questionario: 'Acompanhamento semanal',
    link: `${window.location.origin}/quiz-survey/…`,
    pin: '482913',
  };

  const insert = (name: string) => {
    const token = `{{${name}}}`;
    const el = textArea();
    const at = caret.current ?? el?.selectionStart ?? text.length;
    const next = text.slice(0, at) + token + text.slice(at);
    setText(next);
    setServerError(null);
    caret.current = at + token.length;
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + token.length, at + token.length);
    });
  };

  return (
    <Stack gap={4}>
      <div ref={wrap}>
        <TextArea
          label="Mensagem"
          value={text}
          onChange={(v) => {
            setText(v);
            setServerError(null);
          }}
          onBlur={() => {
            setTouched(true);
            caret.current = textArea()?.selectionStart ?? null;
          }}
          rows={4}
          maxLength={MAX_LENGTH}
          isInvalid={(touched && !!problem) || !!serverError}
          errorMessage={serverError ?? problem ?? undefined}
        />
      </div>
      <Stack gap={2}>
        <Text variant="small" id="template-variables-label">
          Variáveis (clique para inserir na mensagem):
        </Text>
        <div
          role="group"
          aria-labelledby="template-variables-label"
          css={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--space-2)' }}
        >
          {template.variables.map((v) => (
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
        <ul
          css={{
            margin: 0,
            paddingLeft: 'var(--space-4)',
            fontSize: 'var(--font-size-sm)',
            color: 'var(--color-text-muted)',
          }}
        >
          {template.variables.map((v) => (
            <li key={v.name}>
              <code>{`{{${v.name}}}`}</code> — {v.description}
            </li>
          ))}
        </ul>
      </Stack>
      <section aria-labelledby="template-preview-title">
        <Text variant="small" id="template-preview-title" as="p">
          <strong>Prévia</strong> (com dados de exemplo)
        </Text>
        <div
          data-testid="template-preview"
          css={{
            marginTop: 'var(--space-2)',
            padding: 'var(--space-3)',
            borderRadius: 'var(--radius-md)',
            background: 'var(--color-surface-muted)',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          }}
        >
          {renderPreview(text, sample)}
        </div>
      </section>
      {template.isDefault && !isDirty ? (
        <InlineAlert tone="info">Você está usando a mensagem padrão.</InlineAlert>
      ) : null}
      <Stack direction="row" gap={2} justify="end" wrap>
        {!template.isDefault ? (
          <Button
            variant="ghost"
            isDisabled={save.isPending}
            onPress={() =>
              save.mutate({
                body: { templateMessage: null },
                meta: handled('WRONG_TEMPLATE_VARIABLES', 'WRONG_TEMPLATE_PARAMETER'),
              })
            }
          >
            Restaurar padrão
          </Button>
        ) : null}
        <Button
          isDisabled={!isDirty}
          isPending={save.isPending}
          onPress={() => {
            setTouched(true);
            if (problem) return;
            save.mutate({
              body: { templateMessage: text },
              meta: handled('WRONG_TEMPLATE_VARIABLES', 'WRONG_TEMPLATE_PARAMETER'),
            });
          }}
        >
          Salvar mensagem
        </Button>
      </Stack>
    </Stack>
  );
}
