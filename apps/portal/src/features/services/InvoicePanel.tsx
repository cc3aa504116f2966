import { useState } from 'react';
import { Global } from '@emotion/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CalendarDate } from '@internationalized/date';
import { getInvoiceOptions } from '@acompanha/api-client';
import {
  Button,
  Card,
  Cell,
  Column,
  DateRangePicker,
  EmptyState,
  Row,
  Stack,
  Table,
  TableBody,
  TableHeader,
  Text,
} from '@acompanha/ui';
import { formatDateBR } from '../../lib/format';
import { formatBRL } from '../../lib/format';
import { PAYMENT_METHOD_LABELS, SaleStatusBadge } from './saleLabels';
import { formatCalendarDate } from '../../lib/dates';
import { currentMonthSP } from '../../lib/today';

/** Only the invoice goes to paper: the app's drawer, top bar, tabs and buttons stay on screen. */
const printStyles = {
  '@media print': {
    'body *': { visibility: 'hidden' },
    '[data-print-area], [data-print-area] *': { visibility: 'visible' },
    '[data-print-area]': { position: 'absolute', inset: '0 0 auto 0', padding: '16px' },
    '[data-print-hide]': { display: 'none !important' },
  },
} as const;

const MAX_DAYS = 366;

/** 'Faturamento': totals of the sales made in a period, per service, with the sales listed. */
export function InvoicePanel() {
  const [period, setPeriod] = useState<{ start: CalendarDate; end: CalendarDate } | null>(() => currentMonthSP());
  const tooLong = !!period && period.end.compare(period.start) > MAX_DAYS;
  const invoice = useQuery({
    ...getInvoiceOptions({
      query: { periodStart: period?.start.toString() ?? '', periodEnd: period?.end.toString() ?? '' },
    }),
    enabled: !!period && !tooLong,
    placeholderData: keepPreviousData,
  });
  const data = invoice.data;

  return (
    <Stack gap={4}>
      <Global styles={printStyles} />
      <Stack direction="row" gap={3} wrap align="end" justify="space-between" data-print-hide="">
        <DateRangePicker
          label="Período"
          value={period}
          onChange={setPeriod}
          isInvalid={tooLong}
          errorMessage="O período pode ter no máximo 366 dias."
          description="Vendas feitas nestes dias (horário de São Paulo)."
        />
        <Button variant="secondary" onPress={() => window.print()} isDisabled={!data}>
          Imprimir
        </Button>
      </Stack>

      {data ? (
        <div data-print-area="">
          <Stack gap={4}>
            <Text variant="muted">
              Faturamento de {formatCalendarDate(data.periodStart)} a {formatCalendarDate(data.periodEnd)}
            </Text>
            <div
              css={{
                display: 'grid',
                gap: 'var(--space-3)',
                gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
              }}
            >
              <Card title="Bruto">
                <Text>{formatBRL(data.grossCents)}</Text>
              </Card>
              <Card title="Reembolsos">
                <Text>{formatBRL(data.refundsCents)}</Text>
              </Card>
              <Card title="Líquido">
                <Text>{formatBRL(data.netCents)}</Text>
              </Card>
            </div>

            <Table aria-label="Faturamento por serviço">
              <TableHeader>
                <Column id="name" isRowHeader>
                  Serviço
                </Column>
                <Column id="count" align="end">
                  Vendas
                </Column>
                <Column id="gross" align="end">
                  Bruto
                </Column>
                <Column id="refunds" align="end">
                  Reembolsos
                </Column>
                <Column id="net" align="end">
                  Líquido
                </Column>
              </TableHeader>
              <TableBody
                items={data.services.map((line) => ({ ...line, id: line.serviceId }))}
                emptyState={
                  <EmptyState title="Nenhuma venda no período" description="Escolha outro período." headingLevel={2} />
                }
              >
                {(line) => (
                  <Row id={line.serviceId}>
                    <Cell>{line.name}</Cell>
                    <Cell align="end">{line.count}</Cell>
                    <Cell align="end">{formatBRL(line.grossCents)}</Cell>
                    <Cell align="end">{formatBRL(line.refundsCents)}</Cell>
                    <Cell align="end">{formatBRL(line.netCents)}</Cell>
                  </Row>
                )}
              </TableBody>
            </Table>

            {data.sales.length > 0 ? (
              <Table aria-label="Vendas do período">
                <TableHeader>
                  <Column id="patient" isRowHeader>
                    Cliente
                  </Column>
                  <Column id="service">Serviço</Column>
                  <Column id="soldAt">Data</Column>
                  <Column id="method">Pagamento</Column>
                  <Column id="status">Situação</Column>
                  <Column id="amount" align="end">
                    Valor
                  </Column>
                </TableHeader>
                <TableBody items={data.sales}>
                  {(sale) => (
                    <Row id={sale.id}>
                      <Cell>{sale.patientName}</Cell>
                      <Cell>{sale.serviceName}</Cell>
                      <Cell>{formatDateBR(sale.soldAt)}</Cell>
                      <Cell>{PAYMENT_METHOD_LABELS[sale.paymentMethod]}</Cell>
                      <Cell>
                        <SaleStatusBadge status={sale.status} />
                      </Cell>
                      <Cell align="end">{formatBRL(sale.amountCents)}</Cell>
                    </Row>
                  )}
                </TableBody>
              </Table>
            ) : null}
          </Stack>
        </div>
      ) : invoice.isPending && period && !tooLong ? (
        <Text variant="muted">Calculando o faturamento…</Text>
      ) : null}
    </Stack>
  );
}
