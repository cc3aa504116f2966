import type { QueryClient } from '@tanstack/react-query';
import type { QueryOperationId } from '@acompanha/api-client';

const SCHEDULES = [
  'listQuizSchedules',
  'getQuizSchedule',
  'listPatientQuizzes',
  'listSchedulesWithoutConfirmation',
  'getBulkProcessStatus',
] as const;

/**
 * What refreshes after each change the portal makes: the one place to read and to change it. Each change
 * names the API reads (by operation id, every page and filter of them) whose cached answers it makes stale.
 */
export const REFRESH_AFTER = {
  /** A schedule created, rescheduled, enabled, disabled or deleted; a request sent now, cancelled or resent; a bulk process ended. */
  scheduleChanged: SCHEDULES,
  /** Late requests resent from the answer report: the schedules, and the report's own figures. */
  lateRequestsResent: [...SCHEDULES, 'listDelayedAnswerRequests', 'getAnswerStatusReport'],
  /** A bulk process's result acknowledged: the banners that showed it. */
  bulkProcessAcknowledged: ['getBulkProcessStatus'],
  /**
   * A revision approved, set pending, or its notes changed. The schedules lists carry each schedule's
   * answer counts (the "Revisão pendente" badge).
   */
  revisionChanged: [
    'listAnswerRevisions',
    'listPendingAnswerRevisions',
    'listQuizAnswerRevisions',
    'getAnswerRevision',
    'getScheduleAnswerRevisions',
    'listQuizSchedules',
    'getQuizSchedule',
  ],
  /** Patients added (one, or an import) or removed in bulk: the lists and their totals. */
  patientsAdded: ['listPatients', 'getPatientTotals'],
  /** A patient's data saved. */
  patientEdited: ['listPatients'],
  /** A patient inactivated: her profile, the lists and their totals. */
  patientInactivated: ['getPatient', 'listPatients', 'getPatientTotals'],
  /** A patient deleted: the lists, their totals and the sales that counted her. */
  patientDeleted: ['listPatients', 'getPatientTotals', 'listSales'],
  /** A sale registered, refunded or deleted: the sales, the invoice, and the patient's current service. */
  saleChanged: ['listSales', 'getInvoice', 'getPatient', 'listPatients'],
  /** A message composed to clients, or a failed one retried: her sends and the clients' threads. */
  messageSent: ['listMessageCampaigns', 'getMessageCampaign', 'getChatHistory'],
  /** A service created, edited, disabled or enabled. */
  serviceChanged: ['listServices'],
  /** A quiz created, saved, copied or disabled. */
  quizChanged: ['listQuizzes'],
  /** A question or a category created, saved, copied or deleted (each list shows the other's names). */
  questionBankChanged: ['listQuestions', 'listCategories'],
  /** An appearance created, saved, deleted or made the default. */
  appearanceChanged: ['listAppearances'],
  /** A notification read, unread, archived or unarchived; all marked as read. */
  notificationsChanged: ['listNotifications', 'getNotificationUnreadCount'],
  /** A notification type's channels or quiet hours saved. */
  notificationSettingsChanged: ['getNotificationSettings'],
  /** A webhook created, edited, turned on or off (its waiting messages pause or go), deleted, or rotated. */
  webhooksChanged: ['listWebhooks', 'listWebhookResponses'],
  /** A test event or a redelivery queued: the endpoint's delivery log (and its count of messages waiting). */
  webhookSendQueued: ['listWebhookResponses'],
} as const satisfies Record<string, readonly QueryOperationId[]>;

export type PortalChange = keyof typeof REFRESH_AFTER;

/**
 * Invalidates every cached query of the given API reads, whatever their parameters (all pages and filters
 * of a list). The generated query keys start with `{ _id: operationId }`.
 */
export function invalidateOperation(queryClient: QueryClient, ...operationIds: QueryOperationId[]) {
  const ids = new Set<string>(operationIds);
  return queryClient.invalidateQueries({
    predicate: (query) => ids.has((query.queryKey[0] as { _id?: string } | undefined)?._id ?? ''),
  });
}

/** Refreshes what the given changes make stale (see REFRESH_AFTER). */
export function refreshAfter(queryClient: QueryClient, ...changes: PortalChange[]) {
  return invalidateOperation(queryClient, ...new Set(changes.flatMap((change) => REFRESH_AFTER[change])));
}
