import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deleteWebhookMutation,
  rotateWebhookSecretMutation,
  sendWebhookTestMutation,
  updateWebhookMutation,
  type WebhookEndpoint,
} from '@acompanha/api-client';
import { Badge, Button, Card, InlineAlert, Modal, Stack, Switch, Text, toastQueue } from '@acompanha/ui';
import { formatDateTimeBR, plural } from '../../lib/format';
import { LinkButton } from '../../lib/LinkButton';
import { refreshAfter } from '../../lib/refresh';
import { WEBHOOKS_HREF } from '../../app/navigation';
import { SecretDialog, type ShownSecret } from './SecretDialog';

/** The screen with an endpoint's delivery log open (a link that can be shared). */
export const logHref = (id: string) => `${WEBHOOKS_HREF}?endpoint=${encodeURIComponent(id)}`;

/** The body of `PUT /webhooks/manager`: the endpoint as it is, with `patch` applied. */
export const updateBodyOf = (e: WebhookEndpoint, patch: Partial<WebhookEndpoint> = {}) => {
  const next = { ...e, ...patch };
  return {
    id: next.id,
    url: next.url,
    description: next.description,
    events: next.events,
    enabled: next.enabled,
    richPayload: next.richPayload,
    richPurpose: next.richPurpose,
  };
};

export interface EndpointCardProps {
  endpoint: WebhookEndpoint;
  isLogOpen: boolean;
  onEdit: () => void;
  /** A test event was queued: the page opens this endpoint's log, where its result appears. */
  onTestQueued: () => void;
  onDeleted: () => void;
}

/** One endpoint: address, state, events, rich payloads, and its actions. */
export function EndpointCard({ endpoint: e, isLogOpen, onEdit, onTestQueued, onDeleted }: EndpointCardProps) {
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState<'rotate' | 'delete' | null>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);

  const toggle = useMutation({
    ...updateWebhookMutation(),
    onSuccess: async (saved) => {
      await refreshAfter(queryClient, 'webhooksChanged');
      toastQueue.add(
        saved.enabled
          ? { tone: 'success', title: 'Webhook ativado. Os próximos eventos serão enviados.' }
          : { tone: 'success', title: 'Webhook desativado. Nenhum evento será enviado até você ativá-lo.' },
        { timeout: 5000 },
      );
    },
  });
  const test = useMutation({
    ...sendWebhookTestMutation(),
    onSuccess: async () => {
      onTestQueued();
      await refreshAfter(queryClient, 'webhookSendQueued');
      toastQueue.add(
        { tone: 'success', title: 'Evento de teste enviado. O resultado aparece no registro de envios.' },
        { timeout: 6000 },
      );
    },
  });
  const rotate = useMutation({
    ...rotateWebhookSecretMutation(),
    // The answer carries the secret: forget it as soon as the dialog has it.
    gcTime: 0,
    onSuccess: async (rotated) => {
      setConfirm(null);
      setSecret({ kind: 'rotated', url: rotated.url, secret: rotated.secret });
      await refreshAfter(queryClient, 'webhooksChanged');
    },
  });
  const remove = useMutation({
    ...deleteWebhookMutation(),
    onSuccess: async () => {
      setConfirm(null);
      onDeleted();
      await refreshAfter(queryClient, 'webhooksChanged');
      toastQueue.add({ tone: 'success', title: 'Webhook excluído.' }, { timeout: 5000 });
    },
  });

  const failing = e.enabled && e.failingSince;
  // Every card has the same buttons: each one is described by its card's address for a screen reader.
  const urlId = `webhook-url-${e.id}`;
  return (
    <Card
      title={
        <span id={urlId} css={{ overflowWrap: 'anywhere' }}>
          {e.url}
        </span>
      }
      description={e.description ?? undefined}
      headingLevel={2}
    >
      <Stack direction="row" gap={2} wrap align="center">
        {e.enabled ? <Badge tone="success">Ativo</Badge> : <Badge tone="neutral">Desativado</Badge>}
        {failing ? <Badge tone="warning">Falhando desde {formatDateTimeBR(e.failingSince!)}</Badge> : null}
        <Badge tone="neutral">{plural(e.events.length, 'evento', 'eventos')}</Badge>
        {e.richPayload ? <Badge tone="info">Dados completos</Badge> : null}
      </Stack>
      {e.richPayload && e.richPurpose ? (
        <Text variant="small">
          <strong>Dados completos (respostas e medidas)</strong> — finalidade: {e.richPurpose}
        </Text>
      ) : null}
      {!e.enabled && e.disabledReason ? (
        <InlineAlert tone="warning" title={e.disabledReason}>
          Corrija o endereço no seu sistema e ative o webhook de novo; os eventos voltam a ser enviados a partir daí.
        </InlineAlert>
      ) : null}
      {failing ? (
        <Text variant="small">
          Depois de 5 dias seguidos de falhas, os envios são desativados. O registro de envios mostra o que seu endpoint
          respondeu.
        </Text>
      ) : null}
      <Stack direction="row" gap={3} wrap align="center">
        <Switch
          aria-describedby={urlId}
          isSelected={e.enabled}
          isDisabled={toggle.isPending}
          onChange={(enabled) => toggle.mutate({ body: updateBodyOf(e, { enabled }) })}
        >
          Envios ativos
        </Switch>
        <Stack direction="row" gap={2} wrap>
          <LinkButton
            size="sm"
            variant={isLogOpen ? 'primary' : 'secondary'}
            href={logHref(e.id)}
            aria-describedby={urlId}
            routerOptions={{ state: { quiet: true, focusLog: true } }}
            aria-current={isLogOpen ? 'true' : undefined}
          >
            Registro de envios
          </LinkButton>
          <Button
            size="sm"
            variant="secondary"
            isPending={test.isPending}
            aria-describedby={urlId}
            onPress={() => test.mutate({ path: { id: e.id } })}
          >
            Enviar evento de teste
          </Button>
          <Button size="sm" variant="secondary" aria-describedby={urlId} onPress={onEdit}>
            Editar
          </Button>
          <Button size="sm" variant="secondary" aria-describedby={urlId} onPress={() => setConfirm('rotate')}>
            Rotacionar segredo
          </Button>
          <Button size="sm" variant="secondary" aria-describedby={urlId} onPress={() => setConfirm('delete')}>
            Excluir
          </Button>
        </Stack>
      </Stack>

      <Modal
        isOpen={confirm === 'rotate'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Rotacionar o segredo?"
        role="alertdialog"
        footer={
          <>
            <Button variant="secondary" onPress={() => setConfirm(null)}>
              Cancelar
            </Button>
            <Button isPending={rotate.isPending} onPress={() => rotate.mutate({ path: { id: e.id } })}>
              Gerar novo segredo
            </Button>
          </>
        }
      >
        <Stack gap={3}>
          <Text>
            Um novo segredo será gerado para <strong css={{ overflowWrap: 'anywhere' }}>{e.url}</strong> e mostrado uma
            única vez.
          </Text>
          <Text>
            O segredo atual continua assinando os envios por 24 horas, junto com o novo: nesse prazo, troque-o no seu
            sistema sem perder eventos.
          </Text>
        </Stack>
      </Modal>

      <Modal
        isOpen={confirm === 'delete'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Excluir este webhook?"
        role="alertdialog"
        footer={
          <>
            <Button variant="secondary" onPress={() => setConfirm(null)}>
              Cancelar
            </Button>
            <Button variant="danger" isPending={remove.isPending} onPress={() => remove.mutate({ path: { id: e.id } })}>
              Excluir webhook
            </Button>
          </>
        }
      >
        <Text>
          Os eventos deixam de ser enviados para <strong css={{ overflowWrap: 'anywhere' }}>{e.url}</strong> e o
          registro de envios dele é apagado. Esta ação não pode ser desfeita.
        </Text>
      </Modal>

      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
    </Card>
  );
}
