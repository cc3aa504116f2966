import { describe, expect, it } from 'vitest';
import { cardBrand, cardOutcome, STANDIN_TEST_CARDS as CARDS } from './cards.js';
import { addMonths, brDate, netCents, newId, nextCycleDate, spDateTime } from './objects.js';

describe('gateway stand-in objects', () => {
  it('moves due dates by cycle, keeping the day of the month where it exists', () => {
    expect(addMonths('2026-01-31', 1, 31)).toBe('2026-02-28');
    expect(addMonths('2026-02-28', 1, 31)).toBe('2026-03-31');
    expect(addMonths('2028-01-31', 1, 31)).toBe('2028-02-29');
    expect(addMonths('2026-12-15', 1, 15)).toBe('2027-01-15');
    expect(nextCycleDate('2026-05-04', 'MONTHLY', 4)).toBe('2026-06-04');
    expect(nextCycleDate('2028-02-29', 'YEARLY', 29)).toBe('2029-02-28');
    expect(nextCycleDate('2026-12-28', 'WEEKLY', 28)).toBe('2027-01-04');
    expect(nextCycleDate('2026-05-04', 'QUARTERLY', 4)).toBe('2026-08-04');
  });

  it('writes dates and instants as Asaas does', () => {
    expect(spDateTime(new Date('2026-05-04T19:45:03Z'))).toBe('2026-05-04 16:45:03');
    expect(spDateTime(new Date('2026-05-05T02:00:00Z'))).toBe('2026-05-04 23:00:00');
    expect(brDate('2026-06-04')).toBe('04/06/2026');
  });

  it('makes Asaas-like ids and takes the card fee off the net value', () => {
    expect(newId.customer()).toMatch(/^cus_\d{12}$/);
    expect(newId.subscription()).toMatch(/^sub_[a-z0-9]{16}$/);
    expect(newId.payment()).toMatch(/^pay_[a-z0-9]{16}$/);
    expect(newId.event()).toMatch(/^evt_[0-9a-f]{32}&\d{7}$/);
    expect(netCents(3990)).toBe(3990 - 119 - 49);
  });

  it('knows the test cards and the brands', () => {
    expect(cardOutcome(CARDS.approved)).toEqual({ refused: false, behaviour: 'approve' });
    expect(cardOutcome(CARDS.refusedVisa)).toEqual({ refused: true });
    expect(cardOutcome(CARDS.riskAnalysis)).toEqual({ refused: false, behaviour: 'risk_analysis' });
    expect(cardOutcome('4444444444444444')).toEqual({ refused: false, behaviour: 'approve' });
    expect(cardBrand(CARDS.approved)).toBe('MASTERCARD');
    expect(cardBrand(CARDS.refusedVisa)).toBe('VISA');
    expect(cardBrand('2221000000000009')).toBe('MASTERCARD');
    expect(cardBrand('378282246310005')).toBe('AMEX');
    expect(cardBrand('6362970000457013')).toBe('ELO');
  });
});
