import { describe, expect, it } from 'vitest';
import { describeAttempt, describeNext, describeQueue, shortWhenSP } from './describeAttempt';

// 17:02 UTC is 14:02 in São Paulo (UTC−3, no daylight saving time).
const now = new Date('2026-03-10T18:30:00Z');
const at = '2026-03-10T17:02:00Z';

describe('describeAttempt', () => {
  it('says a success with its status and the São Paulo time', () => {
    expect(describeAttempt({ outcome: 'success', statusCode: 200, attemptedAt: at }, now)).toBe(
      'Entregue (200) às 14:02',
    );
  });

  it('names the status the endpoint answered', () => {
    expect(describeAttempt({ outcome: 'http_error', statusCode: 404, attemptedAt: at }, now)).toBe(
      'Seu endpoint respondeu 404 às 14:02',
    );
    expect(describeAttempt({ outcome: 'http_error', statusCode: 410, attemptedAt: at }, now)).toBe(
      'Seu endpoint respondeu 410 (não existe mais) às 14:02',
    );
  });

  it('explains a timeout, a failed connection and a blocked address', () => {
    expect(describeAttempt({ outcome: 'timeout', statusCode: null, attemptedAt: at }, now)).toBe(
      'Seu endpoint não respondeu em 15 segundos (14:02)',
    );
    expect(describeAttempt({ outcome: 'network_error', statusCode: null, attemptedAt: at }, now)).toBe(
      'Não foi possível conectar ao endpoint (14:02)',
    );
    expect(describeAttempt({ outcome: 'refused', statusCode: null, attemptedAt: at }, now)).toBe(
      'O endereço passou a apontar para uma rede privada e foi bloqueado (14:02)',
    );
  });

  it('adds the day when the attempt was not today in São Paulo', () => {
    // 01:30 UTC on the 10th is still the 9th in São Paulo.
    const lateEvening = '2026-03-10T01:30:00Z';
    expect(describeAttempt({ outcome: 'http_error', statusCode: 500, attemptedAt: lateEvening }, now)).toBe(
      'Seu endpoint respondeu 500 em 09/03 às 22:30',
    );
    expect(describeAttempt({ outcome: 'timeout', statusCode: null, attemptedAt: lateEvening }, now)).toBe(
      'Seu endpoint não respondeu em 15 segundos (09/03 às 22:30)',
    );
    expect(shortWhenSP('2025-12-31T12:00:00Z', now)).toBe('31/12/2025 09:00');
  });
});

describe('describeNext', () => {
  const latest = { isLatest: true, deliveryStatus: 'pending' as const };
  it('shows when a pending message is tried again', () => {
    expect(describeNext({ ...latest, nextAttemptAt: '2026-03-10T18:45:00Z' }, now)).toBe('15:45');
    expect(describeNext({ ...latest, nextAttemptAt: '2026-03-10T18:30:03Z' }, now)).toBe('Em instantes');
  });
  it('says when nothing more will be tried', () => {
    expect(describeNext({ isLatest: true, deliveryStatus: 'failed', nextAttemptAt: null }, now)).toBe(
      'Sem novas tentativas',
    );
    expect(describeNext({ isLatest: false, deliveryStatus: 'pending', nextAttemptAt: null }, now)).toBe('—');
  });
});

describe('describeQueue', () => {
  it('counts the messages waiting and their next attempt', () => {
    expect(describeQueue(0, null, now)).toBeNull();
    expect(describeQueue(0, null, now, 1)).toBe('1 envio espera o webhook ser ativado.');
    expect(describeQueue(0, null, now, 3)).toBe('3 envios esperam o webhook ser ativado.');
    expect(describeNext({ isLatest: true, deliveryStatus: 'paused', nextAttemptAt: null }, now)).toBe(
      'Quando o webhook for ativado',
    );
    expect(describeQueue(1, '2026-03-10T18:30:01Z', now)).toBe(
      '1 envio aguardando: a próxima tentativa sai em instantes.',
    );
    expect(describeQueue(3, '2026-03-10T18:55:00Z', now)).toBe('3 envios aguardando: próxima tentativa às 15:55.');
  });
});
