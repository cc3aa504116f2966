/**
 * Backup and restore (src/backup): a practice with a professional, patients, an answer and an uploaded photo,
 * made through the HTTP API, is backed up and restored into a fresh database of the other kind (PGlite ⇄
 * PostgreSQL when DATABASE_URL is set) with the same digest for every table and the same files; tampered
 * archives, wrong keys and non-empty targets are refused before anything is written; scheduled runs are
 * recorded, e-mailed on failure, and pruned to 7 daily + 4 weekly.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateIdentity, identityToRecipient } from 'age-encryption';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyArchive } from '../src/backup/archive.js';
import { backupThroughServer, readEndpoint, startBackupEndpoint } from '../src/backup/endpoint.js';
import { appliedVersion, codeVersion, migrateUpTo, readJournal } from '../src/backup/migrations.js';
import { encryptionFromEnv, type Encryption } from '../src/backup/keys.js';
import { restoreBackup } from '../src/backup/restore.js';
import { createBackup } from '../src/backup/run.js';
import {
  backupFileName,
  nextRunAfter,
  parseSchedule,
  runScheduledBackup,
  selectRetained,
  startBackupSchedule,
} from '../src/backup/schedule.js';
import { defaultQuestionId as q } from '../src/question/library.js';
import { surveyFlow } from './helpers/answer-revision.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { digestsOf, filesUnder, freshDatabase, tamper, type Target } from './helpers/backup.js';
import { backends } from './helpers/backends.js';
import { pinClock, practice } from './helpers/scheduling.js';

/** Monday, 4 March 2030, 02:58 in São Paulo: two minutes before the default schedule. */
const START = '2030-03-04T05:58:00Z';
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 9, 8, 7, 6, 5, 4, 3, 2, 1]);

describe.each(backends)('backup and restore on $name', (backend) => {
  const other: 'pglite' | 'postgres' = backend.name === 'pglite' && process.env.DATABASE_URL ? 'postgres' : 'pglite';
  let t: TestApp;
  let work: string;
  let identity: string;
  let encryption: Encryption;
  let archive: string;
  const targets: Target[] = [];
  const target = async () => {
    const d = await freshDatabase(other);
    targets.push(d);
    return d;
  };
  const backup = async (out: string, enc: Encryption = encryption) => {
    const client = await t.database.pool.connect();
    try {
      return await createBackup(client, {
        database: backend.name === 'pglite' ? 'pglite' : 'postgresql',
        uploadsDir: t.uploadsDir,
        out,
        encryption: enc,
      });
    } finally {
      client.release();
    }
  };

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-backup-test-'));
    identity = await generateIdentity();
    encryption = { kind: 'recipients', recipients: [await identityToRecipient(identity)] };
    t = await createTestApp(backend);
    pinClock(t, START);
    t.clock.freeze();
    const p = practice(t);
    const flow = surveyFlow(t, p);
    const pro = await t.signUp('ana.backup@example.com');
    const serviceId = await p.service(pro, 365);
    const quizId = (
      await p.ok(
        p.api('POST', '/quiz', pro, {
          title: 'Acompanhamento semanal',
          chosenQuestions: [{ id: q('peso') }, { id: q('foto-corpo') }],
        }),
        201,
      )
    ).id as string;
    const patient = await p.patient(pro, { serviceId, channel: 'email', name: 'Carla Dias' });
    await p.patient(pro, { serviceId, channel: 'email', name: 'Bruno Lima' });
    const schedule = await p.schedule(pro, quizId, patient.id);
    await flow.answer({
      pro,
      scheduleId: schedule.id,
      email: patient.email!,
      steps: [
        { questionId: q('peso'), value: { type: 'metrics', value: 70.5 } },
        {
          questionId: q('foto-corpo'),
          value: async (token) => ({
            type: 'file-upload',
            files: [await flow.upload(token, q('foto-corpo'), 'frente.jpg', JPEG)],
          }),
        },
      ],
    });
    // The append-only access log and the account activity (identity columns; the log refuses UPDATE and DELETE).
    const { rows } = await t.database.pool.query(`SELECT id FROM professionals WHERE email = 'ana.backup@example.com'`);
    for (const kind of ['answer', 'file']) {
      await t.database.pool.query(
        `INSERT INTO access_log (professional_id, patient_id, kind, outcome, address) VALUES ($1, $2, $3, 'ok', '127.0.0.0/24')`,
        [rows[0].id, patient.id, kind],
      );
    }
    await t.database.pool.query(`INSERT INTO account_activity (professional_id, kind) VALUES ($1, 'sign_in')`, [
      rows[0].id,
    ]);
    archive = path.join(work, 'a.tar.gz.age');
  });

  afterAll(async () => {
    for (const d of targets) await d.close();
    await t?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it(`restores into a fresh ${other} database with the same digest for every table, and the uploads`, async () => {
    const made = await backup(archive);
    expect(made.size).toBeGreaterThan(0);
    expect(made.manifest.migration.tag).toMatch(/^\d{4}_/);
    expect(made.manifest.product).toEqual({ name: 'acompanha', version: '0.1.0' });
    expect(made.manifest.tables.find((x) => x.name === 'patients')?.rows).toBe(2);
    expect(made.manifest.uploads.storage).toBe('local');
    expect(made.manifest.uploads.files).toBeGreaterThan(0);
    expect(fs.readFileSync(archive).subarray(0, 21).toString()).toBe('age-encryption.org/v1');

    const d = await target();
    const uploads = path.join(work, 'restored-uploads');
    const result = await restoreBackup({
      file: archive,
      env: { BACKUP_IDENTITY: identity },
      pool: d.pool,
      uploadsDir: uploads,
    });
    expect(result.uploads).toBe(made.manifest.uploads.files);
    expect(result.rows.find((r) => r.table === 'answer_revisions')?.rows).toBe(1);
    expect(await digestsOf(d.pool)).toEqual(await digestsOf(t.database.pool));
    expect(filesUnder(uploads)).toEqual(filesUnder(t.uploadsDir));
    expect(result.rows.find((r) => r.table === 'access_log')?.rows).toBe(2);
    // The caches' versions passed every number used before (the backup's, and what processes may hold).
    const restartedAt = Date.now() - 60_000;
    for (const table of ['patient_list_versions', 'follow_up_versions']) {
      const { rows } = await d.pool.query<{ version: string }>(
        `SELECT v.version::text AS version FROM professionals p LEFT JOIN ${table} v ON v.professional_id = p.id`,
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) expect(Number(r.version)).toBeGreaterThan(restartedAt);
    }
    // Identity columns go on from where they were, and the access log is append-only again.
    const next = await d.pool.query(
      `INSERT INTO access_log (professional_id, kind, outcome) SELECT professional_id, 'answer', 'ok' FROM access_log LIMIT 1 RETURNING id`,
    );
    expect(Number(next.rows[0].id)).toBe(3);
    await expect(d.pool.query(`DELETE FROM access_log`)).rejects.toThrow(/append-only/);
    await d.pool.query(`TRUNCATE access_log`);
  });

  it('refuses a tampered or damaged archive before writing anything', async () => {
    const clear = path.join(work, 'clear.tar.gz');
    await backup(clear, { kind: 'none' });
    const altered = path.join(work, 'altered.tar.gz');
    await tamper(clear, altered);
    const d = await target();
    const uploads = path.join(work, 'tampered-uploads');
    await expect(restoreBackup({ file: altered, env: {}, pool: d.pool, uploadsDir: uploads })).rejects.toThrow(
      /Checksum mismatch in db\/patients\./,
    );
    const flipped = path.join(work, 'flipped.age');
    const bytes = fs.readFileSync(archive);
    bytes[bytes.length - 40]! ^= 1;
    fs.writeFileSync(flipped, bytes);
    await expect(
      restoreBackup({ file: flipped, env: { BACKUP_IDENTITY: identity }, pool: d.pool, uploadsDir: uploads }),
    ).rejects.toThrow(/damaged or was altered/);
    expect((await d.pool.query(`SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'public'`)).rows[0].n).toBe('0');
    expect(fs.existsSync(uploads)).toBe(false);
  });

  it('refuses a wrong identity or passphrase with a clear message', async () => {
    const d = await target();
    const wrong = await generateIdentity();
    const uploads = path.join(work, 'x');
    await expect(
      restoreBackup({ file: archive, env: { BACKUP_IDENTITY: wrong }, pool: d.pool, uploadsDir: uploads }),
    ).rejects.toThrow('Cannot decrypt the backup: wrong BACKUP_IDENTITY or BACKUP_PASSPHRASE');
    await expect(
      restoreBackup({ file: archive, env: { BACKUP_PASSPHRASE: 'nope' }, pool: d.pool, uploadsDir: uploads }),
    ).rejects.toThrow('wrong BACKUP_IDENTITY or BACKUP_PASSPHRASE');
    await expect(restoreBackup({ file: archive, env: {}, pool: d.pool, uploadsDir: uploads })).rejects.toThrow(
      /set BACKUP_IDENTITY/,
    );
  });

  it('refuses a target that holds data unless forced, then replaces it', async () => {
    const uploads = path.join(work, 'forced-uploads');
    await expect(
      restoreBackup({ file: archive, env: { BACKUP_IDENTITY: identity }, pool: t.database.pool, uploadsDir: uploads }),
    ).rejects.toThrow(/not empty .*--force/);
    const d = targets[0]!; // restored by the first test: it holds the practice
    fs.mkdirSync(uploads, { recursive: true });
    fs.writeFileSync(path.join(uploads, 'stale'), 'x');
    await restoreBackup({
      file: archive,
      env: { BACKUP_IDENTITY: identity },
      pool: d.pool,
      uploadsDir: uploads,
      force: true,
    });
    expect(await digestsOf(d.pool)).toEqual(await digestsOf(t.database.pool));
    expect(Object.keys(filesUnder(uploads))).toEqual(Object.keys(filesUnder(t.uploadsDir)));
  });

  it('restores an older backup at its own migration, then migrates it forward', async () => {
    const old = await target();
    const previous = readJournal().at(-2)!.tag;
    await migrateUpTo(old.pool, previous);
    const file = path.join(work, 'old.tar.gz');
    const client = await old.pool.connect();
    let manifest;
    try {
      ({ manifest } = await createBackup(client, {
        database: other === 'pglite' ? 'pglite' : 'postgresql',
        out: file,
        encryption: { kind: 'none' },
      }));
    } finally {
      client.release();
    }
    expect(manifest.migration.tag).toBe(previous);
    const d = await target();
    await restoreBackup({ file, env: {}, pool: d.pool, uploadsDir: path.join(work, 'old-uploads') });
    const c = await d.pool.connect();
    try {
      expect((await appliedVersion(c))?.tag).toBe(codeVersion().tag);
    } finally {
      c.release();
    }
  });

  it.runIf(backend.name === 'pglite')(
    'backs up through the running server on the embedded database (its loopback endpoint)',
    async () => {
      const dataDir = path.join(work, 'served');
      fs.mkdirSync(dataDir);
      const stop = await startBackupEndpoint({
        pool: t.database.pool,
        dataDir,
        uploadsDir: t.uploadsDir,
        log: { info() {}, error() {} },
      });
      try {
        const endpoint = readEndpoint(dataDir)!;
        expect(fs.statSync(path.join(dataDir, 'backup-endpoint.json')).mode & 0o777).toBe(0o600);
        const denied = await fetch(`${endpoint.url}/snapshot`, { method: 'POST' });
        expect(denied.status).toBe(401);
        const file = path.join(work, 'served.tar.gz.age');
        // Requests keep being answered meanwhile (they wait for the snapshot's connection).
        const [size, res] = await Promise.all([
          backupThroughServer(endpoint, file, encryption),
          t.call({ method: 'GET', url: '/api/health' }),
        ]);
        expect(res.statusCode).toBe(200);
        expect(size).toBe(fs.statSync(file).size);
        const manifest = await verifyArchive(file, { BACKUP_IDENTITY: identity });
        expect(manifest.tables.find((x) => x.name === 'patients')?.rows).toBe(2);
      } finally {
        await stop();
      }
      expect(fs.existsSync(path.join(dataDir, 'backup-endpoint.json'))).toBe(false);
    },
  );

  it('runs on schedule, records each run, and e-mails the operator when one fails', async () => {
    const dir = path.join(work, 'scheduled');
    const passphrase: Encryption = { kind: 'passphrase', passphrase: 'correct horse battery staple', workFactor: 10 };
    const options = {
      pool: t.database.pool,
      mailer: t.mailbox,
      dir,
      times: [{ hour: 3, minute: 0 }],
      encryption: () => passphrase,
      database: backend.name === 'pglite' ? ('pglite' as const) : ('postgresql' as const),
      uploadsDir: t.uploadsDir,
      operatorEmail: 'ops@example.com',
      now: t.clock.now,
      log: { info() {}, error() {} },
    };
    const scheduler = startBackupSchedule(options, 3_600_000);
    try {
      expect(scheduler.next().toISOString()).toBe('2030-03-04T06:00:00.000Z');
      expect(await scheduler.tick()).toBe(false);
      t.clock.advance(3 * 60_000);
      expect(await scheduler.tick()).toBe(true);
      expect(scheduler.next().toISOString()).toBe('2030-03-05T06:00:00.000Z');
    } finally {
      scheduler.stop();
    }
    expect(fs.readdirSync(dir)).toEqual(['acompanha-20300304T060100Z.tar.gz.age']);
    const runs = await t.database.pool.query('SELECT kind, ok, size, file, error FROM backup_runs ORDER BY started_at');
    expect(runs.rows).toEqual([
      {
        kind: 'scheduled',
        ok: true,
        size: String(fs.statSync(path.join(dir, 'acompanha-20300304T060100Z.tar.gz.age')).size),
        file: 'acompanha-20300304T060100Z.tar.gz.age',
        error: null,
      },
    ]);

    // A folder that cannot be written: recorded as failed, and the operator is told.
    const blocked = path.join(work, 'not-a-folder');
    fs.writeFileSync(blocked, '');
    const failed = await runScheduledBackup({ ...options, dir: blocked });
    expect(failed.ok).toBe(false);
    const last = await t.database.pool.query(
      'SELECT kind, ok, error FROM backup_runs WHERE ok = false ORDER BY started_at DESC LIMIT 1',
    );
    expect(last.rows[0]).toMatchObject({ kind: 'scheduled', ok: false });
    expect(last.rows[0].error).toMatch(/EEXIST|ENOTDIR/);
    const [mail] = await t.mailbox.list('ops@example.com');
    expect(mail?.subject).toBe('Acompanha: o backup agendado falhou');

    // Without a key a scheduled backup fails (never written in clear) and says why.
    const clear = await runScheduledBackup({ ...options, encryption: () => encryptionFromEnv({}) });
    expect(clear.ok).toBe(false);
    expect(clear.error).toMatch(/BACKUP_RECIPIENT or BACKUP_PASSPHRASE/);
  });
});

describe('backup keys and retention', () => {
  it('refuses to write in clear in production, and elsewhere without --unencrypted', () => {
    expect(() => encryptionFromEnv({ NODE_ENV: 'production' })).toThrow(/Refusing to write a backup in clear/);
    expect(() => encryptionFromEnv({ NODE_ENV: 'production' }, { unencrypted: true })).toThrow(/in production/);
    expect(() => encryptionFromEnv({})).toThrow(/--unencrypted/);
    expect(encryptionFromEnv({}, { unencrypted: true })).toEqual({ kind: 'none' });
    expect(encryptionFromEnv({ BACKUP_PASSPHRASE: 'p' })).toMatchObject({ kind: 'passphrase' });
    expect(() => encryptionFromEnv({ BACKUP_RECIPIENT: 'ssh-ed25519 AAAA' })).toThrow(/not an age recipient/);
  });

  it('the command refuses in production without a key, before touching anything', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-backup-cli-'));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir };
      delete env.BACKUP_RECIPIENT;
      delete env.BACKUP_PASSPHRASE;
      delete env.DATABASE_URL;
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/backup/cli.ts', 'backup', '--unencrypted'], {
        cwd: path.resolve(import.meta.dirname, '..'),
        env,
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('Refusing to write a backup in clear in production');
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('reads BACKUP_SCHEDULE as São Paulo times of day', () => {
    expect(parseSchedule(undefined)).toEqual([{ hour: 3, minute: 0 }]);
    const times = parseSchedule('03:00, 15:30');
    expect(nextRunAfter(times, new Date('2030-03-04T07:00:00Z')).toISOString()).toBe('2030-03-04T18:30:00.000Z');
    expect(nextRunAfter(times, new Date('2030-03-04T18:30:00Z')).toISOString()).toBe('2030-03-05T06:00:00.000Z');
    expect(() => parseSchedule('25:00')).toThrow(/BACKUP_SCHEDULE/);
    expect(() => parseSchedule('0 3 * * *')).toThrow(/HH:MM/);
  });

  it('keeps the newest backup of each of the last 7 days and of each of the last 4 weeks', () => {
    // Sixty days of backups at 03:00 São Paulo, plus a second (manual) one on the last day.
    const names: string[] = [];
    const last = Date.parse('2030-03-31T06:00:00Z'); // a Sunday
    for (let i = 0; i < 60; i++) names.push(backupFileName(new Date(last - i * 86_400_000), true));
    names.push(backupFileName(new Date(last + 3_600_000), true));
    const kept = [...selectRetained(names)].sort();
    const at = (iso: string) => backupFileName(new Date(iso), true);
    expect(kept).toEqual(
      [
        // 7 daily: 25 to 31 March (the 31st's newest is the later one)
        at('2030-03-25T06:00:00Z'),
        at('2030-03-26T06:00:00Z'),
        at('2030-03-27T06:00:00Z'),
        at('2030-03-28T06:00:00Z'),
        at('2030-03-29T06:00:00Z'),
        at('2030-03-30T06:00:00Z'),
        at('2030-03-31T07:00:00Z'),
        // 4 weekly (ISO weeks end on Sunday): the week of the 25th is already kept by its Sunday
        at('2030-03-24T06:00:00Z'),
        at('2030-03-17T06:00:00Z'),
        at('2030-03-10T06:00:00Z'),
      ].sort(),
    );
    expect(selectRetained(['notes.txt', 'acompanha-x.tar.gz'])).toEqual(new Set());
  });
});
