import { describe, expect, it } from 'vitest';
import { nextAction } from './nextAction';

const ID = '11111111-1111-4111-8111-111111111111';
const TODAY = '2026-11-26';
const active = { id: ID, status: 'active' as const, currentService: null };
const serving = (endsAt: string) => ({ ...active, currentService: { id: ID, name: 'Plano mensal', endsAt } });

describe('nextAction', () => {
  it('asks to review a pending answer first, linking to it', () => {
    const action = nextAction(serving('2027-01-10'), { patientId: ID, quizScheduleId: 'q1' }, TODAY);
    expect(action).toEqual({ kind: 'review', label: 'Revisar resposta', href: `/clients/profile/${ID}/quiz/q1` });
  });

  it('asks to sell a service to an active client without one', () => {
    expect(nextAction(active, undefined, TODAY)).toMatchObject({
      kind: 'sell',
      href: `/clients/profile/${ID}?aba=vendas`,
    });
  });

  it('asks to renew a service whose last day is within the next 14 days (the dashboard lists the same ones)', () => {
    // endsAt is the first day without the service: its last day is the day before.
    expect(nextAction(serving('2026-12-10'), undefined, TODAY)).toMatchObject({
      kind: 'renew',
      detail: 'termina em 09/12/2026',
    });
    expect(nextAction(serving('2026-11-28'), undefined, TODAY)).toMatchObject({ detail: 'termina amanhã' });
    expect(nextAction(serving('2026-11-27'), undefined, TODAY)).toMatchObject({ detail: 'termina hoje' });
  });

  it('needs nothing while the service runs for more than two weeks, nor for an inactive client', () => {
    expect(nextAction(serving('2026-12-11'), undefined, TODAY)).toEqual({ kind: 'none', label: 'Em dia' });
    expect(nextAction({ ...active, status: 'inactive' }, undefined, TODAY)).toMatchObject({ kind: 'none' });
  });
});
