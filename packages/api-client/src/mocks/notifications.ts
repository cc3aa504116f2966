/**
 * Fixtures and stateful handlers of the notification centre and its settings. `resetNotificationsState()`
 * before each story; `pushNotification()` adds one as if an event had just happened (the stream tells the
 * bell, as the API's does).
 */
import { http, HttpResponse } from 'msw';
import type { Notification, NotificationSetting } from '../gen/types.gen';
import { api, fail, nowIso, pageOf } from './respond';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

export const notificationFixtures = (): Notification[] => [
  {
    id: '9a1b2c3d-0000-4000-8000-000000000001',
    type: 'quiz_answer.finished',
    title: 'Mariana Souza respondeu “Acompanhamento semanal”',
    body: 'As respostas aguardam sua revisão.',
    link: '/answers/received',
    isMarkedAsRead: false,
    isMarkedAsArchived: false,
    createdAt: minutesAgo(4),
  },
  {
    id: '9a1b2c3d-0000-4000-8000-000000000002',
    type: 'answer_request.failed',
    title: 'Não conseguimos enviar “Acompanhamento semanal” para Carlos Pereira',
    body: 'O WhatsApp recusou a mensagem. Confira o telefone do cliente e reenvie.',
    link: '/quizzes',
    isMarkedAsRead: false,
    isMarkedAsArchived: false,
    createdAt: minutesAgo(95),
  },
  {
    id: '9a1b2c3d-0000-4000-8000-000000000003',
    type: 'answer_request.delayed',
    title: 'Beatriz Lima ainda não respondeu “Check-in inicial”',
    body: 'O questionário foi enviado há 48 horas ou mais. Você pode reenviá-lo com um novo PIN.',
    link: '/answers/report',
    isMarkedAsRead: true,
    isMarkedAsArchived: false,
    createdAt: minutesAgo(60 * 30),
  },
  {
    id: '9a1b2c3d-0000-4000-8000-000000000004',
    type: 'bulk_process.finished',
    title: 'O agendamento em massa de “Acompanhamento semanal” terminou',
    body: '118 de 120 clientes processados; 2 não puderam ser.',
    link: '/quizzes',
    isMarkedAsRead: true,
    isMarkedAsArchived: true,
    createdAt: minutesAgo(60 * 72),
  },
];

const setting = (
  s: Pick<NotificationSetting, 'type' | 'group' | 'groupLabel' | 'label' | 'description'> &
    Partial<NotificationSetting>,
): NotificationSetting => ({
  mandatory: false,
  inApp: true,
  email: false,
  whatsapp: false,
  quietHours: null,
  ...s,
});

export const notificationSettingsFixture = (): NotificationSetting[] => [
  setting({
    type: 'answer_request.delayed',
    group: 'schedule',
    groupLabel: 'Agendamentos e envios',
    label: 'Resposta atrasada',
    description: 'Um questionário enviado há 48 horas ou mais ainda não foi respondido.',
  }),
  setting({
    type: 'answer_request.failed',
    group: 'schedule',
    groupLabel: 'Agendamentos e envios',
    label: 'Falha no envio',
    description: 'Não foi possível enviar um questionário ao cliente (e-mail ou WhatsApp recusado).',
    email: true,
  }),
  setting({
    type: 'bulk_process.finished',
    group: 'schedule',
    groupLabel: 'Agendamentos e envios',
    label: 'Agendamento em massa concluído',
    description: 'Um agendamento em massa terminou (com ou sem clientes que não puderam ser agendados).',
  }),
  setting({
    type: 'quiz_answer.finished',
    group: 'answer',
    groupLabel: 'Respostas',
    label: 'Questionário respondido',
    description: 'O cliente terminou de responder um questionário; as respostas aguardam sua revisão.',
  }),
  setting({
    type: 'account.password_changed',
    group: 'account',
    groupLabel: 'Conta e segurança',
    label: 'Senha alterada',
    description: 'A senha da conta foi alterada (no perfil ou pela recuperação de senha).',
    mandatory: true,
    email: true,
  }),
];

const state = { items: [] as Notification[], settings: [] as NotificationSetting[] };
const streams = new Set<ReadableStreamDefaultController<Uint8Array>>();

const unreadCount = () => state.items.filter((n) => !n.isMarkedAsRead && !n.isMarkedAsArchived).length;
const tellStreams = () => {
  const event = new TextEncoder().encode(`event: unread\ndata: ${JSON.stringify({ unread: unreadCount() })}\n\n`);
  for (const c of streams) {
    try {
      c.enqueue(event);
    } catch {
      streams.delete(c);
    }
  }
};

/** Back to the fixtures (call in each story's `beforeEach`). */
export function resetNotificationsState(items: Notification[] = notificationFixtures()) {
  state.items = items;
  state.settings = notificationSettingsFixture();
  streams.clear();
}
resetNotificationsState();

/** A new notification, as if its event had just happened; open streams hear of it. */
export function pushNotification(n: Partial<Notification> & Pick<Notification, 'title'>) {
  state.items.unshift({
    id: crypto.randomUUID(),
    type: 'quiz_answer.finished',
    body: 'As respostas aguardam sua revisão.',
    link: '/answers/received',
    isMarkedAsRead: false,
    isMarkedAsArchived: false,
    createdAt: nowIso(),
    ...n,
  });
  tellStreams();
}

export const notificationsHandlers = {
  list: http.get(api('/notifications'), ({ request }) => {
    const url = new URL(request.url);
    const archived = url.searchParams.get('archived') === 'true';
    const unreadOnly = url.searchParams.get('unreadOnly') === 'true';
    const items = state.items.filter((n) => n.isMarkedAsArchived === archived && (!unreadOnly || !n.isMarkedAsRead));
    return HttpResponse.json({ ...pageOf(items, url), unread: unreadCount() });
  }),
  unreadCount: http.get(api('/notifications/unread-count'), () => HttpResponse.json({ unread: unreadCount() })),
  stream: http.get(api('/notifications/stream'), () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        streams.add(controller);
        controller.enqueue(
          new TextEncoder().encode(`event: unread\ndata: ${JSON.stringify({ unread: unreadCount() })}\n\n`),
        );
      },
      cancel() {
        // The portal closed it (signed out, left the page).
      },
    });
    return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
  }),
  readAll: http.post(api('/notifications/read-all'), () => {
    let updated = 0;
    for (const n of state.items)
      if (!n.isMarkedAsRead && !n.isMarkedAsArchived) {
        n.isMarkedAsRead = true;
        updated++;
      }
    tellStreams();
    return HttpResponse.json({ updated });
  }),
  settings: http.get(api('/notifications/settings'), () => HttpResponse.json({ items: state.settings })),
  updateSetting: http.put(api('/notifications/settings/:notificationId'), async ({ params, request }) => {
    const s = state.settings.find((x) => x.type === params.notificationId);
    if (!s) return fail('NOT_FOUND');
    const body = (await request.json()) as Pick<NotificationSetting, 'inApp' | 'email' | 'whatsapp' | 'quietHours'>;
    Object.assign(s, body, s.mandatory ? { inApp: true, email: true } : {});
    return HttpResponse.json(s);
  }),
  update: http.patch(api('/notifications/:id'), async ({ params, request }) => {
    const n = state.items.find((x) => x.id === params.id);
    if (!n) return fail('NOT_FOUND');
    const body = (await request.json()) as Partial<Pick<Notification, 'isMarkedAsRead' | 'isMarkedAsArchived'>>;
    Object.assign(n, body);
    tellStreams();
    return HttpResponse.json(n);
  }),
};

/** Every notification handler, specific paths first (MSW matches in order). */
export const notificationsHandlerList = [
  notificationsHandlers.unreadCount,
  notificationsHandlers.stream,
  notificationsHandlers.readAll,
  notificationsHandlers.settings,
  notificationsHandlers.updateSetting,
  notificationsHandlers.list,
  notificationsHandlers.update,
];
