import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ipaddr from 'ipaddr.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkUrl, isPublicAddress, OutboundRefused, outboundRequest, resolvePublic } from './outbound.js';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:0001::1',
    '2001:0:4136:e378:8000:63bf:f5ff:fffe',
    '2001:db8::1',
    'ff02::1',
    // SIIT's IPv4-translated form and the local-use NAT64 prefix (the two misses), and the rest of the
    // registry that is not globally reachable.
    '::ffff:0:7f00:1',
    '::ffff:0:a9fe:a9fe',
    '64:ff9b:1::7f00:1',
    '64:ff9b:1::a9fe:a9fe',
    '64:ff9b:1::808:808',
    '100::1',
    '100:0:0:1::1',
    '2001:2::1',
    '2001:10::1',
    '3fff::1',
    '5f00::1',
    '192.0.0.170',
    '192.88.99.1',
    'not-an-ip',
  ])('refuses %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '200.160.2.3',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '::ffff:0:808:808',
    '64:ff9b::808:808',
    '2804:14c:65::1',
  ])('accepts %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  /*
   * A second opinion from a well-kept classifier: every address ipaddr.js puts in a range that IANA's registries
   * mark not globally reachable is refused; an IPv6 form carrying an IPv4 address (ipaddr.js: ipv4Mapped, rfc6145,
   * rfc6052, 6to4, teredo) is refused exactly when that IPv4 address is. Samples: the first, a middle and the last
   * address of each range ipaddr.js knows, plus the table above.
   */
  const NOT_GLOBAL = new Set([
    'unspecified',
    'broadcast',
    'multicast',
    'linkLocal',
    'loopback',
    'carrierGradeNat',
    'private',
    'reserved',
    'uniqueLocal',
    'discard',
    'benchmarking',
    'deprecated',
    'segmentRouting',
  ]);
  const CARRIES_V4 = new Set(['ipv4Mapped', 'rfc6145', 'rfc6052', '6to4', 'teredo']);
  it('agrees with ipaddr.js on every special-purpose range it knows', () => {
    const samples = new Set<string>();
    for (const family of [ipaddr.IPv4, ipaddr.IPv6] as const) {
      // ipaddr.js keeps its table on the prototype; its types leave it out.
      const table = (family.prototype as unknown as { SpecialRanges: Record<string, unknown[]> }).SpecialRanges;
      for (const [name, ranges] of Object.entries(table)) {
        if (name === 'unicast') continue;
        const list = (Array.isArray(ranges[0]) ? ranges : [ranges]) as [ipaddr.IPv4 | ipaddr.IPv6, number][];
        for (const [base, bits] of list) {
          const cidr = `${base.toString()}/${bits}`;
          const first = ipaddr.IPv4.isValid(base.toString())
            ? ipaddr.IPv4.networkAddressFromCIDR(cidr)
            : ipaddr.IPv6.networkAddressFromCIDR(cidr);
          const last = ipaddr.IPv4.isValid(base.toString())
            ? ipaddr.IPv4.broadcastAddressFromCIDR(cidr)
            : ipaddr.IPv6.broadcastAddressFromCIDR(cidr);
          const bytes = first.toByteArray();
          bytes[bytes.length - 1] = (bytes[bytes.length - 1]! + 1) & 255;
          for (const a of [first, last, ipaddr.fromByteArray(bytes)]) samples.add(a.toString());
        }
      }
    }
    for (const a of ['::ffff:0:7f00:1', '64:ff9b:1::7f00:1', '64:ff9b:1::a9fe:a9fe', '::ffff:0:808:808'])
      samples.add(a);
    const disagreements: string[] = [];
    for (const address of samples) {
      const parsed = ipaddr.parse(address);
      const range = parsed.range();
      if (NOT_GLOBAL.has(range) && isPublicAddress(address)) disagreements.push(`${address} (${range}) accepted`);
      if (CARRIES_V4.has(range) && parsed.kind() === 'ipv6') {
        // The IPv4 address it carries: 6to4's in bytes 2–5, Teredo's inverted in the last four, the others there.
        const b = parsed.toByteArray();
        const bytes = range === '6to4' ? b.slice(2, 6) : b.slice(12, 16).map((x) => (range === 'teredo' ? x ^ 255 : x));
        const v4 = bytes.join('.');
        if (!isPublicAddress(v4) && isPublicAddress(address))
          disagreements.push(`${address} (${range}, carrying ${v4}) accepted`);
      }
    }
    expect(disagreements).toEqual([]);
    expect(samples.size).toBeGreaterThan(60);
  });
});

describe('checkUrl and resolvePublic', () => {
  const refused = async (raw: string, resolve?: (h: string) => Promise<string[]>) => {
    try {
      await resolvePublic(checkUrl(raw), resolve ? { resolve } : {});
      return 'allowed';
    } catch (err) {
      expect(err).toBeInstanceOf(OutboundRefused);
      return (err as OutboundRefused).reason;
    }
  };

  it('asks for https, without credentials, of a bounded length', async () => {
    expect(await refused('http://example.com/hook')).toBe('Use um endereço https://.');
    expect(await refused('ftp://example.com/hook')).toBe('Use um endereço https://.');
    expect(await refused('https://user:pass@example.com/hook')).toBe('O endereço não pode conter usuário ou senha.');
    expect(await refused(`https://example.com/${'a'.repeat(2100)}`)).toBe('O endereço é longo demais.');
    expect(await refused('not a url')).toBe('O endereço não é uma URL válida.');
  });

  it('refuses names that resolve to any private address, and literal private addresses', async () => {
    const to =
      (...ips: string[]) =>
      async () =>
        ips;
    expect(await refused('https://hooks.example.com/x', to('10.0.0.5'))).toMatch(/rede privada/);
    expect(await refused('https://hooks.example.com/x', to('93.184.216.34', '127.0.0.1'))).toMatch(/rede privada/);
    expect(await refused('https://169.254.169.254/latest/meta-data')).toMatch(/rede privada/);
    expect(await refused('https://[::ffff:127.0.0.1]/x')).toMatch(/rede privada/);
    expect(await refused('https://2130706433/x')).toMatch(/rede privada/); // 127.0.0.1 as one number
    expect(await refused('https://0x7f.0.0.1/x')).toMatch(/rede privada/);
    expect(await refused('https://hooks.example.com/x', to())).toMatch(/DNS/);
    expect(await refused('https://hooks.example.com/x', to('93.184.216.34'))).toBe('allowed');
  });
});

describe('outboundRequest against a loopback receiver', () => {
  let server: http.Server;
  let base: string;
  const hits: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/redirect') {
        res.writeHead(302, { location: '/landed' });
        res.end();
      } else if (req.url === '/silent') {
        // Never answers (the request stays open until the caller gives up).
      } else if (req.url === '/drip') {
        // The status at once, then a byte every 50 ms: an idle timeout would never fire.
        res.writeHead(200);
        const timer = setInterval(() => res.write('.'), 50);
        res.on('close', () => clearInterval(timer));
      } else if (req.url === '/big') {
        res.writeHead(200);
        res.end('x'.repeat(200_000));
      } else {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.end(`ok ${body}`);
        });
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((r) => server.close(() => r()));
  });

  it('reaches nothing on loopback unless the test setting allows it', async () => {
    hits.length = 0;
    for (const url of [
      `${base}/a`,
      base.replace('127.0.0.1', 'localhost') + '/b',
      `${base.replace('http', 'https')}/c`,
    ]) {
      await expect(outboundRequest(url, { body: '{}' })).rejects.toBeDefined();
    }
    expect(hits).toEqual([]);
  });

  it('with the test setting: posts, does not follow redirects, and caps what it reads', async () => {
    const opts = { allowLoopbackHttp: true };
    const res = await outboundRequest(
      `${base}/hook`,
      { body: '{"a":1}', headers: { 'content-type': 'application/json' } },
      opts,
    );
    expect(res).toMatchObject({ status: 200, body: 'ok {"a":1}' });
    hits.length = 0;
    const redirect = await outboundRequest(`${base}/redirect`, { body: '{}' }, opts);
    expect(redirect.status).toBe(302);
    expect(hits).toEqual(['/redirect']);
    const big = await outboundRequest(`${base}/big`, { method: 'GET', maxBytes: 1000 }, opts);
    expect(big.body.length).toBe(1000);
  });

  it('gives the whole call one deadline: silence is a timeout, a dripping body is cut at the deadline', async () => {
    const opts = { allowLoopbackHttp: true };
    const before = performance.now();
    await expect(outboundRequest(`${base}/silent`, { body: '{}', timeoutMs: 300 }, opts)).rejects.toThrow('timeout');
    const drip = await outboundRequest(`${base}/drip`, { body: '{}', timeoutMs: 400 }, opts);
    const elapsed = performance.now() - before;
    expect(drip.status).toBe(200);
    expect(drip.body).toMatch(/^\.+$/);
    expect(drip.durationMs).toBeLessThan(1000);
    expect(elapsed).toBeLessThan(2000);
  });
});
