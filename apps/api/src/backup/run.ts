/** One backup, start to end: the snapshot into an archive file, the run recorded in `backup_runs`. */
import type pg from 'pg';
import { ArchiveWriter, writeArchiveFile, type Manifest } from './archive.js';
import { dumpInto, type DumpOptions } from './dump.js';
import type { Encryption } from './keys.js';

export interface BackupResult {
  manifest: Manifest;
  /** Bytes of the archive file. */
  size: number;
  file: string;
  /** How long the snapshot's transaction was open (ms). */
  snapshotMs: number;
}

/** Dumps the database the client is on (and the local uploads) into `out`. */
export async function createBackup(
  client: pg.ClientBase,
  options: DumpOptions & { out: string; encryption: Encryption },
): Promise<BackupResult> {
  const writer = new ArchiveWriter();
  let manifest: Manifest | undefined;
  let snapshotMs = 0;
  const produce = dumpInto(client, writer, {
    ...options,
    onSnapshotDone: (ms) => {
      snapshotMs = ms;
      options.onSnapshotDone?.(ms);
    },
  }).then((m) => {
    manifest = m;
  });
  const size = await writeArchiveFile(writer.pack, produce, options.encryption, options.out);
  return { manifest: manifest!, size, file: options.out, snapshotMs };
}

export interface BackupRun {
  kind: 'scheduled' | 'manual';
  startedAt: Date;
  finishedAt: Date;
  ok: boolean;
  size?: number;
  /** The archive's name (never a secret). */
  file?: string;
  error?: string;
}

/** Writes a finished run into `backup_runs` (the operator's metrics read the last success and failure there). */
export async function recordBackupRun(db: pg.ClientBase | pg.Pool, run: BackupRun): Promise<void> {
  await db.query(
    `INSERT INTO backup_runs (kind, started_at, finished_at, ok, size, file, error) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      run.kind,
      run.startedAt,
      run.finishedAt,
      run.ok,
      run.size ?? null,
      run.file ?? null,
      run.error?.slice(0, 2000) ?? null,
    ],
  );
}
