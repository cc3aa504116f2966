import type { QuizSchedule } from '@acompanha/api-client';
import { Badge, Stack, Text } from '@acompanha/ui';
import { formatDateTimeBR } from '../../lib/format';
import { describeSchedule, isSending, REQUEST_STATUS } from './labels';
import { CHANNEL_LABELS } from '../../lib/labels';

/** Active / paused, and a locked link (too many wrong PINs). */
export function ScheduleStateBadges({ schedule }: { schedule: QuizSchedule }) {
  return (
    <Stack direction="row" gap={1} wrap>
      {schedule.enabled ? <Badge tone="success">Ativo</Badge> : <Badge tone="neutral">Desativado</Badge>}
      {schedule.pinLocked ? <Badge tone="danger">Link bloqueado</Badge> : null}
    </Stack>
  );
}

/** How often and by which channel. */
export function RecurrenceCell({ schedule }: { schedule: QuizSchedule }) {
  return (
    <Stack gap={1}>
      <Text as="span">{describeSchedule(schedule)}</Text>
      <Text as="span" variant="small">
        Por {CHANNEL_LABELS[schedule.channel]}
      </Text>
    </Stack>
  );
}

/** The next due time, or why there is none. */
export function NextDueCell({ schedule }: { schedule: QuizSchedule }) {
  if (schedule.nextDueAt) return <>{formatDateTimeBR(schedule.nextDueAt)}</>;
  return (
    <Text as="span" variant="small">
      {schedule.enabled ? 'Nenhum envio previsto' : 'Pausado'}
    </Text>
  );
}

/** The latest request: its state, when, and why the last delivery failed. */
export function LastRequestCell({ schedule }: { schedule: QuizSchedule }) {
  const last = schedule.lastRequest;
  if (!last)
    return (
      <Text as="span" variant="small">
        Nenhum envio ainda
      </Text>
    );
  const status = isSending(schedule) ? { label: 'Enviando', tone: 'info' as const } : REQUEST_STATUS[last.status];
  const when = last.answeredAt ?? last.sentAt ?? last.dueAt;
  return (
    <Stack gap={1} align="start">
      <Badge tone={status.tone}>{status.label}</Badge>
      <Text as="span" variant="small">
        {formatDateTimeBR(when)}
      </Text>
      {last.lastError ? (
        <Text as="span" variant="small" css={{ color: 'var(--color-danger)' }}>
          {last.lastError}
        </Text>
      ) : null}
    </Stack>
  );
}
