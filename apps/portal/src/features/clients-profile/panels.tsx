import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  ERROR_MESSAGES,
  getChatHistoryOptions,
  listSalesOptions,
  type ChatMessage,
  type ChatMessageStatus,
  type Patient,
} from '@acompanha/api-client';
import { Badge, Button, EmptyState, Pagination, Stack, Text } from '@acompanha/ui';
import { formatDateTimeBR } from '../../lib/format';
import { RegisterSaleModal } from '../services/RegisterSaleModal';
import { SalesTable } from '../services/SalesTable';

const CLIENT_SALES_PAGE_SIZE = 10;

/** 'Serviços e vendas': the client's sales, newest first, a page at a time, and 'Registrar venda'. */
export function SalesPanel({ patient }: { patient: Patient }) {
  const [isRegistering, setRegistering] = useState(false);
  const [skip, setSkip] = useState(0);
  const sales = useQuery({
    ...listSalesOptions({ query: { patientId: patient.id, take: CLIENT_SALES_PAGE_SIZE, skip } }),
    placeholderData: keepPreviousData,
  });
  const total = sales.data?.total ?? 0;
  return (
    <Stack gap={4}>
      <Stack direction="row" justify="space-between" align="center" wrap gap={3}>
        <Text variant="muted">Cada venda paga dá ao cliente o serviço pelo período indicado.</Text>
        <Button onPress={() => setRegistering(true)}>Registrar venda</Button>
      </Stack>
      <SalesTable
        aria-label={`Vendas de ${patient.name}`}
        sales={sales.data?.items ?? []}
        isLoading={sales.isPending}
        emptyTitle="Nenhuma venda para este cliente"
        emptyDescription="Registre uma venda para que o cliente tenha um serviço ativo."
      />
      {total > CLIENT_SALES_PAGE_SIZE ? (
        <Pagination
          take={CLIENT_SALES_PAGE_SIZE}
          skip={skip}
          total={total}
          onChange={setSkip}
          isDisabled={sales.isFetching}
          aria-label={`Páginas de vendas de ${patient.name}`}
        />
      ) : null}
      <RegisterSaleModal
        isOpen={isRegistering}
        onClose={() => setRegistering(false)}
        patient={{ id: patient.id, name: patient.name }}
      />
    </Stack>
  );
}

const MESSAGE_STATUS: Record<ChatMessageStatus, { label: string; tone: 'neutral' | 'info' | 'success' | 'danger' }> = {
  queued: { label: 'Na fila', tone: 'neutral' },
  sent: { label: 'Enviada', tone: 'info' },
  delivered: { label: 'Entregue', tone: 'info' },
  read: { label: 'Lida', tone: 'success' },
  failed: { label: 'Falhou', tone: 'danger' },
};

/** 'Mensagens': her thread — what was sent (with its state or why it failed) and her WhatsApp replies. */
export function MessagesPanel({ patient }: { patient: Pick<Patient, 'id' | 'name'> }) {
  const navigate = useNavigate();
  const messages = useQuery(getChatHistoryOptions({ path: { patientId: patient.id }, query: { take: 50, skip: 0 } }));
  // The API lists newest first; a thread reads oldest first.
  const items = [...(messages.data?.items ?? [])].reverse();
  return (
    <Stack gap={4}>
      <Stack direction="row" justify="space-between" align="center" wrap gap={3}>
        <Text variant="muted">
          As mensagens enviadas por e-mail ou WhatsApp e as respostas do cliente pelo WhatsApp.
        </Text>
        <Button
          onPress={() =>
            navigate('/clients/messaging', { state: { recipients: [{ id: patient.id, name: patient.name }] } })
          }
        >
          Enviar mensagem
        </Button>
      </Stack>
      {messages.isPending ? (
        <Text variant="muted">Carregando mensagens…</Text>
      ) : items.length === 0 ? (
        <EmptyState
          title="Nenhuma mensagem enviada ainda."
          description="As mensagens enviadas a este cliente aparecem aqui."
          headingLevel={2}
        />
      ) : (
        <ol
          aria-label={`Conversa com ${patient.name}`}
          css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 'var(--space-3)' }}
        >
          {items.map((m) => (
            <MessageBubble key={m.id} m={m} />
          ))}
        </ol>
      )}
    </Stack>
  );
}

function MessageBubble({ m }: { m: ChatMessage }) {
  const incoming = m.direction === 'in';
  const status = MESSAGE_STATUS[m.status];
  return (
    <li
      aria-label={incoming ? 'Resposta do cliente' : 'Mensagem enviada'}
      css={{ display: 'flex', justifyContent: incoming ? 'flex-start' : 'flex-end' }}
    >
      <div
        css={{
          maxWidth: 'min(36rem, 88%)',
          minWidth: 0,
          padding: 'var(--space-3)',
          borderRadius: 'var(--radius-lg, 12px)',
          display: 'grid',
          gap: 'var(--space-2)',
          background: incoming
            ? 'var(--color-surface-muted)'
            : 'var(--color-primary-subtle, var(--color-surface-muted))',
          border: '1px solid var(--color-border)',
          ...(incoming ? { borderBottomLeftRadius: 4 } : { borderBottomRightRadius: 4 }),
        }}
      >
        <Text css={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.body}</Text>
        <Stack direction="row" gap={2} align="center" wrap>
          <Text variant="small">
            {incoming ? 'Resposta pelo WhatsApp' : m.channel === 'email' ? 'E-mail' : 'WhatsApp'} ·{' '}
            {formatDateTimeBR(m.createdAt)}
          </Text>
          {incoming ? null : <Badge tone={status.tone}>{status.label}</Badge>}
        </Stack>
        {!incoming && m.status === 'failed' ? (
          <Text variant="small" css={{ color: 'var(--color-danger)', overflowWrap: 'anywhere' }}>
            {m.error ?? (m.errorCode ? ERROR_MESSAGES[m.errorCode] : 'Não foi possível enviar.')}
          </Text>
        ) : null}
      </div>
    </li>
  );
}
