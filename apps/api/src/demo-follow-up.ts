/**
 * Demo follow-up for the demo professional: a weekly quiz ("Acompanhamento semanal") built from the
 * starter library, in her green default appearance, sent to 16 active clients every week for the
 * last two months. Most weeks were answered (weight going down, adherence, energy, a line about the
 * week); a few were missed. Older answers are reviewed, some with a note; the latest wait for review;
 * a few clients have not answered this week's link yet. Every send is in the message history, and each
 * schedule's next send is materialised as the API does. Deterministic, like the practice; only the
 * dates follow the clock.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import { getISODay } from 'date-fns';
import type { Executor } from './db/client.js';
import {
  answerItems,
  answerRequests,
  answerRevisionNotes,
  answerRevisions,
  appearances,
  messages,
  patients,
  professionals,
  quizAnswers,
  quizQuestions,
  quizSchedules,
  quizzes,
  type NOTIFICATION_CHANNELS,
} from './db/schema.js';
import { DEFAULT_COLOR_SCHEME } from './appearance/schemas.js';
import { linkMessage, MASKED_PIN } from './delivery/template.js';
import { prng } from './demo-practice.js';
import { addDays, spDate } from './lib/dates.js';
import { searchable } from './lib/text.js';
import { defaultQuestionId } from './question/library.js';
import { buildFlow } from './quiz-answer/flow.js';
import { occurrences, spDay } from './schedule/recurrence.js';
import { deliveryRuleProblem } from './schedule/errors.js';
import { hasActiveServiceSql } from './schedule/lookups.js';
import { materializeNext } from './schedule/occurrences.js';
import { ruleOf } from './schedule/recurrence-validation.js';
import { surveyLink } from './schedule/dto.js';
import { saveSnapshot } from './quiz-answer/snapshots.js';

const DAY = 86_400_000;
const WEEKS = 8;
const CLIENTS = 16;

export const DEMO_QUIZ_TITLE = 'Acompanhamento semanal';

const Q = {
  weight: defaultQuestionId('peso'),
  adherence: defaultQuestionId('adesao'),
  perception: defaultQuestionId('adesao-likert'),
  craving: defaultQuestionId('vontade'),
  food: defaultQuestionId('qual-alimento'),
  energy: defaultQuestionId('energia'),
  week: defaultQuestionId('semana'),
};

const FOODS = ['Chocolate', 'Pão francês', 'Sorvete', 'Pizza', 'Doce de leite', 'Batata frita', 'Brigadeiro'];
const WEEK_TEXTS = [
  'Semana tranquila, consegui levar as marmitas para o trabalho.',
  'Tive um aniversário no sábado e exagerei um pouco, mas voltei ao plano no domingo.',
  'Dormi mal alguns dias e senti mais fome à noite.',
  'Consegui treinar 4 vezes e senti mais disposição.',
  'Semana corrida, pulei o lanche da tarde em alguns dias.',
  'Me senti muito bem, as roupas já estão mais folgadas!',
  'Viajei a trabalho e foi difícil seguir os horários das refeições.',
  'Bebi mais água do que nas outras semanas.',
];
const NOTES = [
  'Ótima evolução. Manter a estratégia das marmitas.',
  'Conversar no retorno sobre a fome à noite: ajustar o jantar.',
  'Reforçar a hidratação e o lanche da tarde.',
  'Peso estável: revisar as porções no próximo retorno.',
];

type Channel = (typeof NOTIFICATION_CHANNELS)[number];
type ItemValue = Record<string, unknown> & { type: string };

/**
 * Seeds the follow-up once: does nothing when the professional already has a quiz. `publicUrl` makes
 * the links in the message history, as the sends would have.
 */
export async function seedDemoFollowUp(
  db: Executor,
  professionalId: string,
  now: Date,
  publicUrl: string,
): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(quizzes)
    .where(eq(quizzes.professionalId, professionalId));
  if (Number(n) > 0) return false;
  const rand = prng(20_241_115);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const between = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));

  // Her brand on the patients' phones: a green default appearance (every pair above 4.5:1).
  const green = '#166534';
  await db.insert(appearances).values({
    professionalId,
    name: 'Verde do consultório',
    isDefault: true,
    colorScheme: {
      ...DEFAULT_COLOR_SCHEME,
      activeButton: { background: green, text: '#FFFFFF', border: green },
      body: { ...DEFAULT_COLOR_SCHEME.body, primary: green, filled: green },
      header: { ...DEFAULT_COLOR_SCHEME.header, icon: green, iconBackground: '#DCFCE7' },
      activeAlternative: { background: green, text: '#FFFFFF', border: green, filled: green },
      uploadField: { ...DEFAULT_COLOR_SCHEME.uploadField, background: '#F0FDF4', icon: green },
    },
    subtitle: 'Nutricionista',
    forwardText: 'Prosseguir',
    createdAt: new Date(now.getTime() - (WEEKS * 7 + 6) * DAY),
    updatedAt: new Date(now.getTime() - (WEEKS * 7 + 6) * DAY),
  });

  const [quiz] = await db
    .insert(quizzes)
    .values({
      professionalId,
      title: DEMO_QUIZ_TITLE,
      description: 'Peso, adesão ao plano, energia e como foi a semana. Enviado toda semana.',
      folder: {
        title: 'Seu acompanhamento da semana',
        image: null,
        subtitle: 'Leva uns 3 minutos. Suas respostas me ajudam a ajustar o seu plano.',
        quizTitle: DEMO_QUIZ_TITLE,
        titlesColor: null,
        buttonTitle: 'Começar',
        buttonColors: { background: null, text: null },
      },
      searchText: searchable(DEMO_QUIZ_TITLE),
      createdAt: new Date(now.getTime() - (WEEKS * 7 + 5) * DAY),
      updatedAt: new Date(now.getTime() - (WEEKS * 7 + 5) * DAY),
    })
    .returning({ id: quizzes.id });
  const quizId = quiz!.id;
  const order = [Q.weight, Q.adherence, Q.perception, Q.craving, Q.energy, Q.week];
  await db.insert(quizQuestions).values(
    order.map((questionId, position) => ({
      quizId,
      questionId,
      position,
      enabled: true,
      subquestionIds: questionId === Q.craving ? [Q.food] : [],
    })),
  );
  const flow = await buildFlow(db, quizId);
  const snapshotId = await saveSnapshot(db, professionalId, quizId, flow);

  // Active clients whose plan covers the coming week too (a link only goes to a client with a service).
  const today = spDate(now);
  const candidates = await db
    .select()
    .from(patients)
    .where(
      and(
        eq(patients.professionalId, professionalId),
        eq(patients.status, 'active'),
        hasActiveServiceSql(today, addDays(today, 7)),
      ),
    )
    .orderBy(asc(patients.searchName))
    .limit(CLIENTS * 2);
  const chosen = candidates
    .map((p) => ({ patient: p, channel: (p.preferences?.channel ?? 'whatsapp') as Channel }))
    .filter(({ patient, channel }) => !deliveryRuleProblem(patient, channel))
    .slice(0, CLIENTS);
  const [professional] = await db
    .select({ name: professionals.name, templateMessage: professionals.templateMessage })
    .from(professionals)
    .where(eq(professionals.id, professionalId));

  // The weekly send falls three days before today: this week's link went out long enough ago (over
  // 48 hours) for the unanswered ones to count as late, whatever the hour the demo starts at, and the
  // next send is four days ahead.
  const startDate = spDate(new Date(now.getTime() - (WEEKS * 7 + 3) * DAY));
  const weekday = getISODay(spDay(startDate));
  for (const [index, { patient, channel }] of chosen.entries()) {
    const [schedule] = await db
      .insert(quizSchedules)
      .values({
        professionalId,
        quizId,
        patientId: patient.id,
        startDate,
        hour: 8 + (index % 4),
        periodicity: 'weekly',
        intervalDays: null,
        weekdays: [weekday],
        endDate: null,
        channel,
        createdAt: new Date(now.getTime() - (WEEKS * 7 + 4) * DAY),
        updatedAt: new Date(now.getTime() - (WEEKS * 7 + 4) * DAY),
      })
      .returning();
    const past = occurrences(ruleOf(schedule!), new Date(now.getTime() - (WEEKS * 7 + 4) * DAY), WEEKS + 2).filter(
      (d) => d.getTime() < now.getTime(),
    );

    // One client's story: a starting weight that goes down most weeks, an adherence that sways.
    let weight = between(580, 980) / 10;
    const loss = between(2, 7) / 10;
    const steady = rand() < 0.75;
    for (const [k, dueAt] of past.entries()) {
      const isLast = k === past.length - 1;
      const sentAt = new Date(dueAt.getTime() + between(1, 120) * 1000);
      const answeredAt = new Date(Math.min(now.getTime() - 60_000, dueAt.getTime() + between(20, 12 * 60) * 60_000));
      const answered = (isLast ? rand() < 0.6 : rand() < (steady ? 0.92 : 0.7)) && answeredAt > sentAt;
      const [request] = await db
        .insert(answerRequests)
        .values({
          scheduleId: schedule!.id,
          professionalId,
          patientId: patient.id,
          quizId,
          kind: 'scheduled',
          dueAt,
          status: answered ? 'answered' : isLast ? 'sent' : 'expired',
          sentAt,
          attempts: 1,
          answeredAt: answered ? answeredAt : null,
          createdAt: new Date(dueAt.getTime() - 7 * DAY),
        })
        .returning({ id: answerRequests.id });
      // The message history keeps every link sent, with the PIN masked, as a real send does.
      await db.insert(messages).values({
        professionalId,
        patientId: patient.id,
        channel,
        body: linkMessage(
          professional?.templateMessage ?? null,
          {
            patientName: patient.name,
            professionalName: professional?.name ?? '',
            quizTitle: DEMO_QUIZ_TITLE,
            link: surveyLink(publicUrl, schedule!.id),
          },
          MASKED_PIN,
        ),
        status: 'sent',
        answerRequestId: request!.id,
        createdAt: sentAt,
      });
      weight = Math.max(45, weight - loss + (rand() - 0.35) * 0.6);
      if (!answered) continue;

      const crave = rand() < 0.35;
      const adherence = Math.max(0, Math.min(10, (steady ? 8 : 6) + between(-2, 2)));
      const level = (shift: number) => `l${Math.max(1, Math.min(5, (adherence >= 7 ? 4 : 3) + shift))}`;
      const values: [string, string | null, ItemValue][] = [
        [Q.weight, null, { type: 'metrics', value: Math.round(weight * 10) / 10 }],
        [Q.adherence, null, { type: 'linear-scale', value: adherence }],
        [
          Q.perception,
          null,
          {
            type: 'likert-scale',
            levels: {
              s1: level(between(-1, 1)),
              s2: level(between(-1, 0)),
              s3: level(between(0, 1)),
              s4: level(between(-1, 1)),
            },
          },
        ],
        [Q.craving, null, { type: 'multiple-choice', alternativeIds: [crave ? 'a1' : 'a2'] }],
        ...(crave
          ? [[Q.food, Q.craving, { type: 'free-field', text: pick(FOODS) }] as [string, string, ItemValue]]
          : []),
        [
          Q.energy,
          null,
          { type: 'linear-scale', value: Math.max(1, Math.min(5, (adherence >= 7 ? 4 : 3) + between(-1, 1))) },
        ],
        [Q.week, null, { type: 'free-field', text: pick(WEEK_TEXTS) }],
      ];
      const startedAt = new Date(answeredAt.getTime() - between(2, 6) * 60_000);
      const [qa] = await db
        .insert(quizAnswers)
        .values({
          answerRequestId: request!.id,
          scheduleId: schedule!.id,
          professionalId,
          patientId: patient.id,
          quizId,
          status: 'finished',
          snapshotId,
          startedAt,
          finishedAt: answeredAt,
          updatedAt: answeredAt,
        })
        .returning({ id: quizAnswers.id });
      await db.insert(answerItems).values(
        values.map(([questionId, parentQuestionId, value], position) => ({
          quizAnswerId: qa!.id,
          questionId,
          parentQuestionId,
          position,
          value,
          answeredAt: new Date(startedAt.getTime() + (position + 1) * 25_000),
        })),
      );
      // The latest week waits for review; so does, now and then, the week before.
      const reviewed = k < past.length - 2 || (k === past.length - 2 && rand() < 0.6);
      const approvedAt = new Date(Math.min(now.getTime() - 60_000, answeredAt.getTime() + between(2, 40) * 3_600_000));
      const [revision] = await db
        .insert(answerRevisions)
        .values({
          quizAnswerId: qa!.id,
          professionalId,
          patientId: patient.id,
          quizId,
          scheduleId: schedule!.id,
          status: reviewed ? 'completed' : 'pending',
          approvedAt: reviewed ? approvedAt : null,
          createdAt: answeredAt,
          updatedAt: reviewed ? approvedAt : answeredAt,
        })
        .returning({ id: answerRevisions.id });
      if (reviewed && rand() < 0.3) {
        await db.insert(answerRevisionNotes).values({
          revisionId: revision!.id,
          professionalId,
          text: pick(NOTES),
          createdAt: approvedAt,
          updatedAt: approvedAt,
        });
      }
    }
    // The next send, as the API materialises it after every send.
    await materializeNext(db, schedule!, now, now);
  }
  return true;
}
