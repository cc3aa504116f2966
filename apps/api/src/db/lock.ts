/**
 * PGlite is single-process: two processes on one data folder would corrupt it. A pid lock file
 * (`<DATA_DIR>/pglite.lock`) refuses the second one with a clear message. The server and the backup and
 * restore commands take it.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The pid of the live process holding the data folder, if any. */
export function dataDirHolder(dir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dir, 'pglite.lock'), 'utf8').trim());
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  if (!pid || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/** Takes the lock (or throws when a live process holds it); returns the release function. */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'pglite.lock');
  const holder = dataDirHolder(dir);
  if (holder) {
    throw new Error(
      `Another Acompanha process (pid ${holder}) is using the embedded database in ${dir}. ` +
        'Stop it, or set DATA_DIR to another folder (or DATABASE_URL to use PostgreSQL).',
    );
  }
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file);
    } catch {
      /* already gone */
    }
  };
}
