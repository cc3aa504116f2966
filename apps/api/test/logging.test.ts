/**
 * How the log reads: JSON for a collector, short text lines on a terminal (LOG_FORMAT decides when set); one line
 * per API request; the SPAs' files and pages only when they fail. The text lines carry what the JSON carries.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { formatLogLine, logFormatFrom, textLogStream } from '../src/http/logging.js';

const HHMMSS = /^\d{2}:\d{2}:\d{2} /;

describe('the log format', () => {
  it('is text on a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(logFormatFrom(undefined, true)).toBe('text');
    expect(logFormatFrom(undefined, false)).toBe('json');
    expect(logFormatFrom('', true)).toBe('text');
    expect(logFormatFrom('json', true)).toBe('json');
    expect(logFormatFrom('text', false)).toBe('text');
    expect(() => logFormatFrom('pretty', true)).toThrow(/LOG_FORMAT must be json or text/);
  });

  it('writes a request as one short line and an error with its type and frames', () => {
    const time = new Date(2026, 0, 5, 10, 22, 31).getTime();
    const request = JSON.stringify({
      level: 30,
      time,
      pid: 1,
      hostname: 'h',
      reqId: 'req-1',
      req: { method: 'GET', url: '/api/patient?take=…' },
      res: { statusCode: 200 },
      responseTime: 12.4,
      msg: 'request completed',
    });
    expect(formatLogLine(request)).toBe('10:22:31 GET /api/patient?take=… 200 12 ms\n');
    const failure = JSON.stringify({
      level: 40,
      time,
      quizId: 'q-1',
      err: { type: 'Error', message: 'gateway down', code: 'ECONNRESET', stack: '    at run (x.ts:1:1)' },
      msg: 'reconciliation could not run',
    });
    expect(formatLogLine(failure)).toBe(
      '10:22:31 WARN reconciliation could not run quizId=q-1\n  Error: gateway down (ECONNRESET)\n    at run (x.ts:1:1)\n',
    );
  });
});

describe.each(['json', 'text'] as const)('what the %s log carries', (format) => {
  let dir: string;
  let app: ReturnType<typeof buildApp>;
  const lines: string[] = [];
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acompanha-log-'));
    for (const spa of ['portal', 'survey']) {
      fs.mkdirSync(path.join(dir, spa, 'assets'), { recursive: true });
      fs.writeFileSync(path.join(dir, spa, 'index.html'), `<html>${spa}</html>`);
      fs.writeFileSync(path.join(dir, spa, 'assets', `${spa}-1.js`), 'console.log(1)');
    }
    const capture = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    app = buildApp({
      config: { logger: false },
      logStream: format === 'text' ? textLogStream(capture) : capture,
      spa: { portalDir: path.join(dir, 'portal'), surveyDir: path.join(dir, 'survey') },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('one line per API request, with its route shape only; the SPAs’ files and pages only when they fail', async () => {
    const urls = [
      '/assets/portal-1.js',
      '/quiz-survey/assets/survey-1.js',
      '/clients',
      '/quiz-survey/5f1c6a0e-1111-2222-3333-444455556666',
      '/api/health',
      '/api/nope?nameTerm=Ros%C3%A2ngela',
      '/assets/missing-1.js',
    ];
    for (const url of urls) await app.inject({ method: 'GET', url });
    const log = lines.join('\n');
    expect(lines).toHaveLength(3);
    for (const url of ['portal-1.js', 'survey-1.js', '/clients', '/quiz-survey/5f1c']) expect(log).not.toContain(url);
    expect(log).not.toContain('Ros');
    if (format === 'json') {
      const records = lines.map((l) => JSON.parse(l) as { req: { url: string }; res: { statusCode: number } });
      expect(records.map((r) => [r.req.url, r.res.statusCode])).toEqual([
        ['/api/health', 200],
        ['/api/nope?nameTerm=…', 404],
        ['/assets/missing-1.js', 404],
      ]);
    } else {
      expect(lines[0]).toMatch(HHMMSS);
      expect(lines.map((l) => l.replace(HHMMSS, '').replace(/\d+ ms$/, 'N ms'))).toEqual([
        'GET /api/health 200 N ms',
        'GET /api/nope?nameTerm=… 404 N ms',
        'GET /assets/missing-1.js 404 N ms',
      ]);
    }
  });
});
