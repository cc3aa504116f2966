/** What a client in the list needs next, from what the list already knows about her. */
import type { Patient } from '@acompanha/api-client';
import { serviceDaysLeft, serviceEndsSoon } from '@acompanha/calendar';
import { formatCalendarDate, lastCoveredDay } from '../../lib/dates';

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

/**
 * The next action for a client: an answer waiting for review first, then a service to sell (none now) or to
 * renew (ending soon: the dashboard's own rule, `serviceEndsSoon`); an inactive client needs none.
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
  if (serviceEndsSoon(service.endsAt, today)) {
    const left = serviceDaysLeft(service.endsAt, today);
    const last = lastCoveredDay(service.endsAt);
    const detail =
      left === 0 ? 'termina hoje' : left === 1 ? 'termina amanhã' : `termina em ${formatCalendarDate(last)}`;
    return { kind: 'renew', label: 'Renovar serviço', detail, href: `${profile}?aba=vendas` };
  }
  return { kind: 'none', label: 'Em dia' };
}
