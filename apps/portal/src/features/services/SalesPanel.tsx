/** The sales tab: every sale of the practice, filtered by state, with refunds and deletion. */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CalendarDate } from '@internationalized/date';
import { listSalesOptions, type SaleStatus } from '@acompanha/api-client';
import { Button, DateRangePicker, Pagination, Select, SelectItem, Stack } from '@acompanha/ui';
import { RegisterSaleModal } from './RegisterSaleModal';
import { SalesTable } from './SalesTable';

type StatusFilter = SaleStatus | 'all';

const SALES_PAGE_SIZE = 20;

export function SalesPanel() {
  const [status, setStatus] = useState<StatusFilter>('all');
  const [period, setPeriod] = useState<{ start: CalendarDate; end: CalendarDate } | null>(null);
  const [skip, setSkip] = useState(0);
  const [isRegistering, setRegistering] = useState(false);

  const sales = useQuery({
    ...listSalesOptions({
      query: {
        take: SALES_PAGE_SIZE,
        skip,
        ...(status !== 'all' ? { status } : {}),
        ...(period ? { periodStart: period.start.toString(), periodEnd: period.end.toString() } : {}),
      },
    }),
    placeholderData: keepPreviousData,
  });
  const total = sales.data?.total ?? 0;
  const isFiltered = status !== 'all' || !!period;

  return (
    <Stack gap={4}>
      <Stack direction="row" gap={3} wrap align="end" justify="space-between">
        <Stack direction="row" gap={3} wrap align="end">
          <Select
            label="Situação"
            selectedKey={status}
            onSelectionChange={(k) => {
              setStatus(k as StatusFilter);
              setSkip(0);
            }}
          >
            <SelectItem id="all">Todas</SelectItem>
            <SelectItem id="paid">Pagas</SelectItem>
            <SelectItem id="refunded">Reembolsadas</SelectItem>
          </Select>
          <DateRangePicker
            label="Período da venda"
            value={period}
            onChange={(v) => {
              setPeriod(v);
              setSkip(0);
            }}
          />
          {period ? (
            <Button variant="ghost" onPress={() => setPeriod(null)}>
              Limpar período
            </Button>
          ) : null}
        </Stack>
        <Button onPress={() => setRegistering(true)}>Registrar venda</Button>
      </Stack>
      <SalesTable
        aria-label="Vendas"
        sales={sales.data?.items ?? []}
        isLoading={sales.isPending}
        showPatient
        emptyTitle={isFiltered ? 'Nenhuma venda encontrada' : 'Nenhuma venda ainda'}
        emptyDescription={isFiltered ? 'Mude a situação ou o período.' : 'Registre a primeira venda de um serviço.'}
      />
      {total > SALES_PAGE_SIZE ? (
        <Pagination
          take={SALES_PAGE_SIZE}
          skip={skip}
          total={total}
          onChange={setSkip}
          isDisabled={sales.isFetching}
          aria-label="Páginas de vendas"
        />
      ) : null}
      <RegisterSaleModal isOpen={isRegistering} onClose={() => setRegistering(false)} />
    </Stack>
  );
}
