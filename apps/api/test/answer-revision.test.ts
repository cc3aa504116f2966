import { parse } from 'csv-parse/sync';
import { inflateRawSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerRevisionNotes, answerRevisions } from '../src/db/schema.js';
import { defaultCategoryId, defaultQuestionId as q } from '../src/question/library.js';
import { backends } from './helpers/backends.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { surveyFlow, type AnswerStep } from './helpers/answer-revision.js';
import { expectCode, pinClock, practice, type Res } from './helpers/scheduling.js';

/** Monday, 4 March 2030, 10:00 in São Paulo (UTC−3). */
const START = '2030-03-04T13:00:00Z';
/** Tuesday, 12 March 2030, 12:00 in São Paulo: "now" while the tests read. */
const END = '2030-03-12T15:00:00Z';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const TITLES = {
  peso: 'Qual é o seu peso hoje?',
  vontade: 'Você teve vontade intensa de comer algum alimento específico?',
  qualAlimento: 'Qual alimento?',
  energia: 'Como esteve a sua energia ao longo do dia?',
  likert: 'O quanto você concorda com as frases sobre o seu plano alimentar?',
  semana: 'Como foi sua semana?',
  foto: 'Envie uma foto de frente e de perfil',
  cintura: 'Circunferência da cintura',
};
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8]);

/** One file of a zip (an XLSX is one), found through the zip's central directory. */
function zipEntry(zip: Buffer, name: string): string {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let i = zip.readUInt16LE(end + 10); i > 0; i--) {
    const nameLength = zip.readUInt16LE(at + 28);
    if (zip.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      const local = zip.readUInt32LE(at + 42);
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + zip.readUInt32LE(at + 20));
      return (zip.readUInt16LE(at + 10) === 8 ? inflateRawSync(data) : data).toString('utf8');
    }
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  throw new Error(`${name} is not in the zip`);
}

/** The display format of a cell of the XLSX's first sheet ("D2"): its style's number format code, or "General". */
function cellFormat(xlsx: Buffer, ref: string): string {
  const sheet = zipEntry(xlsx, 'xl/worksheets/sheet1.xml');
  const styles = zipEntry(xlsx, 'xl/styles.xml');
  const style = Number(new RegExp(`<c r="${ref}"[^>]*?\\ss="(\\d+)"`).exec(sheet)?.[1] ?? 0);
  const xfs = /<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)![1]!.match(/<xf\b[^>]*>/g)!;
  const id = /numFmtId="(\d+)"/.exec(xfs[style]!)?.[1] ?? '0';
  if (id === '0') return 'General';
  return new RegExp(`<numFmt numFmtId="${id}" formatCode="([^"]+)"`).exec(styles)?.[1] ?? `built-in ${id}`;
}

describe.each(backends)('answer revisions on $name', (backend) => {
  let t: TestApp;
  let p: ReturnType<typeof practice>;
  let flow: ReturnType<typeof surveyFlow>;
  let a: string; // professional A
  let b: string; // professional B
  let quizA: string;
  let quiz2: string;
  const patient: Record<string, { id: string; email: string }> = {};
  const schedule: Record<string, string> = {};
  /** Revision ids: anaA1, brunoA1, anaA2, ana2, bia (B's). */
  const rev: Record<string, string> = {};
  const req: Record<string, string> = {};
  const fileKeys: string[] = [];

  const api = (method: string, url: string, token?: string, payload?: unknown) => p.api(method, url, token, payload);
  const get = (url: string, token = a) => p.ok(api('GET', url, token));

  /** The answers of quiz A. */
  const quizASteps = (o: {
    peso: number;
    vontade: 'a1' | 'a2';
    alimento?: string;
    energia: number;
    s1: string;
    semana: string;
    foto: string;
  }): AnswerStep[] => [
    { questionId: q('peso'), value: { type: 'metrics', value: o.peso } },
    { questionId: q('vontade'), value: { type: 'multiple-choice', alternativeIds: [o.vontade] } },
    ...(o.alimento
      ? [
          {
            questionId: q('qual-alimento'),
            parentQuestionId: q('vontade'),
            value: { type: 'free-field', text: o.alimento },
          },
        ]
      : []),
    { questionId: q('energia'), value: { type: 'linear-scale', value: o.energia } },
    {
      questionId: q('adesao-likert'),
      value: { type: 'likert-scale', levels: { s1: o.s1, s2: 'l3', s3: 'l5', s4: 'l2' } },
    },
    { questionId: q('semana'), value: { type: 'free-field', text: o.semana } },
    {
      questionId: q('foto-corpo'),
      value: async (token) => {
        const file = await flow.upload(token, q('foto-corpo'), o.foto, JPEG);
        fileKeys.push(file.key);
        return { type: 'file-upload', files: [file] };
      },
    },
  ];

  const revisionOf = async (quizAnswerId: string) =>
    (await t.database.db.select().from(answerRevisions).where(eq(answerRevisions.quizAnswerId, quizAnswerId)))[0]!.id;

  beforeAll(async () => {
    t = await createTestApp(backend);
    p = practice(t);
    flow = surveyFlow(t, p);
    pinClock(t, START);
    a = await t.signUp('ana.nutri@example.com');
    b = await t.signUp('bia.nutri@example.com');
    const serviceA = await p.service(a, 365);
    quizA = (
      await p.ok(
        api('POST', '/quiz', a, {
          title: 'Acompanhamento semanal',
          chosenQuestions: [
            { id: q('peso') },
            { id: q('vontade'), subquestions: [{ id: q('qual-alimento') }] },
            { id: q('energia') },
            { id: q('adesao-likert') },
            { id: q('semana') },
            { id: q('foto-corpo') },
          ],
        }),
        201,
      )
    ).id;
    quiz2 = (
      await p.ok(
        api('POST', '/quiz', a, { title: 'Pesagem', chosenQuestions: [{ id: q('peso') }, { id: q('cintura') }] }),
        201,
      )
    ).id;
    for (const name of ['Ana Beatriz Costa', 'Bruno Lima', 'Carla Dias', 'Dani Souza', 'Eva Rocha', 'Fay Nunes']) {
      const created = await p.patient(a, { serviceId: serviceA, channel: 'email', name });
      patient[name.split(' ')[0]!.toLowerCase()] = { id: created.id, email: created.email! };
    }
    const scheduleOf = async (token: string, quizId: string, patientId: string) =>
      (
        await p.ok(
          api('POST', '/quiz/schedule', token, {
            quizId,
            patientId,
            startDate: '2030-12-01',
            hour: 8,
            periodicity: 'once',
          }),
          201,
        )
      ).id as string;
    for (const k of ['ana', 'bruno', 'carla', 'dani', 'eva', 'fay'])
      schedule[k] = await scheduleOf(a, quizA, patient[k]!.id);
    schedule.ana2 = await scheduleOf(a, quiz2, patient.ana!.id);

    // Professional B: her own answered quiz.
    const quizB = (await p.ok(api('POST', '/quiz', b, { title: 'Da Bia', chosenQuestions: [{ id: q('peso') }] }), 201))
      .id;
    const bia = await p.patient(b, { serviceId: await p.service(b, 365), channel: 'email', name: 'Paciente da Bia' });
    patient.bia = { id: bia.id, email: bia.email! };
    schedule.bia = await scheduleOf(b, quizB, bia.id);
    rev.bia = await revisionOf(
      (
        await flow.answer({
          pro: b,
          scheduleId: schedule.bia,
          email: bia.email!,
          steps: [{ questionId: q('peso'), value: { type: 'metrics', value: 60 } }],
        })
      ).quizAnswerId,
    );

    // 04/03 10:00 — Ana answers quiz A.
    rev.anaA1 = await revisionOf(
      (
        await flow.answer({
          pro: a,
          scheduleId: schedule.ana!,
          email: patient.ana!.email,
          steps: quizASteps({
            peso: 70.5,
            vontade: 'a1',
            alimento: 'Pão de queijo; "caseiro"',
            energia: 3,
            s1: 'l4',
            semana: '=HYPERLINK("http://x","clique")\nsegunda linha',
            foto: 'frente.jpg',
          }),
        })
      ).quizAnswerId,
    );
    // 05/03 09:00 — Carla gets it and starts, never finishes.
    pinClock(t, '2030-03-05T12:00:00Z');
    const carla = await flow.send(a, schedule.carla!, patient.carla!.email);
    req.carla = carla.requestId;
    await flow.start(await flow.surveyToken(schedule.carla!, carla.pin), schedule.carla!, carla.requestId);
    // 05/03 11:00 — Bruno answers.
    pinClock(t, '2030-03-05T14:00:00Z');
    rev.brunoA1 = await revisionOf(
      (
        await flow.answer({
          pro: a,
          scheduleId: schedule.bruno!,
          email: patient.bruno!.email,
          steps: quizASteps({
            peso: 88,
            vontade: 'a2',
            energia: 2,
            s1: 'l2',
            semana: '+ disposição @nutri',
            foto: 'bruno.jpg',
          }),
        })
      ).quizAnswerId,
    );
    // 06/03 — Fay gets it (it will expire); Eva gets it and it is cancelled.
    pinClock(t, '2030-03-06T12:00:00Z');
    req.fay1 = (await flow.send(a, schedule.fay!, patient.fay!.email)).requestId;
    pinClock(t, '2030-03-06T15:00:00Z');
    req.eva = (await flow.send(a, schedule.eva!, patient.eva!.email)).requestId;
    await p.ok(api('POST', '/quiz/schedule/cancel', a, { scheduleId: req.eva }));
    // 07/03 — Fay gets it again: the first one expires.
    pinClock(t, '2030-03-07T12:00:00Z');
    req.fay2 = (await flow.send(a, schedule.fay!, patient.fay!.email)).requestId;
    // 11/03 — Ana answers quiz A again.
    pinClock(t, '2030-03-11T13:00:00Z');
    a = await p.login('ana.nutri@example.com'); // sessions last 7 days
    rev.anaA2 = await revisionOf(
      (
        await flow.answer({
          pro: a,
          scheduleId: schedule.ana!,
          email: patient.ana!.email,
          steps: quizASteps({
            peso: 69.8,
            vontade: 'a2',
            energia: 4,
            s1: 'l5',
            semana: '-2 kg na semana; tudo certo',
            foto: 'frente-2.jpg',
          }),
        })
      ).quizAnswerId,
    );
    // 12/03 09:00 — Ana answers the weighing quiz.
    pinClock(t, '2030-03-12T12:00:00Z');
    rev.ana2 = await revisionOf(
      (
        await flow.answer({
          pro: a,
          scheduleId: schedule.ana2!,
          email: patient.ana!.email,
          steps: [
            { questionId: q('peso'), value: { type: 'metrics', value: 69.5 } },
            { questionId: q('cintura'), value: { type: 'metrics', value: 80 } },
          ],
        })
      ).quizAnswerId,
    );
    // 12/03 11:00 — Dani gets it (pending, not delayed yet).
    pinClock(t, '2030-03-12T14:00:00Z');
    req.dani = (await flow.send(a, schedule.dani!, patient.dani!.email)).requestId;
    pinClock(t, END);
    b = await p.login('bia.nutri@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('lists', () => {
    it('lists every revision of the professional, newest first, with patient, quiz, finish time, status and note count', async () => {
      const page = await get('/answer-revision');
      expect(page.total).toBe(4);
      expect(page.items.map((r: { id: string }) => r.id)).toEqual([rev.ana2, rev.anaA2, rev.brunoA1, rev.anaA1]);
      expect(page.items[1]).toMatchObject({
        id: rev.anaA2,
        status: 'pending',
        quizScheduleId: schedule.ana,
        patientId: patient.ana!.id,
        patientName: 'Ana Beatriz Costa',
        quizId: quizA,
        quizTitle: 'Acompanhamento semanal',
        approvedAt: null,
        noteCount: 0,
      });
      expect(page.items[1].finishedAt.slice(0, 16)).toBe('2030-03-11T13:00');
      // Another professional sees only hers.
      const other = await get('/answer-revision', b);
      expect(other.items.map((r: { id: string }) => r.id)).toEqual([rev.bia]);
    });

    it('filters by status, quiz, patient and period (São Paulo dates), pages with take/skip', async () => {
      const ids = (page: { items: { id: string }[] }) => page.items.map((r) => r.id);
      expect(ids(await get(`/answer-revision?quizId=${quiz2}`))).toEqual([rev.ana2]);
      expect(ids(await get(`/answer-revision?patientId=${patient.ana!.id}`))).toEqual([rev.ana2, rev.anaA2, rev.anaA1]);
      expect(ids(await get('/answer-revision?from=2030-03-05&to=2030-03-11'))).toEqual([rev.anaA2, rev.brunoA1]);
      expect(ids(await get('/answer-revision?from=2030-03-12'))).toEqual([rev.ana2]);
      expect(ids(await get('/answer-revision?to=2030-03-04'))).toEqual([rev.anaA1]);
      expect(ids(await get('/answer-revision?status=completed'))).toEqual([]);
      const paged = await get('/answer-revision?take=2&skip=1');
      expect(paged).toMatchObject({ total: 4 });
      expect(ids(paged)).toEqual([rev.anaA2, rev.brunoA1]);
      expect(await get('/answer-revision?skip=10')).toEqual({ items: [], total: 4 });
      // The patient's id of another professional simply matches nothing.
      expect(await get(`/answer-revision?patientId=${patient.bia!.id}`)).toEqual({ items: [], total: 0 });
    });

    it('pending: the same list of pending ones; its total is the drawer badge', async () => {
      const badge = await get('/answer-revision/pending?take=1');
      expect(badge.total).toBe(4);
      expect(badge.items).toHaveLength(1);
      expect(badge.items[0].id).toBe(rev.ana2);
      expect((await get(`/answer-revision/pending?quizId=${quizA}`)).total).toBe(3);
    });

    it('quiz/{id}: revisions of one quiz; a quiz not hers → 404 QUIZ_NOT_FOUND', async () => {
      const page = await get(`/answer-revision/quiz/${quizA}`);
      expect(page.items.map((r: { id: string }) => r.id)).toEqual([rev.anaA2, rev.brunoA1, rev.anaA1]);
      expect((await get(`/answer-revision/quiz/${quizA}?patientId=${patient.bruno!.id}`)).total).toBe(1);
      expectCode(await api('GET', `/answer-revision/quiz/${quizA}`, b), 404, 'QUIZ_NOT_FOUND');
      expectCode(await api('GET', `/answer-revision/quiz/${UNKNOWN}`, a), 404, 'QUIZ_NOT_FOUND');
      expectCode(await api('GET', '/answer-revision/quiz/not-a-uuid', a), 400, 'WRONG_COMMAND_PARAMETERS');
    });

    it.each([
      ['status=approved'],
      ['quizId=123'],
      ['patientId=x'],
      ['take=0'],
      ['take=101'],
      ['skip=-1'],
      ['from=2030-02-30'],
      ['from=04/03/2030'],
    ])('bad input %s → 400 WRONG_COMMAND_PARAMETERS', async (qs) => {
      expectCode(await api('GET', `/answer-revision?${qs}`, a), 400, 'WRONG_COMMAND_PARAMETERS');
      expectCode(
        await api('GET', `/answer-revision/pending?${qs.replace('status=approved', 'quizId=1')}`, a),
        400,
        'WRONG_COMMAND_PARAMETERS',
      );
    });

    it('a period ending before it starts → 400 on `to`; no token → 401', async () => {
      const res = await api('GET', '/answer-revision?from=2030-03-10&to=2030-03-09', a);
      expectCode(res, 400, 'WRONG_COMMAND_PARAMETERS');
      expect(res.json().details).toEqual([{ path: ['to'], message: expect.any(String) }]);
      expectCode(await api('GET', '/answer-revision'), 401, 'Unauthorized');
      expectCode(await api('GET', '/answer-revision/pending', 'not-a-jwt'), 401, 'INVALID_JWT');
    });
  });

  describe('one revision', () => {
    it('shows every answer question by question, sub-answers under their parent, files with URLs, the previous answer and what changed', async () => {
      const first = await get(`/answer-revision/${rev.anaA1}`);
      expect(first).toMatchObject({
        id: rev.anaA1,
        status: 'pending',
        patientName: 'Ana Beatriz Costa',
        quizTitle: 'Acompanhamento semanal',
        professionalName: 'Maria Teste',
        notes: [],
        previousRevisionId: null,
        nextRevisionId: rev.anaA2,
      });
      expect(first.answers.map((x: { questionId: string }) => x.questionId)).toEqual(
        ['peso', 'vontade', 'energia', 'adesao-likert', 'semana', 'foto-corpo'].map((s) => q(s)),
      );
      expect(first.answers[0]).toMatchObject({
        type: 'metrics',
        title: TITLES.peso,
        acronym: 'Peso',
        display: '70,5 kg',
        previous: null,
        changed: null,
        subAnswers: [],
      });
      expect(first.answers[0].config).toMatchObject({ unit: 'kg', decimals: 1 });
      expect(first.answers[1]).toMatchObject({ type: 'multiple-choice', display: 'Sim' });
      expect(first.answers[1].subAnswers).toEqual([
        expect.objectContaining({
          questionId: q('qual-alimento'),
          parentQuestionId: q('vontade'),
          alternativeId: 'a1',
          title: TITLES.qualAlimento,
          display: 'Pão de queijo; "caseiro"',
          value: { type: 'free-field', text: 'Pão de queijo; "caseiro"' },
        }),
      ]);
      expect(first.answers[3].display).toBe(
        'Consegui seguir o plano na maior parte dos dias: Concordo; As refeições do plano cabem na minha rotina: Neutro; ' +
          'Gosto dos alimentos do plano: Concordo totalmente; Me senti com energia seguindo o plano: Discordo',
      );
      const photo = first.answers[5];
      expect(photo.files).toEqual([
        {
          key: fileKeys[0],
          name: 'frente.jpg',
          contentType: 'image/jpeg',
          size: JPEG.length,
          url: expect.stringMatching(/\?exp=\d+&sig=/),
        },
      ]);
      expect(photo.files[0].url.startsWith(`http://acompanha.test/api/file/${fileKeys[0]}?`)).toBe(true);
      // The signed link serves the uploaded bytes.
      const link = new URL(photo.files[0].url);
      const file = await t.call({ method: 'GET', url: `${link.pathname}${link.search}` });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(JPEG)).toBe(true);

      const second = await get(`/answer-revision/${rev.anaA2}`);
      expect(second).toMatchObject({ previousRevisionId: rev.anaA1, nextRevisionId: null });
      const [peso, vontade, energia, likert, semana, foto] = second.answers;
      expect(peso).toMatchObject({
        display: '69,8 kg',
        changed: true,
        previous: { display: '70,5 kg', revisionId: rev.anaA1, value: { type: 'metrics', value: 70.5 } },
      });
      expect(peso.previous.finishedAt.slice(0, 16)).toBe('2030-03-04T13:00');
      expect(vontade).toMatchObject({ display: 'Não', subAnswers: [], changed: true, previous: { display: 'Sim' } });
      expect(energia).toMatchObject({ display: '4', changed: true, previous: { display: '3' } });
      expect(likert.changed).toBe(true);
      expect(semana).toMatchObject({ display: '-2 kg na semana; tudo certo', changed: true });
      expect(foto.previous.files[0].name).toBe('frente.jpg');
      expect(foto.files[0].name).toBe('frente-2.jpg');

      // Another quiz has its own history: no previous answer from quiz A.
      const weighing = await get(`/answer-revision/${rev.ana2}`);
      expect(weighing.answers.map((x: { display: string; previous: unknown }) => [x.display, x.previous])).toEqual([
        ['69,5 kg', null],
        ['80,0 cm', null],
      ]);
    });

    it("another professional's revision, or an unknown one → 404 REVISION_NOT_FOUND; a bad id → 400", async () => {
      expectCode(await api('GET', `/answer-revision/${rev.anaA1}`, b), 404, 'REVISION_NOT_FOUND');
      expectCode(await api('GET', `/answer-revision/${rev.bia}`, a), 404, 'REVISION_NOT_FOUND');
      expectCode(await api('GET', `/answer-revision/${UNKNOWN}`, a), 404, 'REVISION_NOT_FOUND');
      expectCode(await api('GET', '/answer-revision/123', a), 400, 'WRONG_COMMAND_PARAMETERS');
    });
  });

  describe('approve and set back to pending', () => {
    it('is idempotent: the current state, never an error and never a second row', async () => {
      const approved = await p.ok(api('POST', `/answer-revision/${rev.brunoA1}/approve`, a));
      expect(approved).toMatchObject({ id: rev.brunoA1, status: 'completed' });
      expect(Date.parse(approved.approvedAt)).toBeGreaterThanOrEqual(Date.parse(END));
      const again = await p.ok(api('POST', `/answer-revision/${rev.brunoA1}/approve`, a));
      expect(again).toEqual(approved);
      expect((await get('/answer-revision/pending')).total).toBe(3);
      expect((await get('/answer-revision?status=completed')).items.map((r: { id: string }) => r.id)).toEqual([
        rev.brunoA1,
      ]);
      // The schedule's answer counts follow (the profile's "Ver respostas" and "Revisão pendente").
      expect((await get(`/quiz/schedule/${schedule.bruno}`)).answers).toEqual({ total: 1, pending: 0 });
      const listed = (await get(`/quiz/schedule?patientId=${patient.bruno!.id}`)).items;
      expect(listed.map((s: { answers: unknown }) => s.answers)).toEqual([{ total: 1, pending: 0 }]);
      expect((await get(`/quiz/schedule/${schedule.carla}`)).answers).toEqual({ total: 0, pending: 0 });

      const pending = await p.ok(api('POST', `/answer-revision/${rev.brunoA1}/pending`, a));
      expect(pending).toMatchObject({ status: 'pending', approvedAt: null });
      expect((await get(`/quiz/schedule/${schedule.bruno}`)).answers).toEqual({ total: 1, pending: 1 });
      expect(await p.ok(api('POST', `/answer-revision/${rev.brunoA1}/pending`, a))).toEqual(pending);
      const rows = await t.database.db
        .select()
        .from(answerRevisions)
        .where(eq(answerRevisions.patientId, patient.bruno!.id));
      expect(rows).toHaveLength(1);

      // Approve again for the export below.
      expect((await p.ok(api('POST', `/answer-revision/${rev.brunoA1}/approve`, a))).status).toBe('completed');
    });

    it("another professional's revision → 404 REVISION_NOT_FOUND, and nothing changes", async () => {
      expectCode(await api('POST', `/answer-revision/${rev.anaA1}/approve`, b), 404, 'REVISION_NOT_FOUND');
      expectCode(await api('POST', `/answer-revision/${rev.anaA1}/pending`, b), 404, 'REVISION_NOT_FOUND');
      expectCode(await api('POST', `/answer-revision/${UNKNOWN}/approve`, a), 404, 'REVISION_NOT_FOUND');
      expectCode(await api('POST', '/answer-revision/x/approve', a), 400, 'WRONG_COMMAND_PARAMETERS');
      expectCode(await api('POST', `/answer-revision/${rev.anaA1}/approve`), 401, 'Unauthorized');
      expect((await get(`/answer-revision/${rev.anaA1}`)).status).toBe('pending');
    });
  });

  describe('notes', () => {
    it('add (trimmed), edit, list in the revision, count, delete', async () => {
      const note = await p.ok(
        api('POST', `/answer-revision/${rev.anaA2}/note`, a, { note: '  Ótima evolução do peso!  ' }),
        201,
      );
      expect(note).toMatchObject({ revisionId: rev.anaA2, note: 'Ótima evolução do peso!' });
      const second = await p.ok(
        api('POST', `/answer-revision/${rev.anaA2}/note`, a, { note: 'Rever a hidratação.' }),
        201,
      );
      expect((await get(`/answer-revision?patientId=${patient.ana!.id}&quizId=${quizA}`)).items[0]).toMatchObject({
        id: rev.anaA2,
        noteCount: 2,
      });

      t.clock.advance(60_000);
      const edited = await p.ok(
        api('PUT', `/answer-revision/${rev.anaA2}/note/${note.id}`, a, { note: 'Ótima evolução: -0,7 kg.' }),
      );
      expect(edited).toMatchObject({ id: note.id, note: 'Ótima evolução: -0,7 kg.', createdAt: note.createdAt });
      expect(Date.parse(edited.updatedAt)).toBeGreaterThan(Date.parse(note.updatedAt));
      const detail = await get(`/answer-revision/${rev.anaA2}`);
      expect(detail.notes.map((n: { note: string }) => n.note)).toEqual([
        'Ótima evolução: -0,7 kg.',
        'Rever a hidratação.',
      ]);

      expect((await api('DELETE', `/answer-revision/${rev.anaA2}/note/${second.id}`, a)).statusCode).toBe(204);
      expectCode(await api('DELETE', `/answer-revision/${rev.anaA2}/note/${second.id}`, a), 404, 'NOT_FOUND');
      expectCode(
        await api('PUT', `/answer-revision/${rev.anaA2}/note/${second.id}`, a, { note: 'x' }),
        404,
        'NOT_FOUND',
      );
      expect((await get(`/answer-revision/${rev.anaA2}`)).notes).toHaveLength(1);
      // A note of this revision under another revision's id.
      expectCode(await api('PUT', `/answer-revision/${rev.anaA1}/note/${note.id}`, a, { note: 'x' }), 404, 'NOT_FOUND');
      expectCode(await api('DELETE', `/answer-revision/${rev.anaA1}/note/${note.id}`, a), 404, 'NOT_FOUND');
    });

    it.each([
      [{ note: '   ' }, ['note']],
      [{ note: '' }, ['note']],
      [{ note: 'x'.repeat(2001) }, ['note']],
      [{ note: 42 }, ['note']],
      [{}, ['note']],
      [{ note: 'ok', extra: 1 }, []],
    ])('bad note %j → 400 WRONG_COMMAND_PARAMETERS', async (body, path) => {
      const res = await api('POST', `/answer-revision/${rev.anaA1}/note`, a, body);
      expectCode(res, 400, 'WRONG_COMMAND_PARAMETERS');
      expect(res.json().details[0].path).toEqual(path);
    });

    it('accepts exactly 2000 characters; notes of another professional are out of reach (404)', async () => {
      const long = await p.ok(api('POST', `/answer-revision/${rev.anaA1}/note`, a, { note: 'y'.repeat(2000) }), 201);
      expect(long.note).toHaveLength(2000);
      expectCode(
        await api('POST', `/answer-revision/${rev.anaA1}/note`, b, { note: 'Invasão' }),
        404,
        'REVISION_NOT_FOUND',
      );
      expectCode(
        await api('PUT', `/answer-revision/${rev.anaA1}/note/${long.id}`, b, { note: 'Invasão' }),
        404,
        'REVISION_NOT_FOUND',
      );
      expectCode(await api('DELETE', `/answer-revision/${rev.anaA1}/note/${long.id}`, b), 404, 'REVISION_NOT_FOUND');
      expectCode(await api('PUT', `/answer-revision/${rev.anaA1}/note/${UNKNOWN}`, a, { note: 'x' }), 404, 'NOT_FOUND');
      expectCode(
        await api('PUT', `/answer-revision/${rev.anaA1}/note/nope`, a, { note: 'x' }),
        400,
        'WRONG_COMMAND_PARAMETERS',
      );
      const [row] = await t.database.db.select().from(answerRevisionNotes).where(eq(answerRevisionNotes.id, long.id));
      expect(row!.text).toBe('y'.repeat(2000));
      expect((await api('DELETE', `/answer-revision/${rev.anaA1}/note/${long.id}`, a)).statusCode).toBe(204);
    });
  });

  describe('a patient’s schedule', () => {
    it('pages the answered occurrences, newest first, each in full', async () => {
      const url = `/answer-revision/patient/${patient.ana!.id}/quizSchedule/${schedule.ana}`;
      const all = await get(url);
      expect(all.total).toBe(2);
      expect(all.items.map((r: { id: string }) => r.id)).toEqual([rev.anaA2, rev.anaA1]);
      expect(all.items[0].answers[0].previous.display).toBe('70,5 kg');
      const latest = await get(`${url}?take=1`);
      expect(latest.items.map((r: { id: string }) => r.id)).toEqual([rev.anaA2]);
      expect((await get(`${url}?take=1&skip=1`)).items.map((r: { id: string }) => r.id)).toEqual([rev.anaA1]);
      expectCode(await api('GET', `${url}?take=0`, a), 400, 'WRONG_COMMAND_PARAMETERS');
    });

    it('nothing answered yet → 404 SCHEDULE_NOT_ANSWERED; foreign or mismatched ids → 404', async () => {
      expectCode(
        await api('GET', `/answer-revision/patient/${patient.carla!.id}/quizSchedule/${schedule.carla}`, a),
        404,
        'SCHEDULE_NOT_ANSWERED',
      );
      expectCode(
        await api('GET', `/answer-revision/patient/${patient.ana!.id}/quizSchedule/${schedule.bruno}`, a),
        404,
        'QUIZ_SCHEDULE_NOT_FOUND_ERROR',
      );
      expectCode(
        await api('GET', `/answer-revision/patient/${patient.ana!.id}/quizSchedule/${UNKNOWN}`, a),
        404,
        'QUIZ_SCHEDULE_NOT_FOUND_ERROR',
      );
      expectCode(
        await api('GET', `/answer-revision/patient/${patient.bia!.id}/quizSchedule/${schedule.bia}`, a),
        404,
        'PATIENT_NOT_FOUND_ERROR',
      );
      expectCode(
        await api('GET', `/answer-revision/patient/${patient.ana!.id}/quizSchedule/${schedule.ana}`, b),
        404,
        'PATIENT_NOT_FOUND_ERROR',
      );
      expectCode(
        await api('GET', `/answer-revision/patient/x/quizSchedule/${schedule.ana}`, a),
        400,
        'WRONG_COMMAND_PARAMETERS',
      );
    });
  });

  describe('series', () => {
    it("a patient's metric and scale answers over time, every quiz", async () => {
      const { patientId, series } = await get(`/answer-revision/patient/${patient.ana!.id}/series`);
      expect(patientId).toBe(patient.ana!.id);
      expect(series.map((s: { questionId: string }) => s.questionId)).toEqual([
        q('peso'),
        q('cintura'),
        q('energia'),
        q('adesao-likert'),
      ]);
      const [peso, cintura, energia, likert] = series;
      expect(peso).toMatchObject({
        title: TITLES.peso,
        acronym: 'Peso',
        type: 'metrics',
        unit: 'kg',
        decimals: 1,
        min: 20,
        max: 350,
      });
      expect(peso.points.map((x: { value: number; quizId: string }) => [x.value, x.quizId])).toEqual([
        [70.5, quizA],
        [69.8, quizA],
        [69.5, quiz2],
      ]);
      expect(peso.points.map((x: { date: string }) => x.date.slice(0, 10))).toEqual([
        '2030-03-04',
        '2030-03-11',
        '2030-03-12',
      ]);
      expect(cintura).toMatchObject({ unit: 'cm', points: [expect.objectContaining({ value: 80 })] });
      expect(energia).toMatchObject({ type: 'linear-scale', unit: null, min: 1, max: 5, decimals: 0 });
      expect(energia.points.map((x: { value: number }) => x.value)).toEqual([3, 4]);
      // Likert: the mean position of the chosen levels (1 … 5).
      expect(likert).toMatchObject({ type: 'likert-scale', min: 1, max: 5 });
      expect(likert.points.map((x: { value: number }) => x.value)).toEqual([3.5, 3.75]);
    });

    it('filters by question, quiz and period; a patient without answers has no series', async () => {
      const base = `/answer-revision/patient/${patient.ana!.id}/series`;
      const only = await get(`${base}?questionId=${q('peso')}`);
      expect(only.series.map((s: { questionId: string }) => s.questionId)).toEqual([q('peso')]);
      const weighing = await get(`${base}?quizId=${quiz2}`);
      expect(weighing.series.map((s: { points: unknown[] }) => s.points.length)).toEqual([1, 1]);
      const recent = await get(`${base}?from=2030-03-11&questionId=${q('peso')}`);
      expect(recent.series[0].points.map((x: { value: number }) => x.value)).toEqual([69.8, 69.5]);
      expect(await get(`/answer-revision/patient/${patient.dani!.id}/series`)).toEqual({
        patientId: patient.dani!.id,
        series: [],
      });
    });

    it("another professional's patient → 404 PATIENT_NOT_FOUND_ERROR; bad input → 400", async () => {
      expectCode(
        await api('GET', `/answer-revision/patient/${patient.ana!.id}/series`, b),
        404,
        'PATIENT_NOT_FOUND_ERROR',
      );
      expectCode(await api('GET', `/answer-revision/patient/${UNKNOWN}/series`, a), 404, 'PATIENT_NOT_FOUND_ERROR');
      expectCode(
        await api('GET', `/answer-revision/patient/${patient.ana!.id}/series?questionId=peso`, a),
        400,
        'WRONG_COMMAND_PARAMETERS',
      );
      expectCode(
        await api('GET', `/answer-revision/patient/${patient.ana!.id}/series?from=2030-03-12&to=2030-03-01`, a),
        400,
        'WRONG_COMMAND_PARAMETERS',
      );
    });
  });

  describe('delayed', () => {
    it('lists requests sent 48 hours ago or more and not answered, most delayed first', async () => {
      const page = await get('/answer-revision/delayed');
      expect(page.total).toBe(2);
      expect(page.items).toEqual([
        expect.objectContaining({
          id: req.carla,
          quizScheduleId: schedule.carla,
          quizId: quizA,
          quizTitle: 'Acompanhamento semanal',
          patientId: patient.carla!.id,
          patientName: 'Carla Dias',
          channel: 'email',
          started: true,
          attempts: 1,
        }),
        expect.objectContaining({ id: req.fay2, patientName: 'Fay Nunes', started: false }),
      ]);
      const carla = page.items[0];
      expect(carla.sentAt.slice(0, 16)).toBe('2030-03-05T12:00');
      expect(Date.parse(carla.delayedSince) - Date.parse(carla.sentAt)).toBe(48 * 3600_000);
      // Dani's was sent an hour ago: pending, not delayed.
      expect(page.items.map((r: { id: string }) => r.id)).not.toContain(req.dani);
      expect(
        (await get(`/answer-revision/delayed?patientId=${patient.fay!.id}`)).items.map((r: { id: string }) => r.id),
      ).toEqual([req.fay2]);
      expect((await get(`/answer-revision/delayed?quizId=${quiz2}`)).total).toBe(0);
      expect(await get('/answer-revision/delayed', b)).toEqual({ items: [], total: 0 });
      expectCode(await api('GET', '/answer-revision/delayed?take=500', a), 400, 'WRONG_COMMAND_PARAMETERS');
    });
  });

  describe('status report', () => {
    const counts = (c: Partial<Record<'answered' | 'pending' | 'delayed' | 'cancelled' | 'expired', number>>) => {
      const full = { answered: 0, pending: 0, delayed: 0, cancelled: 0, expired: 0, ...c };
      return { ...full, total: Object.values(full).reduce((x, y) => x + y, 0) };
    };

    it('counts answered, pending, delayed, cancelled and expired requests per São Paulo day', async () => {
      const r = await get('/answer-revision/status-report?from=2030-03-04&to=2030-03-12');
      expect(r).toMatchObject({ from: '2030-03-04', to: '2030-03-12', granularity: 'day' });
      expect(r.buckets).toHaveLength(9);
      const byDay = Object.fromEntries(
        r.buckets.map(({ start, end, ...c }: { start: string; end: string }) => [start, { end, ...c }]),
      );
      expect(byDay['2030-03-04']).toEqual({ end: '2030-03-04', ...counts({ answered: 1 }) });
      expect(byDay['2030-03-05']).toEqual({ end: '2030-03-05', ...counts({ answered: 1, delayed: 1 }) });
      expect(byDay['2030-03-06']).toEqual({ end: '2030-03-06', ...counts({ cancelled: 1, expired: 1 }) });
      expect(byDay['2030-03-07']).toEqual({ end: '2030-03-07', ...counts({ delayed: 1 }) });
      expect(byDay['2030-03-08']).toEqual({ end: '2030-03-08', ...counts({}) });
      expect(byDay['2030-03-11']).toEqual({ end: '2030-03-11', ...counts({ answered: 1 }) });
      expect(byDay['2030-03-12']).toEqual({ end: '2030-03-12', ...counts({ answered: 1, pending: 1 }) });
      expect(r.totals).toEqual(counts({ answered: 4, pending: 1, delayed: 2, cancelled: 1, expired: 1 }));
      expect(r.answerRate).toBe(0.5);
      expect(r.byQuiz).toEqual([
        {
          quizId: quizA,
          quizTitle: 'Acompanhamento semanal',
          ...counts({ answered: 3, pending: 1, delayed: 2, cancelled: 1, expired: 1 }),
        },
        { quizId: quiz2, quizTitle: 'Pesagem', ...counts({ answered: 1 }) },
      ]);
    });

    it('by ISO week (clipped to the period), by quiz and by patient; defaults to the last 30 days', async () => {
      const w = await get('/answer-revision/status-report?from=2030-03-04&to=2030-03-12&granularity=week');
      expect(w.buckets).toEqual([
        { start: '2030-03-04', end: '2030-03-10', ...counts({ answered: 2, delayed: 2, cancelled: 1, expired: 1 }) },
        { start: '2030-03-11', end: '2030-03-12', ...counts({ answered: 2, pending: 1 }) },
      ]);
      const mid = await get('/answer-revision/status-report?from=2030-03-06&to=2030-03-12&granularity=week');
      expect(mid.buckets.map((x: { start: string; end: string }) => [x.start, x.end])).toEqual([
        ['2030-03-06', '2030-03-10'],
        ['2030-03-11', '2030-03-12'],
      ]);
      expect(
        (await get(`/answer-revision/status-report?from=2030-03-04&to=2030-03-12&quizId=${quiz2}`)).totals,
      ).toEqual(counts({ answered: 1 }));
      expect(
        (await get(`/answer-revision/status-report?from=2030-03-04&to=2030-03-12&patientId=${patient.ana!.id}`)).totals,
      ).toEqual(counts({ answered: 3 }));
      const def = await get('/answer-revision/status-report');
      expect(def).toMatchObject({ from: '2030-02-11', to: '2030-03-12' });
      expect(def.buckets).toHaveLength(30);
      expect(def.totals.total).toBe(9);
      const other = await get('/answer-revision/status-report', b);
      expect(other.totals).toEqual(counts({ answered: 1 }));
      expect(other.answerRate).toBe(1);
      const empty = await get('/answer-revision/status-report?from=2029-01-01&to=2029-01-31', b);
      expect(empty).toMatchObject({ answerRate: null, byQuiz: [] });
    });

    it.each([
      ['granularity=month'],
      ['from=2030-03-12&to=2030-03-01'],
      ['from=2029-01-01&to=2030-03-12'],
      ['quizId=abc'],
      ['to=2030-13-01'],
    ])('bad input %s → 400 WRONG_COMMAND_PARAMETERS', async (qs) => {
      expectCode(await api('GET', `/answer-revision/status-report?${qs}`, a), 400, 'WRONG_COMMAND_PARAMETERS');
    });
  });

  describe('export', () => {
    const csvOf = (res: Res & { rawPayload?: Buffer }) =>
      parse(Buffer.from(res.body, 'utf8'), { bom: true, delimiter: ';' }) as string[][];
    const header = [
      'Cliente',
      'Respondido em',
      'Status',
      `${TITLES.peso} (kg)`,
      TITLES.vontade,
      TITLES.qualAlimento,
      TITLES.energia,
      TITLES.likert,
      TITLES.semana,
      TITLES.foto,
    ];

    it('CSV: UTF-8 with BOM, `;`, one row per answer (oldest first), one column per question, numbers bare with a decimal comma and the unit in the header, pt-BR text, formulas neutralised', async () => {
      const res = (await api('GET', `/answer-revision/export?quizId=${quizA}`, a)) as Res & { rawPayload: Buffer };
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="respostas-acompanhamento-semanal.csv"; filename*=UTF-8''respostas-acompanhamento-semanal.csv`,
      );
      expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows = csvOf(res);
      expect(rows[0]).toEqual(header);
      expect(rows).toHaveLength(4);
      const likert1 =
        'Consegui seguir o plano na maior parte dos dias: Concordo; As refeições do plano cabem na minha rotina: Neutro; ' +
        'Gosto dos alimentos do plano: Concordo totalmente; Me senti com energia seguindo o plano: Discordo';
      expect(rows[1]).toEqual([
        'Ana Beatriz Costa',
        '04/03/2030 10:00',
        'Pendente',
        '70,5',
        'Sim',
        'Pão de queijo; "caseiro"',
        '3',
        likert1,
        `'=HYPERLINK("http://x","clique")\nsegunda linha`,
        expect.stringMatching(
          new RegExp(
            `^frente\\.jpg \\(http://acompanha\\.test/api/file/${fileKeys[0]!.replace(/\./g, '\\.')}\\?exp=\\d+&sig=[\\w-]+\\)$`,
          ),
        ),
      ]);
      // The export's link works for seven days (it is read later), not forever.
      const exported = new URL(/\((http[^)]+)\)/.exec(rows[1]![9]!)![1]!);
      const exp = Number(exported.searchParams.get('exp'));
      expect(exp * 1000 - t.clock.now().getTime()).toBeGreaterThan(7 * 86_400_000 - 1000);
      expect(exp * 1000 - t.clock.now().getTime()).toBeLessThanOrEqual(7 * 86_400_000 + 3_600_000);
      expect((await t.call({ method: 'GET', url: `${exported.pathname}${exported.search}` })).statusCode).toBe(200);
      expect(rows[2]!.slice(0, 7)).toEqual(['Bruno Lima', '05/03/2030 11:00', 'Aprovada', '88,0', 'Não', '', '2']);
      expect(rows[2]![8]).toBe("'+ disposição @nutri");
      expect(rows[3]!.slice(0, 5)).toEqual(['Ana Beatriz Costa', '11/03/2030 10:00', 'Pendente', '69,8', 'Não']);
      // Numbers are bare (no quotes, no unit, no thousands separator) so Excel in pt-BR reads numbers; text is quoted.
      const records = res.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(records[1]).toContain('"Pendente";70,5;"Sim";"Pão de queijo; ""caseiro""";3;"Consegui');
      expect(records[2]).toContain('"Aprovada";88,0;"Não";"";2;"');
      expect(rows[3]![8]).toBe("'-2 kg na semana; tudo certo");
    });

    it('filters by period and status; a quiz without answers gives the header only', async () => {
      const one = (await api('GET', `/answer-revision/export?quizId=${quizA}&from=2030-03-05&to=2030-03-05`, a)) as Res;
      expect(one.statusCode).toBe(200);
      expect(one.headers['content-disposition']).toContain(
        'respostas-acompanhamento-semanal-2030-03-05-a-2030-03-05.csv',
      );
      expect(csvOf(one).map((r) => r[0])).toEqual(['Cliente', 'Bruno Lima']);
      const approved = (await api('GET', `/answer-revision/export?quizId=${quizA}&status=completed`, a)) as Res;
      expect(csvOf(approved).map((r) => r[0])).toEqual(['Cliente', 'Bruno Lima']);
      const fresh = (await p.ok(api('POST', '/quiz', a, { title: 'Novo', chosenQuestions: [{ id: q('peso') }] }), 201))
        .id;
      const none = (await api('GET', `/answer-revision/export?quizId=${fresh}`, a)) as Res;
      expect(csvOf(none)).toEqual([['Cliente', 'Respondido em', 'Status']]);
    });

    it('XLSX: the same cells in a workbook; measurements and scales are number cells keeping their decimals', async () => {
      const res = (await api('GET', `/answer-revision/export?quizId=${quizA}&format=xlsx`, a)) as Res & {
        rawPayload: Buffer;
      };
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers['content-disposition']).toContain('respostas-acompanhamento-semanal.xlsx');
      const sheet = (await readSheet(res.rawPayload)) as unknown[][];
      expect(sheet[0]![3]).toBe(`${TITLES.peso} (kg)`);
      expect(sheet.slice(1).map((r) => [r[3], r[6]])).toEqual([
        [70.5, 3],
        [88, 2],
        [69.8, 4],
      ]);
      // The weight shows the question's one decimal ("88,0" in Excel in pt-BR); the scale is a whole number.
      expect([cellFormat(res.rawPayload, 'D2'), cellFormat(res.rawPayload, 'D3')]).toEqual(['#,##0.0', '#,##0.0']);
      expect(cellFormat(res.rawPayload, 'G2')).toBe('#,##0');
      expect(cellFormat(res.rawPayload, 'A2')).toBe('General');
      // Every other cell reads as the CSV's text.
      const csv = csvOf((await api('GET', `/answer-revision/export?quizId=${quizA}`, a)) as Res);
      const text = (c: unknown, i: number) =>
        c === null ? '' : i === 3 ? (c as number).toFixed(1).replace('.', ',') : String(c);
      expect(sheet.map((r, row) => r.map((c, i) => (row === 0 ? String(c) : text(c, i))))).toEqual(csv);
    });

    it('a question changed between answers: other decimals stay numbers; another unit makes its column text, the unit in each cell', async () => {
      const cris = await t.signUp('cris.nutri@example.com');
      const metric = async (title: string, unit: string, decimals: number) =>
        (
          await p.ok(
            api('POST', '/question', cris, {
              title,
              categoryId: defaultCategoryId('antropometria'),
              type: 'metrics',
              config: { unit, decimals },
            }),
            201,
          )
        ).id as string;
      const arm = await metric('Circunferência do braço', 'cm', 1);
      const change = await metric('Variação de peso', 'kg', 1);
      const quiz = (
        await p.ok(
          api('POST', '/quiz', cris, { title: 'Medidas', chosenQuestions: [{ id: arm }, { id: change }] }),
          201,
        )
      ).id as string;
      const lia = await p.patient(cris, { serviceId: await p.service(cris, 365), channel: 'email', name: 'Lia Prado' });
      const scheduleId = (
        await p.ok(
          api('POST', '/quiz/schedule', cris, {
            quizId: quiz,
            patientId: lia.id,
            startDate: '2030-12-01',
            hour: 8,
            periodicity: 'once',
          }),
          201,
        )
      ).id as string;
      const answer = (armValue: number, changeValue: number) =>
        flow.answer({
          pro: cris,
          scheduleId,
          email: lia.email!,
          steps: [
            { questionId: arm, value: { type: 'metrics', value: armValue } },
            { questionId: change, value: { type: 'metrics', value: changeValue } },
          ],
        });
      try {
        pinClock(t, '2030-03-12T16:00:00Z');
        await answer(30.5, -0.5);
        await p.ok(api('PUT', `/question/${arm}`, cris, { config: { unit: 'mm', decimals: 0 } }));
        await p.ok(api('PUT', `/question/${change}`, cris, { config: { unit: 'kg', decimals: 2 } }));
        pinClock(t, '2030-03-12T17:00:00Z');
        await answer(305, -1.25);
      } finally {
        pinClock(t, END);
      }

      const csv = (await api('GET', `/answer-revision/export?quizId=${quiz}`, cris)) as Res;
      expect(csvOf(csv)).toEqual([
        ['Cliente', 'Respondido em', 'Status', 'Circunferência do braço', 'Variação de peso (kg)'],
        ['Lia Prado', '12/03/2030 13:00', 'Pendente', '30,5 cm', '-0,5'],
        ['Lia Prado', '12/03/2030 14:00', 'Pendente', '305 mm', '-1,25'],
      ]);
      // A negative number is a number, not a formula: bare, no apostrophe.
      expect(csv.body.split('\r\n')[2]).toMatch(/;"305 mm";-1,25$/);

      const xlsx = (
        (await api('GET', `/answer-revision/export?quizId=${quiz}&format=xlsx`, cris)) as Res & { rawPayload: Buffer }
      ).rawPayload;
      expect(((await readSheet(xlsx)) as unknown[][]).map((r) => r.slice(3))).toEqual([
        ['Circunferência do braço', 'Variação de peso (kg)'],
        ['30,5 cm', -0.5],
        ['305 mm', -1.25],
      ]);
      expect([cellFormat(xlsx, 'E2'), cellFormat(xlsx, 'E3')]).toEqual(['#,##0.0', '#,##0.00']);
    });

    it("bad input → 400; another professional's quiz → 404 QUIZ_NOT_FOUND", async () => {
      expectCode(await api('GET', '/answer-revision/export', a), 400, 'WRONG_COMMAND_PARAMETERS');
      expectCode(
        await api('GET', `/answer-revision/export?quizId=${quizA}&format=pdf`, a),
        400,
        'WRONG_COMMAND_PARAMETERS',
      );
      expectCode(
        await api('GET', `/answer-revision/export?quizId=${quizA}&from=2030-03-10&to=2030-03-01`, a),
        400,
        'WRONG_COMMAND_PARAMETERS',
      );
      expectCode(await api('GET', `/answer-revision/export?quizId=${quizA}`, b), 404, 'QUIZ_NOT_FOUND');
      expectCode(await api('GET', `/answer-revision/export?quizId=${quizA}`), 401, 'Unauthorized');
    });
  });

  describe('history and LGPD', () => {
    it('a deleted schedule keeps its answers; a deleted (anonymised) patient’s revisions disappear', async () => {
      expect((await api('DELETE', `/quiz/schedule/${schedule.ana2}/patient/${patient.ana!.id}`, a)).statusCode).toBe(
        204,
      );
      expect(
        (await get(`/answer-revision/patient/${patient.ana!.id}/quizSchedule/${schedule.ana2}`)).items.map(
          (r: { id: string }) => r.id,
        ),
      ).toEqual([rev.ana2]);
      expect((await get(`/answer-revision/${rev.ana2}`)).id).toBe(rev.ana2);

      await p.ok(
        t.call({
          method: 'DELETE',
          url: `/api/patient/${patient.bruno!.id}`,
          headers: { authorization: `Bearer ${a}` },
          payload: { mode: 'delete', reason: 'Pedido do cliente' },
        }) as unknown as Promise<Res>,
      );
      expect((await get('/answer-revision')).items.map((r: { id: string }) => r.id)).not.toContain(rev.brunoA1);
      expectCode(await api('GET', `/answer-revision/${rev.brunoA1}`, a), 404, 'REVISION_NOT_FOUND');
      expectCode(await api('POST', `/answer-revision/${rev.brunoA1}/approve`, a), 404, 'REVISION_NOT_FOUND');
    });

    it('a delayed request is resent in one click through the re-publish call', async () => {
      const res = await p.ok(api('PATCH', '/quiz/schedule/re-publish', a, { schedules: [{ scheduleId: req.fay2 }] }));
      expect(res).toEqual({ resent: 1, details: [] });
    });
  });
});
