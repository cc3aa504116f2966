/**
 * Delivering one answer request: checks, a fresh PIN, the professional's template message, the channel,
 * then (in one transaction) the request marked sent, the PIN hash stored, older unstarted requests
 * expired, the message kept in the chat history and the next occurrence created.
 *
 * Runs inside a pg-boss job whose id is the request id, so only one worker holds it at a time; every
 * state change is conditional on status = 'scheduled', so a late or repeated run changes nothing.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppConfig } from '../config.js';
import type { Db, Executor } from '../db/client.js';
import {
  answerRequests,
  messages,
  patients,
  professionals,
  quizAnswers,
  quizSchedules,
  quizzes,
} from '../db/schema.js';
import type { ErrorCode } from '../errors/codes.js';
import { spDate } from '../lib/dates.js';
import { generatePin, hashPin } from '../quiz-answer/pin.js';
import { deliveryRuleProblem, patientNotActive, quizNotActive, withoutActiveService } from '../schedule/errors.js';
import { formatLastError, surveyLink } from '../schedule/dto.js';
import { hasActiveServiceSql } from '../schedule/lookups.js';
import { materializeNext } from '../schedule/occurrences.js';
import type { Channels } from './channels.js';
import { DeliveryError } from './errors.js';
import { linkMessage, MASKED_PIN } from './template.js';
import type { EventPayload } from '../events/catalog.js';
import { recordEvent } from '../events/record.js';

export interface DeliveryDeps {
  db: Db;
  config: Pick<AppConfig, 'now' | 'publicUrl'>;
  channels: Channels;
}

export type DeliveryOutcome = 'sent' | 'skipped' | 'cancelled' | 'expired' | 'failed';

type RequestRow = typeof answerRequests.$inferSelect;

/** Ends a request without sending it (and keeps the recurrence going). */
async function close(
  db: Db,
  request: RequestRow,
  status: 'cancelled' | 'expired',
  lastError: string,
  now: Date,
  failedMessage?: {
    patientId: string;
    professionalId: string;
    channel: 'email' | 'whatsapp';
    body: string;
    error: string;
  },
  failedEvent?: EventPayload<'answer_request.failed'>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [schedule] = await tx
      .select()
      .from(quizSchedules)
      .where(eq(quizSchedules.id, request.scheduleId))
      .for('update');
    const changed = await tx
      .update(answerRequests)
      .set({ status, lastError, ...(status === 'cancelled' ? { cancelledAt: now } : {}) })
      .where(and(eq(answerRequests.id, request.id), eq(answerRequests.status, 'scheduled')))
      .returning({ id: answerRequests.id });
    if (changed.length === 0) return;
    if (failedMessage) {
      await tx
        .insert(messages)
        .values({ ...failedMessage, status: 'failed', answerRequestId: request.id, createdAt: now });
    }
    if (failedEvent) await recordEvent(tx, request.professionalId, 'answer_request.failed', failedEvent);
    if (schedule && request.kind === 'scheduled') {
      await materializeNext(tx, schedule, new Date(Math.max(request.dueAt.getTime() + 1, now.getTime())), now);
    }
  });
}

const stopWith = (code: ErrorCode, message: string) => formatLastError(code, message);

/**
 * Delivers one request. Throws (so the job is retried with backoff) when the channel fails and attempts
 * remain; on the last attempt, or a permanent failure, the request expires with its lastError instead.
 */
export async function deliverAnswerRequest(
  deps: DeliveryDeps,
  requestId: string,
  opts: { lastAttempt: boolean },
): Promise<DeliveryOutcome> {
  const { db, config } = deps;
  const now = config.now();
  const [row] = await db
    .select({
      request: answerRequests,
      schedule: quizSchedules,
      patient: patients,
      professionalName: professionals.name,
      templateMessage: professionals.templateMessage,
      quizTitle: quizzes.title,
      quizActive: quizzes.isActive,
      hasService: hasActiveServiceSql(spDate(now)),
    })
    .from(answerRequests)
    .innerJoin(quizSchedules, eq(quizSchedules.id, answerRequests.scheduleId))
    .innerJoin(patients, eq(patients.id, answerRequests.patientId))
    .innerJoin(professionals, eq(professionals.id, answerRequests.professionalId))
    .innerJoin(quizzes, eq(quizzes.id, answerRequests.quizId))
    .where(eq(answerRequests.id, requestId));
  if (!row || row.request.status !== 'scheduled') return 'skipped';
  const { request, schedule, patient } = row;

  if (schedule.deletedAt || !schedule.enabled) {
    await close(
      db,
      request,
      'cancelled',
      stopWith('DELIVERY_RULE_EXCEPTION', 'O agendamento foi desativado ou excluído.'),
      now,
    );
    return 'cancelled';
  }
  const rule = !row.quizActive
    ? quizNotActive()
    : patient.status !== 'active'
      ? patientNotActive()
      : (deliveryRuleProblem(patient, schedule.channel) ?? (!row.hasService ? withoutActiveService() : null));
  if (rule) {
    await close(db, request, 'expired', stopWith(rule.code, rule.message), now);
    return 'expired';
  }

  // Count the attempt before talking to the channel (a crash mid-send still counts).
  const claimed = await db
    .update(answerRequests)
    .set({ attempts: sql`${answerRequests.attempts} + 1` })
    .where(and(eq(answerRequests.id, request.id), eq(answerRequests.status, 'scheduled')))
    .returning({ attempts: answerRequests.attempts });
  if (claimed.length === 0) return 'skipped';

  const eventRef = {
    scheduleId: schedule.id,
    quizId: schedule.quizId,
    quizTitle: row.quizTitle,
    patientId: patient.id,
    patientName: patient.name,
  };
  const pin = generatePin();
  const link = surveyLink(config.publicUrl, schedule.id);
  const message = { patientName: patient.name, professionalName: row.professionalName, quizTitle: row.quizTitle, link };
  const text = linkMessage(row.templateMessage, message, pin);
  const historyText = linkMessage(row.templateMessage, message, MASKED_PIN);

  let providerMessageId: string | null;
  try {
    ({ providerMessageId } = await deps.channels[schedule.channel].send({
      patientEmail: patient.email,
      patientPhone: patient.phone,
      professionalName: row.professionalName,
      quizTitle: row.quizTitle,
      link,
      pin,
      text,
    }));
  } catch (err) {
    const e =
      err instanceof DeliveryError
        ? err
        : new DeliveryError(
            schedule.channel === 'whatsapp' ? 'WHATSAPP_INTEGRATION_ERROR' : 'NOTIFICATION_CHANNEL_ERROR',
            (err as Error).message,
          );
    const lastError = formatLastError(e.code, e.message);
    const failedAt = config.now();
    if (opts.lastAttempt || e.permanent) {
      await close(
        db,
        request,
        'expired',
        lastError,
        failedAt,
        {
          patientId: patient.id,
          professionalId: schedule.professionalId,
          channel: schedule.channel,
          body: historyText,
          error: lastError,
        },
        { answerRequestId: request.id, ...eventRef, channel: schedule.channel, errorCode: e.code },
      );
      return 'failed';
    }
    await db
      .update(answerRequests)
      .set({ lastError })
      .where(and(eq(answerRequests.id, request.id), eq(answerRequests.status, 'scheduled')));
    throw e;
  }

  const sentAt = config.now();
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(quizSchedules).where(eq(quizSchedules.id, schedule.id)).for('update');
    // The patient holds this PIN now, whatever happened to the request meanwhile.
    await tx
      .update(quizSchedules)
      .set({ pinHash: hashPin(pin), pinFailedAttempts: 0, pinLockedUntil: null })
      .where(eq(quizSchedules.id, schedule.id));
    await tx
      .update(answerRequests)
      .set({ status: 'sent', sentAt, lastError: null })
      .where(and(eq(answerRequests.id, request.id), eq(answerRequests.status, 'scheduled')));
    await expireOlderUnstarted(tx, schedule.id, request.id);
    await tx.insert(messages).values({
      professionalId: schedule.professionalId,
      patientId: patient.id,
      channel: schedule.channel,
      body: historyText,
      status: 'sent',
      answerRequestId: request.id,
      providerMessageId,
      createdAt: sentAt,
    });
    if (locked && request.kind === 'scheduled') {
      await materializeNext(tx, locked, new Date(Math.max(request.dueAt.getTime() + 1, sentAt.getTime())), sentAt);
    }
    await recordEvent(tx, schedule.professionalId, 'answer_request.sent', {
      answerRequestId: request.id,
      ...eventRef,
      channel: schedule.channel,
      sentAt: sentAt.toISOString(),
    });
  });
  return 'sent';
}

/** A new link supersedes the older sent ones the patient has not started answering. */
async function expireOlderUnstarted(tx: Executor, scheduleId: string, exceptRequestId: string): Promise<void> {
  await tx
    .update(answerRequests)
    .set({ status: 'expired' })
    .where(
      and(
        eq(answerRequests.scheduleId, scheduleId),
        eq(answerRequests.status, 'sent'),
        ne(answerRequests.id, exceptRequestId),
        sql`NOT EXISTS (SELECT 1 FROM ${quizAnswers} WHERE ${quizAnswers.answerRequestId} = ${answerRequests.id})`,
      ),
    );
}
