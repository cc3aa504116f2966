import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/backends.js';
import { bearer, createTestApp, type TestApp } from './helpers/app.js';

interface Entry {
  name: string;
  /** Deflated bytes, their CRC and real size. */
  deflated: Buffer;
  crc: number;
  size: number;
  /** What the zip's headers claim the entry inflates to (a lying bomb claims little). */
  claimedSize?: number;
}

const entry = (name: string, content: string | Buffer): Entry => {
  const raw = Buffer.isBuffer(content) ? content : Buffer.from(content);
  return { name, deflated: deflateRawSync(raw), crc: crc32(raw), size: raw.length };
};

/** `count` MB of one repeated byte, deflated in 1 MB steps (a few hundred KB for hundreds of MB). */
function repeatedEntry(name: string, prefix: string, megabytes: number, suffix: string): Entry {
  const mb = Buffer.alloc(1024 * 1024, 0x41);
  const parts = [Buffer.from(prefix), ...Array.from({ length: megabytes }, () => mb), Buffer.from(suffix)];
  let crc = 0;
  for (const p of parts) crc = crc32(p, crc);
  const whole = Buffer.concat(parts);
  return { name, deflated: deflateRawSync(whole, { level: 9 }), crc, size: whole.length };
}

/** A minimal zip (deflate, no ZIP64), as an XLSX is. */
function zip(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const size = e.claimedSize ?? e.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, e.deflated);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.deflated.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + e.deflated.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const XLSX_PARTS = [
  entry(
    '[Content_Types].xml',
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
  ),
  entry(
    '_rels/.rels',
    '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  ),
  entry(
    'xl/workbook.xml',
    '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Clientes" sheetId="1" r:id="rId1"/></sheets></workbook>',
  ),
  entry(
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
  ),
  entry(
    'xl/worksheets/sheet1.xml',
    '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row></sheetData></worksheet>',
  ),
];
const sharedStrings = (second: string) =>
  `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="2" uniqueCount="2"><si><t>Nome</t></si><si><t>${second}</t></si></sst>`;

/** 300 MB of one letter in the one shared string, deflated once for every suite (a few hundred KB). */
let bombEntry: Entry | undefined;
const hugeSharedStrings = (): Entry =>
  (bombEntry ??= repeatedEntry(
    'xl/sharedStrings.xml',
    sharedStrings('').replace('</t></si></sst>', ''),
    300,
    '</t></si></sst>',
  ));

describe.each(backends)('spreadsheet bombs on $name', (backend) => {
  let t: TestApp;
  let jwt: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    jwt = await t.signUp('bomba@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (name: string, data: Buffer) => {
    const boundary = '----acompanha-bomb';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.call({
      method: 'POST',
      url: '/api/patient/import',
      headers: { ...bearer(jwt), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  };

  /** Runs `work` while pinging the API every 10 ms; returns its answer, how long it took and the slowest ping. */
  async function whilePinging<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; slowestPingMs: number }> {
    let done = false;
    let slowest = 0;
    const pinger = (async () => {
      while (!done) {
        const started = performance.now();
        await t.call({ method: 'GET', url: '/api/health' });
        slowest = Math.max(slowest, performance.now() - started);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const started = performance.now();
    const result = await work();
    const ms = performance.now() - started;
    done = true;
    await pinger;
    return { result, ms, slowestPingMs: slowest };
  }

  it('an XLSX whose one cell inflates to 300 MB is refused in well under a second, before inflating', async () => {
    const bomb = zip([...XLSX_PARTS, hugeSharedStrings()]);
    expect(bomb.length).toBeLessThan(400 * 1024);
    const { result: res, ms, slowestPingMs } = await whilePinging(() => upload('bomba.xlsx', bomb));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      application_error_code: 'WRONG_COMMAND_PARAMETERS',
      details: [{ path: ['file'], message: expect.stringMatching(/grande demais/) }],
    });
    expect(ms).toBeLessThan(2000);
    console.log(
      `XLSX bomb (${Math.round(bomb.length / 1024)} KB → 300 MB): 400 in ${Math.round(ms)} ms, slowest ping ${Math.round(slowestPingMs)} ms`,
    );
  });

  it('a bomb that lies about its sizes exhausts a worker, not the API, which keeps answering', async () => {
    const liar = { ...hugeSharedStrings(), claimedSize: 4096 };
    const bomb = zip([...XLSX_PARTS, liar]);
    const { result: res, ms, slowestPingMs } = await whilePinging(() => upload('mentira.xlsx', bomb));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details[0].path).toEqual(['file']);
    expect(slowestPingMs).toBeLessThan(1000);
    console.log(`lying XLSX bomb: 400 in ${Math.round(ms)} ms, slowest ping ${Math.round(slowestPingMs)} ms`);
    expect((await t.call({ method: 'GET', url: '/api/patient?take=5', headers: bearer(jwt) })).statusCode).toBe(200);
  });

  it('a CSV of half a million cells is refused without blocking other requests', async () => {
    const csv = Buffer.from(`Nome${';'.repeat(49)}\n${`${';'.repeat(49)}\n`.repeat(10_000)}`);
    const { result: res, ms, slowestPingMs } = await whilePinging(() => upload('celulas.csv', csv));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details[0].message).toMatch(/células demais/);
    expect(slowestPingMs).toBeLessThan(1000);
    console.log(`CSV with 500,050 cells: 400 in ${Math.round(ms)} ms, slowest ping ${Math.round(slowestPingMs)} ms`);
  });

  it('a real XLSX still imports', async () => {
    const ok = zip([...XLSX_PARTS, entry('xl/sharedStrings.xml', sharedStrings('Joana da Silva'))]);
    const res = await upload('clientes.xlsx', ok);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imported: 1 });
  });
});
