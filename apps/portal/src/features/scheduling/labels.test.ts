import { describe, expect, it } from 'vitest';
import { emptyRecurrence } from '@acompanha/machines';
import { parseDateTime, toZoned } from '@internationalized/date';
import { formatDateTimeBR } from '../../lib/format';
import type { QuizSchedule } from '@acompanha/api-client';
import { defaultStart, describeRecurrence, describeSchedule, formatHour, isSending, startingNow } from './labels';

const base = emptyRecurrence('2026-12-07');

describe('describeRecurrence', () => {
  it.each([
    ['once', { periodicity: 'once', hour: 8 }, 'Uma vez, em 07/12/2026 às 08:00.'],
    ['once ignores the end date', { periodicity: 'once', endDate: '2027-01-01' }, 'Uma vez, em 07/12/2026 às 08:00.'],
    ['every day', { periodicity: 'days', intervalDays: 1, hour: 7 }, 'Todos os dias às 07:00, a partir de 07/12/2026.'],
    [
      'every 15 days until',
      { periodicity: 'days', intervalDays: 15, endDate: '2027-03-31' },
      'A cada 15 dias às 08:00, a partir de 07/12/2026, até 31/03/2027.',
    ],
    [
      'weekly',
      { periodicity: 'weekly', weekdays: [3, 1], hour: 19 },
      'Toda semana: segunda e quarta às 19:00, a partir de 07/12/2026.',
    ],
    [
      'weekly with the weekend',
      { periodicity: 'weekly', weekdays: [1, 6, 7] },
      'Toda semana: segunda, sábado e domingo às 08:00, a partir de 07/12/2026.',
    ],
    ['weekly without days', { periodicity: 'weekly', weekdays: [] }, 'Semanal: escolha os dias da semana.'],
    [
      'monthly',
      { periodicity: 'monthly', startDate: '2027-01-31', hour: 0 },
      'Todo mês no dia 31 às 00:00, a partir de 31/01/2027.',
    ],
  ] as const)('%s', (_name, patch, expected) => {
    expect(
      describeRecurrence({ ...base, ...patch, weekdays: [...((patch as { weekdays?: number[] }).weekdays ?? [])] }),
    ).toBe(expected);
  });

  it('writes hours on 24 hours', () => {
    expect(formatHour(0)).toBe('00:00');
    expect(formatHour(23)).toBe('23:00');
  });
});

describe('defaultStart', () => {
  it.each([
    ['early morning: today at 08:00', '2026-11-21T09:15:00Z', { startDate: '2026-11-21', hour: 8 }],
    ['mid-morning: the next full hour', '2026-11-21T12:30:00Z', { startDate: '2026-11-21', hour: 10 }],
    ['22:10 in São Paulo: 23:00', '2026-11-22T01:10:00Z', { startDate: '2026-11-21', hour: 23 }],
    [
      '23:30 in São Paulo: tomorrow at 08:00, across the month end',
      '2026-12-01T02:30:00Z',
      { startDate: '2026-12-01', hour: 8 },
    ],
  ] as const)('%s', (_name, now, expected) => {
    expect(defaultStart(new Date(now))).toEqual(expected);
  });
});

describe('the dialog and the schedule row agree', () => {
  // The API places (startDate, hour) in São Paulo; the row shows the due instant in São Paulo too.
  const dueAt = ({ startDate, hour }: { startDate: string; hour: number }) =>
    toZoned(parseDateTime(`${startDate}T${String(hour).padStart(2, '0')}:00`), 'America/Sao_Paulo').toDate();

  it.each(['2026-11-21T09:15:00Z', '2026-11-22T01:10:00Z', '2026-12-01T02:30:00Z', '2026-12-01T03:30:00Z'])(
    'at %s the default start reads the same on the row',
    (now) => {
      const start = defaultStart(new Date(now));
      const [d, m, y] = start.startDate.split('-').reverse();
      expect(formatDateTimeBR(dueAt(start))).toBe(`${d}/${m}/${y} ${formatHour(start.hour)}`);
    },
  );

  it('"Enviar agora" is the São Paulo day and hour under way, across midnight UTC', () => {
    expect(startingNow(new Date('2026-11-26T02:30:00Z'))).toEqual({ startDate: '2026-11-25', hour: 23 });
    expect(startingNow(new Date('2026-11-26T03:05:00Z'))).toEqual({ startDate: '2026-11-26', hour: 0 });
    expect(formatDateTimeBR(dueAt(startingNow(new Date('2026-11-26T02:30:00Z'))))).toBe('25/11/2026 23:00');
  });
});

describe('describeSchedule', () => {
  const once = {
    ...emptyRecurrence('2026-11-27'),
    periodicity: 'once' as const,
    hour: 5,
    startDate: '2026-11-27',
    endDate: null,
  };
  const request = (r: Partial<NonNullable<QuizSchedule['lastRequest']>>) =>
    ({ status: 'scheduled', dueAt: '2026-11-27T08:00:00.000Z', sentAt: null, answeredAt: null, ...r }) as never;
  it('says when a single send really went, not the hour it was planned for', () => {
    const sent = { ...once, lastRequest: request({ status: 'sent', sentAt: '2026-11-27T08:22:00.000Z' }) };
    expect(describeSchedule(sent as unknown as QuizSchedule)).toBe('Uma vez, enviado em 27/11/2026 às 05:22.');
  });
  it('says a due send is on its way', () => {
    const due = { ...once, lastRequest: request({}) } as unknown as QuizSchedule;
    expect(isSending(due, new Date('2026-11-27T08:22:00Z'))).toBe(true);
    expect(isSending(due, new Date('2026-11-27T07:59:00Z'))).toBe(false);
    expect(describeSchedule(due)).toBe('Uma vez, sendo enviado agora.');
  });
  it('keeps the plan of a repeating schedule', () => {
    const weekly = { ...once, periodicity: 'weekly', weekdays: [1], lastRequest: null } as unknown as QuizSchedule;
    expect(describeSchedule(weekly)).toBe('Toda semana: segunda às 05:00, a partir de 27/11/2026.');
  });
});
