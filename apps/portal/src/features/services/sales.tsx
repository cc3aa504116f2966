import { useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarDate } from '@internationalized/date';
import {
  asApiError,
  createSaleMutation,
  deleteSaleMutation,
  listPatientsOptions,
  listServicesOptions,
  refundSaleMutation,
  type PaymentMethod,
  type Sale,
  type SaleStatus,
  handled,
} from '@acompanha/api-client';
import {
  Badge,
  Button,
  Cell,
  Column,
  ComboBox,
  ComboBoxItem,
  CurrencyField,
  DatePicker,
  EmptyState,
  Form,
  InlineAlert,
  Menu,
  Modal,
  Row,
  Select,
  SelectItem,
  Stack,
  Table,
  TableBody,
  TableHeader,
  Text,
  toastQueue,
} from '@acompanha/ui';
import { useDebounced } from '../../lib/useDebounced';
import { formatDateBR } from '../../lib/format';
import { formatBRL } from '../../lib/format';
import { formatCalendarDate, lastCoveredDay, todaySP } from '../../lib/dates';
import { refreshAfter } from '../../lib/refresh';

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  pix: 'Pix',
  cartao: 'Cartão',
  boleto: 'Boleto',
  dinheiro: 'Dinheiro',
  transferencia: 'Transferência',
};

export const SALE_STATUS_LABELS: Record<SaleStatus, string> = { paid: 'Paga', refunded: 'Reembolsada' };

export function SaleStatusBadge({ status }: { status: SaleStatus }) {
  return <Badge tone={status === 'paid' ? 'success' : 'neutral'}>{SALE_STATUS_LABELS[status]}</Badge>;
}

/** `10/11/2026 a 09/12/2026`: the days the sale covers. */
export function salePeriod(sale: Pick<Sale, 'startsAt' | 'endsAt'>): string {
  return `${formatCalendarDate(sale.startsAt)} a ${formatCalendarDate(lastCoveredDay(sale.endsAt))}`;
}

/** Every list that shows sales or what they add up to. */
export function invalidateSales(queryClient: ReturnType<typeof useQueryClient>) {
  return refreshAfter(queryClient, 'saleChanged');
}

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
      await invalidateSales(queryClient);
      setToRefund(null);
      toastQueue.add({ tone: 'success', title: 'Venda reembolsada.' }, { timeout: 5000 });
    },
    onError: async (raw) => {
      if (asApiError(raw).code !== 'SALE_ALREADY_REFOUNDED') return;
      // Refunded meanwhile (another tab, another device): say so and show the list as it is now.
      setToRefund(null);
      await invalidateSales(queryClient);
      toastQueue.add(
        { tone: 'info', title: 'Esta venda já tinha sido reembolsada. A lista foi atualizada.' },
        { timeout: 6000 },
      );
    },
  });
  const remove = useMutation({
    ...deleteSaleMutation(),
    onSuccess: async () => {
      await invalidateSales(queryClient);
      setToDelete(null);
      toastQueue.add({ tone: 'success', title: 'Venda excluída.' }, { timeout: 5000 });
    },
  });

  return (
    <>
      <Table aria-label={ariaLabel}>
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
              {showPatient ? <Cell>{sale.patientName}</Cell> : null}
              <Cell>{formatDateBR(sale.soldAt)}</Cell>
              <Cell>{salePeriod(sale)}</Cell>
              <Cell align="end">{formatBRL(sale.amountCents)}</Cell>
              <Cell>{PAYMENT_METHOD_LABELS[sale.paymentMethod]}</Cell>
              <Cell>
                <SaleStatusBadge status={sale.status} />
              </Cell>
              <Cell align="end">
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

export interface RegisterSaleModalProps {
  isOpen: boolean;
  onClose: () => void;
  /** The client the sale is for; without it the dialog asks for one. */
  patient?: { id: string; name: string };
}

/** 'Registrar venda': client (when not given), active service, amount, payment method and date. */
export function RegisterSaleModal({ isOpen, onClose, patient }: RegisterSaleModalProps) {
  return (
    <Modal isOpen={isOpen} onOpenChange={(open) => !open && onClose()} title="Registrar venda">
      {isOpen ? <RegisterSaleForm patient={patient} onDone={onClose} /> : null}
    </Modal>
  );
}

const FORM_ID = 'register-sale-form';

function RegisterSaleForm({ patient, onDone }: { patient?: { id: string; name: string }; onDone: () => void }) {
  const queryClient = useQueryClient();
  const services = useQuery(listServicesOptions({ query: { status: 'active' } }));
  const [patientId, setPatientId] = useState<string | null>(patient?.id ?? null);
  const [patientTerm, setPatientTerm] = useState('');
  const debouncedTerm = useDebounced(patientTerm.trim(), 250);
  const patients = useQuery({
    ...listPatientsOptions({
      query: { status: 'active', take: 20, skip: 0, ...(debouncedTerm ? { nameTerm: debouncedTerm } : {}) },
    }),
    enabled: !patient,
    // Choosing a client writes their name in the field, which searches again: while that search runs, the
    // chosen client must stay in the list, or the combo box drops the selection.
    placeholderData: keepPreviousData,
  });
  const [serviceId, setServiceId] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | null>(null);
  const [method, setMethod] = useState<PaymentMethod>('pix');
  const [date, setDate] = useState<CalendarDate | null>(() => todaySP());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState(false);

  const create = useMutation({
    ...createSaleMutation(),
    onSuccess: async (sale) => {
      await invalidateSales(queryClient);
      toastQueue.add(
        { tone: 'success', title: `Venda registrada: ${sale.serviceName} para ${sale.patientName}.` },
        { timeout: 5000 },
      );
      onDone();
    },
    onError: (raw) => {
      const error = asApiError(raw);
      if (error.code === 'WRONG_COMMAND_PARAMETERS') setServerErrors(error.fieldErrors());
    },
  });

  const activeServices = services.data ?? [];

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!patientId || !serviceId || amount == null || !date) {
      setMissing(true);
      return;
    }
    setServerErrors({});
    const isToday = date.compare(todaySP()) === 0;
    create.mutate({
      body: {
        patientId,
        serviceId,
        amountCents: amount,
        paymentMethod: method,
        // Noon in São Paulo keeps the sale on the chosen day whatever the device's time zone.
        ...(isToday ? {} : { soldAt: `${date.toString()}T12:00:00-03:00`, startsAt: date.toString() }),
      },
    });
  }

  return (
    <Form id={FORM_ID} onSubmit={onSubmit} validationErrors={serverErrors} aria-label="Registrar venda">
      <Stack gap={4}>
        {patient ? (
          <Text>
            Cliente: <strong>{patient.name}</strong>
          </Text>
        ) : (
          <ComboBox
            label="Cliente"
            name="patientId"
            isRequired
            placeholder="Digite o nome do cliente"
            items={patients.data?.items ?? []}
            inputValue={patientTerm}
            onInputChange={setPatientTerm}
            selectedKey={patientId}
            onSelectionChange={(key) => setPatientId(key == null ? null : String(key))}
            isInvalid={missing && !patientId}
            errorMessage="Escolha o cliente."
            emptyMessage="Nenhum cliente ativo com esse nome."
          >
            {(item) => (
              <ComboBoxItem id={item.id} textValue={item.name}>
                {item.name}
              </ComboBoxItem>
            )}
          </ComboBox>
        )}
        <Select
          label="Serviço"
          name="serviceId"
          isRequired
          placeholder="Escolha um serviço"
          selectedKey={serviceId}
          onSelectionChange={(key) => {
            const id = key == null ? null : String(key);
            setServiceId(id);
            const service = activeServices.find((s) => s.id === id);
            if (service) setAmount(service.priceCents);
          }}
          isInvalid={missing && !serviceId}
          errorMessage="Escolha o serviço."
          description={
            activeServices.length === 0 && !services.isPending
              ? 'Nenhum serviço ativo. Cadastre um em Serviços.'
              : undefined
          }
        >
          {activeServices.map((s) => (
            <SelectItem
              key={s.id}
              id={s.id}
              textValue={s.name}
              description={`${formatBRL(s.priceCents)} · ${s.validityDays} dias`}
            >
              {s.name}
            </SelectItem>
          ))}
        </Select>
        <CurrencyField
          label="Valor"
          name="amountCents"
          isRequired
          value={amount}
          onChange={setAmount}
          description="Preenchido com o preço do serviço; altere se houve desconto."
          isInvalid={missing && amount == null}
          errorMessage="Informe o valor."
        />
        <Select
          label="Forma de pagamento"
          name="paymentMethod"
          isRequired
          selectedKey={method}
          onSelectionChange={(k) => setMethod(k as PaymentMethod)}
        >
          {(Object.keys(PAYMENT_METHOD_LABELS) as PaymentMethod[]).map((m) => (
            <SelectItem key={m} id={m}>
              {PAYMENT_METHOD_LABELS[m]}
            </SelectItem>
          ))}
        </Select>
        <DatePicker
          label="Data da venda"
          name="soldAt"
          isRequired
          value={date}
          onChange={setDate}
          maxValue={todaySP()}
          description="O serviço começa a contar nesta data."
        />
        {create.isError && asApiError(create.error).code !== 'WRONG_COMMAND_PARAMETERS' ? (
          <InlineAlert tone="danger">Não foi possível registrar a venda. Confira os dados e tente de novo.</InlineAlert>
        ) : null}
        <Stack direction="row" gap={2} justify="end">
          <Button variant="secondary" onPress={onDone}>
            Cancelar
          </Button>
          <Button type="submit" isPending={create.isPending}>
            Registrar venda
          </Button>
        </Stack>
      </Stack>
    </Form>
  );
}
