/** 'Registrar venda': the dialog and its form. */
import { type FormEvent, useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarDate } from '@internationalized/date';
import {
  asApiError,
  createSaleMutation,
  listPatientsOptions,
  listServicesOptions,
  type PaymentMethod,
} from '@acompanha/api-client';
import {
  Button,
  ComboBox,
  ComboBoxItem,
  CurrencyField,
  DatePicker,
  Form,
  InlineAlert,
  Modal,
  Select,
  SelectItem,
  Stack,
  Text,
  toastQueue,
} from '@acompanha/ui';
import { useDebounced } from '../../lib/useDebounced';
import { formatBRL } from '../../lib/format';
import { todaySP } from '../../lib/dates';
import { refreshAfter } from '../../lib/refresh';
import { PAYMENT_METHOD_LABELS } from './saleLabels';

export interface RegisterSaleModalProps {
  isOpen: boolean;
  onClose: () => void;
  /** The client the sale is for; without it the dialog asks for one. */
  patient?: { id: string; name: string };
}

/** 'Registrar venda': client (when not given), active service, amount, payment method and date. */
export function RegisterSaleModal({ isOpen, onClose, patient }: RegisterSaleModalProps) {
  const [isPending, setPending] = useState(false);
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title="Registrar venda"
      // In the dialog's footer, the buttons stay in sight while the fields scroll (a phone with its keyboard up).
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>
            Cancelar
          </Button>
          <Button type="submit" form={FORM_ID} isPending={isPending}>
            Registrar venda
          </Button>
        </>
      }
    >
      {isOpen ? <RegisterSaleForm patient={patient} onDone={onClose} onPendingChange={setPending} /> : null}
    </Modal>
  );
}

const FORM_ID = 'register-sale-form';

function RegisterSaleForm({
  patient,
  onDone,
  onPendingChange,
}: {
  patient?: { id: string; name: string };
  onDone: () => void;
  onPendingChange: (isPending: boolean) => void;
}) {
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
      await refreshAfter(queryClient, 'saleChanged');
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
  useEffect(() => onPendingChange(create.isPending), [create.isPending, onPendingChange]);

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
      </Stack>
    </Form>
  );
}
