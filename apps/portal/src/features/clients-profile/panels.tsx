import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getChatHistoryOptions, listSalesOptions, type ChatMessageStatus, type Patient } from '@acompanha/api-client';
import {
  Badge,
  Button,
  Cell,
  Column,
  EmptyState,
  Row,
  Stack,
  Table,
  TableBody,
  TableHeader,
  Text,
} from '@acompanha/ui';
import { formatDateBR } from '../../lib/format';
import { RegisterSaleModal } from '../services/RegisterSaleModal';
import { SalesTable } from '../services/SalesTable';

/** 'Serviços e vendas': the client's sales, newest first, and 'Registrar venda'. */
export function SalesPanel({ patient }: { patient: Patient }) {
  const [isRegistering, setRegistering] = useState(false);
  const sales = useQuery(listSalesOptions({ query: { patientId: patient.id, take: 100, skip: 0 } }));
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

/** 'Mensagens': what was sent to the client, by e-mail or WhatsApp. */
export function MessagesPanel({ patientId }: { patientId: string }) {
  const messages = useQuery(getChatHistoryOptions({ path: { patientId }, query: { take: 50, skip: 0 } }));
  return (
    <Table aria-label="Mensagens enviadas ao cliente">
      <TableHeader>
        <Column id="body" isRowHeader>
          Mensagem
        </Column>
        <Column id="channel">Canal</Column>
        <Column id="date">Data</Column>
        <Column id="status">Situação</Column>
      </TableHeader>
      <TableBody
        items={messages.data?.items ?? []}
        isLoading={messages.isPending}
        loadingLabel="Carregando mensagens…"
        emptyState={
          <EmptyState
            title="Nenhuma mensagem enviada ainda."
            description="As mensagens enviadas a este cliente aparecem aqui."
            headingLevel={2}
          />
        }
      >
        {(m) => (
          <Row id={m.id}>
            <Cell>{m.body}</Cell>
            <Cell>{m.channel === 'email' ? 'E-mail' : 'WhatsApp'}</Cell>
            <Cell>{formatDateBR(m.createdAt)}</Cell>
            <Cell>
              <Badge tone={MESSAGE_STATUS[m.status].tone}>{MESSAGE_STATUS[m.status].label}</Badge>
            </Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
