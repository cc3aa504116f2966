import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { encodeJson, SummaryCache, sendJson, type SummaryAuth } from './summary-cache.js';

const her: SummaryAuth = { professionalId: 'p1', patientListVersion: 3, followUpVersion: 7 };

describe('SummaryCache', () => {
  it('answers a repeated read from memory while both versions are the same', async () => {
    const cache = new SummaryCache();
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.getOrLoad(her, ['dashboard', '2026-11-28'], load)).toEqual({ n: 1 });
    expect(await cache.getOrLoad(her, ['dashboard', '2026-11-28'], load)).toEqual({ n: 1 });
    // Another day, another version of either kind of data, another professional: read again.
    expect(await cache.getOrLoad(her, ['dashboard', '2026-11-29'], load)).toEqual({ n: 2 });
    expect(await cache.getOrLoad({ ...her, followUpVersion: 8 }, ['dashboard', '2026-11-28'], load)).toEqual({ n: 3 });
    expect(await cache.getOrLoad({ ...her, patientListVersion: 4 }, ['dashboard', '2026-11-28'], load)).toEqual({
      n: 4,
    });
    expect(await cache.getOrLoad({ ...her, professionalId: 'p2' }, ['dashboard', '2026-11-28'], load)).toEqual({
      n: 5,
    });
  });

  it('keeps no refusal: the next request loads again', async () => {
    const cache = new SummaryCache();
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error('not found');
    };
    await expect(cache.getOrLoad(her, ['review', 'x'], failing)).rejects.toThrow('not found');
    await expect(cache.getOrLoad(her, ['review', 'x'], failing)).rejects.toThrow('not found');
    expect(calls).toBe(2);
    expect(await cache.getOrLoad(her, ['review', 'x'], async () => 'found')).toBe('found');
  });

  it('lets simultaneous requests for one entry wait for a single load', async () => {
    const cache = new SummaryCache();
    let loads = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 10));
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.getOrLoad(her, ['links'], slow)));
    expect(answers).toEqual([1, 1, 1, 1, 1]);
    expect(loads).toBe(1);
  });

  it('loads every time when turned off (SUMMARY_CACHE=off)', async () => {
    const cache = new SummaryCache(false);
    let loads = 0;
    await cache.getOrLoad(her, ['x'], async () => ++loads);
    await cache.getOrLoad(her, ['x'], async () => ++loads);
    expect(loads).toBe(2);
  });
});

describe('encodeJson and sendJson', () => {
  const Schema = z.object({ n: z.number(), url: z.string() });
  const reply = () => {
    const sent: { type?: string; body?: string } = {};
    const r = {
      type(t: string) {
        sent.type = t;
        return r;
      },
      send(b: string) {
        sent.body = b;
        return r;
      },
    };
    return { r: r as never, sent };
  };
  const files = {
    replacer: (_k: string, v: unknown) => (typeof v === 'string' && v.includes('/api/file/') ? `${v}?sig=new` : v),
  };

  it('encodes with the schema (what it does not declare stays out), and sends a body without file links as it is', () => {
    const json = encodeJson(Schema, { n: 1, url: 'https://example.com', secret: 'x' } as never);
    expect(json).toBe('{"n":1,"url":"https://example.com"}');
    const { r, sent } = reply();
    sendJson(r, files, json);
    expect(sent).toEqual({ type: 'application/json; charset=utf-8', body: json });
  });

  it('signs file links afresh on every answer', () => {
    const { r, sent } = reply();
    sendJson(r, files, '{"url":"/api/file/p1_a.jpg"}');
    expect(sent.body).toBe('{"url":"/api/file/p1_a.jpg?sig=new"}');
  });
});
