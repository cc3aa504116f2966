/**
 * Every date and instant the API accepts has one range (`@acompanha/formats`: 1900-01-01 to 2100-12-31),
 * checked before the database: the extreme valid values are stored in every date column a person fills and
 * every list and detail that shows them reads them back; a value outside is refused with our sentence and
 * stores nothing; and the repair migration makes rows stored before the range readable again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DATE_MAX, DATE_MIN, INSTANT_MAX, INSTANT_MIN } from '@acompanha/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../src/config.js';
import { spDate } from '../src/lib/dates.js';
import { backends } from './helpers/backends.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { practice, type Res } from './helpers/scheduling.js';

const REPAIR = fs.readFileSync(path.join(MIGRATIONS_FOLDER, '0023_date_range_repair.sql'), 'utf8');

describe.each(backends)('dates within the range on $name', (backend) => {
  let t: TestApp;
  let jwt: string;
  let p: ReturnType<typeof practice>;
  const readable = async (url: string) => {
    const res: Res = await p.api('GET', url, jwt);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    p = practice(t);
    jwt = await t.signUp('datas@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores the extreme valid values and every screen that shows them reads them back', async () => {
    const today = spDate(t.clock.now());
    const serviceId = await p.service(jwt, 30);
    const oldest = await p.ok(p.api('POST', '/patient', jwt, { name: 'Nascida em 1900', birthDate: DATE_MIN }), 201);
    const newest = await p.ok(
      p.api('POST', '/patient', jwt, { name: 'Nascida hoje', birthDate: today, email: 'hoje@example.com' }),
      201,
    );
    const first = await p.ok(
      p.api('POST', '/sales', jwt, {
        patientId: oldest.id,
        serviceId,
        paymentMethod: 'pix',
        soldAt: INSTANT_MIN,
        startsAt: DATE_MIN,
      }),
      201,
    );
    expect(first).toMatchObject({ soldAt: INSTANT_MIN, startsAt: DATE_MIN, endsAt: '1900-01-31' });
    const last = await p.ok(
      p.api('POST', '/sales', jwt, { patientId: newest.id, serviceId, paymentMethod: 'pix', soldAt: INSTANT_MAX }),
      201,
    );
    // Without startsAt, the service starts on the São Paulo day of the sale (31 December 2100, evening).
    expect(last).toMatchObject({ soldAt: INSTANT_MAX, startsAt: DATE_MAX, endsAt: '2101-01-30' });
    // The current sale (today) keeps the patient schedulable up to the last day of the range.
    await p.ok(p.api('POST', '/sales', jwt, { patientId: newest.id, serviceId, paymentMethod: 'pix' }), 201);
    const quizId = await p.quiz(jwt);
    const schedule = await p.ok(
      p.api('POST', '/quiz/schedule', jwt, {
        quizId,
        patientId: newest.id,
        startDate: DATE_MAX,
        hour: 23,
        periodicity: 'once',
      }),
      201,
    );
    await p.ok(
      p.api('POST', '/chat/messages', jwt, {
        audience: { kind: 'patients', patientIds: [newest.id] },
        channel: 'email',
        body: 'Até 2100!',
        sendAt: INSTANT_MAX,
      }),
      201,
    );

    expect((await readable(`/patient/${oldest.id}`)).birthDate).toBe(DATE_MIN);
    expect((await readable(`/patient/${newest.id}`)).birthDate).toBe(today);
    await readable('/patient?take=100');
    await readable('/patient/totals');
    expect((await readable(`/sales?patientId=${oldest.id}`)).items[0]).toMatchObject({ startsAt: DATE_MIN });
    // The first instant of the range is still 31/12/1899 in São Paulo: the widest period holds the other two.
    expect((await readable(`/sales?periodStart=${DATE_MIN}&periodEnd=${DATE_MAX}&take=100`)).total).toBe(2);
    await readable(`/services/invoice?periodStart=${DATE_MIN}&periodEnd=1900-12-31`);
    await readable(`/services/invoice?periodStart=2100-01-01&periodEnd=${DATE_MAX}`);
    await readable('/dashboard/summary');
    await readable(`/patient/${newest.id}/quizzes`);
    expect((await readable(`/quiz/schedule/${schedule.id}`)).startDate).toBe(DATE_MAX);
    await readable(`/quiz/schedule?quizId=${quizId}`);
    await readable(`/professional/me/quiz/${quizId}/patients`);
    const campaigns = await readable('/chat/campaigns');
    expect(campaigns.items[0].sendAt).toBe(INSTANT_MAX);
    await readable(`/chat/campaigns/${campaigns.items[0].id}`);
    await readable(`/chat/history/${newest.id}`);
    for (const report of ['/answer-revision', '/answer-revision/pending'])
      await readable(`${report}?from=${DATE_MIN}&to=${DATE_MAX}`);
    // The status report covers at most 366 days: the first and the last year of the range.
    await readable(`/answer-revision/status-report?from=${DATE_MIN}&to=1900-12-31`);
    await readable(`/answer-revision/status-report?from=2100-01-01&to=${DATE_MAX}`);
  });

  it('refuses a date outside the range with our sentence, and stores nothing', async () => {
    const patient = await p.ok(p.api('POST', '/patient', jwt, { name: 'Fora do intervalo' }), 201);
    const serviceId = await p.service(jwt, 30);
    const refusals: [string, string, Record<string, unknown>, string][] = [
      ['POST', '/sales', { soldAt: '0020-01-01T12:00:00-03:00', startsAt: '2026-01-01' }, 'soldAt'],
      ['POST', '/sales', { soldAt: '1899-12-31T23:59:59.999Z' }, 'soldAt'],
      ['POST', '/sales', { soldAt: '2101-01-01T00:00:00Z' }, 'soldAt'],
      ['POST', '/sales', { startsAt: '0099-12-31' }, 'startsAt'],
      ['POST', '/sales', { startsAt: '2101-01-01' }, 'startsAt'],
      // one character past the documented 35
      ['POST', '/sales', { soldAt: '2026-01-01T12:00:00.0000000000-03:00' }, 'soldAt'],
      ['POST', '/sales', { soldAt: '2026-01-01T12:00:00' }, 'soldAt'],
    ];
    for (const [method, url, extra, field] of refusals) {
      const res = await p.api(method, url, jwt, { patientId: patient.id, serviceId, paymentMethod: 'pix', ...extra });
      expect(res.statusCode, res.body).toBe(400);
      const details = res.json().details as { path: string[]; message: string }[];
      expect(details.map((d) => d.path[0])).toEqual([field]);
      expect(details[0]!.message).toMatch(
        /^(Data da venda|Início do serviço): use .*entre 01\/01\/1900 e 31\/12\/2100\.$/,
      );
    }
    expect((await readable(`/sales?patientId=${patient.id}`)).total).toBe(0);

    const preview = await p.api('POST', '/chat/messages/preview', jwt, {
      audience: { kind: 'patients', patientIds: [patient.id] },
      channel: 'email',
      body: 'Olá',
      sendAt: '2026-11-27T10:00:00.00000000000000000000-03:00',
    });
    expect(preview.statusCode, preview.body).toBe(400);
    expect(preview.json().details[0]).toMatchObject({ path: ['sendAt'] });
    const birth = await p.api('POST', '/patient', jwt, { name: 'X', birthDate: '1899-12-31' });
    expect(birth.json().details[0]).toMatchObject({ path: ['birthDate'] });
    const report = await p.api('GET', '/answer-revision?from=0020-01-01', jwt);
    expect(report.json().details[0]).toMatchObject({ path: ['from'] });
  });

  it('the repair migration makes rows stored before the range readable again', async () => {
    const serviceId = await p.service(jwt, 30);
    const patient = await p.ok(p.api('POST', '/patient', jwt, { name: 'Venda do ano 20' }), 201);
    const sale = await p.ok(
      p.api('POST', '/sales', jwt, { patientId: patient.id, serviceId, paymentMethod: 'pix' }),
      201,
    );
    // What the API stored before it checked a range (the driver sends these as they were sent to it).
    await t.database.pool.query(
      `UPDATE sales SET sold_at = '0020-01-01T15:06:28Z', starts_at = '0020-01-01', ends_at = '0020-01-31' WHERE id = $1`,
      [sale.id],
    );
    await t.database.pool.query(`UPDATE patients SET birth_date = '0020-05-01' WHERE id = $1`, [patient.id]);
    expect((await p.api('GET', `/sales?patientId=${patient.id}`, jwt)).statusCode).toBe(500);

    for (const statement of REPAIR.split('--> statement-breakpoint')) await t.database.pool.query(statement);

    const [repaired] = (await readable(`/sales?patientId=${patient.id}`)).items;
    expect(repaired.soldAt).toBe(sale.createdAt);
    expect(repaired.startsAt).toBe(spDate(new Date(sale.createdAt)));
    expect(repaired.endsAt > repaired.startsAt).toBe(true);
    expect((await readable(`/patient/${patient.id}`)).birthDate).toBeNull();
    // Rows in the range are untouched.
    const all = (await readable('/sales?take=100')).items as { soldAt: string }[];
    expect(all.map((s) => s.soldAt)).toEqual(expect.arrayContaining([INSTANT_MIN, INSTANT_MAX]));
  });
});
