import { useEffect, useState } from 'react';
import { css } from '@emotion/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  asApiError,
  handled,
  listWebhookResponsesOptions,
  redeliverWebhookMutation,
  type WebhookEndpoint,
  type WebhookResponse,
  type WebhookResponsePage,
} from '@acompanha/api-client';
import {
  Badge,
  Button,
  Cell,
  Column,
  Heading,
  InlineAlert,
  Pagination,
  Row,
  Stack,
  Table,
  TableBody,
  TableHeader,
  Text,
  toastQueue,
} from '@acompanha/ui';
import { formatNumberBR } from '../../lib/format';
import { LinkButton } from '../../lib/LinkButton';
import { refreshAfter } from '../../lib/refresh';
import { describeAttempt, describeNext, describeQueue } from './describeAttempt';
import { WEBHOOKS_HREF } from '../../app/navigation';
import { ResponseExcerpt } from './ResponseExcerpt';

export const LOG_PAGE_SIZE = 15;
/** While a message waits for an attempt this soon, the log is read again every 2 s. */
const SOON_MS = 30_000;

/** Polls while an attempt is due within seconds, so a test event's result shows up by itself. */
export function logRefetchInterval(page: WebhookResponsePage | undefined, now = Date.now()): number | false {
  if (!page || page.queued <= 0 || !page.nextAttemptAt) return false;
  return Date.parse(page.nextAttemptAt) - now <= SOON_MS ? 2000 : false;
}

/** A pending message whose next attempt is due within seconds is being sent: no redelivery then. */
const canRedeliver = (r: WebhookResponse) =>
  r.isLatest &&
  !(r.deliveryStatus === 'pending' && (!r.nextAttemptAt || Date.parse(r.nextAttemptAt) - Date.now() < 10_000));

/** On a phone (a narrow table box) each attempt becomes a card of labelled lines. */
const stacked = css`
  & .cell-label {
    display: none;
  }
  @container (max-width: 840px) {
    & table,
    & tbody,
    & tr,
    & td,
    & th {
      display: block;
    }
    & thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
    }
    /* Two columns: the short values (attempt and duration, next attempt and the action) side by side. */
    & tbody tr {
      display: grid;
      grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
      grid-auto-flow: dense;
      column-gap: var(--space-3);
      margin-bottom: var(--space-3);
      padding: var(--space-2) var(--space-3);
      border: 1px solid var(--color-border);
      border-radius: var(--radius-md);
    }
    & tbody .wide {
      grid-column: 1 / -1;
    }
    & tbody .title {
      font-weight: 600;
    }
    & tbody .title .cell-label {
      display: none;
    }
    & tbody td,
    & tbody th {
      padding: var(--space-1) 0;
      border-bottom: none;
      text-align: left !important;
    }
    & .cell-label {
      display: block;
      font-size: var(--font-size-xs);
      font-weight: 600;
      color: var(--color-text-muted);
    }
  }
`;

/** The column's name over a value, for the stacked (phone) layout; the table header says it to screen readers. */
const Label = ({ children }: { children: string }) => (
  <span className="cell-label" aria-hidden="true">
    {children}
  </span>
);

export interface DeliveryLogProps {
  endpoint: WebhookEndpoint;
  /** Opened by her just now: the heading takes the focus (and scrolls into view). */
  focusOnMount?: boolean;
}

/** The attempts to deliver to one endpoint, newest first, 15 at a time; a message can be sent again. */
export function DeliveryLog({ endpoint, focusOnMount = false }: DeliveryLogProps) {
  const queryClient = useQueryClient();
  const [skip, setSkip] = useState(0);
  const log = useQuery({
    ...listWebhookResponsesOptions({ path: { id: endpoint.id }, query: { take: LOG_PAGE_SIZE, skip } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) => logRefetchInterval(query.state.data),
  });
  const redeliver = useMutation({
    ...redeliverWebhookMutation(),
    onSuccess: async () => {
      await refreshAfter(queryClient, 'webhookSendQueued');
      toastQueue.add({ tone: 'success', title: 'Reenvio solicitado. O resultado aparece aqui em instantes.' });
    },
    onError: (raw) => {
      const error = asApiError(raw);
      // The API says why (an attempt of it is being made now); the catalogue's sentence would say "minutes".
      if (error.code === 'RETRY_SEND_LATER')
        toastQueue.add({ tone: 'error', title: error.message || error.userMessage });
    },
  });
  const titleId = `log-${endpoint.id}`;
  useEffect(() => {
    if (focusOnMount) document.getElementById(titleId)?.focus();
  }, [focusOnMount, titleId]);

  const page = log.data;
  // A 410 just seen in the log turned the endpoint off: its card (still "Ativo") is read again.
  const goneSeen = page?.items.some((r) => r.isLatest && r.statusCode === 410) ?? false;
  useEffect(() => {
    if (goneSeen && endpoint.enabled) void refreshAfter(queryClient, 'webhooksChanged');
  }, [goneSeen, endpoint.enabled, queryClient]);
  const queue = page ? describeQueue(page.queued, page.nextAttemptAt, new Date(), page.paused) : null;
  return (
    <section
      aria-labelledby={titleId}
      css={{ display: 'flex', flexDirection: 'column', gap: 'var(--space-4)', minWidth: 0 }}
    >
      <Stack direction="row" gap={3} justify="space-between" align="end" wrap>
        <Stack gap={1} css={{ minWidth: 0 }}>
          <Heading level={2} size={3} id={titleId} tabIndex={-1} css={{ outline: 'none' }}>
            Registro de envios
          </Heading>
          <Text variant="small" css={{ overflowWrap: 'anywhere' }}>
            {endpoint.url} — tentativas dos últimos 30 dias, da mais recente para a mais antiga (horário de Brasília).
          </Text>
        </Stack>
        <LinkButton size="sm" href={WEBHOOKS_HREF} routerOptions={{ state: { quiet: true } }}>
          Fechar registro
        </LinkButton>
      </Stack>
      {/* Always there, so that a count appearing or changing is announced. */}
      <div role="status">
        {queue ? (
          <Text as="span" variant="small" css={{ fontWeight: 600, color: 'var(--color-info)' }}>
            {queue}
          </Text>
        ) : null}
      </div>
      {log.isError && !page ? (
        <InlineAlert tone="danger" title="Não foi possível carregar o registro de envios.">
          <Button
            size="sm"
            variant="secondary"
            onPress={() => void log.refetch()}
            css={{ marginTop: 'var(--space-2)' }}
          >
            Tentar de novo
          </Button>
        </InlineAlert>
      ) : (
        <div css={stacked}>
          <Table aria-label={`Registro de envios de ${endpoint.url}`}>
            <TableHeader>
              <Column id="event" isRowHeader>
                Evento
              </Column>
              <Column id="attempt" align="end">
                Tentativa
              </Column>
              <Column id="status">Status</Column>
              <Column id="duration" align="end">
                Duração
              </Column>
              <Column id="next">Próxima tentativa</Column>
              <Column id="response">Resposta</Column>
              <Column id="actions">Ações</Column>
            </TableHeader>
            <TableBody
              items={page?.items ?? []}
              isLoading={log.isPending}
              loadingLabel="Carregando envios…"
              emptyState="Nenhum envio ainda. Use “Enviar evento de teste” para conferir o endereço."
            >
              {(r) => (
                <Row id={r.id}>
                  <Cell className="wide title">
                    <Label>Evento</Label>
                    {r.eventLabel}
                    {r.eventSummary ? (
                      <Text as="span" variant="small" css={{ display: 'block', overflowWrap: 'anywhere' }}>
                        {r.eventSummary}
                      </Text>
                    ) : null}
                  </Cell>
                  <Cell align="end">
                    <Label>Tentativa</Label>
                    {r.attempt}
                  </Cell>
                  <Cell className="wide">
                    <Label>Status</Label>
                    <Stack gap={1} align="start" css={{ minWidth: '11rem' }}>
                      {r.outcome === 'success' ? (
                        <Badge tone="success">Entregue</Badge>
                      ) : (
                        <Badge tone="danger">Falhou</Badge>
                      )}
                      <span>{describeAttempt(r)}</span>
                    </Stack>
                  </Cell>
                  <Cell align="end">
                    <Label>Duração</Label>
                    <span css={{ whiteSpace: 'nowrap' }}>{formatNumberBR(r.durationMs)} ms</span>
                  </Cell>
                  <Cell>
                    <Label>Próxima tentativa</Label>
                    {describeNext(r)}
                  </Cell>
                  <Cell className="wide">
                    <Label>Resposta</Label>
                    <ResponseExcerpt excerpt={r.responseExcerpt} />
                  </Cell>
                  <Cell>
                    {canRedeliver(r) ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`Reenviar ${r.eventLabel}${r.eventSummary ? ` (${r.eventSummary})` : ''}`}
                        isPending={redeliver.isPending && redeliver.variables?.path.deliveryId === r.deliveryId}
                        onPress={() =>
                          redeliver.mutate({
                            path: { id: endpoint.id, deliveryId: r.deliveryId },
                            meta: handled('RETRY_SEND_LATER'),
                          })
                        }
                      >
                        Reenviar
                      </Button>
                    ) : null}
                  </Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        </div>
      )}
      {(page?.total ?? 0) > LOG_PAGE_SIZE ? (
        <Pagination
          take={LOG_PAGE_SIZE}
          skip={skip}
          total={page!.total}
          onChange={setSkip}
          isDisabled={log.isFetching}
          aria-label="Páginas do registro de envios"
        />
      ) : null}
    </section>
  );
}
