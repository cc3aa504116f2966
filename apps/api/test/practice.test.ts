import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { and, eq } from 'drizzle-orm';
import writeXlsxFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, patients } from '../src/db/schema.js';
import { backends } from './helpers/backends.js';
import { buildApp } from '../src/app.js';
import { bearer, createTestApp, testConfig, type TestApp } from './helpers/app.js';

type PatientView = { id: string; name: string; status: string; currentService: { id: string; name: string } | null };

type Res = { statusCode: number; json(): any; body: string };
const paths = (res: Res) => (res.json().details as { path: string[] }[]).map((d) => d.path.join('.')).sort();
const expectCode = (res: Res, status: number, code: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().application_error_code).toBe(code);
};

function multipart(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]) {
  const boundary = `----acompanha${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disp}\r\n${p.filename ? `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(backends)('patients, services, sales on $name', (backend) => {
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
  const importFile = (token: string, filename: string, data: Buffer, mapping?: Record<string, string>) => {
    const mp = multipart([
      {
        name: 'file',
        value: data,
        filename,
        type: filename.endsWith('.xlsx')
          ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
          : 'text/csv',
      },
      ...(mapping ? [{ name: 'mapping', value: JSON.stringify(mapping) }] : []),
    ]);
    return t.call({
      method: 'POST',
      url: '/api/patient/import',
      headers: { ...bearer(token), ...mp.headers },
      payload: mp.payload,
    });
  };
  const newPro = async (email: string) => t.signUp(email);

  beforeAll(async () => {
    t = await createTestApp(backend);
    a = await t.signUp('ana@example.com');
    b = await t.signUp('bia@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('patients', () => {
    it('creates, reads and updates with normalised phone (E.164) and CPF', async () => {
      const res = await call('POST', '/patient', a, {
        name: '  Maria José  ',
        email: 'Maria@Example.com',
        phone: '(11) 91234-5678',
        document: '529.982.247-25',
        birthDate: '1990-05-02',
        sex: 'feminino',
        serviceModality: 'online',
        tags: ['gestante', 'gestante', 'retorno'],
        notes: 'Alergia a amendoim',
      });
      expect(res.statusCode, res.body).toBe(201);
      const p = res.json();
      expect(p).toMatchObject({
        name: 'Maria José',
        email: 'maria@example.com',
        phone: '+5511912345678',
        document: '52998224725',
        birthDate: '1990-05-02',
        status: 'active',
        serviceModality: 'online',
        tags: ['gestante', 'retorno'],
        currentService: null,
        preferences: { channel: 'whatsapp', reminders: true, reminderHour: null },
      });
      expect((await call('GET', `/patient/${p.id}`, a)).json()).toEqual(p);
      const upd = await call('PUT', `/patient/${p.id}`, a, {
        phone: '+55 21 99876-5432',
        notes: null,
        status: 'inactive',
      });
      expect(upd.statusCode, upd.body).toBe(200);
      expect(upd.json()).toMatchObject({
        phone: '+5521998765432',
        notes: null,
        status: 'inactive',
        name: 'Maria José',
      });
      expect((await call('PUT', `/patient/${p.id}`, a, { status: 'active' })).json().status).toBe('active');
    });

    it('bad input → 400 with field paths; CPF check digits → INVALID_PATIENT_DOCUMENT', async () => {
      const bad = await call('POST', '/patient', a, {
        name: '',
        email: 'nope',
        birthDate: '2020-13-01',
        sex: 'x',
        serviceModality: 'remoto',
      });
      expectCode(bad, 400, 'WRONG_COMMAND_PARAMETERS');
      expect(paths(bad)).toEqual(['birthDate', 'email', 'name', 'serviceModality', 'sex']);
      const phone = await call('POST', '/patient', a, { name: 'X', phone: '1234' });
      expectCode(phone, 400, 'WRONG_COMMAND_PARAMETERS');
      expect(paths(phone)).toEqual(['phone']);
      const cpf = await call('POST', '/patient', a, { name: 'X', document: '529.982.247-24' });
      expectCode(cpf, 400, 'INVALID_PATIENT_DOCUMENT');
      expect(paths(cpf)).toEqual(['document']);
      expectCode(
        await call('POST', '/patient', a, { name: 'X', document: '111.111.111-11' }),
        400,
        'INVALID_PATIENT_DOCUMENT',
      );
      const future = await call('POST', '/patient', a, { name: 'X', birthDate: '2999-01-01' });
      expect(paths(future)).toEqual(['birthDate']);
      expect(paths(await call('POST', '/patient', a, { name: 'X', extra: 1 }))).toEqual(['']);
      expectCode(await call('GET', '/patient/not-a-uuid', a), 400, 'WRONG_COMMAND_PARAMETERS');
    });

    it('same phone or CPF within one professional → 409; other professionals are independent', async () => {
      const first = await call('POST', '/patient', a, {
        name: 'Dup',
        phone: '11 98888-0001',
        document: '390.533.447-05',
      });
      expect(first.statusCode, first.body).toBe(201);
      expectCode(
        await call('POST', '/patient', a, { name: 'Dup 2', phone: '+5511988880001' }),
        409,
        'MULTIPLE_PATIENTS_SAME_PHONE',
      );
      expectCode(
        await call('POST', '/patient', a, { name: 'Dup 3', document: '39053344705' }),
        409,
        'PATIENT_DOCUMENT_ALREADY_EXISTS',
      );
      const other = await call('POST', '/patient', a, { name: 'Outro', phone: '11 98888-0002' });
      expectCode(
        await call('PUT', `/patient/${other.json().id}`, a, { phone: '(11) 98888-0001' }),
        409,
        'MULTIPLE_PATIENTS_SAME_PHONE',
      );
      expect(
        (await call('POST', '/patient', b, { name: 'Dup', phone: '11 98888-0001', document: '390.533.447-05' }))
          .statusCode,
      ).toBe(201);
    });

    it("another professional's patient → 404 PATIENT_NOT_FOUND_ERROR everywhere, never data", async () => {
      const mine = (
        await call('POST', '/patient', a, { name: 'Segredo Profissional', email: 'segredo@example.com' })
      ).json();
      const attempts: [string, string, unknown?][] = [
        ['GET', `/patient/${mine.id}`],
        ['PUT', `/patient/${mine.id}`, { name: 'hack' }],
        ['DELETE', `/patient/${mine.id}`, { mode: 'inactivate' }],
        ['PUT', `/patient/${mine.id}/preferences`, { channel: 'email', reminders: false }],
        ['GET', `/patient/${mine.id}/quizzes`],
        ['GET', `/chat/history/${mine.id}`],
      ];
      for (const [m, url, body] of attempts) {
        const res = await call(m, url, b, body);
        expectCode(res, 404, 'PATIENT_NOT_FOUND_ERROR');
        expect(res.body).not.toContain('Segredo');
      }
      const svc = (await call('POST', '/services', b, { name: 'S', priceCents: 100, validityDays: 30 })).json();
      expectCode(
        await call('POST', '/sales', b, { patientId: mine.id, serviceId: svc.id, paymentMethod: 'pix' }),
        404,
        'PATIENT_NOT_FOUND_ERROR',
      );
      expect((await call('GET', '/patient?take=100', b)).json().items.map((p: { id: string }) => p.id)).not.toContain(
        mine.id,
      );
      const bulk = await call('DELETE', '/patient', b, { ids: [mine.id], mode: 'delete', reason: 'teste' });
      expect(bulk.json()).toEqual({ processed: 0, notFound: [mine.id] });
      expect((await call('GET', `/patient/${mine.id}`, a)).json().name).toBe('Segredo Profissional');
    });

    it('lists by name with accent/case-insensitive search, filters and pagination totals', async () => {
      const c = await newPro('carla@example.com');
      for (const [name, serviceModality, status] of [
        ['João Araújo', 'online', 'active'],
        ['Joana Silva', 'presencial', 'active'],
        ['JOÃO Pedro Souza', 'hibrido', 'inactive'],
        ['Ângela Ávila', 'online', 'active'],
        ['Zé 100%_ok', 'presencial', 'active'],
      ] as const) {
        expect((await call('POST', '/patient', c, { name, serviceModality, status })).statusCode).toBe(201);
      }
      const all = (await call('GET', '/patient', c)).json();
      expect(all.total).toBe(5);
      expect(all.items.map((p: { name: string }) => p.name)).toEqual([
        'Ângela Ávila',
        'Joana Silva',
        'João Araújo',
        'JOÃO Pedro Souza',
        'Zé 100%_ok',
      ]);
      const joao = (await call('GET', '/patient?nameTerm=joao', c)).json();
      expect(joao.items.map((p: { name: string }) => p.name)).toEqual(['João Araújo', 'JOÃO Pedro Souza']);
      expect((await call('GET', `/patient?nameTerm=${encodeURIComponent('ARAÚJO')}`, c)).json().total).toBe(1);
      // every word must match, in any order and with words in between
      expect(
        (await call('GET', `/patient?nameTerm=${encodeURIComponent('souza joao')}`, c))
          .json()
          .items.map((p: { name: string }) => p.name),
      ).toEqual(['JOÃO Pedro Souza']);
      expect((await call('GET', `/patient?nameTerm=${encodeURIComponent('%')}`, c)).json().total).toBe(1);
      expect((await call('GET', '/patient?nameTerm=jo&status=active', c)).json().total).toBe(2);
      expect((await call('GET', '/patient?serviceModality=online', c)).json().total).toBe(2);
      const page = (await call('GET', '/patient?take=2&skip=2', c)).json();
      expect(page.total).toBe(5);
      expect(page.items.map((p: { name: string }) => p.name)).toEqual(['João Araújo', 'JOÃO Pedro Souza']);
      const bad = await call('GET', '/patient?take=101&status=deleted', c);
      expectCode(bad, 400, 'WRONG_COMMAND_PARAMETERS');
      expect(paths(bad)).toEqual(['status', 'take']);
      expect((await call('GET', '/patient/totals', c)).json()).toEqual({
        total: 5,
        byStatus: { active: 4, inactive: 1 },
        byModality: { presencial: 2, online: 2, hibrido: 1 },
      });
    });

    it('a name search counts up to 1,000 matches and says there are more beyond; pages go on past the cap', async () => {
      const m = await newPro('muitas@example.com');
      type Page = { items: { name: string }[]; total: number; totalCapped: boolean };
      const list = async (query: string) => (await call('GET', `/patient?${query}`, m)).json() as Page;
      const first = (await call('POST', '/patient', m, { name: 'Maria Aparecida' })).json();
      const [{ professionalId }] = await t.database.db
        .select({ professionalId: patients.professionalId })
        .from(patients)
        .where(eq(patients.id, first.id));
      // 1,000 more Marias (so 1,001 match), 20 Silvas, and a deleted Maria, which no list counts.
      await t.database.pool.query(
        `insert into patients (professional_id, name, search_name, status, service_modality, preferences)
         select $1::uuid, n, lower(n), case when i = 0 then 'deleted' else 'active' end, 'online',
                '{"channel":"email","reminders":true,"reminderHour":null}'::jsonb
         from generate_series(0, 1000) i, lateral (select 'Maria ' || lpad(i::text, 4, '0') as n) x
         union all
         select $1::uuid, 'Silva ' || i, 'silva ' || i, 'active', 'presencial',
                '{"channel":"email","reminders":true,"reminderHour":null}'::jsonb
         from generate_series(1, 20) i`,
        [professionalId],
      );

      expect(await list('nameTerm=maria&take=2')).toMatchObject({ total: 1000, totalCapped: true });
      // Past the cap the pages keep coming, and the last one is short.
      const past = await list('nameTerm=maria&take=100&skip=1000');
      expect(past).toMatchObject({ total: 1000, totalCapped: true });
      expect(past.items.map((p) => p.name)).toEqual(['Maria Aparecida']);
      // Under the cap, and every list without a term, the total is exact.
      expect(await list('nameTerm=silva')).toMatchObject({ total: 20, totalCapped: false });
      expect(await list('take=1')).toMatchObject({ total: 1021, totalCapped: false });
      expect(await list('take=1&status=active')).toMatchObject({ total: 1021, totalCapped: false });

      // Exactly at the cap: exact. (A write in plain SQL: the list cache sees it too.)
      await t.database.pool.query(`update patients set status = 'inactive' where id = $1`, [first.id]);
      expect(await list('nameTerm=maria&take=1&status=active')).toMatchObject({ total: 1000, totalCapped: false });
      expect(await list('nameTerm=maria&take=1')).toMatchObject({ total: 1000, totalCapped: true });
      await t.database.pool.query(`update patients set status = 'deleted' where id = $1`, [first.id]);
      expect(await list('nameTerm=maria&take=1')).toMatchObject({ total: 1000, totalCapped: false });
    });

    it('a list served again never outlives its data: API writes, another API process, plain SQL, a renamed service, the date', async () => {
      const m = await newPro('marta@example.com');
      const list = async () =>
        (await call('GET', '/patient?nameTerm=cache', m)).json() as { total: number; items: PatientView[] };
      const names = async () => (await list()).items.map((p) => p.name);
      const p = (await call('POST', '/patient', m, { name: 'Cache Um' })).json();
      const first = await call('GET', '/patient?nameTerm=cache', m);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(first.json()).toMatchObject({ total: 1, items: [{ id: p.id, name: 'Cache Um', currentService: null }] });
      expect((await call('GET', '/patient?nameTerm=cache', m)).body).toBe(first.body);

      // Another API process on the same database, with a cache of its own.
      const other = buildApp({ db: t.database.db, config: testConfig(t.clock, { uploadsDir: os.tmpdir() }) });
      await other.ready();
      try {
        expect(
          (await other.inject({ method: 'GET', url: '/api/patient?nameTerm=cache', headers: bearer(m) })).json().total,
        ).toBe(1);
        const created = await other.inject({
          method: 'POST',
          url: '/api/patient',
          headers: bearer(m),
          payload: { name: 'Cache Dois' },
        });
        expect(created.statusCode, created.body).toBe(201);
        expect(await names()).toEqual(['Cache Dois', 'Cache Um']);
        await call('PUT', `/patient/${p.id}`, m, { status: 'inactive' });
        expect(
          (await other.inject({ method: 'GET', url: '/api/patient?nameTerm=cache', headers: bearer(m) })).json()
            .items[1],
        ).toMatchObject({ id: p.id, status: 'inactive' });
      } finally {
        await other.close();
      }

      // A write that bypasses the API.
      await t.database.db
        .update(patients)
        .set({ name: 'Cache Três', searchName: 'cache tres', status: 'active' })
        .where(eq(patients.id, p.id));
      expect((await list()).items[1]).toMatchObject({ id: p.id, name: 'Cache Três', status: 'active' });

      // The current service: a sale, the service renamed, the sale ending with the date.
      const s = (await call('POST', '/services', m, { name: 'Plano', priceCents: 10000, validityDays: 30 })).json();
      const soldAt = new Date(t.clock.now().getTime() - 29 * 86_400_000).toISOString();
      const sold = await call('POST', '/sales', m, { patientId: p.id, serviceId: s.id, paymentMethod: 'pix', soldAt });
      expect(sold.statusCode, sold.body).toBe(201);
      expect((await list()).items[1]!.currentService).toMatchObject({ id: s.id, name: 'Plano' });
      expect((await call('PUT', `/services/${s.id}`, m, { name: 'Plano mensal' })).statusCode).toBe(200);
      expect((await list()).items[1]!.currentService).toMatchObject({ name: 'Plano mensal' });
      t.clock.advance(2 * 86_400_000);
      try {
        expect((await list()).items[1]!.currentService).toBeNull();
      } finally {
        t.clock.reset();
      }

      // Another professional's writes leave this list alone, and never show in it.
      await call('POST', '/patient', b, { name: 'Cache de outra' });
      expect(await names()).toEqual(['Cache Dois', 'Cache Três']);
    });

    it('inactivate keeps data; delete anonymises (LGPD), hides, keeps sales aggregates', async () => {
      const d = await newPro('dora@example.com');
      const svc = (await call('POST', '/services', d, { name: 'Plano', priceCents: 39000, validityDays: 30 })).json();
      const p1 = (await call('POST', '/patient', d, { name: 'Inês Inativa', phone: '11 97777-0001' })).json();
      const p2 = (
        await call('POST', '/patient', d, {
          name: 'Otávio Excluído',
          phone: '11 97777-0002',
          document: '529.982.247-25',
          email: 'o@example.com',
          birthDate: '1980-01-01',
          notes: 'x',
          tags: ['a'],
        })
      ).json();
      const sale = await call('POST', '/sales', d, { patientId: p2.id, serviceId: svc.id, paymentMethod: 'pix' });
      expect(sale.statusCode, sale.body).toBe(201);
      await t.database.db.insert(messages).values({
        professionalId: (await t.database.db.select().from(patients).where(eq(patients.id, p2.id)))[0]!.professionalId,
        patientId: p2.id,
        channel: 'whatsapp',
        body: 'Olá Otávio',
      });

      const inact = await call('DELETE', `/patient/${p1.id}`, d, { mode: 'inactivate' });
      expect(inact.json()).toEqual({ id: p1.id, status: 'inactive' });
      expect((await call('GET', `/patient/${p1.id}`, d)).json()).toMatchObject({
        name: 'Inês Inativa',
        phone: '+5511977770001',
        status: 'inactive',
      });

      const noReason = await call('DELETE', `/patient/${p2.id}`, d, { mode: 'delete', reason: 'x' });
      expect(paths(noReason)).toEqual(['reason']);
      expect(paths(await call('DELETE', `/patient/${p2.id}`, d, { mode: 'delete' }))).toEqual(['reason']);
      expect(paths(await call('DELETE', `/patient/${p2.id}`, d, { mode: 'erase' }))).toEqual(['mode']);
      const del = await call('DELETE', `/patient/${p2.id}`, d, { mode: 'delete', reason: 'Pedido do titular (LGPD)' });
      expect(del.json()).toEqual({ id: p2.id, status: 'deleted' });
      expectCode(await call('GET', `/patient/${p2.id}`, d), 404, 'PATIENT_NOT_FOUND_ERROR');
      expectCode(await call('DELETE', `/patient/${p2.id}`, d, { mode: 'inactivate' }), 404, 'PATIENT_NOT_FOUND_ERROR');
      const [row] = await t.database.db.select().from(patients).where(eq(patients.id, p2.id));
      expect(row).toMatchObject({
        name: 'Cliente excluído',
        email: null,
        phone: null,
        document: null,
        birthDate: null,
        notes: null,
        tags: [],
        status: 'deleted',
        deletionReason: 'Pedido do titular (LGPD)',
      });
      expect(row!.deletedAt).toBeInstanceOf(Date);
      expect(await t.database.db.select().from(messages).where(eq(messages.patientId, p2.id))).toEqual([]);
      const list = (await call('GET', '/patient', d)).json();
      expect(list.items.map((p: { id: string }) => p.id)).toEqual([p1.id]);
      expect((await call('GET', '/patient/totals', d)).json()).toMatchObject({
        total: 1,
        byStatus: { active: 0, inactive: 1 },
      });
      const sales = (await call('GET', '/sales', d)).json();
      expect(sales.items).toHaveLength(1);
      expect(sales.items[0]).toMatchObject({ patientId: p2.id, patientName: 'Cliente excluído', amountCents: 39000 });
      // The phone and CPF are free again.
      expect(
        (await call('POST', '/patient', d, { name: 'Novo', phone: '11 97777-0002', document: '52998224725' }))
          .statusCode,
      ).toBe(201);
      // An inactive patient cannot buy.
      expectCode(
        await call('POST', '/sales', d, { patientId: p1.id, serviceId: svc.id, paymentMethod: 'pix' }),
        400,
        'PATIENT_NOT_ACTIVE',
      );
    });

    it('bulk delete: processed and notFound; reason required to delete', async () => {
      const e = await newPro('eva@example.com');
      const ids = [];
      for (const n of ['Um', 'Dois', 'Três']) ids.push((await call('POST', '/patient', e, { name: n })).json().id);
      const missingReason = await call('DELETE', '/patient', e, { ids, mode: 'delete' });
      expect(paths(missingReason)).toEqual(['reason']);
      expect(paths(await call('DELETE', '/patient', e, { ids: [], mode: 'inactivate' }))).toEqual(['ids']);
      expect(paths(await call('DELETE', '/patient', e, { ids: ['x'], mode: 'inactivate' }))).toEqual(['ids.0']);
      const unknown = randomUUID();
      const res = await call('DELETE', '/patient', e, {
        ids: [ids[0], ids[1], unknown],
        mode: 'delete',
        reason: 'Encerrou o acompanhamento',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ processed: 2, notFound: [unknown] });
      expect((await call('DELETE', '/patient', e, { ids: [ids[0], ids[2]], mode: 'inactivate' })).json()).toEqual({
        processed: 1,
        notFound: [ids[0]],
      });
      expect((await call('GET', '/patient/totals', e)).json()).toMatchObject({
        total: 1,
        byStatus: { active: 0, inactive: 1 },
      });
    });

    it('preferences, quizzes (empty) and chat history (paginated)', async () => {
      const p = (await call('POST', '/patient', a, { name: 'Pref', phone: '11 96666-0001' })).json();
      const noEmail = await call('PUT', `/patient/${p.id}/preferences`, a, { channel: 'email', reminders: true });
      expectCode(noEmail, 400, 'NOTIFICATION_CHANNEL_ERROR');
      expect(
        paths(
          await call('PUT', `/patient/${p.id}/preferences`, a, { channel: 'sms', reminders: 'yes', reminderHour: 24 }),
        ),
      ).toEqual(['channel', 'reminderHour', 'reminders']);
      await call('PUT', `/patient/${p.id}`, a, { email: 'pref@example.com' });
      const ok = await call('PUT', `/patient/${p.id}/preferences`, a, {
        channel: 'email',
        reminders: false,
        reminderHour: 8,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().preferences).toEqual({ channel: 'email', reminders: false, reminderHour: 8 });
      expect((await call('GET', `/patient/${p.id}/quizzes`, a)).json()).toEqual({ items: [], total: 0 });
      expect((await call('GET', `/chat/history/${p.id}`, a)).json()).toEqual({ items: [], total: 0 });
      const [row] = await t.database.db.select().from(patients).where(eq(patients.id, p.id));
      for (const [i, body] of ['Primeira', 'Segunda', 'Terceira'].entries()) {
        await t.database.db.insert(messages).values({
          professionalId: row!.professionalId,
          patientId: p.id,
          channel: 'whatsapp',
          body,
          status: 'sent',
          createdAt: new Date(Date.UTC(2025, 0, 1, 12, i)),
        });
      }
      const page = (await call('GET', `/chat/history/${p.id}?take=2`, a)).json();
      expect(page.total).toBe(3);
      expect(page.items.map((m: { body: string }) => m.body)).toEqual(['Terceira', 'Segunda']);
      expect(page.items[0]).toMatchObject({ patientId: p.id, channel: 'whatsapp', status: 'sent' });
    });
  });

  describe('import', () => {
    it('CSV in Latin-1 with semicolons: per-row report, formulas verbatim, no duplicates on re-import', async () => {
      const f = await newPro('fabi@example.com');
      const csv = [
        'Nome;Telefone;CPF;Data de nascimento;E-mail;Observações;Modalidade;Sexo;Tags',
        'José Antônio;(11) 98888-7777;529.982.247-25;02/05/1990;Jose@Example.com;"=HYPERLINK(""http://mal.example"";""clique"")";híbrido;M;esporte, retorno',
        'Maria Sem Telefone;123;;;;;;;',
        '',
        'Conceição Araújo;+55 21 99999-8888;;1985-12-31;;-2+3;online;F;',
        'Cláudia CPF Ruim;;111.222.333-44;31/02/1990;email-ruim;;marte;x;',
        'Repetida;11988887777;;;;;;;',
      ].join('\r\n');
      const data = Buffer.from(csv, 'latin1');
      expect(data.includes(Buffer.from('José', 'utf8'))).toBe(false); // really Latin-1
      const res = await importFile(f, 'clientes.csv', data);
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json();
      expect(report).toMatchObject({ imported: 2, updated: 0, skipped: 0, total: 5 });
      expect(
        report.errors.map((e: { row: number; field: string; code: string }) => `${e.row}:${e.field}:${e.code}`),
      ).toEqual([
        '3:phone:WRONG_COMMAND_PARAMETERS',
        '6:email:WRONG_COMMAND_PARAMETERS',
        '6:document:INVALID_PATIENT_DOCUMENT',
        '6:birthDate:WRONG_COMMAND_PARAMETERS',
        '6:sex:WRONG_COMMAND_PARAMETERS',
        '6:serviceModality:WRONG_COMMAND_PARAMETERS',
        '7:phone:MULTIPLE_PATIENTS_SAME_PHONE',
      ]);
      const list = (await call('GET', '/patient', f)).json();
      expect(list.total).toBe(2);
      const [conceicao, jose] = list.items;
      expect(jose).toMatchObject({
        name: 'José Antônio',
        phone: '+5511988887777',
        document: '52998224725',
        birthDate: '1990-05-02',
        email: 'jose@example.com',
        notes: '=HYPERLINK("http://mal.example";"clique")',
        serviceModality: 'hibrido',
        sex: 'masculino',
        tags: ['esporte', 'retorno'],
      });
      expect(conceicao).toMatchObject({
        name: 'Conceição Araújo',
        phone: '+5521999998888',
        notes: '-2+3',
        sex: 'feminino',
        birthDate: '1985-12-31',
      });

      const again = (await importFile(f, 'clientes.csv', data)).json();
      expect(again).toMatchObject({ imported: 0, updated: 0, skipped: 2, total: 5 });
      expect((await call('GET', '/patient', f)).json().total).toBe(2);

      // A changed row updates the patient (matched by phone).
      const changed = Buffer.from(csv.replace('-2+3', 'Nova observação'), 'latin1');
      expect((await importFile(f, 'clientes.csv', changed)).json()).toMatchObject({
        imported: 0,
        updated: 1,
        skipped: 1,
      });
      expect((await call('GET', `/patient/${conceicao.id}`, f)).json().notes).toBe('Nova observação');
    });

    it('CSV in UTF-8 with BOM and commas, with a column mapping', async () => {
      const g = await newPro('gabi@example.com');
      const csv = '\uFEFFCliente,Whats,Outro\r\n"Souza, Ana",11 95555-0001,x\r\nÍtalo,,y\r\n';
      const res = await importFile(g, 'a.csv', Buffer.from(csv, 'utf8'), { name: 'Cliente', phone: 'whats' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ imported: 2, errors: [] });
      expect(
        (await call('GET', '/patient', g))
          .json()
          .items.map((p: { name: string; phone: string | null }) => [p.name, p.phone]),
      ).toEqual([
        ['Ítalo', null],
        ['Souza, Ana', '+5511955550001'],
      ]);
      // Rows without phone or CPF are matched by name: no duplicate either.
      expect(
        (await importFile(g, 'a.csv', Buffer.from(csv, 'utf8'), { name: 'Cliente', phone: 'whats' })).json(),
      ).toMatchObject({ imported: 0, skipped: 2 });
      const noName = await importFile(g, 'b.csv', Buffer.from('Pessoa;Telefone\r\nA;\r\n'));
      expectCode(noName, 400, 'MISSING_PARAMETER_MAPPER');
      const badMap = await importFile(g, 'b.csv', Buffer.from('Pessoa;Telefone\r\nA;\r\n'), {
        name: 'Nome do cliente',
      });
      expectCode(badMap, 400, 'WRONG_COMMAND_PARAMETERS');
      expect(paths(badMap)).toEqual(['mapping.name']);
      const noFile = await t.call({
        method: 'POST',
        url: '/api/patient/import',
        headers: bearer(g),
        payload: { filename: 'x.csv' },
      });
      expectCode(noFile, 400, 'WRONG_COMMAND_PARAMETERS');
      expect(paths(noFile)).toContain('file');
      expectCode(
        await t.call({
          method: 'POST',
          url: '/api/patient/import',
          ...multipart([{ name: 'file', value: 'Nome\nA', filename: 'a.csv' }]),
        }),
        401,
        'Unauthorized',
      );
    });

    it('XLSX (first sheet) with dates and numbers', async () => {
      const h = await newPro('hana@example.com');
      const sheet = [
        ['Nome', 'Celular', 'CPF', 'Nascimento', 'Observações'].map((value) => ({ value })),
        [
          { value: 'Lúcia Xavier' },
          { value: 11944443333 },
          { value: '529.982.247-25' },
          { value: new Date('1979-08-15T00:00:00Z'), format: 'dd/mm/yyyy' },
          { value: '@todos' },
        ],
        [{ value: '=HYPERLINK("x")' }, { value: '+55 31 98765-4321' }, null, null, null],
        [{ value: 'Sem Nada' }, { value: 'abc' }, null, null, null],
      ];
      const buffer = await writeXlsxFile(sheet as never).toBuffer();
      const res = await importFile(h, 'clientes.xlsx', buffer);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ imported: 2, total: 3, errors: [{ row: 4, field: 'phone' }] });
      const items = (await call('GET', '/patient', h)).json().items;
      expect(items.map((p: { name: string }) => p.name).sort()).toEqual(['=HYPERLINK("x")', 'Lúcia Xavier']);
      expect(items.find((p: { name: string }) => p.name === 'Lúcia Xavier')).toMatchObject({
        phone: '+5511944443333',
        document: '52998224725',
        birthDate: '1979-08-15',
        notes: '@todos',
      });
    });

    it('template: UTF-8 BOM, semicolon-separated headers', async () => {
      const res = await call('GET', '/patient/import/template', a);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.body.startsWith('\uFEFFNome;E-mail;Telefone;CPF;Data de nascimento')).toBe(true);
    });
  });

  describe('services and sales', () => {
    it('services CRUD, validation, disable/enable, status filter, foreign → 404', async () => {
      const i = await newPro('iara@example.com');
      const bad = await call('POST', '/services', i, {
        name: '',
        priceCents: 10.5,
        validityDays: 0,
        consultations: 101,
        modality: 'x',
      });
      expectCode(bad, 400, 'WRONG_COMMAND_PARAMETERS');
      expect(paths(bad)).toEqual(['consultations', 'modality', 'name', 'priceCents', 'validityDays']);
      const created = await call('POST', '/services', i, {
        name: 'Acompanhamento mensal',
        priceCents: 39000,
        validityDays: 30,
        modality: 'hibrido',
        consultations: 2,
      });
      expect(created.statusCode, created.body).toBe(201);
      const s = created.json();
      expect(s).toMatchObject({
        name: 'Acompanhamento mensal',
        description: null,
        priceCents: 39000,
        validityDays: 30,
        consultations: 2,
        modality: 'hibrido',
        isActive: true,
      });
      await call('POST', '/services', i, { name: 'Consulta avulsa', priceCents: 25000, validityDays: 30 });
      expect((await call('GET', `/services/${s.id}`, i)).json()).toEqual(s);
      expect(
        (await call('PUT', `/services/${s.id}`, i, { priceCents: 42000, description: 'Com app' })).json(),
      ).toMatchObject({ priceCents: 42000, description: 'Com app', name: 'Acompanhamento mensal' });
      expect((await call('DELETE', `/services/${s.id}/disable`, i)).json().isActive).toBe(false);
      expect((await call('GET', '/services?status=active', i)).json().map((x: { name: string }) => x.name)).toEqual([
        'Consulta avulsa',
      ]);
      expect((await call('GET', '/services?status=inactive', i)).json().map((x: { id: string }) => x.id)).toEqual([
        s.id,
      ]);
      expect((await call('GET', '/services', i)).json()).toHaveLength(2);
      const p = (await call('POST', '/patient', i, { name: 'Cliente' })).json();
      expectCode(
        await call('POST', '/sales', i, { patientId: p.id, serviceId: s.id, paymentMethod: 'pix' }),
        400,
        'SERVICE_NOT_ACTIVE',
      );
      expect((await call('POST', `/services/${s.id}/enable`, i)).json().isActive).toBe(true);
      for (const [m, url, body] of [
        ['GET', `/services/${s.id}`],
        ['PUT', `/services/${s.id}`, { name: 'x' }],
        ['DELETE', `/services/${s.id}/disable`],
        ['POST', `/services/${s.id}/enable`],
      ] as const) {
        expectCode(await call(m, url, b, body), 404, 'NOT_FOUND');
      }
      expect((await call('GET', '/services', b)).json().map((x: { id: string }) => x.id)).not.toContain(s.id);
      expectCode(
        await call('POST', '/sales', b, { patientId: randomUUID(), serviceId: s.id, paymentMethod: 'pix' }),
        404,
        'PATIENT_NOT_FOUND_ERROR',
      );
    });

    it('sales give an active service; refund twice → SALE_ALREADY_REFOUNDED; delete; filters', async () => {
      const j = await newPro('joana@example.com');
      const s = (
        await call('POST', '/services', j, { name: 'Plano trimestral', priceCents: 99000, validityDays: 90 })
      ).json();
      const s2 = (await call('POST', '/services', j, { name: 'Consulta', priceCents: 25000, validityDays: 30 })).json();
      const p = (await call('POST', '/patient', j, { name: 'Paula' })).json();
      const q = (await call('POST', '/patient', j, { name: 'Quitéria' })).json();
      const bad = await call('POST', '/sales', j, {
        patientId: p.id,
        serviceId: s.id,
        paymentMethod: 'cheque',
        amountCents: -1,
        startsAt: '2025-02-30',
      });
      expect(paths(bad)).toEqual(['amountCents', 'paymentMethod', 'startsAt']);
      const res = await call('POST', '/sales', j, { patientId: p.id, serviceId: s.id, paymentMethod: 'pix' });
      expect(res.statusCode, res.body).toBe(201);
      const sale = res.json();
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(t.clock.now());
      expect(sale).toMatchObject({
        patientId: p.id,
        patientName: 'Paula',
        serviceId: s.id,
        serviceName: 'Plano trimestral',
        amountCents: 99000,
        paymentMethod: 'pix',
        status: 'paid',
        startsAt: today,
        refundedAt: null,
      });
      expect((Date.parse(sale.endsAt) - Date.parse(sale.startsAt)) / 86_400_000).toBe(90);
      expect((await call('GET', `/patient/${p.id}`, j)).json().currentService).toEqual({
        id: s.id,
        name: 'Plano trimestral',
        endsAt: sale.endsAt,
      });
      expect(
        (await call('GET', `/patient?serviceId=${s.id}`, j)).json().items.map((x: { id: string }) => x.id),
      ).toEqual([p.id]);
      const old = await call('POST', '/sales', j, {
        patientId: q.id,
        serviceId: s2.id,
        paymentMethod: 'dinheiro',
        amountCents: 20000,
        soldAt: '2024-01-10T15:00:00Z',
      });
      expect(old.json()).toMatchObject({ amountCents: 20000, startsAt: '2024-01-10', endsAt: '2024-02-09' });
      expect((await call('GET', `/patient/${q.id}`, j)).json().currentService).toBeNull();

      const list = (await call('GET', '/sales', j)).json();
      expect(list.total).toBe(2);
      expect(list.items.map((x: { id: string }) => x.id)).toEqual([sale.id, old.json().id]);
      expect((await call('GET', `/sales?patientId=${q.id}`, j)).json().total).toBe(1);
      expect((await call('GET', `/sales?serviceId=${s.id}&status=paid`, j)).json().total).toBe(1);
      expect(
        (await call('GET', '/sales?periodStart=2024-01-01&periodEnd=2024-01-31', j))
          .json()
          .items.map((x: { id: string }) => x.id),
      ).toEqual([old.json().id]);
      expect((await call('GET', '/sales?take=1&skip=1', j)).json()).toMatchObject({
        total: 2,
        items: [{ id: old.json().id }],
      });
      expect(paths(await call('GET', '/sales?periodStart=2024-02-01&periodEnd=2024-01-01', j))).toEqual(['periodEnd']);
      expect(paths(await call('GET', '/sales?status=x&patientId=1', j))).toEqual(['patientId', 'status']);

      const refunded = await call('DELETE', `/sales/${sale.id}/refound`, j);
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(refunded.json()).toMatchObject({ status: 'refunded' });
      expect(refunded.json().refundedAt).toBeTruthy();
      expectCode(await call('DELETE', `/sales/${sale.id}/refound`, j), 409, 'SALE_ALREADY_REFOUNDED');
      expect((await call('GET', `/patient/${p.id}`, j)).json().currentService).toBeNull();
      expect((await call('GET', `/patient?serviceId=${s.id}`, j)).json().total).toBe(0);
      expect((await call('GET', '/sales?status=refunded', j)).json().total).toBe(1);

      expectCode(await call('DELETE', `/sales/${sale.id}`, b), 404, 'SALE_NOT_FOUND');
      expectCode(await call('DELETE', `/sales/${sale.id}/refound`, b), 404, 'SALE_NOT_FOUND');
      expect((await call('DELETE', `/sales/${sale.id}`, j)).statusCode).toBe(204);
      expectCode(await call('DELETE', `/sales/${sale.id}`, j), 404, 'SALE_NOT_FOUND');
      expect((await call('GET', '/sales', j)).json().total).toBe(1);
      expect((await call('GET', '/sales', b)).json().items.map((x: { id: string }) => x.id)).not.toContain(
        old.json().id,
      );
    });

    it('invoice: totals per service for a São Paulo period (inclusive), refunds and net', async () => {
      const k = await newPro('kelly@example.com');
      const s1 = (
        await call('POST', '/services', k, { name: 'Acompanhamento mensal', priceCents: 39000, validityDays: 30 })
      ).json();
      const s2 = (
        await call('POST', '/services', k, { name: 'Bioimpedância', priceCents: 12000, validityDays: 7 })
      ).json();
      const p = (await call('POST', '/patient', k, { name: 'Rita' })).json();
      const sell = async (serviceId: string, soldAt: string, amountCents?: number) =>
        (
          await call('POST', '/sales', k, {
            patientId: p.id,
            serviceId,
            paymentMethod: 'cartao',
            soldAt,
            ...(amountCents ? { amountCents } : {}),
          })
        ).json();
      await sell(s1.id, '2025-03-01T02:00:00Z'); // 28/02 23:00 in São Paulo: outside
      const in1 = await sell(s1.id, '2025-03-10T12:00:00Z');
      const in2 = await sell(s1.id, '2025-03-20T12:00:00-03:00', 35000);
      const in3 = await sell(s2.id, '2025-04-01T02:59:00Z'); // 31/03 23:59 in São Paulo: inside
      await sell(s2.id, '2025-04-01T03:00:00Z'); // 01/04 00:00: outside
      await call('DELETE', `/sales/${in2.id}/refound`, k);
      const inv = await call('GET', '/services/invoice?periodStart=2025-03-01&periodEnd=2025-03-31', k);
      expect(inv.statusCode, inv.body).toBe(200);
      const body = inv.json();
      expect(body).toMatchObject({
        periodStart: '2025-03-01',
        periodEnd: '2025-03-31',
        grossCents: 86000,
        refundsCents: 35000,
        netCents: 51000,
      });
      expect(body.services).toEqual([
        {
          serviceId: s1.id,
          name: 'Acompanhamento mensal',
          count: 2,
          grossCents: 74000,
          refundsCents: 35000,
          netCents: 39000,
        },
        { serviceId: s2.id, name: 'Bioimpedância', count: 1, grossCents: 12000, refundsCents: 0, netCents: 12000 },
      ]);
      expect(body.sales.map((x: { id: string }) => x.id)).toEqual([in3.id, in2.id, in1.id]);
      expect(
        (await call('GET', '/services/invoice?periodStart=2025-03-01&periodEnd=2025-03-31', b)).json(),
      ).toMatchObject({ grossCents: 0, services: [], sales: [] });
      const bad = await call('GET', '/services/invoice?periodStart=2025-03-01&periodEnd=2025-02-01', k);
      expect(paths(bad)).toEqual(['periodEnd']);
      expect(paths(await call('GET', '/services/invoice?periodStart=2024-01-01&periodEnd=2025-03-01', k))).toEqual([
        'periodEnd',
      ]);
      expect(paths(await call('GET', '/services/invoice?periodStart=01/03/2025', k))).toEqual([
        'periodEnd',
        'periodStart',
      ]);
    });
  });

  it('rows stay scoped: every patient row belongs to its professional', async () => {
    const rows = await t.database.db
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.name, 'Dup')));
    expect(rows).toHaveLength(2);
  });
});
