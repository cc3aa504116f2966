import { z } from 'zod';
import { pagination } from '../lib/text.js';
import { ACCESS_KINDS } from './log.js';
import { ACTIVITY_KINDS } from './activity.js';

export const AccessLogParams = z.object({ id: z.uuid() });
export const AccessLogQuery = z.object({ ...pagination });

const address = z
  .string()
  .nullable()
  .meta({ description: "The client's address truncated to its /24 (IPv4) or /48 (IPv6); null when unknown." });

export const AccessLogEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.iso.datetime(),
    kind: z.enum(ACCESS_KINDS).meta({
      description:
        'answer (a schedule’s answers), review (one answer for review), report (the status report of one patient), series ' +
        '(her measurements over time), answers_export (a quiz’s answers as a spreadsheet), patient_export (her whole ' +
        'record), file (one of her files), access_log (this log).',
    }),
    targetId: z.string().nullable().meta({ description: 'What was read: the id the request named.' }),
    outcome: z
      .enum(['ok', 'refused', 'failed'])
      .meta({ description: 'ok; refused (not found, not allowed); failed (the server failed to answer).' }),
    address,
  })
  .meta({ id: 'AccessLogEntry' });

export const AccessLogPageSchema = z
  .object({ items: z.array(AccessLogEntrySchema), total: z.number().int() })
  .meta({ id: 'AccessLogPage', description: 'Newest first.' });

export const AccountActivityEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.iso.datetime(),
    kind: z.enum(ACTIVITY_KINDS).meta({
      description:
        'sign_in; sign_in_new_address (a sign-in from a network never seen on this account); password_changed; password_reset ' +
        '(through the recovery e-mail); export_requested; webhook_created; webhook_secret_rotated; webhook_deleted.',
    }),
    address,
    detail: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
      .nullable()
      .meta({ description: "Thin detail (an endpoint's or an export's id); never a secret." }),
  })
  .meta({ id: 'AccountActivityEntry' });

export const AccountActivityPageSchema = z
  .object({ items: z.array(AccountActivityEntrySchema), total: z.number().int() })
  .meta({ id: 'AccountActivityPage', description: 'Newest first.' });
