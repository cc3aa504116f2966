import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getMessageCampaignOptions,
  listMessageCampaignsOptions,
  retryMessageMutation,
  type CampaignRecipient,
  type MessageCampaign,
} from '@acompanha/api-client';
import { Badge, Button, Card, EmptyState, Link, ProgressBar, Stack, Text, toastQueue } from '@acompanha/ui';
import { formatDateTimeBR, plural } from '../../lib/format';
import { refreshAfter } from '../../lib/refresh';
import { CHANNEL_LABEL, failureSentence, MESSAGE_STATUS } from './labels';

const POLL_MS = 2000;
const SCHEDULED_POLL_MS = 60_000;
const RECIPIENTS_PAGE = 100;

const isDue = (c: MessageCampaign) => Date.parse(c.sendAt) <= Date.now();
const excerpt = (s: string, n = 90) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The counts of a send as a row of figures. */
function Counts({ campaign }: { campaign: MessageCampaign }) {
  const { counts } = campaign;
  const figures = [
    ['Na fila', counts.queued],
    ['Enviadas', counts.sent],
    ['Entregues', counts.delivered],
    ['Lidas', counts.read],
    ['Falharam', counts.failed],
  ] as const;
  return (
    <dl
      css={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(6.5rem, 1fr))',
        gap: 'var(--space-3)',
        margin: 0,
      }}
    >
      {figures.map(([label, n]) => (
        <div
          key={label}
          css={{
            padding: 'var(--space-3)',
            borderRadius: 'var(--radius-md)',
            background: 'var(--color-surface-muted)',
            display: 'grid',
            gap: 'var(--space-1)',
          }}
        >
          <dt css={{ fontSize: 'var(--font-size-sm)', color: 'var(--color-text-muted)' }}>{label}</dt>
          <dd css={{ margin: 0, fontSize: 'var(--font-size-xl, 1.5rem)', fontWeight: 600 }}>{n}</dd>
        </div>
      ))}
    </dl>
  );
}

function RecipientRow({ r, onRetry, isRetrying }: { r: CampaignRecipient; onRetry: () => void; isRetrying: boolean }) {
  const status = MESSAGE_STATUS[r.status];
  return (
    <li
      aria-label={r.patientName}
      css={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 'var(--space-2) var(--space-3)',
        padding: 'var(--space-3) 0',
        borderTop: '1px solid var(--color-border)',
      }}
    >
      <div css={{ flex: '1 1 14rem', minWidth: 0, display: 'grid', gap: 'var(--space-1)' }}>
        <Link href={`/clients/profile/${r.patientId}`}>{r.patientName}</Link>
        <Text variant="small">
          {CHANNEL_LABEL[r.channel]}
          {r.statusAt ? ` · ${formatDateTimeBR(r.statusAt)}` : ''}
        </Text>
        {r.status === 'failed' ? (
          <Text variant="small" css={{ color: 'var(--color-danger)', overflowWrap: 'anywhere' }}>
            {failureSentence(r)}
          </Text>
        ) : null}
      </div>
      <Badge tone={status.tone}>{status.label}</Badge>
      {r.status === 'failed' ? (
        <Button
          size="sm"
          variant="secondary"
          onPress={onRetry}
          isPending={isRetrying}
          aria-label={`Tentar de novo para ${r.patientName}`}
        >
          Tentar de novo
        </Button>
      ) : null}
    </li>
  );
}

/**
 * One send's progress: its counts and a bar, and each recipient with her state, the failure's sentence and
 * "Tentar de novo". Reads again every 2 seconds while a due message waits in the queue (every minute while it waits for its time).
 */
export function CampaignProgress({ id, onBack }: { id: string; onBack: () => void }) {
  const queryClient = useQueryClient();
  const options = getMessageCampaignOptions({ path: { id }, query: { take: RECIPIENTS_PAGE, skip: 0 } });
  const detail = useQuery({
    ...options,
    refetchInterval: (q) => {
      const c = q.state.data?.campaign;
      // A scheduled send is looked at now and then, so the view starts polling once its time comes.
      if (!c || c.counts.queued === 0) return false;
      return isDue(c) ? POLL_MS : SCHEDULED_POLL_MS;
    },
  });
  const retry = useMutation({
    ...retryMessageMutation(),
    onSuccess: async (_, variables) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: options.queryKey }),
        refreshAfter(queryClient, 'messageSent'),
      ]);
      const r = detail.data?.recipients.find((x) => x.messageId === variables.path.id);
      toastQueue.add(
        { tone: 'success', title: r ? `Mensagem para ${r.patientName} de volta à fila.` : 'Mensagem de volta à fila.' },
        { timeout: 5000 },
      );
    },
  });

  const back = (
    <Button variant="ghost" onPress={onBack}>
      Voltar para Mensagens
    </Button>
  );
  if (detail.isPending) return <Text variant="muted">Carregando o envio…</Text>;
  if (!detail.data)
    return (
      <EmptyState
        title="Envio não encontrado"
        description="Ele pode ter sido de outra conta."
        action={back}
        headingLevel={2}
      />
    );

  const { campaign, recipients, recipientsTotal } = detail.data;
  const done = campaign.total - campaign.counts.queued;
  const scheduled = campaign.counts.queued > 0 && !isDue(campaign);
  return (
    <Stack gap={4}>
      <div>{back}</div>
      <Card
        title={`Envio de ${formatDateTimeBR(campaign.createdAt)}`}
        description={`${CHANNEL_LABEL[campaign.channel]} · ${plural(campaign.total, 'destinatário', 'destinatários')}${
          campaign.template ? ' · com modelo aprovado do WhatsApp' : ''
        }`}
      >
        <Stack gap={4}>
          <Text
            as="p"
            css={{
              margin: 0,
              padding: 'var(--space-3)',
              borderRadius: 'var(--radius-md)',
              background: 'var(--color-surface-muted)',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
            }}
          >
            {campaign.body}
          </Text>
          {scheduled ? (
            <Text>{`Agendado para ${formatDateTimeBR(campaign.sendAt)} (horário de Brasília).`}</Text>
          ) : null}
          <ProgressBar
            label="Progresso do envio"
            value={campaign.total ? (done / campaign.total) * 100 : 100}
            valueLabel={`${done} de ${campaign.total} processadas`}
            variant={
              campaign.counts.failed === campaign.total
                ? 'danger'
                : done === campaign.total && !campaign.counts.failed
                  ? 'success'
                  : 'default'
            }
          />
          <Counts campaign={campaign} />
        </Stack>
      </Card>
      <Card title="Destinatários" description="As falhas aparecem primeiro.">
        <ul aria-label="Destinatários do envio" css={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {recipients.map((r) => (
            <RecipientRow
              key={r.messageId}
              r={r}
              isRetrying={retry.isPending && retry.variables?.path.id === r.messageId}
              onRetry={() => retry.mutate({ path: { id: r.messageId } })}
            />
          ))}
        </ul>
        {recipientsTotal > recipients.length ? (
          <Text variant="small">{`Mostrando ${recipients.length} de ${recipientsTotal} destinatários.`}</Text>
        ) : null}
      </Card>
    </Stack>
  );
}

/** Her previous sends, newest first, each opening its progress view. */
export function PreviousSends({ onOpen }: { onOpen: (id: string) => void }) {
  const list = useQuery(listMessageCampaignsOptions({ query: { take: 20, skip: 0 } }));
  const items = list.data?.items ?? [];
  return (
    <Card title="Envios anteriores">
      {list.isPending ? (
        <Text variant="muted">Carregando envios…</Text>
      ) : items.length === 0 ? (
        <EmptyState
          title="Nenhum envio ainda"
          description="As mensagens que você enviar aparecem aqui, com o andamento de cada uma."
          headingLevel={3}
        />
      ) : (
        <ul aria-label="Envios anteriores" css={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((c) => {
            const delivered = c.counts.delivered + c.counts.read;
            const label = `Envio de ${formatDateTimeBR(c.createdAt)}`;
            return (
              <li
                key={c.id}
                css={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  gap: 'var(--space-2) var(--space-3)',
                  padding: 'var(--space-3) 0',
                  borderTop: '1px solid var(--color-border)',
                }}
              >
                <div css={{ flex: '1 1 16rem', minWidth: 0, display: 'grid', gap: 'var(--space-1)' }}>
                  <Text css={{ overflowWrap: 'anywhere' }}>{excerpt(c.body)}</Text>
                  <Text variant="small">
                    {`${formatDateTimeBR(c.createdAt)} · ${CHANNEL_LABEL[c.channel]} · ${plural(c.total, 'destinatário', 'destinatários')}`}
                    {c.counts.queued > 0 && !isDue(c) ? ` · agendado para ${formatDateTimeBR(c.sendAt)}` : ''}
                  </Text>
                </div>
                <Stack direction="row" gap={2} wrap align="center">
                  {c.counts.queued > 0 ? <Badge tone="neutral">{`${c.counts.queued} na fila`}</Badge> : null}
                  {delivered > 0 ? <Badge tone="success">{`${delivered} entregues`}</Badge> : null}
                  {c.counts.failed > 0 ? <Badge tone="danger">{`${c.counts.failed} falharam`}</Badge> : null}
                  <Button size="sm" variant="secondary" onPress={() => onOpen(c.id)} aria-label={`Ver ${label}`}>
                    Ver envio
                  </Button>
                </Stack>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
