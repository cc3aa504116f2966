import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';

/**
 * The memory a string takes: V8 keeps one byte per character when every character fits in Latin-1 (Portuguese
 * JSON nearly always does), two otherwise.
 */
const stringBytes = (s: string) => (/[\u0100-\uffff]/.test(s) ? 2 : 1) * s.length || 1;

/** What a summary is read under: the professional and the versions the database keeps of her data. */
export interface SummaryAuth {
  professionalId: string;
  /** patient_list_versions' version, read with the session (AuthInfo). */
  patientListVersion: number;
  /** follow_up_versions' version, read with the session (AuthInfo). */
  followUpVersion: number;
}

/**
 * What the summarising reads found (the dashboard, the review lists, a review, a schedule's answers, a
 * questionnaire's links), per process, keyed by what they were read under: the professional, the versions of her
 * patient data and of her follow-up data, the kind of read and its parameters (the São Paulo date, where what it
 * shows depends on the day). The versions are raised by database triggers in the writing transaction
 * (migrations 0007 and 0032), whichever process or code path writes — a plain SQL statement included — so an entry
 * is never served after the data it was read from has changed: it is simply never asked for again and ages out.
 *
 * The versions are read with the session, before the data: an entry can only be newer than its key, never older.
 * Only what loads without an error is kept (a refusal is thrown again on every request); the access log is written
 * by the routes for every read, cached or not. What is kept is mostly the answer's JSON (`encodeJson`), sent by
 * `sendJson`, which signs its file links afresh for each answer. Entries are shared: callers never change them.
 */
export class SummaryCache {
  readonly #entries = new LRUCache<string, { value: unknown }>({
    max: 4_000,
    maxSize: 24 * 1024 * 1024,
    sizeCalculation: (entry, key) =>
      stringBytes(typeof entry.value === 'string' ? entry.value : JSON.stringify(entry.value)) + stringBytes(key),
    // An hour at most: a review's rendered text carries links signed for seven days when it was read, which the
    // serializer does not sign again (they sit inside a sentence), so a kept one must stay far from that end.
    ttl: 60 * 60 * 1000,
  });
  /** Loads under way: simultaneous requests for the same entry wait for one load. */
  readonly #loading = new Map<string, Promise<unknown>>();

  /** @param enabled false: every read goes to the database (SUMMARY_CACHE=off, e.g. to measure the reads). */
  constructor(private readonly enabled = true) {}

  /** A route's answer as JSON (`encodeJson` with its response schema), kept like any other summary. */
  json<S extends z.ZodType>(
    auth: SummaryAuth,
    key: readonly unknown[],
    schema: S,
    load: () => Promise<z.output<S>>,
  ): Promise<string> {
    return this.getOrLoad(auth, key, async () => encodeJson(schema, await load()));
  }

  async getOrLoad<T>(auth: SummaryAuth, key: readonly unknown[], load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const id = JSON.stringify([auth.professionalId, auth.patientListVersion, auth.followUpVersion, ...key]);
    const hit = this.#entries.get(id);
    if (hit) return hit.value as T;
    const pending = this.#loading.get(id);
    if (pending) return pending as Promise<T>;
    const loading = load().then((value) => {
      this.#entries.set(id, { value });
      return value;
    });
    this.#loading.set(id, loading);
    try {
      return await loading;
    } finally {
      this.#loading.delete(id);
    }
  }
}

/** A route's answer as its serializer would write it: encoded with the route's response schema, as JSON. */
export function encodeJson<S extends z.ZodType>(schema: S, value: z.output<S>): string {
  return JSON.stringify(z.encode(schema, value));
}

/**
 * Sends a body encoded by `encodeJson` (kept in a cache, perhaps) as the route's serializer would have sent it:
 * links to her files are signed afresh for this answer (a kept body's signatures age), the rest goes as it is.
 */
export function sendJson(
  reply: FastifyReply,
  files: { replacer: (key: string, value: unknown) => unknown },
  json: string,
): FastifyReply {
  const body = json.includes('/api/file/') ? JSON.stringify(JSON.parse(json), files.replacer) : json;
  return reply.type('application/json; charset=utf-8').send(body);
}
