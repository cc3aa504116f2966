/** The delivery log's sentences: what happened to an attempt, and when (São Paulo time). */
import type { WebhookResponse } from '@acompanha/api-client';
import { SAO_PAULO } from '../../lib/dates';

const timeFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: SAO_PAULO,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function partsOf(date: Date) {
  const p = Object.fromEntries(timeFormat.formatToParts(date).map((x) => [x.type, x.value]));
  return { day: `${p.day}/${p.month}`, year: p.year, time: `${p.hour}:${p.minute}` };
}

/**
 * When, as a person reads it in the log: "14:02" today, "09/03 14:02" another day of the year,
 * "09/03/2025 14:02" another year (São Paulo time).
 */
export function whenSP(iso: string, now: Date = new Date()): { time: string; day: string | null } {
  const at = partsOf(new Date(iso));
  const today = partsOf(now);
  if (at.day === today.day && at.year === today.year) return { time: at.time, day: null };
  return { time: at.time, day: at.year === today.year ? at.day : `${at.day}/${at.year}` };
}

/** "às 14:02" or "em 09/03 às 14:02". */
const atTime = (iso: string, now: Date) => {
  const { time, day } = whenSP(iso, now);
  return day ? `em ${day} às ${time}` : `às ${time}`;
};

/** "(14:02)" or "(09/03 às 14:02)". */
const inParens = (iso: string, now: Date) => {
  const { time, day } = whenSP(iso, now);
  return day ? `(${day} às ${time})` : `(${time})`;
};

/** "14:05" or "09/03 14:05": a time in a column. */
export function shortWhenSP(iso: string, now: Date = new Date()): string {
  const { time, day } = whenSP(iso, now);
  return day ? `${day} ${time}` : time;
}

/** The endpoint's side of one attempt, in one Portuguese sentence. */
export function describeAttempt(
  a: Pick<WebhookResponse, 'outcome' | 'statusCode' | 'attemptedAt'>,
  now: Date = new Date(),
): string {
  switch (a.outcome) {
    case 'success':
      return `Entregue (${a.statusCode ?? 200}) ${atTime(a.attemptedAt, now)}`;
    case 'http_error':
      return a.statusCode === 410
        ? `Seu endpoint respondeu 410 (não existe mais) ${atTime(a.attemptedAt, now)}`
        : `Seu endpoint respondeu ${a.statusCode ?? 'com erro'} ${atTime(a.attemptedAt, now)}`;
    case 'timeout':
      return `Seu endpoint não respondeu em 15 segundos ${inParens(a.attemptedAt, now)}`;
    case 'network_error':
      return `Não foi possível conectar ao endpoint ${inParens(a.attemptedAt, now)}`;
    case 'dns_error':
      return `O endereço do endpoint não foi encontrado (DNS) ${inParens(a.attemptedAt, now)}`;
    case 'refused':
      return `O endereço passou a apontar para uma rede privada e foi bloqueado ${inParens(a.attemptedAt, now)}`;
  }
}

/** What becomes of the message after this attempt (only on its latest attempt). */
export function describeNext(
  a: Pick<WebhookResponse, 'isLatest' | 'deliveryStatus' | 'nextAttemptAt'>,
  now: Date = new Date(),
): string {
  if (!a.isLatest) return '—';
  if (a.deliveryStatus === 'succeeded') return '—';
  if (a.deliveryStatus === 'failed') return 'Sem novas tentativas';
  if (a.deliveryStatus === 'paused') return 'Quando o webhook for ativado';
  if (!a.nextAttemptAt) return 'Em instantes';
  return Date.parse(a.nextAttemptAt) - now.getTime() <= 5_000 ? 'Em instantes' : shortWhenSP(a.nextAttemptAt, now);
}

/**
 * "1 envio aguardando" / "3 envios aguardando", with the soonest attempt when known; messages waiting for
 * the endpoint to be on again are counted apart.
 */
export function describeQueue(
  queued: number,
  nextAttemptAt: string | null,
  now: Date = new Date(),
  paused = 0,
): string | null {
  if (queued <= 0) {
    if (paused <= 0) return null;
    return paused === 1
      ? '1 envio espera o webhook ser ativado.'
      : `${paused.toLocaleString('pt-BR')} envios esperam o webhook ser ativado.`;
  }
  const count = queued === 1 ? '1 envio aguardando' : `${queued.toLocaleString('pt-BR')} envios aguardando`;
  if (!nextAttemptAt) return count;
  if (Date.parse(nextAttemptAt) - now.getTime() <= 5_000) return `${count}: a próxima tentativa sai em instantes.`;
  return `${count}: próxima tentativa ${atTime(nextAttemptAt, now)}.`;
}
