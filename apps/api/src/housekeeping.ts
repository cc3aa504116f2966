/**
 * Hourly housekeeping in the jobs process: what has no use any more leaves the database — links a professional
 * left more than 90 days ago (they no longer redirect), the patients' sign-in codes after a day, and whatever is
 * past its retention period (`retention.ts`, listed in docs/DATA.md).
 */
import type { Db } from './db/client.js';
import { pruneAliasRedirects } from './client-area/service.js';
import { prunePatientLoginCodes } from './patient-area/service.js';
import { pruneByRetention, type RetentionResult } from './retention.js';

export async function housekeep(
  db: Db,
  now: Date,
  accessLogRetentionYears?: number,
): Promise<{ aliasRedirects: number; patientLoginCodes: number } & RetentionResult> {
  return {
    aliasRedirects: await pruneAliasRedirects({ db }, now),
    patientLoginCodes: await prunePatientLoginCodes({ db }, now),
    ...(await pruneByRetention(db, now, accessLogRetentionYears)),
  };
}

/** Runs `housekeep` now and every `everyMs`; returns a stop function. */
export function startHousekeeping(
  db: Db,
  now: () => Date,
  log: { warn(obj: unknown, msg?: string): void },
  everyMs = 3_600_000,
  accessLogRetentionYears?: number,
): () => void {
  const tick = () =>
    void housekeep(db, now(), accessLogRetentionYears).catch((err: unknown) =>
      log.warn({ err }, 'housekeeping failed'),
    );
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return () => clearInterval(timer);
}
