/**
 * Hourly housekeeping in the jobs process: what has no use any more leaves the database — links a professional
 * left more than 90 days ago (they no longer redirect), the patients' sign-in codes after a day, data exports'
 * files past their seven days, and whatever is past its retention period (`retention.ts`, listed in docs/DATA.md).
 */
import type { Db } from './db/client.js';
import { pruneAliasRedirects } from './client-area/service.js';
import { prunePatientLoginCodes } from './patient-area/service.js';
import { pruneExpiredExports } from './data-export/job.js';
import type { FileStore } from './file/store.js';
import { pruneByRetention, type RetentionResult } from './retention.js';

export interface HousekeepingOptions {
  /** Where data exports' ZIPs are kept (without it, exports are not pruned). */
  store?: FileStore | undefined;
  /** The access log's retention (`ACCESS_LOG_RETENTION_YEARS`). */
  accessLogRetentionYears?: number | undefined;
}

export async function housekeep(
  db: Db,
  now: Date,
  options: HousekeepingOptions = {},
): Promise<{ aliasRedirects: number; patientLoginCodes: number; dataExports: number } & RetentionResult> {
  return {
    aliasRedirects: await pruneAliasRedirects({ db }, now),
    patientLoginCodes: await prunePatientLoginCodes({ db }, now),
    // Data exports past their seven days: the ZIP leaves the store, the row says `expired`.
    dataExports: options.store ? await pruneExpiredExports(db, options.store, now) : 0,
    ...(await pruneByRetention(db, now, options.accessLogRetentionYears)),
  };
}

/** Runs `housekeep` now and every `everyMs`; returns a stop function. */
export function startHousekeeping(
  db: Db,
  now: () => Date,
  log: { warn(obj: unknown, msg?: string): void },
  options: HousekeepingOptions = {},
  everyMs = 3_600_000,
): () => void {
  const tick = () =>
    void housekeep(db, now(), options).catch((err: unknown) => log.warn({ err }, 'housekeeping failed'));
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return () => clearInterval(timer);
}
