/**
 * Scheduled backups, in the jobs process, when `BACKUP_DIR` is set: at `BACKUP_SCHEDULE` (São Paulo wall time,
 * `HH:MM`, several separated by commas; default 03:00) a backup is written into BACKUP_DIR, read back (decrypted,
 * every checksum checked against the manifest), recorded in `backup_runs`, and the folder pruned to 7 daily and
 * 4 weekly backups. A failure is recorded too and e-mailed to `OPERATOR_EMAIL`. The clock is the app's (`now`)
 * and `tick()` is public, so the tests drive it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { TZDate } from '@date-fns/tz';
import { startOfISOWeek } from 'date-fns';
import type pg from 'pg';
import type { Mailer } from '../mail/mailer.js';
import { verifyArchive } from './archive.js';
import { withReadBack, type Encryption } from './keys.js';
import { createBackup, recordBackupRun, type BackupRun } from './run.js';

const ZONE = 'America/Sao_Paulo';
const NAME = /^acompanha-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar\.gz(\.age)?$/;

export interface ScheduleTime {
  hour: number;
  minute: number;
}

/** `HH:MM[,HH:MM…]`, São Paulo time. */
export function parseSchedule(value: string | undefined): ScheduleTime[] {
  const text = value?.trim() || '03:00';
  return text.split(',').map((part) => {
    const m = /^(\d{1,2}):(\d{2})$/.exec(part.trim());
    if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) {
      throw new Error(`BACKUP_SCHEDULE: "${part.trim()}" is not a time of day (HH:MM, São Paulo time).`);
    }
    return { hour: Number(m[1]), minute: Number(m[2]) };
  });
}

/** The first scheduled instant strictly after `after`. */
export function nextRunAfter(times: ScheduleTime[], after: Date): Date {
  const sp = new TZDate(after.getTime(), ZONE);
  let best: Date | undefined;
  for (let day = 0; day <= 1; day += 1) {
    for (const t of times) {
      const at = new TZDate(sp.getFullYear(), sp.getMonth(), sp.getDate() + day, t.hour, t.minute, 0, 0, ZONE);
      if (at.getTime() > after.getTime() && (!best || at.getTime() < best.getTime())) best = new Date(at.getTime());
    }
  }
  return best!;
}

export const backupFileName = (at: Date, encrypted: boolean) =>
  `acompanha-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tar.gz${encrypted ? '.age' : ''}`;

/** The instant in a backup's file name. */
export function backupTimeOf(name: string): Date | undefined {
  const m = NAME.exec(name);
  if (!m) return undefined;
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
}

/**
 * Which backups to keep: the newest of each of the last `daily` São Paulo days that have one, and the newest of
 * each of the last `weekly` ISO weeks that have one (a file may count for both).
 */
export function selectRetained(
  names: string[],
  keep: { daily: number; weekly: number } = { daily: 7, weekly: 4 },
): Set<string> {
  const dated = names
    .map((name) => ({ name, at: backupTimeOf(name) }))
    .filter((e): e is { name: string; at: Date } => !!e.at)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const kept = new Set<string>();
  const pick = (count: number, key: (d: TZDate) => string) => {
    const seen = new Set<string>();
    for (const e of dated) {
      const k = key(new TZDate(e.at.getTime(), ZONE));
      if (seen.has(k)) continue;
      if (seen.size >= count) break;
      seen.add(k);
      kept.add(e.name);
    }
  };
  pick(keep.daily, (d) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`);
  pick(keep.weekly, (d) => String(startOfISOWeek(d).getTime()));
  return kept;
}

export interface BackupScheduleOptions {
  pool: pg.Pool;
  mailer: Mailer;
  /** BACKUP_DIR. */
  dir: string;
  times: ScheduleTime[];
  /** The encryption from the environment (throws when there is none: a scheduled backup is never clear). */
  encryption: () => Encryption;
  database: 'pglite' | 'postgresql';
  uploadsDir?: string;
  s3Bucket?: string;
  operatorEmail?: string;
  now: () => Date;
  log: { info(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

/** One scheduled backup: write, read back, record, prune; on failure record and e-mail the operator. */
export async function runScheduledBackup(options: BackupScheduleOptions): Promise<BackupRun> {
  const startedAt = options.now();
  let run: BackupRun;
  let file: string | undefined;
  try {
    const base = options.encryption();
    if (base.kind === 'none')
      throw new Error('Scheduled backups are never written in clear: set BACKUP_RECIPIENT or BACKUP_PASSPHRASE.');
    const { encryption, readBackEnv } = await withReadBack(base);
    file = backupFileName(startedAt, true);
    fs.mkdirSync(options.dir, { recursive: true });
    const client = await options.pool.connect();
    let size: number;
    try {
      ({ size } = await createBackup(client, {
        database: options.database,
        uploadsDir: options.uploadsDir,
        s3Bucket: options.s3Bucket,
        out: path.join(options.dir, file),
        encryption,
        now: options.now,
      }));
    } finally {
      client.release();
    }
    await verifyArchive(path.join(options.dir, file), readBackEnv);
    run = { kind: 'scheduled', startedAt, finishedAt: options.now(), ok: true, size, file };
    const names = fs.readdirSync(options.dir);
    const kept = selectRetained(names);
    for (const name of names)
      if (backupTimeOf(name) && !kept.has(name)) fs.rmSync(path.join(options.dir, name), { force: true });
    options.log.info({ file, size }, 'scheduled backup written and verified');
  } catch (err) {
    const error = (err as Error).message;
    run = { kind: 'scheduled', startedAt, finishedAt: options.now(), ok: false, error, ...(file ? { file } : {}) };
    options.log.error({ err }, 'scheduled backup failed');
    if (options.operatorEmail) {
      const text =
        `O backup agendado de ${startedAt.toISOString()} falhou.\n\nErro: ${error}\n\n` +
        `Pasta: ${options.dir}\nVeja a tabela backup_runs e o log do processo de tarefas.`;
      await options.mailer
        .send({
          to: options.operatorEmail,
          subject: 'Acompanha: o backup agendado falhou',
          text,
          html: `<pre>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</pre>`,
        })
        .catch((mailErr: unknown) => options.log.error({ err: mailErr }, 'backup failure e-mail not sent'));
    }
  }
  await recordBackupRun(options.pool, run).catch((err: unknown) =>
    options.log.error({ err }, 'backup run not recorded'),
  );
  return run;
}

export interface BackupScheduler {
  /** The next scheduled instant. */
  next(): Date;
  /** Runs the backup when its time has come (by `now`); true when it ran. */
  tick(): Promise<boolean>;
  stop(): void;
}

/** Checks every `everyMs` (default 30 s) whether a backup is due. */
export function startBackupSchedule(options: BackupScheduleOptions, everyMs = 30_000): BackupScheduler {
  let next = nextRunAfter(options.times, options.now());
  let running = false;
  const scheduler: BackupScheduler = {
    next: () => next,
    async tick() {
      if (running || options.now().getTime() < next.getTime()) return false;
      running = true;
      try {
        next = nextRunAfter(options.times, options.now());
        await runScheduledBackup(options);
        return true;
      } finally {
        running = false;
      }
    },
    stop: () => clearInterval(timer),
  };
  const timer = setInterval(() => void scheduler.tick(), everyMs);
  timer.unref();
  return scheduler;
}
