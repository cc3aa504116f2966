/**
 * Stateful handlers of the webhook manager: endpoints (create, edit, on/off, delete, rotate), the event
 * catalogue, and each endpoint's delivery log. A test event or a redelivery is attempted about a second
 * after it is queued, when the log is next read (as the API's worker would have done by then), and the
 * endpoint answers as its fixture does: the active one 200, the failing one 404, the old one 410.
 * `resetWebhooksState()` before each story.
 */
import { http, HttpResponse } from 'msw';
import type { ErrorCode, WebhookEndpoint, WebhookEventType, WebhookResponse } from '../gen/types.gen';
import { errorBody } from './fixtures';
import { api, fail, isUuid, nowIso, pageOf } from './respond';
import {
  ACTIVE_WEBHOOK_ID,
  FAILING_WEBHOOK_ID,
  GONE_WEBHOOK_ID,
  publicEventFixtures,
  webhookDeliveryFixtures,
  webhookEndpointFixtures,
  type MockAttempt,
  type MockDelivery,
} from './webhook-fixtures';

export * from './webhook-fixtures';

const MAX_ENDPOINTS = 10;
/** A queued message is attempted this long after it was queued. */
const SEND_DELAY_MS = 1000;
/** The API's retry schedule: the wait after the 1st, 2nd… failed attempt (without its jitter). */
const RETRY_DELAYS_MS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000].map((s) => s * 1000);

const state = { endpoints: [] as WebhookEndpoint[], deliveries: [] as MockDelivery[] };

/** Back to the fixtures, or to the given endpoints with no log (call in each story's `beforeEach`). */
export function resetWebhooksState(endpoints?: WebhookEndpoint[]) {
  state.endpoints = endpoints ?? webhookEndpointFixtures();
  state.deliveries = endpoints ? [] : webhookDeliveryFixtures();
}
resetWebhooksState();

/** The endpoints as the mock holds them now. */
export const webhookEndpoints = () => state.endpoints;

/** The API's error answer with the API's own sentence (the screens show it as it comes). */
const failWith = (code: ErrorCode, status: number, message: string) =>
  HttpResponse.json({ ...errorBody(code).body, statusCode: status, message }, { status });

const fieldError = (path: string, message: string) => fail('WRONG_COMMAND_PARAMETERS', [{ path: [path], message }]);

/** 429 on a test event or a redelivery: the API's per-endpoint limit of manual sends. */
export const tooManyWebhookSendsResponse = () =>
  failWith('TOO_MANY_ATTEMPTS', 429, 'Muitos envios manuais para este webhook. Tente de novo em 1 minuto.');

/** 409 on a redelivery while an attempt of it is in flight. */
export const redeliveryInFlightResponse = () =>
  failWith('RETRY_SEND_LATER', 409, 'Este envio está em andamento. Tente de novo em alguns segundos.');

const secret = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
};

type Body = {
  id?: string;
  url?: string;
  description?: string | null;
  events?: WebhookEventType[];
  enabled?: boolean;
  richPayload?: boolean;
  richPurpose?: string | null;
};

/** The API's checks, in its order: the address (https, public), the purpose of rich payloads, the events. */
function invalid(body: Body, current?: WebhookEndpoint) {
  const url = body.url?.trim() ?? '';
  if (!url) return fieldError('url', 'Informe o endereço.');
  if (url !== current?.url) {
    if (!/^https:\/\//i.test(url)) return fieldError('url', 'Use um endereço https://.');
    let host = '';
    try {
      host = new URL(url).hostname;
    } catch {
      return fieldError('url', 'O endereço não é uma URL válida.');
    }
    if (/^(localhost|127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.)/.test(host))
      return fieldError('url', 'Este endereço aponta para uma rede privada ou reservada e não pode ser usado.');
  }
  if (body.richPayload && (body.richPurpose?.trim().length ?? 0) < 10)
    return fieldError(
      'richPurpose',
      'Para enviar respostas e medidas, escreva para que elas serão usadas (LGPD, art. 11).',
    );
  if (!body.events?.length) return fieldError('events', 'Escolha pelo menos um evento.');
  return null;
}

const fieldsOf = (body: Body) => ({
  url: body.url!.trim(),
  description: body.description?.trim() || null,
  events: [...new Set(body.events!)],
  richPayload: !!body.richPayload,
  richPurpose: body.richPayload ? body.richPurpose!.trim() : null,
});

/** How each endpoint answers a new attempt. */
function answerOf(endpointId: string): Pick<MockAttempt, 'outcome' | 'statusCode' | 'responseExcerpt' | 'durationMs'> {
  if (endpointId === FAILING_WEBHOOK_ID)
    return { outcome: 'http_error', statusCode: 404, responseExcerpt: '{"error":"route not found"}', durationMs: 143 };
  if (endpointId === GONE_WEBHOOK_ID)
    return { outcome: 'http_error', statusCode: 410, responseExcerpt: 'Gone', durationMs: 88 };
  return {
    outcome: 'success',
    statusCode: 200,
    responseExcerpt: '{"received":true}',
    durationMs: endpointId === ACTIVE_WEBHOOK_ID ? 121 : 96,
  };
}

/**
 * Attempts every queued message that is due (what the API's worker would have done by now): while the
 * endpoint is off only what she asked for by hand goes, once, and a failure then waits paused; a 410 turns
 * the endpoint off and pauses the rest.
 */
function settle(endpointId: string) {
  const now = Date.now();
  const endpoint = find(endpointId);
  for (const d of state.deliveries) {
    if (d.endpointId !== endpointId || d.status !== 'pending' || !d.nextAttemptAt) continue;
    if (Date.parse(d.nextAttemptAt) > now) continue;
    const byHand = !!d.manual && d.attempts.length === (d.roundStart ?? 0);
    if (endpoint && !endpoint.enabled && !byHand) {
      d.status = 'paused';
      continue;
    }
    const answer = answerOf(endpointId);
    d.attempts.push({ id: crypto.randomUUID(), attempt: d.attempts.length + 1, attemptedAt: nowIso(), ...answer });
    const gone = answer.statusCode === 410;
    const wait =
      answer.outcome === 'success' || gone ? undefined : RETRY_DELAYS_MS[d.attempts.length - (d.roundStart ?? 0) - 1];
    d.status =
      answer.outcome === 'success'
        ? 'succeeded'
        : wait === undefined
          ? 'failed'
          : endpoint?.enabled
            ? 'pending'
            : 'paused';
    d.nextAttemptAt = wait === undefined ? null : new Date(now + wait).toISOString();
    if (gone && endpoint?.enabled) {
      Object.assign(endpoint, {
        enabled: false,
        disabledReason: 'O endpoint respondeu 410 (não existe mais): os envios foram desativados.',
        updatedAt: nowIso(),
      });
      for (const other of state.deliveries)
        if (other.endpointId === endpointId && other.status === 'pending') other.status = 'paused';
    }
  }
}

/** The log as the API builds it: one row per attempt, newest first. */
function responsesOf(endpointId: string): WebhookResponse[] {
  return state.deliveries
    .filter((d) => d.endpointId === endpointId)
    .flatMap((d) =>
      d.attempts.map((a) => {
        const isLatest = a.attempt === d.attempts.length;
        return {
          ...a,
          deliveryId: d.id,
          messageId: d.messageId,
          eventType: d.eventType,
          eventLabel: d.eventLabel,
          eventSummary: d.eventSummary,
          deliveryStatus: d.status,
          isLatest,
          nextAttemptAt: isLatest && d.status === 'pending' ? d.nextAttemptAt : null,
        };
      }),
    )
    .sort((x, y) => Date.parse(y.attemptedAt) - Date.parse(x.attemptedAt) || y.attempt - x.attempt);
}

const find = (id: unknown) => state.endpoints.find((e) => e.id === id);

export const webhooksHandlers = {
  publicEvents: http.get(api('/webhooks/manager/public-events'), () => HttpResponse.json(publicEventFixtures())),
  list: http.get(api('/webhooks/manager'), () => HttpResponse.json(state.endpoints)),
  create: http.post(api('/webhooks/manager'), async ({ request }) => {
    const body = (await request.json()) as Body;
    const refused = invalid(body);
    if (refused) return refused;
    if (state.endpoints.length >= MAX_ENDPOINTS)
      return fieldError('url', `Você já tem ${MAX_ENDPOINTS} webhooks. Exclua um antes de criar outro.`);
    const endpoint: WebhookEndpoint = {
      id: crypto.randomUUID(),
      ...fieldsOf(body),
      enabled: body.enabled ?? true,
      disabledReason: null,
      failingSince: null,
      createdAt: nowIso(),
      updatedAt: nowIso(),
    };
    state.endpoints.unshift(endpoint);
    return HttpResponse.json({ ...endpoint, secret: secret() }, { status: 201 });
  }),
  update: http.put(api('/webhooks/manager'), async ({ request }) => {
    const body = (await request.json()) as Body;
    const current = find(body.id);
    if (!current) return fail('NOT_FOUND');
    const refused = invalid(body, current);
    if (refused) return refused;
    const enabled = body.enabled ?? current.enabled;
    const wasEnabled = current.enabled;
    Object.assign(current, fieldsOf(body), {
      enabled,
      // Turned on again by her: our reason for turning it off no longer holds.
      disabledReason: enabled ? null : current.disabledReason,
      failingSince: body.url !== current.url || (enabled && !wasEnabled) ? null : current.failingSince,
      updatedAt: nowIso(),
    });
    // Off: waiting messages pause. On again: they go now, in a fresh round.
    for (const d of state.deliveries) {
      if (d.endpointId !== current.id) continue;
      if (wasEnabled && !enabled && d.status === 'pending') d.status = 'paused';
      if (!wasEnabled && enabled && d.status === 'paused') {
        Object.assign(d, { status: 'pending', nextAttemptAt: nowIso(), roundStart: d.attempts.length, manual: false });
      }
    }
    return HttpResponse.json(current);
  }),
  remove: http.delete(api('/webhooks/manager/:id'), ({ params }) => {
    if (!isUuid(String(params.id)) || !find(params.id)) return fail('NOT_FOUND');
    state.endpoints = state.endpoints.filter((e) => e.id !== params.id);
    state.deliveries = state.deliveries.filter((d) => d.endpointId !== params.id);
    return new HttpResponse(null, { status: 204 });
  }),
  rotate: http.post(api('/webhooks/manager/:id/rotate-secret'), ({ params }) => {
    const endpoint = find(params.id);
    if (!endpoint) return fail('NOT_FOUND');
    endpoint.updatedAt = nowIso();
    return HttpResponse.json({ ...endpoint, secret: secret() });
  }),
  responses: http.get(api('/webhooks/manager/:id/responses'), ({ params, request }) => {
    const endpoint = find(params.id);
    if (!endpoint) return fail('NOT_FOUND');
    settle(endpoint.id);
    const url = new URL(request.url);
    if (!url.searchParams.has('take')) url.searchParams.set('take', '15');
    const mine = state.deliveries.filter((d) => d.endpointId === endpoint.id);
    const waiting = mine.filter((d) => d.status === 'pending');
    const next = waiting.map((d) => d.nextAttemptAt!).sort()[0] ?? null;
    return HttpResponse.json({
      ...pageOf(responsesOf(endpoint.id), url),
      queued: waiting.length,
      paused: mine.filter((d) => d.status === 'paused').length,
      nextAttemptAt: next,
    });
  }),
  test: http.post(api('/webhooks/manager/:id/test'), ({ params }) => {
    const endpoint = find(params.id);
    if (!endpoint) return fail('NOT_FOUND');
    const queued: MockDelivery = {
      id: crypto.randomUUID(),
      endpointId: endpoint.id,
      messageId: `msg_${crypto.randomUUID()}`,
      eventType: 'webhook.test',
      eventLabel: 'Evento de teste',
      eventSummary: null,
      status: 'pending',
      manual: true,
      nextAttemptAt: new Date(Date.now() + SEND_DELAY_MS).toISOString(),
      attempts: [],
    };
    state.deliveries.push(queued);
    return HttpResponse.json({ deliveryId: queued.id, messageId: queued.messageId }, { status: 202 });
  }),
  redeliver: http.post(api('/webhooks/manager/:id/deliveries/:deliveryId/redeliver'), ({ params }) => {
    const d = state.deliveries.find((x) => x.id === params.deliveryId && x.endpointId === params.id);
    if (!d) return fail('NOT_FOUND');
    // An attempt due within the second is being made now: that attempt decides first.
    if (d.status === 'pending' && d.nextAttemptAt && Date.parse(d.nextAttemptAt) - Date.now() < SEND_DELAY_MS)
      return redeliveryInFlightResponse();
    d.status = 'pending';
    d.manual = true;
    d.roundStart = d.attempts.length;
    d.nextAttemptAt = new Date(Date.now() + SEND_DELAY_MS).toISOString();
    return HttpResponse.json({ deliveryId: d.id, messageId: d.messageId }, { status: 202 });
  }),
};

/** Every webhook handler, specific paths first (MSW matches in order). */
export const webhooksHandlerList = [
  webhooksHandlers.publicEvents,
  webhooksHandlers.list,
  webhooksHandlers.create,
  webhooksHandlers.update,
  webhooksHandlers.rotate,
  webhooksHandlers.responses,
  webhooksHandlers.test,
  webhooksHandlers.redeliver,
  webhooksHandlers.remove,
];
