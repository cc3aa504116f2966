import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarDate } from '@internationalized/date';
import {
  asApiError,
  createServiceMutation,
  disableServiceMutation,
  enableServiceMutation,
  listSalesOptions,
  listServicesOptions,
  updateServiceMutation,
  type SaleStatus,
  type Service,
  type ServiceModality,
} from '@acompanha/api-client';
import {
  Badge,
  Button,
  Cell,
  Column,
  CurrencyField,
  DateRangePicker,
  EmptyState,
  Form,
  Menu,
  Modal,
  NumberField,
  Page,
  Pagination,
  Row,
  Select,
  SelectItem,
  Stack,
  Tab,
  Table,
  TableBody,
  TableHeader,
  TabList,
  TabPanel,
  Tabs,
  Text,
  TextArea,
  TextField,
  toastQueue,
} from '@acompanha/ui';
import { queryClient as appQueryClient } from '../../app/queryClient';
import { loadOrSignIn } from '../../app/loaders';
import { formatBRL } from '../../lib/format';
import { InvoicePanel } from './InvoicePanel';
import { RegisterSaleModal, SalesTable } from './sales';
import { MODALITY_LABELS } from '../../lib/labels';
import { refreshAfter } from '../../lib/refresh';

const SALES_PAGE_SIZE = 20;

/** Route loader: the services table opens already filled. */
export async function servicesLoader({ request }: { request: Request }) {
  await loadOrSignIn(request, () =>
    appQueryClient.query({ ...listServicesOptions({ query: { status: 'all' } }), staleTime: 'static' }),
  );
  return null;
}

/** `/services`: what the professional sells, the sales made and the invoice of a period. */
export function ServicesPage() {
  return (
    <Page
      title="Serviços e vendas"
      description="Cadastre seus serviços, registre as vendas e acompanhe o faturamento."
      width="lg"
    >
      <Tabs defaultSelectedKey="services">
        <TabList aria-label="Serviços, vendas e faturamento">
          <Tab id="services">Serviços</Tab>
          <Tab id="sales">Vendas</Tab>
          <Tab id="invoice">Faturamento</Tab>
        </TabList>
        <TabPanel id="services">
          <ServicesPanel />
        </TabPanel>
        <TabPanel id="sales">
          <SalesPanel />
        </TabPanel>
        <TabPanel id="invoice">
          <InvoicePanel />
        </TabPanel>
      </Tabs>
    </Page>
  );
}

function ServicesPanel() {
  const queryClient = useQueryClient();
  const services = useQuery(listServicesOptions({ query: { status: 'all' } }));
  const [editing, setEditing] = useState<Service | 'new' | null>(null);
  const [toDisable, setToDisable] = useState<Service | null>(null);

  const disable = useMutation({
    ...disableServiceMutation(),
    onSuccess: async (service) => {
      await refreshAfter(queryClient, 'serviceChanged');
      setToDisable(null);
      toastQueue.add({ tone: 'success', title: `“${service.name}” foi desativado.` }, { timeout: 5000 });
    },
  });
  const enable = useMutation({
    ...enableServiceMutation(),
    onSuccess: async (service) => {
      await refreshAfter(queryClient, 'serviceChanged');
      toastQueue.add({ tone: 'success', title: `“${service.name}” foi reativado.` }, { timeout: 5000 });
    },
  });

  return (
    <Stack gap={4}>
      <Stack direction="row" justify="space-between" align="center" wrap gap={3}>
        <Text variant="muted">Cada venda dá ao cliente a validade do serviço, a partir da data da venda.</Text>
        <Button onPress={() => setEditing('new')}>Novo serviço</Button>
      </Stack>
      <Table aria-label="Serviços">
        <TableHeader>
          <Column id="name" isRowHeader>
            Nome
          </Column>
          <Column id="price" align="end">
            Preço
          </Column>
          <Column id="modality">Modalidade</Column>
          <Column id="validity" align="end">
            Validade
          </Column>
          <Column id="consultations" align="end">
            Consultas
          </Column>
          <Column id="status">Situação</Column>
          <Column id="actions" align="end">
            Ações
          </Column>
        </TableHeader>
        <TableBody
          items={services.data ?? []}
          isLoading={services.isPending}
          loadingLabel="Carregando serviços…"
          emptyState={
            <EmptyState
              title="Nenhum serviço ainda"
              description="Cadastre o que você vende (consultas, planos, acompanhamentos) para registrar vendas."
              action={<Button onPress={() => setEditing('new')}>Novo serviço</Button>}
              headingLevel={2}
            />
          }
        >
          {(service) => (
            <Row id={service.id}>
              <Cell>
                <Stack gap={1}>
                  <Text>{service.name}</Text>
                  {service.description ? <Text variant="small">{service.description}</Text> : null}
                </Stack>
              </Cell>
              <Cell align="end">{formatBRL(service.priceCents)}</Cell>
              <Cell>{MODALITY_LABELS[service.modality]}</Cell>
              <Cell align="end">{service.validityDays === 1 ? '1 dia' : `${service.validityDays} dias`}</Cell>
              <Cell align="end">{service.consultations}</Cell>
              <Cell>
                {service.isActive ? <Badge tone="success">Ativo</Badge> : <Badge tone="neutral">Desativado</Badge>}
              </Cell>
              <Cell align="end">
                <Menu
                  label={`Ações de ${service.name}`}
                  items={[
                    { id: 'edit', label: 'Editar' },
                    service.isActive
                      ? { id: 'disable', label: 'Desativar', isDanger: true }
                      : { id: 'enable', label: 'Reativar' },
                  ]}
                  onAction={(action) => {
                    if (action === 'edit') setEditing(service);
                    if (action === 'disable') setToDisable(service);
                    if (action === 'enable') enable.mutate({ path: { id: service.id } });
                  }}
                />
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>

      <Modal
        isOpen={!!editing}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === 'new' ? 'Novo serviço' : 'Editar serviço'}
      >
        {editing ? <ServiceForm service={editing === 'new' ? null : editing} onDone={() => setEditing(null)} /> : null}
      </Modal>

      <Modal
        isOpen={!!toDisable}
        onOpenChange={(open) => !open && setToDisable(null)}
        title="Desativar serviço?"
        role="alertdialog"
        footer={
          <>
            <Button variant="secondary" onPress={() => setToDisable(null)}>
              Cancelar
            </Button>
            <Button
              variant="danger"
              isPending={disable.isPending}
              onPress={() => toDisable && disable.mutate({ path: { id: toDisable.id } })}
            >
              Desativar
            </Button>
          </>
        }
      >
        <Text>
          “{toDisable?.name}” deixa de aparecer para novas vendas. As vendas já feitas e os clientes com este serviço
          ativo não mudam, e você pode reativá-lo depois.
        </Text>
      </Modal>
    </Stack>
  );
}

function ServiceForm({ service, onDone }: { service: Service | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(service?.name ?? '');
  const [description, setDescription] = useState(service?.description ?? '');
  const [price, setPrice] = useState<number | null>(service?.priceCents ?? null);
  const [modality, setModality] = useState<ServiceModality>(service?.modality ?? 'presencial');
  const [validity, setValidity] = useState<number>(service?.validityDays ?? 30);
  const [consultations, setConsultations] = useState<number>(service?.consultations ?? 1);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const onSuccess = async (saved: Service) => {
    await refreshAfter(queryClient, 'serviceChanged');
    toastQueue.add(
      { tone: 'success', title: service ? `“${saved.name}” foi atualizado.` : `Serviço “${saved.name}” criado.` },
      { timeout: 5000 },
    );
    onDone();
  };
  const onError = (raw: unknown) => {
    const error = asApiError(raw);
    if (error.code === 'WRONG_COMMAND_PARAMETERS') setServerErrors(error.fieldErrors());
  };
  const create = useMutation({ ...createServiceMutation(), onSuccess, onError });
  const update = useMutation({ ...updateServiceMutation(), onSuccess, onError });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (price == null || Number.isNaN(validity)) return;
    setServerErrors({});
    const body = {
      name: name.trim(),
      description: description.trim() || null,
      priceCents: price,
      modality,
      validityDays: validity,
      consultations: Number.isNaN(consultations) ? 1 : consultations,
    };
    if (service) update.mutate({ path: { id: service.id }, body });
    else create.mutate({ body });
  }

  return (
    <Form onSubmit={onSubmit} validationErrors={serverErrors} aria-label={service ? 'Editar serviço' : 'Novo serviço'}>
      <Stack gap={4}>
        <TextField
          label="Nome"
          name="name"
          isRequired
          maxLength={120}
          value={name}
          onChange={setName}
          errorMessage="Informe o nome."
        />
        <TextArea
          label="Descrição"
          name="description"
          rows={3}
          maxLength={2000}
          showCounter={false}
          value={description}
          onChange={setDescription}
        />
        <CurrencyField
          label="Preço"
          name="priceCents"
          isRequired
          maxValue={100_000_000}
          value={price}
          onChange={setPrice}
          errorMessage="Informe o preço."
        />
        <Select
          label="Modalidade"
          name="modality"
          selectedKey={modality}
          onSelectionChange={(k) => setModality(k as ServiceModality)}
        >
          {(Object.keys(MODALITY_LABELS) as ServiceModality[]).map((m) => (
            <SelectItem key={m} id={m}>
              {MODALITY_LABELS[m]}
            </SelectItem>
          ))}
        </Select>
        <Stack direction="row" gap={3} wrap>
          <NumberField
            label="Validade (dias)"
            name="validityDays"
            isRequired
            minValue={1}
            maxValue={730}
            value={validity}
            onChange={setValidity}
            description="Quantos dias de serviço cada venda dá."
            errorMessage="Entre 1 e 730 dias."
          />
          <NumberField
            label="Consultas"
            name="consultations"
            minValue={0}
            maxValue={100}
            value={consultations}
            onChange={setConsultations}
          />
        </Stack>
        <Stack direction="row" gap={2} justify="end">
          <Button variant="secondary" onPress={onDone}>
            Cancelar
          </Button>
          <Button type="submit" isPending={create.isPending || update.isPending}>
            {service ? 'Salvar alterações' : 'Criar serviço'}
          </Button>
        </Stack>
      </Stack>
    </Form>
  );
}

type StatusFilter = SaleStatus | 'all';

function SalesPanel() {
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
