/** Setup shared by the scheduling and delivery tests: a professional's practice through the HTTP API. */
import { expect } from 'vitest';
import { bearer, type TestApp } from './app.js';

export type Res = { statusCode: number; json(): any; body: string; headers: Record<string, unknown> };

export const expectCode = (res: Res, status: number, code: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().application_error_code).toBe(code);
};

/** Moves the test clock so that "now" is `iso` (plus the real time that passes afterwards). */
export function pinClock(t: TestApp, iso: string): void {
  t.clock.offsetMs = Date.parse(iso) - Date.now();
}

export function practice(t: TestApp) {
  let seq = 0;
  const api = (method: string, url: string, token?: string, payload?: unknown) =>
    t.call({
      method: method as 'GET',
      url: `/api${url}`,
      ...(token ? { headers: bearer(token) } : {}),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    }) as unknown as Promise<Res>;

  const ok = async (res: Promise<Res>, status = 200) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(status);
    return r.json();
  };

  return {
    api,
    ok,
    async quiz(token: string, title = 'Acompanhamento semanal'): Promise<string> {
      return (await ok(api('POST', '/quiz', token, { title }), 201)).id;
    },
    /** A once-only schedule of `quizId` for `patientId` (by default 1 December 2030, 8:00); returns it. */
    async schedule(
      token: string,
      quizId: string,
      patientId: string,
      opts: { startDate?: string; hour?: number } = {},
    ): Promise<{ id: string }> {
      return ok(
        api('POST', '/quiz/schedule', token, {
          quizId,
          patientId,
          startDate: opts.startDate ?? '2030-12-01',
          hour: opts.hour ?? 8,
          periodicity: 'once',
        }),
        201,
      );
    },
    async service(token: string, validityDays = 90): Promise<string> {
      return (
        await ok(api('POST', '/services', token, { name: 'Acompanhamento', priceCents: 30000, validityDays }), 201)
      ).id;
    },
    /** A patient; `serviceId` sells it a service starting today. */
    async patient(
      token: string,
      opts: {
        serviceId?: string;
        email?: string | null;
        phone?: string | null;
        channel?: 'email' | 'whatsapp';
        name?: string;
      } = {},
    ): Promise<{ id: string; name: string; email: string | null; phone: string | null; saleId?: string }> {
      const n = ++seq;
      const name = opts.name ?? `Paciente ${n} Silva`;
      const email = opts.email === undefined ? `paciente${n}@example.com` : opts.email;
      const phone = opts.phone === undefined ? null : opts.phone;
      const body: Record<string, unknown> = { name, email, phone };
      if (opts.channel) body.preferences = { channel: opts.channel, reminders: true };
      const p = await ok(api('POST', '/patient', token, body), 201);
      let saleId: string | undefined;
      if (opts.serviceId)
        saleId = (
          await ok(
            api('POST', '/sales', token, { patientId: p.id, serviceId: opts.serviceId, paymentMethod: 'pix' }),
            201,
          )
        ).id;
      return { id: p.id, name, email: p.email, phone: p.phone, saleId };
    },
    async login(email: string, password = 'segredo123'): Promise<string> {
      return (await ok(api('POST', '/auth/login', undefined, { email, password }))).jwt;
    },
  };
}
