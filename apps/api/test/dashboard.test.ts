import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/backends.js';
import { bearer, createTestApp, type TestApp } from './helpers/app.js';
import { addDays, spDate } from '../src/lib/dates.js';

describe.each(backends)('dashboard summary on $name', (backend) => {
  let t: TestApp;
  let a: string;
  let b: string;
  const call = (method: string, url: string, token: string, payload?: unknown) =>
    t.call({
      method: method as 'GET',
      url: `/api${url}`,
      headers: bearer(token),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp(backend);
    a = await t.signUp('dash-a@example.com');
    b = await t.signUp('dash-b@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('needs a session', async () => {
    const res = await t.call({ method: 'GET', url: '/api/dashboard/summary' });
    expect(res.statusCode).toBe(401);
  });

  it('starts empty, with every day of the month zero-filled', async () => {
    const res = await call('GET', '/dashboard/summary', a);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    const today = spDate(new Date());
    expect(s.today).toBe(today);
    expect(s.patients).toEqual({ active: 0, newThisMonth: 0 });
    expect(s.sales).toMatchObject({ month: today.slice(0, 7), count: 0, grossCents: 0, refundsCents: 0, netCents: 0 });
    expect(s.sales.byDay).toHaveLength(Number(today.slice(8, 10)));
    expect(s.sales.byDay.at(-1)).toEqual({ date: today, count: 0, netCents: 0 });
    expect(s.expiringServices).toEqual([]);
    expect(s.firstSteps).toEqual({
      clientAdded: false,
      quizCreated: false,
      saleRegistered: false,
      quizScheduled: false,
    });
  });

  it('counts patients and this month’s sales, nets refunds, lists services about to expire — only the professional’s own', async () => {
    const today = spDate(new Date());
    const p1 = (await call('POST', '/patient', a, { name: 'Joana Prado', phone: '11912340001' })).json();
    const p2 = (await call('POST', '/patient', a, { name: 'Caio Ribeiro', phone: '11912340002' })).json();
    await call('POST', '/patient', a, { name: 'Inês Souto', phone: '11912340003' });
    const p3 = (await call('POST', '/patient', b, { name: 'Outra Pessoa', phone: '11912340004' })).json();
    const short = (
      await call('POST', '/services', a, {
        name: 'Semanal',
        priceCents: 10000,
        modality: 'online',
        validityDays: 7,
        consultations: 1,
      })
    ).json();
    const long = (
      await call('POST', '/services', a, {
        name: 'Trimestral',
        priceCents: 99000,
        modality: 'online',
        validityDays: 90,
        consultations: 3,
      })
    ).json();
    const other = (
      await call('POST', '/services', b, {
        name: 'Dela',
        priceCents: 5000,
        modality: 'online',
        validityDays: 7,
        consultations: 1,
      })
    ).json();

    const sale1 = await call('POST', '/sales', a, { patientId: p1.id, serviceId: short.id, paymentMethod: 'pix' });
    expect(sale1.statusCode, sale1.body).toBe(201);
    const sale2 = (
      await call('POST', '/sales', a, { patientId: p2.id, serviceId: long.id, paymentMethod: 'cartao' })
    ).json();
    const sale3 = (
      await call('POST', '/sales', a, {
        patientId: p2.id,
        serviceId: short.id,
        paymentMethod: 'pix',
        amountCents: 12000,
      })
    ).json();
    expect((await call('DELETE', `/sales/${sale3.id}/refound`, a)).statusCode).toBe(200);
    await call('POST', '/sales', b, { patientId: p3.id, serviceId: other.id, paymentMethod: 'pix' });

    const s = (await call('GET', '/dashboard/summary', a)).json();
    expect(s.patients).toEqual({ active: 3, newThisMonth: 3 });
    expect(s.sales).toMatchObject({
      count: 2,
      grossCents: 10000 + 99000 + 12000,
      refundsCents: 12000,
      netCents: 10000 + 99000,
    });
    expect(s.sales.byDay.find((d: { date: string }) => d.date === today)).toEqual({
      date: today,
      count: 2,
      netCents: 109000,
    });
    // Joana's weekly service ends in 7 days; Caio's quarter runs for 90, so it is not listed.
    expect(s.expiringServices).toEqual([
      {
        patientId: p1.id,
        patientName: 'Joana Prado',
        serviceName: 'Semanal',
        endsAt: addDays(today, 7),
        lastDay: addDays(today, 6),
        daysLeft: 6,
      },
    ]);
    void sale2;

    // A renewal already sold pushes the end out of the window.
    await call('POST', '/sales', a, { patientId: p1.id, serviceId: long.id, paymentMethod: 'pix' });
    expect((await call('GET', '/dashboard/summary', a)).json().expiringServices).toEqual([]);
    expect((await call('GET', '/dashboard/summary', a)).json().firstSteps).toEqual({
      clientAdded: true,
      quizCreated: false,
      saleRegistered: true,
      quizScheduled: false,
    });

    const sb = (await call('GET', '/dashboard/summary', b)).json();
    expect(sb.patients.active).toBe(1);
    expect(sb.sales.netCents).toBe(5000);
  });
});
