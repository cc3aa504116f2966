/** The services tab: what the professional sells (create, edit, disable, enable). */
import { type FormEvent, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  asApiError,
  createServiceMutation,
  disableServiceMutation,
  enableServiceMutation,
  listServicesOptions,
  type Service,
  type ServiceModality,
  updateServiceMutation,
} from '@acompanha/api-client';
import {
  Badge,
  Button,
  Cell,
  Column,
  CurrencyField,
  EmptyState,
  Form,
  Menu,
  Modal,
  NumberField,
  Row,
  Select,
  SelectItem,
  Stack,
  Table,
  TableBody,
  TableHeader,
  Text,
  TextArea,
  TextField,
  toastQueue,
} from '@acompanha/ui';
import { formatBRL } from '../../lib/format';
import { MODALITY_LABELS } from '../../lib/labels';
import { refreshAfter } from '../../lib/refresh';

export function ServicesPanel() {
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
      <Table aria-label="Serviços" reflow>
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
              <Cell align="end" cardLabel="Preço">
                {formatBRL(service.priceCents)}
              </Cell>
              <Cell cardLabel="Modalidade">{MODALITY_LABELS[service.modality]}</Cell>
              <Cell align="end" cardLabel="Validade">
                {service.validityDays === 1 ? '1 dia' : `${service.validityDays} dias`}
              </Cell>
              <Cell align="end" cardLabel="Consultas">
                {service.consultations}
              </Cell>
              <Cell cardLabel="Situação">
                {service.isActive ? <Badge tone="success">Ativo</Badge> : <Badge tone="neutral">Desativado</Badge>}
              </Cell>
              <Cell align="end" actions>
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
  const [validity, setValidity] = useState<number | null>(service?.validityDays ?? 30);
  const [consultations, setConsultations] = useState<number | null>(service?.consultations ?? 1);
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
    if (price == null || validity == null) return;
    setServerErrors({});
    const body = {
      name: name.trim(),
      description: description.trim() || null,
      priceCents: price,
      modality,
      validityDays: validity,
      consultations: consultations ?? 1,
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
