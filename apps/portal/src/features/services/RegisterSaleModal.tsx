/** 'Registrar venda': the dialog and its form (with her first service on the way, when she has none). */
import { type FormEvent, useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarDate } from '@internationalized/date';
import {
  asApiError,
  createSaleLimits,
  createSaleMutation,
  createServiceLimits,
  createServiceMutation,
  type Patient,
  listServicesOptions,
  type PaymentMethod,
  type Sale,
} from '@acompanha/api-client';
import {
  Button,
  CurrencyField,
  DatePicker,
  Form,
  Heading,
  InlineAlert,
  Modal,
  NumberField,
  Select,
  SelectItem,
  Stack,
  Text,
  TextField,
  toastQueue,
} from '@acompanha/ui';
import { ClientPicker } from '../../lib/ClientPicker';
import { formatBRL } from '../../lib/format';
import { todaySP } from '../../lib/today';
import { refreshAfter } from '../../lib/refresh';
import { PAYMENT_METHOD_LABELS } from './saleLabels';

export interface RegisterSaleModalProps {
  isOpen: boolean;
  onClose: () => void;
  /** The client the sale is for; without it the dialog asks for one. */
  patient?: { id: string; name: string };
  /** After the sale is saved (before the dialog closes): a flow that opened it goes on from here. */
  onRegistered?: (sale: Sale) => void;
}

/** 'Registrar venda': client (when not given), active service, amount, payment method and date. */
export function RegisterSaleModal({ isOpen, onClose, patient, onRegistered }: RegisterSaleModalProps) {
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
      {isOpen ? (
        <RegisterSaleForm
          patient={patient}
          onDone={(sale) => {
            onRegistered?.(sale);
            onClose();
          }}
          onPendingChange={setPending}
        />
      ) : null}
    </Modal>
  );
}

const FORM_ID = 'register-sale-form';

/** Her first service, written in the sale dialog when she has none yet. */
interface FirstService {
  name: string;
  priceCents: number | null;
  validityDays: number | null;
}

function RegisterSaleForm({
  patient,
  onDone,
  onPendingChange,
}: {
  patient?: { id: string; name: string };
  onDone: (sale: Sale) => void;
  onPendingChange: (isPending: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const services = useQuery(listServicesOptions({ query: { status: 'active' } }));
  const [chosen, setChosen] = useState<Pick<Patient, 'id' | 'name'> | null>(null);
  const patientId = patient?.id ?? chosen?.id ?? null;
  const [serviceId, setServiceId] = useState<string | null>(null);
  const [first, setFirst] = useState<FirstService>({ name: '', priceCents: null, validityDays: 30 });
  const [amount, setAmount] = useState<number | null>(null);
  const [amountEdited, setAmountEdited] = useState(false);
  const [method, setMethod] = useState<PaymentMethod>('pix');
  const [date, setDate] = useState<CalendarDate | null>(() => todaySP());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  // A sale of R$ 0,00 is asked about first: a courtesy, or a price she forgot?
  const [askFree, setAskFree] = useState(false);

  const activeServices = services.data ?? [];
  // A new account has no service to sell: the dialog takes her first one, saved in Serviços as well.
  const writesFirst = services.isSuccess && activeServices.length === 0;

  const onError = (raw: unknown) => {
    const error = asApiError(raw);
    if (error.code === 'WRONG_COMMAND_PARAMETERS') setServerErrors(error.fieldErrors());
  };
  const createService = useMutation({ ...createServiceMutation(), onError });
  const create = useMutation({
    ...createSaleMutation(),
    onSuccess: async (sale) => {
      await refreshAfter(queryClient, 'saleChanged');
      toastQueue.add(
        { tone: 'success', title: `Venda registrada: ${sale.serviceName} para ${sale.patientName}.` },
        { timeout: 5000 },
      );
      onDone(sale);
    },
    onError,
  });
  const isPending = create.isPending || createService.isPending;
  useEffect(() => onPendingChange(isPending), [isPending, onPendingChange]);

  async function register() {
    if (!patientId || amount == null || !date) return;
    setServerErrors({});
    let id = serviceId;
    if (writesFirst) {
      const service = await createService
        .mutateAsync({
          body: { name: first.name.trim(), priceCents: first.priceCents ?? 0, validityDays: first.validityDays ?? 30 },
        })
        .catch(() => null);
      if (!service) return;
      await refreshAfter(queryClient, 'serviceChanged');
      setServiceId(service.id);
      id = service.id;
    }
    if (!id) return;
    const isToday = date.compare(todaySP()) === 0;
    create.mutate({
      body: {
        patientId,
        serviceId: id,
        amountCents: amount,
        paymentMethod: method,
        // Noon in São Paulo keeps the sale on the chosen day whatever the device's time zone.
        ...(isToday ? {} : { soldAt: `${date.toString()}T12:00:00-03:00`, startsAt: date.toString() }),
      },
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Every field has said what it misses (the form sends nothing until they are valid).
    if (amount === 0) setAskFree(true);
    else void register();
  }

  return (
    <Form id={FORM_ID} onSubmit={onSubmit} validationErrors={serverErrors} aria-label="Registrar venda">
      <Stack gap={4}>
        {patient ? (
          <Text>
            Cliente: <strong>{patient.name}</strong>
          </Text>
        ) : (
          <ClientPicker value={chosen} onChange={setChosen} isRequired />
        )}
        {writesFirst ? (
          <Stack gap={3} as="section" aria-labelledby="first-service-title">
            <Heading level={3} size={4} id="first-service-title">
              Seu primeiro serviço
            </Heading>
            <Text variant="small">
              Você ainda não tem serviços para vender. Cadastre o primeiro aqui: ele fica salvo em Serviços para as
              próximas vendas.
            </Text>
            <TextField
              label="Nome do serviço"
              name="name"
              isRequired
              maxLength={createServiceLimits.name.maxLength}
              placeholder="Ex.: Acompanhamento mensal"
              value={first.name}
              onChange={(name) => setFirst((f) => ({ ...f, name }))}
              errorMessage="Informe o nome do serviço."
            />
            <Stack direction="row" gap={3} wrap>
              <CurrencyField
                label="Preço"
                name="priceCents"
                isRequired
                maxValue={createServiceLimits.priceCents.maximum}
                value={first.priceCents}
                onChange={(priceCents) => {
                  setFirst((f) => ({ ...f, priceCents }));
                  if (!amountEdited) setAmount(priceCents);
                }}
                errorMessage="Informe o preço."
              />
              <NumberField
                label="Validade (dias)"
                name="validityDays"
                isRequired
                minValue={createServiceLimits.validityDays.minimum}
                maxValue={createServiceLimits.validityDays.maximum}
                value={first.validityDays}
                onChange={(validityDays) => setFirst((f) => ({ ...f, validityDays }))}
                errorMessage="Informe quantos dias o serviço vale."
              />
            </Stack>
          </Stack>
        ) : (
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
              if (service) {
                setAmount(service.priceCents);
                setAmountEdited(false);
              }
            }}
            errorMessage="Escolha o serviço."
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
        )}
        <CurrencyField
          label="Valor"
          name="amountCents"
          isRequired
          maxValue={createSaleLimits.amountCents.maximum}
          value={amount}
          onChange={(cents) => {
            setAmount(cents);
            setAmountEdited(true);
          }}
          description={
            writesFirst
              ? 'O preço do serviço; altere se houve desconto.'
              : 'Preenchido com o preço do serviço; altere se houve desconto.'
          }
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
        {(create.isError && asApiError(create.error).code !== 'WRONG_COMMAND_PARAMETERS') ||
        (createService.isError && asApiError(createService.error).code !== 'WRONG_COMMAND_PARAMETERS') ? (
          <InlineAlert tone="danger">Não foi possível registrar a venda. Confira os dados e tente de novo.</InlineAlert>
        ) : null}
      </Stack>
      <Modal
        isOpen={askFree}
        onOpenChange={setAskFree}
        role="alertdialog"
        size="sm"
        title="Registrar venda sem valor (cortesia)?"
        footer={
          <>
            <Button variant="secondary" onPress={() => setAskFree(false)}>
              Voltar e informar o valor
            </Button>
            <Button
              onPress={() => {
                setAskFree(false);
                void register();
              }}
            >
              Registrar cortesia
            </Button>
          </>
        }
      >
        <Text>
          A venda fica registrada como paga, no valor de {formatBRL(0)}, e o serviço vale normalmente para o cliente.
        </Text>
      </Modal>
    </Form>
  );
}
