/**
 * The unread count, live: read once, then kept current by the API's server-sent events
 * (`GET /notifications/stream`), whichever API process the portal reaches. A dropped stream reconnects
 * with backoff; while it is down the count is read every minute.
 */
import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { client, getNotificationUnreadCountOptions } from '@acompanha/api-client';
import { usePersisted } from '../../app/store';
import { invalidateOperation } from '../../lib/refresh';

/** Stories turn the stream off (their handlers answer the count itself). */
export const liveNotifications = { enabled: true };

/** Reads `event: unread` messages off a text/event-stream body until it ends or `signal` aborts. */
export async function readUnreadEvents(body: ReadableStream<Uint8Array>, onUnread: (n: number) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const lines = block.split('\n');
      if (!lines.includes('event: unread')) continue;
      const data = lines.find((l) => l.startsWith('data: '));
      const unread = data ? Number(JSON.parse(data.slice(6)).unread) : NaN;
      if (Number.isFinite(unread)) onUnread(unread);
    }
  }
}

function onUnread(queryClient: QueryClient, unread: number) {
  const key = getNotificationUnreadCountOptions().queryKey;
  const before = queryClient.getQueryData<{ unread: number }>(key)?.unread;
  queryClient.setQueryData(key, { unread });
  // Something new (or read elsewhere): an open centre shows it.
  if (before !== undefined && before !== unread) void invalidateOperation(queryClient, 'listNotifications');
}

export function useLiveUnreadCount(): number {
  const queryClient = useQueryClient();
  const jwt = usePersisted((s) => s.session.jwt);
  const { data } = useQuery({
    ...getNotificationUnreadCountOptions(),
    enabled: !!jwt,
    refetchInterval: 60_000,
  });

  useEffect(() => {
    if (!jwt || !liveNotifications.enabled) return;
    const abort = new AbortController();
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      try {
        const res = await fetch(`${client.getConfig().baseUrl ?? '/api'}/notifications/stream`, {
          headers: { authorization: `Bearer ${jwt}`, accept: 'text/event-stream' },
          signal: abort.signal,
        });
        if (res.status === 401 || res.status === 403) return;
        if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
        attempt = 0;
        await readUnreadEvents(res.body, (n) => onUnread(queryClient, n));
      } catch {
        // Offline, or the process went away: try again below.
      }
      if (abort.signal.aborted) return;
      attempt += 1;
      timer = setTimeout(() => void connect(), Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5)));
    };
    void connect();
    return () => {
      abort.abort();
      if (timer) clearTimeout(timer);
    };
  }, [jwt, queryClient]);

  return data?.unread ?? 0;
}
