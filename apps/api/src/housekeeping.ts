/**
 * Hourly housekeeping in the jobs process: what has no use any more leaves the database — links a professional
 * left more than 90 days ago (they no longer redirect), the patients' sign-in codes after a day, and data exports'
 * files past their seven days.
 */
import type { Db } from './db/client.js';
import { pruneAliasRedirects } from './client-area/service.js';
import { prunePatientLoginCodes } from './patient-area/service.js';
import { pruneExpiredExports } from './data-export/job.js';
import type { FileStore } from './file/store.js';

export async function housekeep(
  db: Db,
  now: Date,
  store?: FileStore,
): Promise<{ aliasRedirects: number; patientLoginCodes: number; dataExports: number }> {
  return {
    aliasRedirects: await pruneAliasRedirects({ db }, now),
    patientLoginCodes: await prunePatientLoginCodes({ db }, now),
    // Data exports past their seven days: the ZIP leaves the store, the row says `expired`.
    dataExports: store ? await pruneExpiredExports(db, store, now) : 0,
  };
}

/** Runs `housekeep` now and every `everyMs`; returns a stop function. */
export function startHousekeeping(
  db: Db,
  now: () => Date,
  log: { warn(obj: unknown, msg?: string): void },
  everyMs = 3_600_000,
  store?: FileStore,
): () => void {
  const tick = () => void housekeep(db, now(), store).catch((err: unknown) => log.warn({ err }, 'housekeeping failed'));
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return () => clearInterval(timer);
}
