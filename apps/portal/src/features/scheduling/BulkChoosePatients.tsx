/** The bulk dialog's first step: search, filter and select patients (one by one, a page, or all matching). */
import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type useMachine } from '@xstate/react';
import type { Selection } from 'react-aria-components';
import { listPatientsOptions, listServicesOptions, type Patient, listPatientsLimits } from '@acompanha/api-client';
import { type bulkScheduleMachine, isPatientSelected, selectedCount } from '@acompanha/machines';
import {
  Badge,
  Button,
  Cell,
  Column,
  EmptyState,
  Pagination,
  Row,
  SearchField,
  Select,
  SelectItem,
  Stack,
  Table,
  TableBody,
  TableHeader,
  Text,
} from '@acompanha/ui';
import { useDebounced } from '../../lib/useDebounced';
import { clientsCount } from './labels';
import type { PatientQuery } from './bulkActors';

const PAGE_SIZE = 10;
interface Filters {
  nameTerm: string;
  status: 'active' | 'all';
  serviceId: string;
}

function filterQuery(f: Filters): Omit<PatientQuery, 'take' | 'skip'> {
  return {
    ...(f.nameTerm ? { nameTerm: f.nameTerm } : {}),
    ...(f.status !== 'all' ? { status: f.status } : {}),
    ...(f.serviceId !== 'all' ? { serviceId: f.serviceId } : {}),
  };
}
type Send = ReturnType<typeof useMachine<typeof bulkScheduleMachine>>[1];

export function ChoosePatients({ selection, send }: { selection: Parameters<typeof selectedCount>[0]; send: Send }) {
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Filters>({ nameTerm: '', status: 'active', serviceId: 'all' });
  const [skip, setSkip] = useState(0);
  const nameTerm = useDebounced(search.trim(), 250);
  const effective = { ...filters, nameTerm };
  const query = filterQuery(effective);
  const patients = useQuery({
    ...listPatientsOptions({ query: { ...query, take: PAGE_SIZE, skip } }),
    placeholderData: keepPreviousData,
  });
  const services = useQuery(listServicesOptions({ query: { status: 'active' } }));

  // A new filter: back to the first page, and "all of the previous filter" no longer applies.
  const queryKey = JSON.stringify(query);
  const lastQuery = useRef(queryKey);
  useEffect(() => {
    if (queryKey !== lastQuery.current) {
      lastQuery.current = queryKey;
      setSkip(0);
      send({ type: 'patients.filterChanged' });
    }
  }, [queryKey, send]);

  const items: Patient[] = patients.data?.items ?? [];
  const total = patients.data?.total ?? 0;
  // A common name counts up to 1.000 matches: past that, "all of them" is not a number to show or to select.
  const capped = patients.data?.totalCapped ?? false;
  const count = selectedCount(selection);
  const selectedKeys = new Set(items.filter((p) => isPatientSelected(selection, p.id)).map((p) => p.id));
  const pageAllSelected = items.length > 0 && selectedKeys.size === items.length;

  const onSelectionChange = (keys: Selection) => {
    for (const p of items) {
      const want = keys === 'all' || keys.has(p.id);
      if (want !== selectedKeys.has(p.id)) send({ type: 'patients.toggle', patientId: p.id, selected: want });
    }
  };

  return (
    <Stack gap={4}>
      <Text variant="small">Passo 1 de 2 · Escolha os clientes</Text>
      <Stack direction="row" gap={3} wrap align="end">
        <SearchField
          label="Buscar por nome"
          value={search}
          onChange={setSearch}
          maxLength={listPatientsLimits.nameTerm.maxLength}
        />
        <Select
          label="Situação"
          selectedKey={filters.status}
          onSelectionChange={(k) => setFilters((f) => ({ ...f, status: k as Filters['status'] }))}
        >
          <SelectItem id="active">Ativos</SelectItem>
          <SelectItem id="all">Todos</SelectItem>
        </Select>
        <Select
          label="Serviço ativo"
          selectedKey={filters.serviceId}
          onSelectionChange={(k) => setFilters((f) => ({ ...f, serviceId: String(k) }))}
        >
          {[
            <SelectItem key="all" id="all">
              Qualquer um
            </SelectItem>,
            ...(services.data ?? []).map((s) => (
              <SelectItem key={s.id} id={s.id}>
                {s.name}
              </SelectItem>
            )),
          ]}
        </Select>
      </Stack>

      <div
        role="status"
        css={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 'var(--space-2)',
          minHeight: 36,
        }}
      >
        <Text as="span">
          {selection.all
            ? selection.all.excludedIds.length === 0
              ? `Todos os ${clientsCount(count)} do filtro estão selecionados.`
              : `${clientsCount(count)} do filtro selecionados.`
            : count === 0
              ? 'Nenhum cliente selecionado.'
              : `${count === 1 ? '1 cliente selecionado' : `${count.toLocaleString('pt-BR')} clientes selecionados`}.`}
        </Text>
        {!selection.all && pageAllSelected && total > items.length ? (
          capped ? (
            <Text as="span" variant="small">
              {`Mais de ${clientsCount(total)} nesta busca: refine o nome para selecionar todos.`}
            </Text>
          ) : (
            <Button
              variant="ghost"
              size="sm"
              onPress={() => send({ type: 'patients.selectAll', filter: query, total })}
            >
              {`Selecionar todos os ${clientsCount(total)} do filtro`}
            </Button>
          )
        ) : null}
        {count > 0 ? (
          <Button variant="ghost" size="sm" onPress={() => send({ type: 'patients.clear' })}>
            Limpar seleção
          </Button>
        ) : null}
      </div>

      <Table
        reflow
        aria-label="Clientes para agendar"
        selectionMode="multiple"
        selectedKeys={selectedKeys}
        onSelectionChange={onSelectionChange}
      >
        <TableHeader selectionLabel="Selecionar clientes">
          <Column id="name" isRowHeader>
            Cliente
          </Column>
          <Column id="service">Serviço atual</Column>
          <Column id="channel">Canal preferido</Column>
        </TableHeader>
        <TableBody
          items={items}
          isLoading={patients.isPending}
          loadingLabel="Carregando clientes…"
          emptyState={
            <EmptyState title="Nenhum cliente encontrado" description="Mude a busca ou os filtros." headingLevel={3} />
          }
        >
          {(p) => (
            <Row id={p.id} textValue={p.name}>
              <Cell>{p.name}</Cell>
              <Cell cardLabel="Serviço atual">
                {p.currentService ? p.currentService.name : <Badge tone="warning">Sem serviço ativo</Badge>}
              </Cell>
              <Cell cardLabel="Canal preferido">{p.preferences.channel === 'email' ? 'E-mail' : 'WhatsApp'}</Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      {total > PAGE_SIZE ? (
        <Pagination
          take={PAGE_SIZE}
          skip={skip}
          total={total}
          moreThanTotal={capped}
          pageItems={items.length}
          onChange={setSkip}
          isDisabled={patients.isFetching}
        />
      ) : null}
    </Stack>
  );
}
