/**
 * The notifications a professional gets: the events of the catalogue worth telling her about, each with
 * its default channels, and how each one reads (title, body, the screen it opens).
 *
 * In-app notifications live inside her signed-in portal and may name the patient. E-mail and WhatsApp
 * leave it: they say what happened and link to the portal, with no patient name and nothing she answered.
 */
import type { EventPayload, EventType } from '../events/catalog.js';
import { spDate } from '../lib/dates.js';

export const NOTIFICATION_CHANNELS = ['inApp', 'email', 'whatsapp'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

interface NotificationType<T extends EventType> {
  /** Defaults when the professional has not chosen. */
  defaults: Record<NotificationChannel, boolean>;
  /** Security and billing notices: always sent in the portal and by e-mail, whatever the settings say. */
  mandatory?: boolean;
  /** Only ever in the portal (a notice about the other channels themselves). */
  inAppOnly?: boolean;
  /** The notification in the portal. */
  render(payload: EventPayload<T>): { title: string; body: string; link: string };
  /** E-mail and WhatsApp: `count` events of this type gathered in one message, without patient data. */
  summary(count: number): { subject: string; text: string; link: string };
}

/** `dd/MM` of an instant, in São Paulo. */
const brDay = (iso: string) => {
  const [, m, d] = spDate(new Date(iso)).split('-');
  return `${d}/${m}`;
};

const plural = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many}`);

export const NOTIFICATION_TYPES: { [T in EventType]?: NotificationType<T> } = {
  'quiz_answer.finished': {
    defaults: { inApp: true, email: false, whatsapp: false },
    render: (p) => ({
      title: `${p.patientName} respondeu “${p.quizTitle}”`,
      body: 'As respostas aguardam sua revisão.',
      link: `/clients/profile/${p.patientId}/quiz/${p.scheduleId}?revisionId=${p.revisionId}`,
    }),
    summary: (n) => ({
      subject: n === 1 ? 'Um cliente respondeu um questionário' : `${n} clientes responderam questionários`,
      text: `${plural(n, 'Um cliente respondeu', 'clientes responderam')} e as respostas aguardam sua revisão.`,
      link: '/answers/received',
    }),
  },
  'answer_request.delayed': {
    defaults: { inApp: true, email: false, whatsapp: false },
    render: (p) => ({
      title: `${p.patientName} ainda não respondeu “${p.quizTitle}”`,
      body: 'O questionário foi enviado há 48 horas ou mais. Você pode reenviá-lo com um novo PIN.',
      link: '/answers/report',
    }),
    summary: (n) => ({
      subject: n === 1 ? 'Um questionário está atrasado' : `${n} questionários estão atrasados`,
      text: `${plural(n, 'Um questionário enviado', 'questionários enviados')} há 48 horas ou mais ainda sem resposta.`,
      link: '/answers/report',
    }),
  },
  'answer_request.failed': {
    defaults: { inApp: true, email: true, whatsapp: false },
    render: (p) => ({
      title: `Não conseguimos enviar “${p.quizTitle}” para ${p.patientName}`,
      body:
        p.channel === 'whatsapp'
          ? 'O WhatsApp recusou a mensagem. Confira o telefone do cliente e reenvie.'
          : 'O e-mail foi recusado. Confira o e-mail do cliente e reenvie.',
      link: `/quizzes/links/${p.quizId}`,
    }),
    summary: (n) => ({
      subject: n === 1 ? 'Um envio de questionário falhou' : `${n} envios de questionário falharam`,
      text: `${plural(n, 'Um questionário não pôde ser enviado', 'questionários não puderam ser enviados')}. Confira os contatos e reenvie.`,
      link: '/quizzes',
    }),
  },
  'bulk_process.finished': {
    defaults: { inApp: true, email: false, whatsapp: false },
    render: (p) => ({
      title:
        p.status === 'failed'
          ? `O agendamento em massa de “${p.quizTitle}” parou`
          : `O agendamento em massa de “${p.quizTitle}” terminou`,
      body:
        p.failed > 0
          ? `${p.total - p.failed} de ${p.total} clientes processados; ${plural(p.failed, 'um não pôde', 'não puderam')} ser.`
          : `${plural(p.total, 'Um cliente processado', 'clientes processados')}.`,
      link: `/quizzes/links/${p.quizId}`,
    }),
    summary: (n) => ({
      subject: n === 1 ? 'Um agendamento em massa terminou' : `${n} agendamentos em massa terminaram`,
      text: 'Veja o resultado no portal.',
      link: '/quizzes',
    }),
  },
  'data_export.finished': {
    defaults: { inApp: true, email: false, whatsapp: false },
    render: (p) => ({
      title:
        p.status === 'failed'
          ? p.scope === 'all'
            ? 'A exportação de todos os clientes não pôde ser concluída'
            : `A exportação dos dados de ${p.patientName ?? 'um cliente'} não pôde ser concluída`
          : p.scope === 'all'
            ? 'A exportação de todos os clientes está pronta'
            : `Os dados de ${p.patientName ?? 'um cliente'} estão prontos para baixar`,
      body:
        p.status === 'failed'
          ? 'Tente de novo; se continuar, fale com o suporte.'
          : `O arquivo fica disponível até ${p.expiresAt ? brDay(p.expiresAt) : 'daqui a 7 dias'}.`,
      link: p.scope === 'all' || !p.patientId ? '/profile' : `/clients/profile/${p.patientId}`,
    }),
    summary: (n) => ({
      subject: n === 1 ? 'Uma exportação de dados terminou' : `${n} exportações de dados terminaram`,
      text: 'Baixe os arquivos no portal enquanto estão disponíveis.',
      link: '/clients',
    }),
  },
  'account.password_changed': {
    defaults: { inApp: true, email: true, whatsapp: false },
    mandatory: true,
    render: () => ({
      title: 'Sua senha foi alterada',
      body: 'Se não foi você, use “Esqueci minha senha” agora e fale com o suporte.',
      link: '/profile',
    }),
    summary: () => ({
      subject: 'Sua senha do Acompanha foi alterada',
      text: 'A senha da sua conta foi alterada. Se não foi você, use “Esqueci minha senha” agora.',
      link: '/profile',
    }),
  },
  'subscription.activated': {
    defaults: { inApp: true, email: true, whatsapp: false },
    mandatory: true,
    render: () => ({
      title: 'Sua assinatura está ativa',
      body: 'Pagamento confirmado. Obrigado por assinar o Acompanha!',
      link: '/profile',
    }),
    summary: () => ({
      subject: 'Sua assinatura do Acompanha está ativa',
      text: 'Confirmamos o pagamento da sua assinatura. O recibo está em Perfil › Assinatura.',
      link: '/profile',
    }),
  },
  'subscription.payment_failed': {
    defaults: { inApp: true, email: true, whatsapp: false },
    mandatory: true,
    render: (p) => ({
      title: 'O pagamento da sua assinatura foi recusado',
      body: p.nextRetryAt
        ? `Tentaremos cobrar o cartão de novo em ${brDay(p.nextRetryAt)}. Se preferir, atualize o cartão: a cobrança é refeita na hora. Você continua usando tudo durante o prazo de carência.`
        : `Não há novas tentativas de cobrança. Atualize o cartão até ${brDay(p.graceEndsAt)} para manter a conta ativa.`,
      link: '/profile',
    }),
    summary: () => ({
      subject: 'O pagamento da sua assinatura do Acompanha foi recusado',
      text: 'A cobrança da sua assinatura foi recusada pelo cartão. Atualize o cartão no portal para manter a conta ativa.',
      link: '/profile',
    }),
  },
  'subscription.refunded': {
    defaults: { inApp: true, email: true, whatsapp: false },
    mandatory: true,
    render: () => ({
      title: 'Um pagamento da assinatura foi estornado',
      body: 'O valor volta para o cartão conforme o prazo da operadora.',
      link: '/profile',
    }),
    summary: () => ({
      subject: 'Um pagamento da sua assinatura do Acompanha foi estornado',
      text: 'Estornamos um pagamento da sua assinatura. O valor volta para o cartão conforme o prazo da operadora.',
      link: '/profile',
    }),
  },
  'subscription.cancelled': {
    defaults: { inApp: true, email: true, whatsapp: false },
    mandatory: true,
    render: () => ({
      title: 'Sua assinatura foi cancelada',
      body: 'Não haverá novas cobranças. Você segue usando tudo até o fim do período pago.',
      link: '/profile',
    }),
    summary: () => ({
      subject: 'Sua assinatura do Acompanha foi cancelada',
      text: 'Cancelamos sua assinatura: não haverá novas cobranças. Seus registros continuam disponíveis.',
      link: '/profile',
    }),
  },
  'subscription.expired': {
    defaults: { inApp: true, email: true, whatsapp: false },
    mandatory: true,
    render: (p) => ({
      title: p.previousState === 'trial' ? 'Seu teste gratuito terminou' : 'Sua assinatura expirou',
      body: 'Seus registros continuam disponíveis para consulta e exportação. Assine para voltar a enviar questionários.',
      link: '/profile',
    }),
    summary: () => ({
      subject: 'Sua conta do Acompanha está só para consulta',
      text: 'Seu período terminou. Seus registros continuam disponíveis; assine no portal para voltar a usar tudo.',
      link: '/profile',
    }),
  },
  'webhook.disabled': {
    defaults: { inApp: true, email: true, whatsapp: false },
    mandatory: true,
    render: (p) => ({
      title: 'Um webhook foi desativado',
      body:
        p.reason === 'gone'
          ? `${p.description ?? p.host} respondeu 410 (não existe mais) e deixou de receber eventos.`
          : `${p.description ?? p.host} falhou por dias seguidos e deixou de receber eventos. Corrija-o e ative-o de novo.`,
      link: '/webhook',
    }),
    summary: () => ({
      subject: 'Um webhook do Acompanha foi desativado',
      text: 'Um dos seus webhooks parou de responder e foi desativado. Veja o registro de envios no portal e ative-o de novo quando estiver corrigido.',
      link: '/webhook',
    }),
  },
};

NOTIFICATION_TYPES['notification.failed'] = {
  defaults: { inApp: true, email: false, whatsapp: false },
  mandatory: true,
  inAppOnly: true,
  render: (p) => ({
    title:
      p.channel === 'whatsapp' ? 'Não conseguimos avisar você pelo WhatsApp' : 'Não conseguimos avisar você por e-mail',
    body:
      p.errorCode === 'WHATSAPP_INTEGRATION_ERROR'
        ? 'O WhatsApp recusou a mensagem (WHATSAPP_INTEGRATION_ERROR). Confira o telefone do seu perfil.'
        : `O canal de notificação falhou (NOTIFICATION_CHANNEL_ERROR). Confira ${p.channel === 'whatsapp' ? 'o telefone' : 'o e-mail'} do seu perfil.`,
    link: '/profile',
  }),
  summary: () => ({ subject: '', text: '', link: '/profile' }),
};

export type NotificationTypeKey = keyof typeof NOTIFICATION_TYPES & EventType;
export const NOTIFICATION_TYPE_KEYS = Object.keys(NOTIFICATION_TYPES) as NotificationTypeKey[];
export const isNotificationType = (t: string): t is NotificationTypeKey => Object.hasOwn(NOTIFICATION_TYPES, t);

/** One type's channels and quiet hours as stored in `professionals.notification_preferences`. */
export interface TypePreference {
  inApp: boolean;
  email: boolean;
  whatsapp: boolean;
  /** São Paulo time, `HH:MM`: no e-mail or WhatsApp between them (the message waits for `end`). */
  quietHours: { start: string; end: string } | null;
}

/** What the professional chose for `type`, over its defaults; a mandatory type is always on. */
export function preferenceOf(
  stored: Record<string, unknown> | null | undefined,
  type: NotificationTypeKey,
): TypePreference {
  const def = NOTIFICATION_TYPES[type]!;
  const raw = (stored?.[type] ?? {}) as Partial<TypePreference>;
  const pick = (c: NotificationChannel) => (typeof raw[c] === 'boolean' ? raw[c] : def.defaults[c]);
  const quiet = raw.quietHours;
  const pref: TypePreference = {
    inApp: pick('inApp'),
    email: pick('email'),
    whatsapp: pick('whatsapp'),
    quietHours:
      quiet && typeof quiet.start === 'string' && typeof quiet.end === 'string'
        ? { start: quiet.start, end: quiet.end }
        : null,
  };
  if (def.inAppOnly) return { inApp: true, email: false, whatsapp: false, quietHours: null };
  return def.mandatory ? { ...pref, inApp: true, email: true } : pref;
}
