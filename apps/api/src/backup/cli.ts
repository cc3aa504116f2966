/**
 * The operator's commands (run from the repository root, with the server's environment):
 *
 *   pnpm backup [--out FILE] [--unencrypted]   one archive of the database and the local uploads
 *   pnpm restore FILE [--force]                  into what DATABASE_URL / DATA_DIR points at (empty, or --force)
 *   pnpm backup:keygen --out FILE                an age key pair: the secret key into FILE, the public key printed
 *
 * Both read DATABASE_URL (PostgreSQL) or DATA_DIR (`<repo>/.data`: the embedded database in `pglite/`, the
 * uploads in `uploads/`), like the server; BACKUP_RECIPIENT / BACKUP_PASSPHRASE to write and BACKUP_IDENTITY /
 * BACKUP_PASSPHRASE to read.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT, s3ConfigFromEnv } from '../config.js';
import { dataDirHolder } from '../db/lock.js';
import { openEmbedded, openForCommand } from '../db/open-embedded.js';
import { verifyArchive, type Manifest } from './archive.js';
import { backupThroughServer, readEndpoint, recordThroughServer } from './endpoint.js';
import { BackupKeyError, encryptionFromEnv, newKeyPair, withReadBack } from './keys.js';
import { restoreBackup } from './restore.js';
import { createBackup, recordBackupRun, type BackupRun } from './run.js';

const env = process.env;
const dataDir = path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
const uploadsDir = path.join(dataDir, 'uploads');
/** pnpm runs scripts from the root: a relative path is the operator's, from where she typed the command. */
const fromCaller = (p: string) => path.resolve(env.INIT_CWD ?? process.cwd(), p);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const peakMb = () => Math.round(process.resourceUsage().maxRSS / 1024);
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function stamp(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

function summary(manifest: Manifest): string {
  const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
  const s3 = manifest.uploads.s3
    ? `; ${manifest.uploads.s3.objects.length} files listed in bucket ${manifest.uploads.s3.bucket}`
    : '';
  return (
    `${manifest.tables.length} tables, ${rows} rows, migration ${manifest.migration.tag}; ` +
    `${manifest.uploads.files} local uploads (${mb(manifest.uploads.bytes)})${s3}`
  );
}

async function recordRun(record: ((run: BackupRun) => Promise<void>) | undefined, run: BackupRun): Promise<void> {
  await record?.(run).catch((err: unknown) =>
    console.warn(`(the run could not be recorded in backup_runs: ${(err as Error).message})`),
  );
}

async function backup(args: string[]): Promise<void> {
  const unencrypted = args.includes('--unencrypted');
  const outArg = args[args.indexOf('--out') + 1];
  const base = await withReadBack(encryptionFromEnv(env, { unencrypted }));
  if (base.encryption.kind === 'none') {
    console.warn('WARNING: writing a backup IN CLEAR (--unencrypted): it holds patient data; keep it safe.');
  }
  const startedAt = new Date();
  const out = fromCaller(
    args.includes('--out') && outArg
      ? outArg
      : `acompanha-${stamp(startedAt)}.tar.gz${base.encryption.kind === 'none' ? '' : '.age'}`,
  );
  const s3 = s3ConfigFromEnv(env);
  const t0 = Date.now();
  let record: ((run: BackupRun) => Promise<void>) | undefined;
  let size: number;
  let close = async () => {};
  const endpoint = env.DATABASE_URL ? undefined : dataDirHolder(dataDir) ? readEndpoint(dataDir) : undefined;
  try {
    if (env.DATABASE_URL) {
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      close = () => client.end();
      record = (run) => recordBackupRun(client, run);
      const r = await createBackup(client, {
        database: 'postgresql',
        uploadsDir: s3 ? undefined : uploadsDir,
        s3Bucket: s3?.bucket,
        out,
        encryption: base.encryption,
      });
      size = r.size;
    } else if (dataDirHolder(dataDir)) {
      if (!endpoint) {
        throw new Error(
          `A server (pid ${dataDirHolder(dataDir)}) holds the embedded database in ${dataDir} but offers no backup ` +
            'endpoint (an older version?): stop it and run the backup again.',
        );
      }
      console.log('A server is running on this data folder: the snapshot is taken through it.');
      record = (run) => recordThroughServer(endpoint, run);
      size = await backupThroughServer(endpoint, out, base.encryption);
    } else {
      const db = await openEmbedded(dataDir);
      close = () => db.close();
      record = (run) => recordBackupRun(db.handle.pool, run);
      const client = await db.handle.pool.connect();
      try {
        const r = await createBackup(client, { database: 'pglite', uploadsDir, out, encryption: base.encryption });
        size = r.size;
      } finally {
        client.release();
      }
    }
    const written = Date.now() - t0;
    const manifest = await verifyArchive(out, base.readBackEnv);
    await recordRun(record, {
      kind: 'manual',
      startedAt,
      finishedAt: new Date(),
      ok: true,
      size,
      file: path.basename(out),
    });
    console.log(`Backup written: ${out}`);
    console.log(`  ${summary(manifest)}`);
    console.log(
      `  ${mb(size)} ${base.encryption.kind === 'none' ? 'in clear' : `encrypted with age (${base.encryption.kind === 'passphrase' ? 'passphrase' : 'recipient'})`}, ` +
        `written in ${secs(written)}, read back and checked in ${secs(Date.now() - t0 - written)}; ` +
        `peak memory ${peakMb()} MB`,
    );
  } catch (err) {
    const error = (err as Error).message;
    await recordRun(record, {
      kind: 'manual',
      startedAt,
      finishedAt: new Date(),
      ok: false,
      file: path.basename(out),
      error,
    });
    throw err;
  } finally {
    await close();
  }
}

async function restore(args: string[]): Promise<void> {
  const fileArg = args.find((a) => !a.startsWith('--'));
  if (!fileArg) throw new Error('Usage: pnpm restore FILE [--force]');
  const file = fromCaller(fileArg);
  if (!fs.existsSync(file)) throw new Error(`No such file: ${file}`);
  const force = args.includes('--force');
  const t0 = Date.now();
  const { handle, close } = await openForCommand(
    env.DATABASE_URL,
    dataDir,
    (pid) => `A server (pid ${pid}) is running on ${dataDir}: stop it before restoring.`,
  );
  const pool = handle.pool;
  try {
    const result = await restoreBackup({ file, env, pool, uploadsDir, force, log: (l) => console.log(l) });
    console.log(
      `Restored into ${env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${dataDir}`}:`,
    );
    for (const r of result.rows) if (r.rows) console.log(`  ${r.table.padEnd(32)} ${String(r.rows).padStart(9)}`);
    const total = result.rows.reduce((n, r) => n + r.rows, 0);
    console.log(`  ${'(every table)'.padEnd(32)} ${String(total).padStart(9)} rows; ${result.uploads} uploads`);
    if (result.manifest.uploads.s3) {
      console.log(
        `  ${result.manifest.uploads.s3.objects.length} files live in bucket ${result.manifest.uploads.s3.bucket} ` +
          "(not in the archive: restore them from the bucket's versioning if needed).",
      );
    }
    console.log(`Done in ${secs(Date.now() - t0)} (peak memory ${peakMb()} MB).`);
  } finally {
    await close();
  }
}

/** A new age key pair in age-keygen's file format (the age tools read it too); prints the public key. */
async function keygen(args: string[]): Promise<void> {
  const outArg = args[args.indexOf('--out') + 1];
  if (!args.includes('--out') || !outArg) throw new Error('Usage: pnpm backup:keygen --out FILE');
  const file = fromCaller(outArg);
  if (fs.existsSync(file)) throw new Error(`${file} exists: refusing to overwrite a key.`);
  const { identity, recipient } = await newKeyPair();
  fs.writeFileSync(file, `# created: ${new Date().toISOString()}\n# public key: ${recipient}\n${identity}\n`, {
    mode: 0o600,
    flag: 'wx',
  });
  console.log(`Secret key written to ${file} (keep it off the server; restoring needs it: BACKUP_IDENTITY=${file}).`);
  console.log(`Public key (BACKUP_RECIPIENT): ${recipient}`);
}

const [command, ...rest] = process.argv.slice(2);
const run = command === 'backup' ? backup : command === 'restore' ? restore : command === 'keygen' ? keygen : undefined;
if (!run) {
  console.error('Usage: pnpm backup [--out FILE] [--unencrypted] | pnpm restore FILE [--force]');
  process.exit(2);
}
run(rest).then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof BackupKeyError ? err.message : `Error: ${(err as Error).message}`);
    if (env.DEBUG) console.error(err);
    process.exit(1);
  },
);
