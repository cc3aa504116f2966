/**
 * When the professional must be asked to activate (pay for) her account, from her subscription as the API
 * reports it (`GET /payment/signatures`). Pure functions: the machine and the screens share them.
 */

export type SubscriptionState = 'trial' | 'active' | 'past_due' | 'cancelled' | 'expired';

/** What the activation flow needs to know of the subscription. */
export interface SubscriptionSummary {
  state: SubscriptionState;
  /** ISO instant the trial ends (trial only). */
  trialEndsAt: string | null;
  /** ISO instant the paid period ends (active, past due, cancelled). */
  currentPeriodEnd: string | null;
}

/** How long before the trial (or a cancelled period) ends the activation modal starts to appear. */
export const REMIND_BEFORE_MS = 3 * 24 * 3_600_000;
/** A dismissed reminder comes back after this long. */
export const REMIND_AGAIN_AFTER_MS = 24 * 3_600_000;

/**
 * - `none`: nothing to ask (paid, or a trial with days left);
 * - `soon`: the trial or the paid period ends within three days, or a renewal failed (past due): a reminder
 *   she may dismiss;
 * - `expired`: nothing paid covers today: the account is read-only and the modal is forced.
 */
export type ActivationNeed = 'none' | 'soon' | 'expired';

const endsWithin = (iso: string | null, now: Date, ms: number) => iso !== null && Date.parse(iso) - now.getTime() <= ms;

export function activationNeed(s: SubscriptionSummary, now: Date): ActivationNeed {
  switch (s.state) {
    case 'expired':
      return 'expired';
    case 'active':
      return 'none';
    case 'past_due':
      return 'soon';
    case 'trial':
      if (endsWithin(s.trialEndsAt, now, 0)) return 'expired';
      return endsWithin(s.trialEndsAt, now, REMIND_BEFORE_MS) ? 'soon' : 'none';
    case 'cancelled':
      if (endsWithin(s.currentPeriodEnd, now, 0)) return 'expired';
      return endsWithin(s.currentPeriodEnd, now, REMIND_BEFORE_MS) ? 'soon' : 'none';
  }
}

/** Days left in the trial (rounded up; 0 once it ended), or null outside a trial. */
export function trialDaysLeft(s: SubscriptionSummary, now: Date): number | null {
  if (s.state !== 'trial' || !s.trialEndsAt) return null;
  return Math.max(0, Math.ceil((Date.parse(s.trialEndsAt) - now.getTime()) / 86_400_000));
}

/** A reminder dismissed at `dismissedAt` stays away until a day has passed. */
export const reminderSnoozed = (dismissedAt: string | null, now: Date) =>
  dismissedAt !== null && now.getTime() - Date.parse(dismissedAt) < REMIND_AGAIN_AFTER_MS;
