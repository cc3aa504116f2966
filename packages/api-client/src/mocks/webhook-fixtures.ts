/**
 * Fixtures of the webhook manager: the event catalogue as `GET /webhooks/manager/public-events` answers it,
 * three endpoints (active with rich payloads, failing, turned off by us after a 410) and their delivery logs.
 * Times are relative to now, so the São Paulo times the screen shows are today's.
 */
import type { PublicEvent, WebhookEndpoint, WebhookResponse } from '../gen/types.gen';

type EventType = PublicEvent['type'];

const GROUPS = {
  patient: 'Clientes',
  schedule: 'Agendamentos e envios',
  answer: 'Respostas',
  revision: 'Revisões',
  sale: 'Vendas',
  account: 'Conta e segurança',
  integration: 'Integrações',
} as const satisfies Record<PublicEvent['group'], string>;

const event = (
  type: EventType,
  group: PublicEvent['group'],
  label: string,
  description: string,
  richDescription: string | null = null,
): PublicEvent => ({
  type,
  group,
  groupLabel: GROUPS[group],
  label,
  description,
  payloadSchema: { type: 'object' },
  richDescription,
});

/** The catalogue, in the API's order (groups appear in the order of their first event). */
export const publicEventFixtures = (): PublicEvent[] => [
  event(
    'patient.created',
    'patient',
    'Cliente cadastrado',
    'Um cliente foi cadastrado, um a um ou por importação de planilha.',
  ),
  event(
    'patient.updated',
    'patient',
    'Dados do cliente alterados',
    'Os dados de cadastro de um cliente foram alterados.',
  ),
  event(
    'patient.inactivated',
    'patient',
    'Cliente inativado',
    'Um cliente foi inativado; seu histórico continua guardado.',
  ),
  event(
    'patient.deleted',
    'patient',
    'Cliente excluído',
    'Um cliente foi excluído e seus dados pessoais apagados (LGPD). Só o identificador segue.',
  ),
  event(
    'schedule.created',
    'schedule',
    'Questionário agendado',
    'Um questionário foi agendado para um cliente (uma vez ou com recorrência).',
  ),
  event('schedule.rescheduled', 'schedule', 'Agendamento alterado', 'A recorrência de um agendamento foi alterada.'),
  event(
    'schedule.cancelled',
    'schedule',
    'Agendamento excluído',
    'Um agendamento foi excluído; os envios pendentes dele foram cancelados.',
  ),
  event(
    'answer_request.sent',
    'schedule',
    'Questionário enviado',
    'O link e o PIN de um questionário foram enviados ao cliente.',
  ),
  event(
    'answer_request.failed',
    'schedule',
    'Falha no envio',
    'Não foi possível enviar um questionário ao cliente (e-mail ou WhatsApp recusado).',
  ),
  event(
    'answer_request.delayed',
    'schedule',
    'Resposta atrasada',
    'Um questionário enviado há 48 horas ou mais ainda não foi respondido.',
  ),
  event(
    'quiz_answer.started',
    'answer',
    'Cliente começou a responder',
    'O cliente digitou o PIN e começou a responder um questionário.',
  ),
  event(
    'quiz_answer.finished',
    'answer',
    'Questionário respondido',
    'O cliente terminou de responder um questionário; as respostas aguardam sua revisão.',
    'Com dados completos: as respostas, pergunta a pergunta (inclusive medidas), em `data.answers`.',
  ),
  event(
    'revision.approved',
    'revision',
    'Revisão concluída',
    'As respostas de um cliente foram revisadas e aprovadas.',
  ),
  event('revision.pending', 'revision', 'Revisão reaberta', 'Uma revisão concluída voltou a ficar pendente.'),
  event(
    'revision.note_added',
    'revision',
    'Anotação na revisão',
    'Uma anotação foi escrita nas respostas de um cliente.',
  ),
  event('sale.created', 'sale', 'Venda registrada', 'Um serviço foi vendido a um cliente.'),
  event('sale.refunded', 'sale', 'Venda reembolsada', 'Uma venda foi reembolsada.'),
  event(
    'bulk_process.finished',
    'schedule',
    'Agendamento em massa concluído',
    'Um agendamento em massa terminou (com ou sem clientes que não puderam ser agendados).',
  ),
  event(
    'data_export.finished',
    'account',
    'Exportação de dados concluída',
    'A exportação dos dados de um cliente, ou de todos (“Exportar tudo”), ficou pronta para baixar ou não pôde ser concluída.',
  ),
  event(
    'account.password_changed',
    'account',
    'Senha alterada',
    'A senha da conta foi alterada (no perfil ou pela recuperação de senha).',
  ),
  event(
    'notification.failed',
    'account',
    'Falha ao avisar você',
    'Um aviso por e-mail ou WhatsApp para você não pôde ser entregue.',
  ),
  event(
    'webhook.disabled',
    'integration',
    'Webhook desativado',
    'Um endpoint de webhook foi desativado porque respondeu 410 ou falhou por dias seguidos.',
  ),
];

export const ACTIVE_WEBHOOK_ID = '5e0b7a10-1c2d-4e3f-8a9b-000000000001';
export const FAILING_WEBHOOK_ID = '5e0b7a10-1c2d-4e3f-8a9b-000000000002';
export const GONE_WEBHOOK_ID = '5e0b7a10-1c2d-4e3f-8a9b-000000000003';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

export const webhookEndpointFixtures = (): WebhookEndpoint[] => [
  {
    id: ACTIVE_WEBHOOK_ID,
    url: 'https://crm.clinicaexemplo.com.br/webhooks/acompanha',
    description: 'Prontuário eletrônico da clínica',
    events: ['patient.created', 'patient.updated', 'quiz_answer.finished', 'revision.approved', 'sale.created'],
    enabled: true,
    disabledReason: null,
    richPayload: true,
    richPurpose: 'Registrar as respostas e medidas dos questionários no prontuário eletrônico de cada cliente.',
    failingSince: null,
    createdAt: minutesAgo(60 * 24 * 40),
    updatedAt: minutesAgo(60 * 24 * 10),
  },
  {
    id: FAILING_WEBHOOK_ID,
    url: 'https://automacao.exemplo.com.br/webhook/acompanha-lembretes',
    description: 'Automação de lembretes',
    events: ['answer_request.sent', 'answer_request.delayed', 'quiz_answer.finished', 'patient.created'],
    enabled: true,
    disabledReason: null,
    richPayload: false,
    richPurpose: null,
    failingSince: minutesAgo(40),
    createdAt: minutesAgo(60 * 24 * 20),
    updatedAt: minutesAgo(60 * 24 * 20),
  },
  {
    id: GONE_WEBHOOK_ID,
    url: 'https://hooks.sistema-antigo.com.br/eventos',
    description: null,
    events: ['sale.created', 'sale.refunded'],
    enabled: false,
    disabledReason: 'O endpoint respondeu 410 (não existe mais): os envios foram desativados.',
    richPayload: false,
    richPurpose: null,
    failingSince: minutesAgo(60 * 24 * 3),
    createdAt: minutesAgo(60 * 24 * 90),
    updatedAt: minutesAgo(60 * 24 * 3),
  },
];

/** A message to an endpoint and its attempts, as the API stores them (the log is built from these). */
export interface MockDelivery {
  id: string;
  endpointId: string;
  messageId: string;
  eventType: string;
  eventLabel: string;
  eventSummary: string | null;
  status: WebhookResponse['deliveryStatus'];
  nextAttemptAt: string | null;
  attempts: MockAttempt[];
  /** Attempts before the current round (a redelivery starts the retry schedule over). */
  roundStart?: number;
  /** Asked for by hand (a test, a redelivery): its first attempt goes even while the endpoint is off. */
  manual?: boolean;
}
export type MockAttempt = Pick<
  WebhookResponse,
  'id' | 'attempt' | 'outcome' | 'statusCode' | 'durationMs' | 'responseExcerpt' | 'attemptedAt'
>;

const NOT_FOUND_PAGE =
  '<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n<center><h1>404 Not Found</h1></center>\r\n<hr><center>nginx/1.24.0</center>\r\n</body>\r\n</html>';
const OK = '{"received":true}';

let seq = 0;
/** Whom the fixtures' events are about (fictitious clients of the demo practice). */
const SUMMARIES = [
  'Ana Clara Souza · Check-in semanal',
  'Bruno Lima · Acompanhamento semanal',
  'Carla Mendes',
  'Diego Ramos · Diário alimentar',
];
const uuid = (prefix: number) => `7d1c0000-0000-4000-8000-${String(prefix * 1000 + seq++).padStart(12, '0')}`;

const attempt = (
  n: number,
  minutes: number,
  outcome: WebhookResponse['outcome'],
  statusCode: number | null = null,
  responseExcerpt: string | null = null,
  durationMs = 180,
): MockAttempt => ({
  id: uuid(9),
  attempt: n,
  outcome,
  statusCode,
  durationMs,
  responseExcerpt,
  attemptedAt: minutesAgo(minutes),
});

const delivery = (
  endpointId: string,
  eventType: string,
  eventLabel: string,
  status: MockDelivery['status'],
  attempts: MockAttempt[],
  nextAttemptAt: string | null = null,
): MockDelivery => ({
  id: uuid(1),
  endpointId,
  messageId: `msg_${uuid(2)}`,
  eventType,
  eventLabel,
  eventSummary: SUMMARIES[seq % SUMMARIES.length]!,
  status,
  nextAttemptAt,
  attempts,
});

/** Successful deliveries to fill a log: `count` of them, one every six hours from `fromMinutes` ago. */
const successes = (endpointId: string, count: number, fromMinutes: number) => {
  const kinds = [
    ['patient.created', 'Cliente cadastrado'],
    ['answer_request.sent', 'Questionário enviado'],
    ['quiz_answer.finished', 'Questionário respondido'],
    ['answer_request.delayed', 'Resposta atrasada'],
  ] as const;
  return Array.from({ length: count }, (_, i) => {
    const [type, label] = kinds[i % kinds.length]!;
    return delivery(endpointId, type, label, 'succeeded', [
      attempt(1, fromMinutes + i * 360, 'success', 200, OK, 90 + ((i * 37) % 200)),
    ]);
  });
};

export const webhookDeliveryFixtures = (): MockDelivery[] => {
  seq = 0;
  return [
    // The failing endpoint: every way an attempt can fail, then a day of successes before it broke.
    delivery(
      FAILING_WEBHOOK_ID,
      'quiz_answer.finished',
      'Questionário respondido',
      'pending',
      [attempt(1, 5, 'http_error', 404, NOT_FOUND_PAGE, 212)],
      new Date(Date.now() + 25 * 60_000).toISOString(),
    ),
    delivery(FAILING_WEBHOOK_ID, 'answer_request.sent', 'Questionário enviado', 'failed', [
      attempt(1, 40, 'timeout', null, null, 15_000),
      attempt(2, 30, 'network_error', null, null, 38),
      attempt(3, 20, 'refused', null, null, 2),
    ]),
    ...successes(FAILING_WEBHOOK_ID, 14, 180),
    // The active one: all delivered.
    ...successes(ACTIVE_WEBHOOK_ID, 3, 15),
    // Turned off after a 410.
    delivery(GONE_WEBHOOK_ID, 'sale.created', 'Venda registrada', 'failed', [
      attempt(1, 60 * 24 * 3, 'http_error', 410, 'Gone', 95),
    ]),
  ];
};
