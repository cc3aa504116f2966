/** Sales with their refund and delete actions (each confirmed in a dialog). */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { asApiError, deleteSaleMutation, handled, refundSaleMutation, type Sale } from '@acompanha/api-client';
import {
  Button,
  Cell,
  Column,
  EmptyState,
  Menu,
  Modal,
  Row,
  Table,
  TableBody,
  TableHeader,
  Text,
  toastQueue,
} from '@acompanha/ui';
import { formatBRL, formatDateBR } from '../../lib/format';
import { formatCalendarDate } from '../../lib/dates';
import { refreshAfter } from '../../lib/refresh';
import { PAYMENT_METHOD_LABELS, salePeriod, SaleStatusBadge } from './saleLabels';

export interface SalesTableProps {
  sales: Sale[];
  isLoading: boolean;
  /** Shows the client column (the services screen; the profile already names the client). */
  showPatient?: boolean;
  emptyTitle: string;
  emptyDescription?: string;
  'aria-label': string;
}

/** Sales with their refund and delete actions (each confirmed in a dialog). */
export function SalesTable({
  sales,
  isLoading,
  showPatient = false,
  emptyTitle,
  emptyDescription,
  'aria-label': ariaLabel,
}: SalesTableProps) {
  const queryClient = useQueryClient();
  const [toRefund, setToRefund] = useState<Sale | null>(null);
  const [toDelete, setToDelete] = useState<Sale | null>(null);

  const refund = useMutation({
    ...refundSaleMutation(),
    onSuccess: async () => {
      await refreshAfter(queryClient, 'saleChanged');
      setToRefund(null);
      toastQueue.add({ tone: 'success', title: 'Venda reembolsada.' }, { timeout: 5000 });
    },
    onError: async (raw) => {
      if (asApiError(raw).code !== 'SALE_ALREADY_REFOUNDED') return;
      // Refunded meanwhile (another tab, another device): say so and show the list as it is now.
      setToRefund(null);
      await refreshAfter(queryClient, 'saleChanged');
      toastQueue.add(
        { tone: 'info', title: 'Esta venda já tinha sido reembolsada. A lista foi atualizada.' },
        { timeout: 6000 },
      );
    },
  });
  const remove = useMutation({
    ...deleteSaleMutation(),
    onSuccess: async () => {
      await refreshAfter(queryClient, 'saleChanged');
      setToDelete(null);
      toastQueue.add({ tone: 'success', title: 'Venda excluída.' }, { timeout: 5000 });
    },
  });

  return (
    <>
      <Table aria-label={ariaLabel} reflow>
        <TableHeader>
          <Column id="service" isRowHeader>
            Serviço
          </Column>
          {showPatient ? <Column id="patient">Cliente</Column> : null}
          <Column id="soldAt">Data da venda</Column>
          <Column id="period">Período</Column>
          <Column id="amount" align="end">
            Valor
          </Column>
          <Column id="method">Pagamento</Column>
          <Column id="status">Situação</Column>
          <Column id="actions" align="end">
            Ações
          </Column>
        </TableHeader>
        <TableBody
          items={sales}
          isLoading={isLoading}
          loadingLabel="Carregando vendas…"
          emptyState={<EmptyState title={emptyTitle} description={emptyDescription} headingLevel={2} />}
        >
          {(sale) => (
            <Row id={sale.id}>
              <Cell>{sale.serviceName}</Cell>
              {showPatient ? <Cell cardLabel="Cliente">{sale.patientName}</Cell> : null}
              <Cell cardLabel="Data da venda">{formatDateBR(sale.soldAt)}</Cell>
              <Cell cardLabel="Período">{salePeriod(sale)}</Cell>
              <Cell align="end" cardLabel="Valor">
                {formatBRL(sale.amountCents)}
              </Cell>
              <Cell cardLabel="Pagamento">{PAYMENT_METHOD_LABELS[sale.paymentMethod]}</Cell>
              <Cell cardLabel="Situação">
                <SaleStatusBadge status={sale.status} />
              </Cell>
              <Cell align="end" actions>
                <Menu
                  label={`Ações da venda de ${sale.serviceName}${showPatient ? ` para ${sale.patientName}` : ''} em ${formatCalendarDate(sale.startsAt)}`}
                  items={[
                    ...(sale.status === 'paid' ? [{ id: 'refund', label: 'Reembolsar' }] : []),
                    { id: 'delete', label: 'Excluir', isDanger: true },
                  ]}
                  onAction={(action) => {
                    if (action === 'refund') setToRefund(sale);
                    if (action === 'delete') setToDelete(sale);
                  }}
                />
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>

      <Modal
        isOpen={!!toRefund}
        onOpenChange={(open) => !open && setToRefund(null)}
        title="Reembolsar venda?"
        role="alertdialog"
        footer={
          <>
            <Button variant="secondary" onPress={() => setToRefund(null)}>
              Cancelar
            </Button>
            <Button
              variant="danger"
              isPending={refund.isPending}
              onPress={() =>
                toRefund && refund.mutate({ path: { id: toRefund.id }, meta: handled('SALE_ALREADY_REFOUNDED') })
              }
            >
              Reembolsar
            </Button>
          </>
        }
      >
        {toRefund ? (
          <Text>
            A venda de “{toRefund.serviceName}” para {toRefund.patientName} ({formatBRL(toRefund.amountCents)}) fica
            marcada como reembolsada e deixa de contar como serviço ativo do cliente. O valor aparece como reembolso no
            faturamento.
          </Text>
        ) : null}
      </Modal>

      <Modal
        isOpen={!!toDelete}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Excluir venda?"
        role="alertdialog"
        footer={
          <>
            <Button variant="secondary" onPress={() => setToDelete(null)}>
              Cancelar
            </Button>
            <Button
              variant="danger"
              isPending={remove.isPending}
              onPress={() => toDelete && remove.mutate({ path: { id: toDelete.id } })}
            >
              Excluir venda
            </Button>
          </>
        }
      >
        {toDelete ? (
          <Text>
            A venda de “{toDelete.serviceName}” para {toDelete.patientName} ({formatBRL(toDelete.amountCents)}) será
            apagada e sai do faturamento. Use quando ela foi registrada por engano; para devolver o dinheiro, prefira
            reembolsar.
          </Text>
        ) : null}
      </Modal>
    </>
  );
}
