import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardSummary,
  centsToReais,
  eventInstant,
  paymentStatus,
  reaisToCents,
  toCalendarDate,
} from './asaas-shapes.js';

describe('cents ↔ reais', () => {
  it.each([
    [39000, 390, '390'],
    [1990, 19.9, '19.9'],
    [1, 0.01, '0.01'],
    [10, 0.1, '0.1'],
    [500, 5, '5'],
    [12345678901, 123456789.01, '123456789.01'],
  ])('%i cents are %d reais, written %s in JSON', (cents, reais, json) => {
    expect(centsToReais(cents)).toBe(reais);
    expect(JSON.stringify(centsToReais(cents))).toBe(json);
    expect(reaisToCents(reais)).toBe(cents);
    expect(reaisToCents(JSON.parse(json))).toBe(cents);
  });

  it('round-trips every amount up to a billion reais, through JSON, with no drift', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), (cents) => {
        const wire = JSON.stringify({ value: centsToReais(cents) });
        expect(reaisToCents(JSON.parse(wire).value)).toBe(cents);
        // At most two decimals on the wire.
        expect(wire).toMatch(/^\{"value":\d+(\.\d{1,2})?\}$/);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses what is not a whole, non-negative number of cents', () => {
    for (const bad of [19.9, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => centsToReais(bad)).toThrow(RangeError);
    }
    expect(() => reaisToCents(Number.NaN)).toThrow(RangeError);
  });
});

describe('dates', () => {
  it('reads both of Asaas’s date formats', () => {
    expect(toCalendarDate('2026-06-04')).toBe('2026-06-04');
    expect(toCalendarDate('04/06/2026')).toBe('2026-06-04');
  });

  it('reads an event time as Brasília time', () => {
    expect(eventInstant('2024-06-12 16:45:03')).toBe('2024-06-12T16:45:03-03:00');
    expect(new Date(eventInstant('2024-06-12 16:45:03')!).toISOString()).toBe('2024-06-12T19:45:03.000Z');
    expect(eventInstant(undefined)).toBeUndefined();
    expect(eventInstant('yesterday')).toBeUndefined();
  });
});

describe('statuses and cards', () => {
  it.each([
    ['PENDING', 'pending'],
    ['AWAITING_RISK_ANALYSIS', 'awaiting_risk_analysis'],
    ['CONFIRMED', 'confirmed'],
    ['RECEIVED', 'received'],
    ['RECEIVED_IN_CASH', 'received'],
    ['OVERDUE', 'overdue'],
    ['REFUND_REQUESTED', 'refund_requested'],
    ['REFUND_IN_PROGRESS', 'refund_requested'],
    ['REFUNDED', 'refunded'],
    ['CHARGEBACK_REQUESTED', 'chargeback'],
    ['CHARGEBACK_DISPUTE', 'chargeback'],
    ['AWAITING_CHARGEBACK_REVERSAL', 'chargeback'],
    ['SOMETHING_NEW', 'other'],
  ])('%s is %s', (asaas, ours) => {
    expect(paymentStatus(asaas)).toBe(ours);
  });

  it('keeps only the last four digits, whatever the gateway sends', () => {
    expect(cardSummary({ creditCardNumber: '8829', creditCardBrand: 'mastercard' })).toEqual({
      brand: 'MASTERCARD',
      last4: '8829',
    });
    expect(cardSummary({ creditCardNumber: '5162306219378829', creditCardBrand: 'VISA' })).toEqual({
      brand: 'VISA',
      last4: '8829',
    });
    expect(cardSummary(null)).toBeNull();
    expect(cardSummary({ creditCardNumber: null, creditCardBrand: 'VISA' })).toBeNull();
  });
});
