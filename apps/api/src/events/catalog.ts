/**
 * The catalogue of events: everything that happens in a practice that a professional may hear about, in
 * the portal, by e-mail or WhatsApp, or in her own systems (webhooks). Each type has a dotted name, a
 * Portuguese label and description, and the schema of its payload.
 *
 * Payloads are thin: ids, names, dates and states. Nothing a patient answered travels in an event.
 */
import { z } from 'zod';

const id = () => z.uuid();
const name = () => z.string().max(200);
const instant = () => z.iso.datetime({ offset: true });
const day = () => z.iso.date();
const channel = () => z.enum(['email', 'whatsapp']);

const patientRef = { patientId: id(), patientName: name() };
const scheduleRef = { scheduleId: id(), quizId: id(), quizTitle: name(), ...patientRef };

/** The groups the catalogue is shown in (the webhook manager's event picker, the notification settings). */
export const EVENT_GROUPS = {
  patient: 'Clientes',
  schedule: 'Agendamentos e envios',
  answer: 'Respostas',
  revision: 'Revisões',
  sale: 'Vendas',
  account: 'Conta e segurança',
  integration: 'Integrações',
} as const;
export type EventGroup = keyof typeof EVENT_GROUPS;

interface EventDefinition {
  group: EventGroup;
  label: string;
  description: string;
  payload: z.ZodObject;
}

export const EVENT_CATALOG = {
  'patient.created': {
    group: 'patient',
    label: 'Cliente cadastrado',
    description: 'Um cliente foi cadastrado, um a um ou por importação de planilha.',
    payload: z.object({ ...patientRef, status: z.enum(['active', 'inactive']) }),
  },
  'patient.updated': {
    group: 'patient',
    label: 'Dados do cliente alterados',
    description: 'Os dados de cadastro de um cliente foram alterados.',
    payload: z.object({ ...patientRef }),
  },
  'patient.inactivated': {
    group: 'patient',
    label: 'Cliente inativado',
    description: 'Um cliente foi inativado; seu histórico continua guardado.',
    payload: z.object({ ...patientRef }),
  },
  'patient.deleted': {
    group: 'patient',
    label: 'Cliente excluído',
    description: 'Um cliente foi excluído e seus dados pessoais apagados (LGPD). Só o identificador segue.',
    payload: z.object({ patientId: id() }),
  },
  'schedule.created': {
    group: 'schedule',
    label: 'Questionário agendado',
    description: 'Um questionário foi agendado para um cliente (uma vez ou com recorrência).',
    payload: z.object({
      ...scheduleRef,
      periodicity: z.enum(['once', 'days', 'weekly', 'monthly']),
      startDate: day(),
      hour: z.int().min(0).max(23),
    }),
  },
  'schedule.rescheduled': {
    group: 'schedule',
    label: 'Agendamento alterado',
    description: 'A recorrência de um agendamento foi alterada.',
    payload: z.object({
      ...scheduleRef,
      periodicity: z.enum(['once', 'days', 'weekly', 'monthly']),
      startDate: day(),
      hour: z.int().min(0).max(23),
    }),
  },
  'schedule.cancelled': {
    group: 'schedule',
    label: 'Agendamento excluído',
    description: 'Um agendamento foi excluído; os envios pendentes dele foram cancelados.',
    payload: z.object({ ...scheduleRef }),
  },
  'answer_request.sent': {
    group: 'schedule',
    label: 'Questionário enviado',
    description: 'O link e o PIN de um questionário foram enviados ao cliente.',
    payload: z.object({ answerRequestId: id(), ...scheduleRef, channel: channel(), sentAt: instant() }),
  },
  'answer_request.failed': {
    group: 'schedule',
    label: 'Falha no envio',
    description: 'Não foi possível enviar um questionário ao cliente (e-mail ou WhatsApp recusado).',
    payload: z.object({
      answerRequestId: id(),
      ...scheduleRef,
      channel: channel(),
      errorCode: z.string().max(64),
    }),
  },
  'answer_request.delayed': {
    group: 'schedule',
    label: 'Resposta atrasada',
    description: 'Um questionário enviado há 48 horas ou mais ainda não foi respondido.',
    payload: z.object({ answerRequestId: id(), ...scheduleRef, sentAt: instant() }),
  },
  'quiz_answer.started': {
    group: 'answer',
    label: 'Cliente começou a responder',
    description: 'O cliente digitou o PIN e começou a responder um questionário.',
    payload: z.object({ quizAnswerId: id(), answerRequestId: id(), ...scheduleRef, startedAt: instant() }),
  },
  'quiz_answer.finished': {
    group: 'answer',
    label: 'Questionário respondido',
    description: 'O cliente terminou de responder um questionário; as respostas aguardam sua revisão.',
    payload: z.object({
      quizAnswerId: id(),
      answerRequestId: id(),
      revisionId: id(),
      ...scheduleRef,
      finishedAt: instant(),
    }),
  },
  'revision.approved': {
    group: 'revision',
    label: 'Revisão concluída',
    description: 'As respostas de um cliente foram revisadas e aprovadas.',
    payload: z.object({ revisionId: id(), quizAnswerId: id(), quizId: id(), ...patientRef }),
  },
  'revision.pending': {
    group: 'revision',
    label: 'Revisão reaberta',
    description: 'Uma revisão concluída voltou a ficar pendente.',
    payload: z.object({ revisionId: id(), quizAnswerId: id(), quizId: id(), ...patientRef }),
  },
  'revision.note_added': {
    group: 'revision',
    label: 'Anotação na revisão',
    description: 'Uma anotação foi escrita nas respostas de um cliente.',
    payload: z.object({ revisionId: id(), noteId: id(), ...patientRef }),
  },
  'sale.created': {
    group: 'sale',
    label: 'Venda registrada',
    description: 'Um serviço foi vendido a um cliente.',
    payload: z.object({
      saleId: id(),
      ...patientRef,
      serviceId: id(),
      serviceName: name(),
      amountCents: z.int().min(0),
      startsAt: day(),
      endsAt: day(),
    }),
  },
  'sale.refunded': {
    group: 'sale',
    label: 'Venda reembolsada',
    description: 'Uma venda foi reembolsada.',
    payload: z.object({ saleId: id(), ...patientRef, amountCents: z.int().min(0) }),
  },
  'bulk_process.finished': {
    group: 'schedule',
    label: 'Agendamento em massa concluído',
    description: 'Um agendamento em massa terminou (com ou sem clientes que não puderam ser agendados).',
    payload: z.object({
      quizId: id(),
      quizTitle: name(),
      kind: z.enum(['insert', 'reschedule', 'delete', 'active-state']),
      status: z.enum(['done', 'failed']),
      total: z.int().min(0),
      failed: z.int().min(0),
    }),
  },
  'data_export.finished': {
    group: 'account',
    label: 'Exportação de dados concluída',
    description:
      'A exportação dos dados de um cliente, ou de todos (“Exportar tudo”), ficou pronta para baixar ou não pôde ser concluída.',
    payload: z.object({
      exportId: id(),
      scope: z.enum(['patient', 'all']),
      patientId: id().nullable(),
      patientName: name().nullable(),
      status: z.enum(['done', 'failed']),
      expiresAt: instant().nullable().meta({ description: 'When the file stops being downloadable.' }),
    }),
  },
  'account.password_changed': {
    group: 'account',
    label: 'Senha alterada',
    description: 'A senha da conta foi alterada (no perfil ou pela recuperação de senha).',
    payload: z.object({ changedAt: instant() }),
  },
  'notification.failed': {
    group: 'account',
    label: 'Falha ao avisar você',
    description: 'Um aviso por e-mail ou WhatsApp para você não pôde ser entregue.',
    payload: z.object({
      channel: z.enum(['email', 'whatsapp']),
      errorCode: z.enum(['NOTIFICATION_CHANNEL_ERROR', 'WHATSAPP_INTEGRATION_ERROR']),
      notificationType: z.string().max(64),
    }),
  },
  'subscription.activated': {
    group: 'account',
    label: 'Assinatura ativada',
    description: 'O pagamento da assinatura foi confirmado e a conta está ativa até o fim do período pago.',
    payload: z.object({
      plan: z.enum(['monthly', 'yearly']),
      amountCents: z.int().min(0),
      currentPeriodEnd: instant(),
    }),
  },
  'subscription.payment_failed': {
    group: 'account',
    label: 'Pagamento da assinatura recusado',
    description:
      'A cobrança da assinatura foi recusada (na renovação ou numa nova tentativa); a conta segue ativa durante o prazo de carência.',
    payload: z.object({
      amountCents: z.int().min(0),
      dueDate: day(),
      graceEndsAt: instant(),
      nextRetryAt: instant().nullable().meta({ description: 'When the card is tried again; null after the last try.' }),
    }),
  },
  'subscription.refunded': {
    group: 'account',
    label: 'Pagamento da assinatura estornado',
    description: 'Uma cobrança da assinatura foi estornada no cartão.',
    payload: z.object({ amountCents: z.int().min(0), dueDate: day() }),
  },
  'subscription.cancelled': {
    group: 'account',
    label: 'Assinatura cancelada',
    description:
      'A assinatura foi cancelada: não haverá novas cobranças e a conta segue ativa até o fim do período pago.',
    payload: z.object({ cancelAt: instant() }),
  },
  'subscription.expired': {
    group: 'account',
    label: 'Assinatura expirada',
    description:
      'O teste gratuito ou o período pago terminou sem pagamento: a conta fica só para consulta até a assinatura.',
    payload: z.object({ previousState: z.enum(['trial', 'past_due', 'cancelled']) }),
  },
  'webhook.disabled': {
    group: 'integration',
    label: 'Webhook desativado',
    description: 'Um endpoint de webhook foi desativado porque respondeu 410 ou falhou por dias seguidos.',
    payload: z.object({
      endpointId: id(),
      host: z.string().max(300),
      description: z.string().max(200).nullable(),
      reason: z.enum(['gone', 'failing']),
      failingSince: instant().nullable(),
    }),
  },
} as const satisfies Record<string, EventDefinition>;

export type EventType = keyof typeof EVENT_CATALOG;
export const EVENT_TYPES = Object.keys(EVENT_CATALOG) as EventType[];
export type EventPayload<T extends EventType> = z.infer<(typeof EVENT_CATALOG)[T]['payload']>;

export const isEventType = (value: string): value is EventType => Object.hasOwn(EVENT_CATALOG, value);
