import { createHash } from 'node:crypto';
import { z } from 'zod';

/** Lower-case, accent-free, single-spaced text for `LIKE` searches (works the same on PGlite and PostgreSQL). */
export function searchable(...parts: (string | null | undefined)[]): string {
  return parts
    .filter((p): p is string => !!p)
    .join(' ')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** `%term%` for LIKE, with the wildcards of the term escaped (default escape character `\`). */
export function likeContains(term: string): string {
  return `%${searchable(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A deterministic (name-based, SHA-1, version 5 layout) UUID: stable ids for seeded rows. */
export function uuidFromName(name: string): string {
  const h = createHash('sha1').update(`acompanha:${name}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

export const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
export const hexColor = () =>
  z.string().max(9).regex(HEX_COLOR, 'Cor inválida: use o formato hexadecimal, ex. #030712.');

/** `take` (default 20, max 100) and `skip` query parameters. */
export const pagination = {
  take: z.coerce.number().int().min(1).max(100).default(20),
  skip: z.coerce.number().int().min(0).default(0),
};

/** A "true"/"false" query parameter. */
export const boolQuery = () => z.enum(['true', 'false']).optional();
