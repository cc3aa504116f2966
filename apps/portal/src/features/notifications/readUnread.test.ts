import { describe, expect, it } from 'vitest';
import { readUnreadEvents } from './liveUnread';

const stream = (chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
      controller.close();
    },
  });

describe('readUnreadEvents', () => {
  it('reads each unread event, across chunk boundaries, skipping comments and other lines', async () => {
    const seen: number[] = [];
    await readUnreadEvents(
      stream([
        'retry: 5000\n\n',
        'event: unread\ndata: {"unr',
        'ead":3}\n\n: ping\n\n',
        'event: unread\ndata: {"unread":0}\n\n',
      ]),
      (n) => seen.push(n),
    );
    expect(seen).toEqual([3, 0]);
  });
});
