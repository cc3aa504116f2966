import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { keepPreviousData, noop, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deletePatientsMutation,
  getPatientTotalsOptions,
  type ListPatientsData,
  listPatientsOptions,
  listPendingAnswerRevisionsOptions,
  listServicesOptions,
  type PatientStatus,
  type ServiceModality,
  listPatientsLimits,
} from '@acompanha/api-client';
import {
  Badge,
  Button,
  Card,
  Cell,
  Column,
  EmptyState,
  Link,
  Page,
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
  toastQueue,
} from '@acompanha/ui';
import type { Selection } from 'react-aria-components';
import { useDebounced } from '../../lib/useDebounced';
import { formatCalendarDate, lastCoveredDay } from '../../lib/dates';
import { todaySP } from '../../lib/today';
import { loadOrSignIn } from '../../app/loaders';
import { queryClient as appQueryClient } from '../../app/queryClient';
import { formatPatientPhone, MODALITIES, MODALITY_LABELS } from './labels';
import { QuickAddClientModal } from './QuickAddClientModal';
import { BulkActionModal, type BulkMode } from './BulkActionModal';
import { refreshAfter } from '../../lib/refresh';
import { useActivation } from '../../lib/activation';
import { TotalsCards } from './TotalsCards';
import { nextAction, type NextAction, type PendingAnswer } from './nextAction';

const PAGE_SIZE = 20;

interface Filters {
  nameTerm: string;
  status: PatientStatus | 'all';
  serviceModality: ServiceModality | 'all';
  serviceId: string;
  skip: number;
}

/** The list call for a set of filters; the loader prefetches the first page with the same key. */
function listQuery({
  nameTerm,
  status,
  serviceModality,
  serviceId,
  skip,
}: Filters): NonNullable<ListPatientsData['query']> {
  return {
    take: PAGE_SIZE,
    skip,
    ...(nameTerm ? { nameTerm } : {}),
    ...(status !== 'all' ? { status } : {}),
    ...(serviceModality !== 'all' ? { serviceModality } : {}),
    ...(serviceId !== 'all' ? { serviceId } : {}),
  };
}

/** The answers waiting for review (the first 100), for each row's next action. */
const pendingAnswersOptions = () => listPendingAnswerRevisionsOptions({ query: { take: 100, skip: 0 } });

/** A client's next action as the list shows it: a link when there is something to do. */
function NextActionCell({ action }: { action: NextAction }) {
  if (action.kind === 'none')
    return (
      <Text as="span" variant="small">
        {action.label}
      </Text>
    );
  return (
    <span>
      <Link href={action.href}>{action.label}</Link>
      {action.kind === 'renew' ? (
        <Text as="span" variant="small">
          {' '}
          · {action.detail}
        </Text>
      ) : null}
    </span>
  );
}

const INITIAL: Filters = { nameTerm: '', status: 'all', serviceModality: 'all', serviceId: 'all', skip: 0 };
const servicesOptions = () => listServicesOptions({ query: { status: 'all' } });

/** Route loader: totals and services come with the screen; the first page starts loading beside them. */
export async function clientsLoader({ request }: { request: Request }) {
  await loadOrSignIn(request, () => {
    void appQueryClient.query(listPatientsOptions({ query: listQuery(INITIAL) })).catch(noop);
    return Promise.all([
      appQueryClient.query({ ...getPatientTotalsOptions(), staleTime: 'static' }),
      appQueryClient.query({ ...servicesOptions(), staleTime: 'static' }),
    ]);
  });
  return null;
}

/** `/clients`: the professional's clients — totals, filters, paging, bulk inactivate/delete, quick add. */
export function ClientsPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Filters>(INITIAL);
  const [selected, setSelected] = useState<Selection>(new Set());
  const [bulkMode, setBulkMode] = useState<BulkMode | null>(null);
  const [isAddOpen, setAddOpen] = useState(false);
  const { blocked } = useActivation();
  const nameTerm = useDebounced(search.trim(), 250);

  const query = listQuery({ ...filters, nameTerm });
  const patients = useQuery({ ...listPatientsOptions({ query }), placeholderData: keepPreviousData });
  const totals = useQuery(getPatientTotalsOptions());
  const services = useQuery(servicesOptions());
  const pendingAnswers = useQuery(pendingAnswersOptions());
  const pendingByPatient = useMemo(() => {
    const byPatient = new Map<string, PendingAnswer>();
    for (const r of pendingAnswers.data?.items ?? []) if (!byPatient.has(r.patientId)) byPatient.set(r.patientId, r);
    return byPatient;
  }, [pendingAnswers.data]);
  const today = todaySP().toString();

  /** Any filter change goes back to the first page and forgets the selection. */
  const update = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, skip: 0, ...patch }));
    setSelected(new Set());
  };

  const items = patients.data?.items ?? [];
  const total = patients.data?.total ?? 0;
  const selectedIds =
    selected === 'all' ? items.map((p) => p.id) : items.filter((p) => selected.has(p.id)).map((p) => p.id);
  const isFiltered =
    !!nameTerm || filters.status !== 'all' || filters.serviceModality !== 'all' || filters.serviceId !== 'all';

  const bulk = useMutation({
    ...deletePatientsMutation(),
    onSuccess: async (result, variables) => {
      await refreshAfter(queryClient, 'patientsAdded');
      setSelected(new Set());
      setBulkMode(null);
      const n = result.processed;
      const what =
        variables.body.mode === 'delete' ? (n === 1 ? 'excluído' : 'excluídos') : n === 1 ? 'inativado' : 'inativados';
      toastQueue.add({ tone: 'success', title: `${n} ${n === 1 ? 'cliente' : 'clientes'} ${what}.` });
    },
  });

  // An expired account reads and exports its clients but adds none: the unlock modal says why.
  const addButton = <Button onPress={() => !blocked('Cadastrar cliente') && setAddOpen(true)}>Novo cliente</Button>;

  return (
    <Page
      title="Clientes"
      description="Cadastre, importe e acompanhe os seus clientes."
      width="lg"
      actions={
        <Stack direction="row" gap={2} wrap>
          <Button variant="secondary" onPress={() => navigate('/clients/messaging')}>
            Enviar mensagem
          </Button>
          <Button variant="secondary" onPress={() => !blocked('Importar clientes') && navigate('/clients/import')}>
            Importar clientes
          </Button>
          {addButton}
        </Stack>
      }
    >
      {totals.data ? <TotalsCards totals={totals.data} /> : null}

      <Stack direction="row" gap={3} wrap align="end">
        <SearchField
          label="Buscar por nome"
          maxLength={listPatientsLimits.nameTerm.maxLength}
          value={search}
          onChange={(v) => {
            setSearch(v);
            update({});
          }}
        />
        <Select
          label="Situação"
          selectedKey={filters.status}
          onSelectionChange={(k) => update({ status: k as Filters['status'] })}
        >
          <SelectItem id="all">Todos</SelectItem>
          <SelectItem id="active">Ativos</SelectItem>
          <SelectItem id="inactive">Inativos</SelectItem>
        </Select>
        <Select
          label="Modalidade"
          selectedKey={filters.serviceModality}
          onSelectionChange={(k) => update({ serviceModality: k as Filters['serviceModality'] })}
        >
          {[
            <SelectItem key="all" id="all">
              Todas
            </SelectItem>,
            ...MODALITIES.map((m) => (
              <SelectItem key={m} id={m}>
                {MODALITY_LABELS[m]}
              </SelectItem>
            )),
          ]}
        </Select>
        <Select
          label="Serviço"
          selectedKey={filters.serviceId}
          onSelectionChange={(k) => update({ serviceId: String(k) })}
        >
          {[
            <SelectItem key="all" id="all">
              Todos
            </SelectItem>,
            ...(services.data ?? []).map((s) => (
              <SelectItem key={s.id} id={s.id}>
                {s.name}
              </SelectItem>
            )),
          ]}
        </Select>
      </Stack>

      {selectedIds.length > 0 ? (
        <Card role="region" aria-label="Clientes selecionados">
          <Stack direction="row" gap={3} align="center" justify="space-between" wrap>
            <Text aria-live="polite">
              {selectedIds.length === 1 ? '1 cliente selecionado' : `${selectedIds.length} clientes selecionados`}
            </Text>
            <Stack direction="row" gap={2} wrap>
              <Button variant="ghost" onPress={() => setSelected(new Set())}>
                Limpar seleção
              </Button>
              <Button
                variant="secondary"
                onPress={() =>
                  navigate('/clients/messaging', {
                    state: {
                      recipients: items
                        .filter((p) => selectedIds.includes(p.id))
                        .map((p) => ({ id: p.id, name: p.name })),
                    },
                  })
                }
              >
                Enviar mensagem aos selecionados
              </Button>
              <Button variant="secondary" onPress={() => setBulkMode('inactivate')}>
                Inativar selecionados
              </Button>
              <Button variant="danger" onPress={() => setBulkMode('delete')}>
                Excluir selecionados
              </Button>
            </Stack>
          </Stack>
        </Card>
      ) : null}

      <Table
        aria-label="Clientes"
        reflow
        selectionMode="multiple"
        selectedKeys={selected}
        onSelectionChange={setSelected}
        onRowAction={(key) => navigate(`/clients/profile/${String(key)}`)}
      >
        <TableHeader selectionLabel="Selecionar clientes">
          <Column id="name" isRowHeader>
            Cliente
          </Column>
          <Column id="status">Situação</Column>
          <Column id="service">Serviço atual</Column>
          <Column id="next">Próxima ação</Column>
          <Column id="phone">Telefone</Column>
          <Column id="modality">Modalidade</Column>
        </TableHeader>
        <TableBody
          items={items}
          isLoading={patients.isPending}
          loadingLabel="Carregando clientes…"
          // The rows' next action also reads the answers waiting for review, which may arrive after the rows.
          dependencies={[pendingByPatient, today]}
          emptyState={
            isFiltered ? (
              <EmptyState
                title="Nenhum cliente encontrado"
                description="Mude a busca ou os filtros."
                headingLevel={2}
              />
            ) : (
              <EmptyState
                title="Nenhum cliente ainda"
                description="Cadastre o primeiro cliente ou importe a sua planilha de clientes."
                action={
                  <Stack direction="row" gap={2} justify="center" wrap>
                    <Button
                      variant="secondary"
                      onPress={() => !blocked('Importar clientes') && navigate('/clients/import')}
                    >
                      Importar clientes
                    </Button>
                    {addButton}
                  </Stack>
                }
                headingLevel={2}
              />
            )
          }
        >
          {(patient) => (
            <Row id={patient.id} textValue={patient.name}>
              <Cell>
                <Stack gap={1}>
                  <Link href={`/clients/profile/${patient.id}`}>{patient.name}</Link>
                  {patient.email ? <Text variant="small">{patient.email}</Text> : null}
                </Stack>
              </Cell>
              <Cell cardLabel="Situação">
                {patient.status === 'active' ? (
                  <Badge tone="success">Ativo</Badge>
                ) : (
                  <Badge tone="neutral">Inativo</Badge>
                )}
              </Cell>
              <Cell cardLabel="Serviço atual">
                {patient.currentService ? (
                  <Stack gap={1}>
                    <Text>{patient.currentService.name}</Text>
                    <Text variant="small">até {formatCalendarDate(lastCoveredDay(patient.currentService.endsAt))}</Text>
                  </Stack>
                ) : (
                  <Text variant="small">Sem serviço ativo</Text>
                )}
              </Cell>
              <Cell cardLabel="Próxima ação">
                <NextActionCell action={nextAction(patient, pendingByPatient.get(patient.id), today)} />
              </Cell>
              <Cell cardLabel="Telefone">
                <span css={{ whiteSpace: 'nowrap' }}>
                  {formatPatientPhone(patient.phone) || <Text variant="small">Sem telefone</Text>}
                </span>
              </Cell>
              <Cell cardLabel="Modalidade">{MODALITY_LABELS[patient.serviceModality]}</Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      {total > 0 ? (
        <Pagination
          take={PAGE_SIZE}
          skip={filters.skip}
          total={total}
          // A common name counts up to 1.000 matches: "de mais de 1.000", and the pages go on while they come full.
          moreThanTotal={patients.data?.totalCapped}
          pageItems={items.length}
          onChange={(skip) => {
            setFilters((f) => ({ ...f, skip }));
            setSelected(new Set());
          }}
          isDisabled={patients.isFetching}
        />
      ) : null}

      <BulkActionModal
        mode={bulkMode}
        count={selectedIds.length}
        isPending={bulk.isPending}
        onCancel={() => setBulkMode(null)}
        onConfirm={(reason) =>
          bulkMode &&
          bulk.mutate({
            body:
              bulkMode === 'delete'
                ? { ids: selectedIds, mode: 'delete', reason }
                : { ids: selectedIds, mode: 'inactivate' },
          })
        }
      />
      <QuickAddClientModal isOpen={isAddOpen} onOpenChange={setAddOpen} />
    </Page>
  );
}
