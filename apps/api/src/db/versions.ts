/**
 * The versions of each professional's data that the process caches are keyed by (PatientListCache, SummaryCache):
 * `patient_list_versions` (migration 0007) and `follow_up_versions` (migration 0032), raised by triggers in every
 * writing transaction. What writes around the triggers — a repair of the kept totals, a restore — raises them all.
 */
export const VERSION_TABLES = ['patient_list_versions', 'follow_up_versions'] as const;

/**
 * A new version of every professional's data in both tables, so nothing cached before is served again. With
 * `beyondAnyEarlier` the new versions also pass every number used before (a restore brings older ones back, which
 * later writes would count up through again): they start from the clock in milliseconds, beyond any count of writes.
 */
export async function raiseEveryVersion(
  query: (text: string) => Promise<unknown>,
  options: { beyondAnyEarlier?: boolean } = {},
): Promise<void> {
  const start = options.beyondAnyEarlier ? 'floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint' : '1';
  for (const table of VERSION_TABLES) {
    await query(
      `INSERT INTO ${table} AS v (professional_id, version) SELECT id, ${start} FROM professionals ORDER BY 1
       ON CONFLICT (professional_id) DO UPDATE SET version = greatest(v.version + 1, excluded.version)`,
    );
  }
}
