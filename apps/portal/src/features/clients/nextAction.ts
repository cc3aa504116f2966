/** What a client in the list needs next, from what the list already knows about her. */
import type { Patient } from '@acompanha/api-client';
import { formatCalendarDate, lastCoveredDay } from '../../lib/dates';

/** A service ending within this many days asks to be renewed (the dashboard's "Serviços perto do fim" too). */
export const RENEW_WITHIN_DAYS = 14;

export type NextAction =
  | { kind: 'review'; label: string; href: string }
  | { kind: 'sell'; label: string; href: string }
  | { kind: 'renew'; label: string; detail: string; href: string }
  | { kind: 'none'; label: string };

/** One of a client's answers waiting for review, from the pending revisions' page. */
export interface PendingAnswer {
  patientId: string;
  quizScheduleId: string;
}

/** Whole days from `today` to `date` (both `YYYY-MM-DD`). */
function daysBetween(today: string, date: string): number {
  return Math.round((Date.parse(`${date}T12:00:00Z`) - Date.parse(`${today}T12:00:00Z`)) / 86_400_000);
}

/**
 * The next action for a client: an answer waiting for review first, then a service to sell (none now) or to
 * renew (its last day within two weeks); an inactive client needs none.
 */
export function nextAction(
  patient: Pick<Patient, 'id' | 'status' | 'currentService'>,
  pending: PendingAnswer | undefined,
  today: string,
): NextAction {
  const profile = `/clients/profile/${patient.id}`;
  if (pending) return { kind: 'review', label: 'Revisar resposta', href: `${profile}/quiz/${pending.quizScheduleId}` };
  if (patient.status !== 'active') return { kind: 'none', label: 'Nenhuma: cliente inativo' };
  const service = patient.currentService;
  if (!service) return { kind: 'sell', label: 'Vender um serviço', href: `${profile}?aba=vendas` };
  const last = lastCoveredDay(service.endsAt);
  const left = daysBetween(today, last);
  if (left <= RENEW_WITHIN_DAYS) {
    const detail =
      left <= 0 ? 'termina hoje' : left === 1 ? 'termina amanhã' : `termina em ${formatCalendarDate(last)}`;
    return { kind: 'renew', label: 'Renovar serviço', detail, href: `${profile}?aba=vendas` };
  }
  return { kind: 'none', label: 'Em dia' };
}
