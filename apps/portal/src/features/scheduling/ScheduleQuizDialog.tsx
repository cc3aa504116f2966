import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  asApiError,
  createQuizScheduleMutation,
  requestQuizNowMutation,
  rescheduleQuizScheduleMutation,
  type Patient,
  type QuizSchedule,
  handled,
} from '@acompanha/api-client';
import {
  draftFromRecurrence,
  emptyRecurrence,
  toRecurrence,
  validateRecurrence,
  type RecurrenceDraft,
} from '@acompanha/machines';
import {
  Button,
  Form,
  InlineAlert,
  Modal,
  Radio,
  RadioGroup,
  Select,
  SelectItem,
  Stack,
  Text,
  toastQueue,
} from '@acompanha/ui';
import { everyQuizOptions } from '../../lib/queries';
import { ClientPicker } from '../../lib/ClientPicker';
import { defaultStart, FIELD_OF_CODE, SCHEDULE_FORM_CODES, startingNow } from './labels';
import { RecurrenceFields } from './RecurrenceFields';
import { RegisterSaleModal } from '../services/RegisterSaleModal';
import { todaySP } from '../../lib/today';
import { refreshAfter } from '../../lib/refresh';

/** The patient as the dialog needs it (a `Patient` fits). */
export type SchedulePatient = Pick<Patient, 'id' | 'name' | 'email' | 'phone' | 'preferences' | 'currentService'>;

export interface ScheduleQuizDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** Scheduling from a patient's profile: the quiz is chosen in the dialog. */
  patient?: SchedulePatient;
  /** Scheduling from a quiz: the patient is chosen in the dialog. */
  quiz?: { id: string; title: string };
  /** Rescheduling: quiz and patient are the schedule's, the form starts from its recurrence. */
  schedule?: QuizSchedule;
  /** Quizzes the patient already has a live schedule of (the new one replaces it). */
  scheduledQuizIds?: string[];
}

const FORM_ID = 'schedule-quiz-form';

/** "Agendar questionário" for one patient, or "Reagendar" an existing schedule. */
export function ScheduleQuizDialog(props: ScheduleQuizDialogProps) {
  const { isOpen, onClose, schedule } = props;
  const [isPending, setPending] = useState(false);
  // "Enviar agora" (a new schedule only): the first send goes out as she confirms. Each opening starts without it.
  const [sendNow, setSendNow] = useState(false);
  useEffect(() => {
    if (!isOpen) setSendNow(false);
  }, [isOpen]);
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title={schedule ? 'Reagendar questionário' : 'Agendar questionário'}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onPress={onClose}>
            Cancelar
          </Button>
          <Button type="submit" form={FORM_ID} isPending={isPending}>
            {schedule ? 'Salvar novo agendamento' : sendNow ? 'Enviar agora' : 'Agendar'}
          </Button>
        </>
      }
    >
      {/* Mounted only while open: every opening starts from a fresh form. */}
      {isOpen ? (
        <ScheduleForm
          {...props}
          onPendingChange={setPending}
          sendNow={!schedule && sendNow}
          onSendNowChange={setSendNow}
        />
      ) : null}
    </Modal>
  );
}

function initialDraft(today: string, schedule?: QuizSchedule, patient?: SchedulePatient): RecurrenceDraft {
  if (schedule) {
    const draft = draftFromRecurrence(schedule);
    // A past start cannot be sent again: a reschedule starts today at the earliest.
    return draft.startDate && draft.startDate < today ? { ...draft, startDate: today } : draft;
  }
  return emptyRecurrence(today, { ...defaultStart(), channel: patient?.preferences.channel ?? null });
}

function ScheduleForm({
  onClose,
  patient: fixedPatient,
  quiz: fixedQuiz,
  schedule,
  scheduledQuizIds = [],
  onPendingChange,
  sendNow,
  onSendNowChange,
}: ScheduleQuizDialogProps & {
  onPendingChange: (isPending: boolean) => void;
  sendNow: boolean;
  onSendNowChange: (sendNow: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const today = todaySP().toString();
  const [draft, setDraft] = useState<RecurrenceDraft>(() => initialDraft(today, schedule, fixedPatient));
  const [quizId, setQuizId] = useState<string | null>(schedule?.quizId ?? fixedQuiz?.id ?? null);
  const [patient, setPatient] = useState<SchedulePatient | null>(fixedPatient ?? null);
  const [showErrors, setShowErrors] = useState(false);
  const [isSelling, setSelling] = useState(false);
  const [serverError, setServerError] = useState<{ code: string; message: string } | null>(null);

  const choosesQuiz = !schedule && !fixedQuiz;
  const choosesPatient = !schedule && !fixedPatient;
  const quizzes = useQuery({ ...everyQuizOptions('active'), enabled: choosesQuiz });

  const requestNow = useMutation(requestQuizNowMutation());
  // A single send "now" is the schedule itself, due this hour; a repeating one also gets a send right away.
  const sendsOnce = sendNow && draft.periodicity === 'once';
  const onSuccess = async (saved: QuizSchedule) => {
    let nowFailed: string | null = null;
    if (sendNow && !sendsOnce) {
      nowFailed = await requestNow
        .mutateAsync({ body: { quizScheduleId: saved.id }, meta: handled(...SCHEDULE_FORM_CODES, 'RETRY_SEND_LATER') })
        .then(() => null)
        .catch((raw: unknown) => asApiError(raw).userMessage);
    }
    await refreshAfter(queryClient, 'scheduleChanged');
    if (nowFailed) {
      toastQueue.add(
        {
          tone: 'error',
          title: `“${saved.quizTitle}” agendado, mas o envio de agora não saiu.`,
          description: nowFailed,
        },
        { timeout: 10_000 },
      );
    } else {
      toastQueue.add(
        {
          tone: 'success',
          title: schedule
            ? `Agendamento de “${saved.quizTitle}” atualizado.`
            : sendNow
              ? `“${saved.quizTitle}” enviado para ${saved.patientName}. O link e o PIN chegam em instantes.`
              : `“${saved.quizTitle}” agendado para ${saved.patientName}.`,
        },
        { timeout: 5000 },
      );
    }
    onClose();
  };
  const onError = (raw: unknown) => {
    const error = asApiError(raw);
    setServerError({ code: error.code, message: error.userMessage });
  };
  const create = useMutation({ ...createQuizScheduleMutation(), onSuccess, onError });
  const reschedule = useMutation({ ...rescheduleQuizScheduleMutation(), onSuccess, onError });

  const sent = sendsOnce ? { ...draft, ...startingNow() } : draft;
  const errors = validateRecurrence(sent, today);
  const missingQuiz = choosesQuiz && !quizId;
  const missingPatient = choosesPatient && !patient;
  // Only a client with an active service receives questionnaires: said as soon as she is known, with the sale
  // at hand (a reschedule keeps the schedule's own rule: the server says it if it comes to that).
  const needsService = !schedule && !!patient && patient.currentService === null;
  const change = (patch: Partial<RecurrenceDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setServerError(null);
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setShowErrors(true);
    if (Object.keys(errors).length > 0 || missingQuiz || missingPatient || needsService) return;
    setServerError(null);
    const meta = handled(...SCHEDULE_FORM_CODES);
    if (schedule) reschedule.mutate({ body: { quizScheduleId: schedule.id, ...toRecurrence(draft) }, meta });
    else if (quizId && patient) create.mutate({ body: { quizId, patientId: patient.id, ...toRecurrence(sent) }, meta });
  }

  // Codes about one field are said under it; the others above the form.
  const serverField = serverError ? FIELD_OF_CODE[serverError.code] : undefined;
  const fieldErrors = { ...errors };
  if (serverField === 'startDate') fieldErrors.startDate = 'past';
  if (serverField === 'hour') fieldErrors.hour = 'outOfRange';
  const replaces = !schedule && !!quizId && scheduledQuizIds.includes(quizId);
  const isPending = create.isPending || reschedule.isPending || requestNow.isPending;
  useEffect(() => onPendingChange(isPending), [isPending, onPendingChange]);

  return (
    <>
      {/* The form checks itself (`validateRecurrence`) and says every problem at once, so the
        browser's own validation, which stops at the first field, is not used. */}
      <Form
        id={FORM_ID}
        onSubmit={onSubmit}
        validationBehavior="aria"
        aria-label={schedule ? 'Reagendar questionário' : 'Agendar questionário'}
        aria-busy={isPending || undefined}
      >
        <Stack gap={4}>
          {needsService ? (
            <InlineAlert tone="warning" title="Este cliente ainda não tem um serviço ativo">
              <Stack gap={2} align="start">
                <span>
                  Questionários só são enviados para clientes com um serviço ativo. Registre a venda para {patient.name}{' '}
                  e volte a este agendamento com o que você já escolheu.
                </span>
                <Button variant="secondary" onPress={() => setSelling(true)}>
                  Registrar venda
                </Button>
              </Stack>
            </InlineAlert>
          ) : null}
          {serverError && !serverField ? (
            <InlineAlert tone="danger" title="Não foi possível agendar">
              {serverError.message}
            </InlineAlert>
          ) : null}

          {schedule ? (
            <Text>
              <strong>{schedule.quizTitle}</strong> para <strong>{schedule.patientName}</strong>. Os envios ainda não
              feitos serão substituídos pelos do novo agendamento.
            </Text>
          ) : null}

          {choosesQuiz ? (
            <Select
              label="Questionário"
              isRequired
              // Until the list arrives the select has nothing to open (React Aria ignores a press on an empty
              // one, so a quick tap would be lost): it says so and takes no press meanwhile.
              isDisabled={quizzes.isPending}
              placeholder={quizzes.isPending ? 'Carregando questionários…' : 'Escolha um questionário'}
              selectedKey={quizId}
              onSelectionChange={(key) => {
                setQuizId(key == null ? null : String(key));
                setServerError(null);
              }}
              isInvalid={showErrors && missingQuiz}
              errorMessage="Escolha o questionário."
              description={
                quizzes.data && quizzes.data.items.length === 0
                  ? 'Nenhum questionário ativo. Crie um em Questionários.'
                  : undefined
              }
            >
              {(quizzes.data?.items ?? []).map((q) => (
                <SelectItem
                  key={q.id}
                  id={q.id}
                  textValue={q.title}
                  description={`${q.questionCount} ${q.questionCount === 1 ? 'pergunta' : 'perguntas'}`}
                >
                  {q.title}
                </SelectItem>
              ))}
            </Select>
          ) : fixedQuiz ? (
            <Text>
              Questionário: <strong>{fixedQuiz.title}</strong>
            </Text>
          ) : null}

          {choosesPatient ? (
            <ClientPicker
              value={patient}
              onChange={(found) => {
                setPatient(found);
                setServerError(null);
                if (found) setDraft((d) => ({ ...d, channel: found.preferences.channel }));
              }}
              isRequired
              isInvalid={showErrors && missingPatient}
            />
          ) : fixedPatient && !schedule ? (
            <Text>
              Cliente: <strong>{fixedPatient.name}</strong>
            </Text>
          ) : null}

          {replaces ? (
            <InlineAlert tone="info">
              Este questionário já está agendado para este cliente. O novo agendamento substitui o atual.
            </InlineAlert>
          ) : null}

          {schedule ? null : (
            <RadioGroup
              label="Primeiro envio"
              orientation="horizontal"
              value={sendNow ? 'now' : 'date'}
              onChange={(v) => {
                onSendNowChange(v === 'now');
                setServerError(null);
              }}
            >
              <Radio value="now">Enviar agora</Radio>
              <Radio value="date">Na data de início</Radio>
            </RadioGroup>
          )}

          <RecurrenceFields
            sendsNow={sendNow}
            value={draft}
            onChange={change}
            today={today}
            errors={fieldErrors}
            showErrors={showErrors || !!serverField}
            periodicityError={serverField === 'periodicity' ? serverError!.message : undefined}
            channelMode="patient"
            contacts={patient ? { email: !!patient.email, whatsapp: !!patient.phone } : undefined}
          />
        </Stack>
      </Form>
      {needsService && patient ? (
        <RegisterSaleModal
          isOpen={isSelling}
          onClose={() => setSelling(false)}
          patient={{ id: patient.id, name: patient.name }}
          onRegistered={(sale) => {
            // Back to the schedule, as she left it: the client now has her service.
            setPatient({
              ...patient,
              currentService: { id: sale.serviceId, name: sale.serviceName, endsAt: sale.endsAt },
            });
            setServerError(null);
          }}
        />
      ) : null}
    </>
  );
}
