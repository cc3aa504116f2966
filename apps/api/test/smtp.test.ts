import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../src/mail/mailer.js';
import { backends } from './helpers/backends.js';
import { createTestApp, operator, type TestApp } from './helpers/app.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

describe('registration through real SMTP (nodemailer → smtp-server)', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;
  let t: TestApp;

  beforeAll(async () => {
    server = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      onAuth(auth, _session, cb) {
        cb(null, { user: auth.username });
      },
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
    const smtpUrl = `smtp://user:pass@127.0.0.1:${port}`;
    t = await createTestApp(backends[0]!, {
      mailer: () => createSmtpMailer(smtpUrl, 'Acompanha <nao-responda@acompanha.app>'),
    });
  });

  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the verification code, and the code verifies the account', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/registration',
      payload: { name: 'Carla Smtp', email: 'carla@example.com', password: 'segredo123' },
    });
    expect(res.statusCode).toBe(201);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.from).toBe('nao-responda@acompanha.app');
    expect(mail.to).toEqual(['carla@example.com']);
    expect(mail.raw).toMatch(/^Subject: /m);
    expect(mail.raw).toMatch(/multipart\/alternative/);
    const decoded = mail.raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    const code = /^\s+(\d{6})\s*$/m.exec(decoded)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // nothing went to the dev mailbox
    expect(await t.mailbox.list('carla@example.com')).toHaveLength(0);

    const verify = await t.call({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { email: 'carla@example.com', code },
    });
    expect(verify.statusCode).toBe(200);
    const dev = await t.call({ method: 'GET', url: '/api/dev/mailbox', headers: operator });
    expect(dev.statusCode).toBe(404);
  });
});
