import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isServiceActiveOn, serviceLastDay } from '@acompanha/calendar';
import { backends } from './helpers/backends.js';
import { bearer, createTestApp, type TestApp } from './helpers/app.js';
import { addDays, spDate, spDayStart } from '../src/lib/dates.js';

// One rule for a service's period: the API's SQL ("active service", the clients list, deliveries) and
// the calendar function every screen uses agree, minute by minute around São Paulo's midnight.
describe.each(backends)('a service period on $name', (backend) => {
  let t: TestApp;
  let token: string;
  const call = (method: string, url: string, payload?: unknown) =>
    t.call({
      method: method as 'GET',
      url: `/api${url}`,
      headers: bearer(token),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp(backend);
    token = await t.signUp('period@example.com');
    t.clock.freeze();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('covers its first through its last São Paulo day, and the API says so where the screens do', async () => {
    const start = addDays(spDate(t.clock.now()), 2);
    const patient = (await call('POST', '/patient', { name: 'Lia Campos', phone: '11912349876' })).json();
    const service = (
      await call('POST', '/services', {
        name: 'Dois dias',
        priceCents: 5000,
        modality: 'online',
        validityDays: 2,
        consultations: 1,
      })
    ).json();
    const sale = await call('POST', '/sales', {
      patientId: patient.id,
      serviceId: service.id,
      paymentMethod: 'pix',
      startsAt: start,
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const period = { startsAt: sale.json().startsAt as string, endsAt: sale.json().endsAt as string };
    expect(serviceLastDay(period.endsAt)).toBe(addDays(start, 1));

    const minute = 60_000;
    const instants = [
      spDayStart(start).getTime() - minute, // 23:59 the evening before
      spDayStart(start).getTime(), // 00:00 of the first day
      spDayStart(period.endsAt).getTime() - minute, // 23:59 of the last day (02:59 UTC the day after)
      spDayStart(period.endsAt).getTime(), // 00:00 of the first day without it
    ];
    const seen: boolean[] = [];
    for (const at of instants) {
      t.clock.set(new Date(at));
      const today = spDate(t.clock.now());
      const profile = (await call('GET', `/patient/${patient.id}`)).json();
      const listed = (await call('GET', `/patient?serviceId=${service.id}`)).json();
      const active = isServiceActiveOn(period, today);
      expect(profile.currentService !== null, `${new Date(at).toISOString()} (${today})`).toBe(active);
      expect(listed.items.length === 1).toBe(active);
      seen.push(active);
    }
    expect(seen).toEqual([false, true, true, false]);
  });
});
