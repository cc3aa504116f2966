import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Hit {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

type Reply = { status: number; headers?: http.OutgoingHttpHeaders; body?: string; hang?: boolean };

/**
 * A webhook receiver on a loopback port: it records every request and answers what `reply` says (200 by
 * default). `hang` keeps the request open (a receiver that never answers).
 */
export async function startReceiver() {
  const hits: Hit[] = [];
  let reply: (hit: Hit) => Reply = () => ({ status: 200, body: 'ok' });
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const hit = { path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      hits.push(hit);
      const r = reply(hit);
      if (r.hang) {
        open.add(res);
        return;
      }
      res.writeHead(r.status, r.headers).end(r.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    hits,
    port,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    answer(fn: (hit: Hit) => Reply) {
      reply = fn;
    },
    clear() {
      hits.length = 0;
    },
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
