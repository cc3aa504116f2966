/**
 * Calls to addresses a professional gave us (webhook endpoints): the SSRF guard.
 *
 * - Only https (plain http to a loopback address only when `allowLoopbackHttp`, a test setting production
 *   refuses), no user:password in the URL, at most 2,048 characters.
 * - Every address the name resolves to must be public: private, loopback, link-local (cloud metadata at
 *   169.254.169.254), CGNAT, multicast, reserved and documentation ranges are refused, also when they hide
 *   inside IPv6 (IPv4-mapped, NAT64, 6to4, Teredo).
 * - The checked address is pinned for the connection (the socket's `lookup` answers it), so a name cannot
 *   resolve to a public address for the check and to a private one for the call (DNS rebinding).
 * - Redirects are never followed, the call gives up after 15 s, and at most `maxBytes` of the answer are read.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/** Why the guard refused: a name that does not resolve is not the same news as a private address. */
export type RefusalKind = 'invalid' | 'scheme' | 'dns' | 'private';

export class OutboundRefused extends Error {
  constructor(
    readonly reason: string,
    readonly kind: RefusalKind = 'invalid',
  ) {
    super(reason);
    this.name = 'OutboundRefused';
  }
}

/**
 * IPv4: every block of IANA's IPv4 Special-Purpose Address Registry marked "Globally Reachable: False", and
 * multicast (224.0.0.0/4, its own registry). 192.0.0.0/24 is refused whole (two of its /32s are reachable; no
 * webhook lives there).
 */
const blocked = new net.BlockList();
for (const [range, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (DS-Lite, NAT64 discovery, dummy…)
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the limited broadcast 255.255.255.255
] as const)
  blocked.addSubnet(range, bits, 'ipv4');

/**
 * IPv6: only global unicast (2000::/3) may be called — that leaves out the unspecified and loopback addresses,
 * the discard and dummy prefixes (100::/64, 100:0:0:1::/64), the local-use NAT64 prefix (64:ff9b:1::/48, which
 * reaches the operator's own IPv4 network), unique-local, link-local, site-local, multicast and segment routing
 * (5f00::/16) — and inside it, what IANA's IPv6 Special-Purpose Address Registry marks not globally reachable.
 * Forms that carry an IPv4 address (IPv4-mapped, IPv4-compatible, SIIT's IPv4-translated ::ffff:0:0:0/96, the
 * well-known NAT64 prefix 64:ff9b::/96, 6to4, Teredo) are judged by that IPv4 address, before this table.
 */
const globalUnicast = new net.BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');
const blocked6 = new net.BlockList();
for (const [range, bits] of [
  ['2001::', 23], // IETF protocol assignments: benchmarking, ORCHID… (Teredo, inside it, is judged by its IPv4)
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation (RFC 9637)
] as const)
  blocked6.addSubnet(range, bits, 'ipv6');

/**
 * The IPv4 address an IPv6 one carries (IPv4-mapped, IPv4-compatible, SIIT's IPv4-translated, the well-known
 * NAT64 prefix, 6to4, Teredo), if any.
 */
function embeddedIPv4(ip: string): string | null {
  const groups = expandIPv6(ip);
  if (!groups) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  // ::ffff:a.b.c.d and ::a.b.c.d
  if (zeros(0, 5) && (groups[5] === 0xffff || groups[5] === 0)) return v4(groups[6]!, groups[7]!);
  // ::ffff:0:a.b.c.d (SIIT's IPv4-translated addresses, ::ffff:0:0:0/96)
  if (zeros(0, 4) && groups[4] === 0xffff && groups[5] === 0) return v4(groups[6]!, groups[7]!);
  // 64:ff9b::a.b.c.d (NAT64's well-known prefix)
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return v4(groups[6]!, groups[7]!);
  // 2002:aabb:ccdd::/48 (6to4)
  if (groups[0] === 0x2002) return v4(groups[1]!, groups[2]!);
  // 2001:0000::/32 (Teredo): the client's address is the last 32 bits, inverted
  if (groups[0] === 0x2001 && groups[1] === 0) return v4(groups[6]! ^ 0xffff, groups[7]! ^ 0xffff);
  return null;
}

function expandIPv6(ip: string): number[] | null {
  let text = ip.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1]!.split('.').map(Number);
    text =
      text.slice(0, -dotted[1]!.length) +
      `${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const h = head ? head.split(':') : [];
  const t = tail !== undefined ? (tail ? tail.split(':') : []) : null;
  const fill = t === null ? 0 : 8 - h.length - t.length;
  const all = [...h, ...Array.from({ length: fill }, () => '0'), ...(t ?? [])];
  if (all.length !== 8) return null;
  const nums = all.map((g) => parseInt(g, 16));
  return nums.every((n) => Number.isInteger(n) && n >= 0 && n <= 0xffff) ? nums : null;
}

/** Is `ip` an address of the public internet (neither private nor reserved, also inside IPv6)? */
export function isPublicAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 4) return !blocked.check(ip, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIPv4(ip);
    if (v4 !== null) return isPublicAddress(v4);
    return globalUnicast.check(ip, 'ipv6') && !blocked6.check(ip, 'ipv6');
  }
  return false;
}

const isLoopback = (ip: string) =>
  (net.isIP(ip) === 4 && ip.startsWith('127.')) || ip === '::1' || embeddedIPv4(ip)?.startsWith('127.') === true;

export interface OutboundOptions {
  /** Plain http to a loopback address (tests' receivers). Production refuses it. */
  allowLoopbackHttp?: boolean;
  /** Resolves a name (tests replace it). Default: the system resolver, every address. */
  resolve?: (hostname: string) => Promise<string[]>;
}

const systemResolve = async (hostname: string) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/** The URL, if it may be called at all (before resolving): https, no credentials, a bounded length. */
export function checkUrl(raw: string, opts: OutboundOptions = {}): URL {
  if (raw.length > 2048) throw new OutboundRefused('O endereço é longo demais.');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused('O endereço não é uma URL válida.');
  }
  if (url.username || url.password) throw new OutboundRefused('O endereço não pode conter usuário ou senha.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol === 'http:' && opts.allowLoopbackHttp && net.isIP(host) && isLoopback(host)) return url;
  if (url.protocol !== 'https:') throw new OutboundRefused('Use um endereço https://.', 'scheme');
  return url;
}

/** Resolves the URL's host and returns the one address to connect to, if every address is public. */
export async function resolvePublic(url: URL, opts: OutboundOptions = {}): Promise<string> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol === 'http:' && opts.allowLoopbackHttp && isLoopback(host)) return host;
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = await (opts.resolve ?? systemResolve)(host);
    } catch {
      throw new OutboundRefused('Não encontramos este endereço (DNS).', 'dns');
    }
  }
  if (addresses.length === 0) throw new OutboundRefused('Não encontramos este endereço (DNS).', 'dns');
  if (!addresses.every(isPublicAddress)) {
    throw new OutboundRefused(
      'Este endereço aponta para uma rede privada ou reservada e não pode ser usado.',
      'private',
    );
  }
  return addresses[0]!;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The first `maxBytes` of the body. */
  body: string;
  durationMs: number;
}

/**
 * One request to a user-given URL, with the guard: checked, resolved, pinned, no redirects followed, a
 * capped read, and one deadline (`timeoutMs`, default 15 s) over the whole call — name resolution,
 * connection, headers and body — so a receiver that answers a byte at a time cannot hold it open. A status
 * that arrived in time is kept with the part of the body read by the deadline. Throws OutboundRefused (the
 * guard), `Error('timeout')`, or the network's error.
 */
export async function outboundRequest(
  raw: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number; maxBytes?: number },
  opts: OutboundOptions = {},
): Promise<OutboundResponse> {
  const started = performance.now();
  const deadlineMs = init.timeoutMs ?? 15_000;
  const url = checkUrl(raw, opts);
  let timer: NodeJS.Timeout | undefined;
  const address = await Promise.race([
    resolvePublic(url, opts),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), deadlineMs);
    }),
  ]).finally(() => clearTimeout(timer));
  const family = net.isIP(address);
  const maxBytes = init.maxBytes ?? 64 * 1024;
  const client = url.protocol === 'https:' ? https : http;
  const remaining = Math.max(1, deadlineMs - (performance.now() - started));
  return new Promise<OutboundResponse>((resolve, reject) => {
    let response: http.IncomingMessage | undefined;
    const req = client.request(
      url,
      {
        method: init.method ?? 'POST',
        headers: {
          ...init.headers,
          ...(init.body !== undefined ? { 'content-length': Buffer.byteLength(init.body) } : {}),
        },
        // The pinned address answers every lookup of this connection: the name is not resolved again.
        lookup: (_hostname, options, callback) => {
          if ((options as { all?: boolean }).all) {
            (callback as unknown as (err: null, addresses: { address: string; family: number }[]) => void)(null, [
              { address, family },
            ]);
          } else callback(null, address, family);
        },
        servername: net.isIP(url.hostname) ? undefined : url.hostname,
        agent: false,
      },
      (res) => {
        response = res;
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size >= maxBytes) return;
          chunks.push(chunk.subarray(0, maxBytes - size));
          size += chunk.length;
          if (size >= maxBytes) res.destroy();
        });
        const done = () => {
          clearTimeout(deadline);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            durationMs: Math.round(performance.now() - started),
          });
        };
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    // The whole call's deadline: before the status it is a timeout; after it, the body read so far is kept.
    const deadline = setTimeout(() => {
      if (response) response.destroy();
      else req.destroy(new Error('timeout'));
    }, remaining);
    req.on('error', (err) => {
      clearTimeout(deadline);
      reject(err);
    });
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}
