import { LRUCache } from 'lru-cache';

/**
 * Serialised patient pages of this process, keyed by what they were read under: the professional, the
 * version of her patient data (raised by database triggers in the writing transaction, migration 0007),
 * the São Paulo date (sales start and end by date) and the query. Another process or a direct SQL write
 * raises the same version, so a page is never served after the data it shows has changed; an entry read
 * under an older version is simply never asked for again and ages out.
 *
 * The version is read with the session (AuthInfo.patientListVersion), before the page: a page can only be
 * newer than its key, never older.
 */
export class PatientListCache {
  readonly #pages = new LRUCache<string, string>({
    max: 2_000,
    // JavaScript strings are UTF-16; bound the memory, not the count.
    maxSize: 8 * 1024 * 1024,
    sizeCalculation: (page, key) => (page.length + key.length) * 2,
    // Personal data stays in memory an hour at most, like the summaries' (docs/DATA.md).
    ttl: 60 * 60 * 1000,
  });

  /** @param enabled false: every page is loaded (PATIENT_LIST_CACHE=off, e.g. to measure the search itself). */
  constructor(private readonly enabled = true) {}

  async getOrLoad(key: readonly unknown[], load: () => Promise<string>): Promise<string> {
    if (!this.enabled) return load();
    const id = JSON.stringify(key);
    const hit = this.#pages.get(id);
    if (hit !== undefined) return hit;
    const page = await load();
    this.#pages.set(id, page);
    return page;
  }
}
