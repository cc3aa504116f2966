import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { resolveAppearance } from '../appearance/service.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import {
  answerItems,
  answerRequests,
  answerRevisions,
  professionals,
  questions,
  quizAnswers,
  quizQuestions,
  quizSchedules,
  quizzes,
} from '../db/schema.js';
import { refund, reserveAll } from '../lib/rate-limit.js';
import { sleep } from '../lib/crypto.js';
import { throttleDelayMs } from '../auth/throttle.js';
import { AppError } from '../errors/app-error.js';
import { FILE_KEY } from '../file/schemas.js';
import type { QuizFolderSchema } from '../quiz/schemas.js';
import { PIN_LOCK_MS, PIN_MAX_ATTEMPTS, verifyPin } from './pin.js';
import type {
  AnswerValue,
  QuizAnswerProgress,
  SaveQuizAnswerBody,
  StartQuizAnswerBody,
  SurveyQuestion,
  SurveyState,
  ValidatePinBody,
} from './schemas.js';
import { issueSurveyToken, type SurveyAuth } from './token.js';

type ScheduleRow = typeof quizSchedules.$inferSelect;
type QuizAnswerRow = typeof quizAnswers.$inferSelect;
type ItemRow = typeof answerItems.$inferSelect;
type Folder = z.infer<typeof QuizFolderSchema>;
type Next = { questionId: string; parentQuestionId: string | null } | null;
type AnswerInput = NonNullable<z.infer<typeof SaveQuizAnswerBody>['answer']>;

// ───────────────────────── Errors ─────────────────────────

const scheduleNotFound = () =>
  new AppError(404, 'QUIZ_SCHEDULE_NOT_FOUND_ERROR', 'Não encontramos este questionário. Confira o link recebido.');
const requestNotFound = () =>
  new AppError(404, 'SCHEDULE_NOT_FOUND_ERROR', 'Este envio do questionário não está disponível para resposta.');
const answerNotFound = () => new AppError(404, 'QUIZ_ANSWER_NOT_FOUND_ERROR', 'Não encontramos estas respostas.');
const notOwner = () =>
  new AppError(403, 'NOT_OWNER', 'Este acesso vale para outro questionário. Abra o link recebido e digite o PIN.');
const alreadyAnswered = () =>
  new AppError(409, 'QUIZ_ALREADY_ANSWERED', 'Este questionário já foi respondido. Obrigado!');
const wrongOrder = (next: Next, message = 'Responda às perguntas na ordem em que aparecem.') =>
  new AppError(409, 'WRONG_ANSWER_ORDER', message, { next });
const notExpected = (questionId: string) =>
  new AppError(400, 'NOT_EXPECTED_ANSWER_ERROR', 'Esta pergunta não faz parte deste questionário.', { questionId });
const doesNotBelong = (questionId: string, message: string) =>
  new AppError(400, 'ANSWER_DOES_NOT_BELONG_TO_QUESTION', message, { questionId });
const alternativeDoesNotBelong = (questionId: string, ids: string[]) =>
  new AppError(400, 'ALTERNATIVE_DOES_NOT_BELONG_TO_QUESTION', 'Esta alternativa não pertence à pergunta.', {
    questionId,
    ids,
  });

// ───────────────────────── PIN ─────────────────────────

/**
 * One attempt = one reservation: a single UPDATE takes an attempt only while the link is not locked
 * (fewer than 5 counted, or the lock has run out, which starts a new count), and the 5th reservation
 * sets the lock in that same statement. Only a reserved attempt is compared with the hash, so however
 * many guesses arrive at once, at most 5 are evaluated per 15 minutes.
 */
export async function validatePin(
  ctx: AppContext,
  body: z.infer<typeof ValidatePinBody>,
  meta: { ip: string },
): Promise<{ token: string; expiresAt: string }> {
  const now = ctx.config.now();
  // One address guessing across many links: slowed after a few wrong PINs, then refused for a while.
  const { limits } = ctx.config;
  const addressKey = `pin-ip:${meta.ip}`;
  const [addressCount] = await reserveAll(
    ctx.db,
    [
      {
        key: addressKey,
        limit: limits.pinFailuresPerAddress,
        message: 'Muitas tentativas de PIN a partir deste endereço. Tente novamente mais tarde.',
      },
    ],
    now,
  );
  const delay = throttleDelayMs(addressCount! - 1, {
    ...ctx.config.throttle,
    delayAfterFailures: limits.pinDelayAfterFailures,
  });
  if (delay > 0) await sleep(delay);
  const nowTs = sql`${now.toISOString()}::timestamptz`;
  const lockedUntil = new Date(now.getTime() + PIN_LOCK_MS);
  const counted = sql`(CASE WHEN ${quizSchedules.pinLockedUntil} IS NOT NULL THEN 1 ELSE ${quizSchedules.pinFailedAttempts} + 1 END)`;
  const [reserved] = await ctx.db
    .update(quizSchedules)
    .set({
      pinFailedAttempts: counted,
      pinLockedUntil: sql`(CASE WHEN ${counted} >= ${PIN_MAX_ATTEMPTS} THEN ${lockedUntil.toISOString()}::timestamptz ELSE NULL END)`,
    })
    .where(
      and(
        eq(quizSchedules.id, body.quizScheduleId),
        isNull(quizSchedules.deletedAt),
        or(
          and(isNull(quizSchedules.pinLockedUntil), sql`${quizSchedules.pinFailedAttempts} < ${PIN_MAX_ATTEMPTS}`),
          lte(quizSchedules.pinLockedUntil, nowTs),
        ),
      ),
    )
    .returning({
      pinHash: quizSchedules.pinHash,
      attempts: quizSchedules.pinFailedAttempts,
      lockedUntil: quizSchedules.pinLockedUntil,
    });

  if (!reserved) {
    const [row] = await ctx.db
      .select({ lockedUntil: quizSchedules.pinLockedUntil })
      .from(quizSchedules)
      .where(and(eq(quizSchedules.id, body.quizScheduleId), isNull(quizSchedules.deletedAt)));
    await refund(ctx.db, [addressKey]);
    if (!row) throw scheduleNotFound();
    throw pinLocked(row.lockedUntil ?? lockedUntil);
  }

  if (verifyPin(reserved.pinHash, body.pin)) {
    await refund(ctx.db, [addressKey]);
    await ctx.db
      .update(quizSchedules)
      .set({ pinFailedAttempts: 0, pinLockedUntil: null })
      .where(eq(quizSchedules.id, body.quizScheduleId));
    return issueSurveyToken(ctx, body.quizScheduleId);
  }
  if (reserved.lockedUntil) throw pinLocked(reserved.lockedUntil);
  const remainingAttempts = Math.max(0, PIN_MAX_ATTEMPTS - reserved.attempts);
  throw new AppError(
    400,
    'WRONG_PIN',
    remainingAttempts === 1
      ? 'PIN incorreto. Você tem mais 1 tentativa antes de o link ser bloqueado por 15 minutos.'
      : `PIN incorreto. Você tem mais ${remainingAttempts} tentativas.`,
    { remainingAttempts },
  );
}

function pinLocked(until: Date): AppError {
  const time = new Intl.DateTimeFormat('pt-BR', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'America/Sao_Paulo',
  }).format(until);
  return new AppError(423, 'PIN_LOCKED', `Muitas tentativas com PIN incorreto. Tente novamente às ${time}.`, {
    lockedUntil: until.toISOString(),
  });
}

// ───────────────────────── The flow ─────────────────────────

interface AlternativeLike {
  id: string;
  order?: number;
  subQuestionIds?: string[];
}

function alternativesOf(config: unknown): AlternativeLike[] {
  const alts = (config as { alternatives?: unknown } | null)?.alternatives;
  if (!Array.isArray(alts)) return [];
  return alts
    .map((a, i) => ({ a: a as AlternativeLike, i }))
    .sort((x, y) => (x.a.order ?? 0) - (y.a.order ?? 0) || x.i - y.i)
    .map((x) => x.a);
}

/** The quiz as a patient answers it now: enabled questions in order, each with its chosen sub-questions. */
export async function buildFlow(db: Executor, quizId: string): Promise<SurveyQuestion[]> {
  const rows = await db
    .select()
    .from(quizQuestions)
    .where(and(eq(quizQuestions.quizId, quizId), eq(quizQuestions.enabled, true)))
    .orderBy(asc(quizQuestions.position));
  const ids = [...new Set(rows.flatMap((r) => [r.questionId, ...r.subquestionIds]))];
  const found = new Map(
    ids.length === 0 ? [] : (await db.select().from(questions).where(inArray(questions.id, ids))).map((q) => [q.id, q]),
  );
  const fields = (q: typeof questions.$inferSelect) => ({
    type: q.type,
    title: q.title,
    description: q.description,
    image: q.image,
    config: q.config as SurveyQuestion['config'],
  });
  const flow: SurveyQuestion[] = [];
  for (const r of rows) {
    const q = found.get(r.questionId);
    if (!q) continue;
    const chosen = new Set(r.subquestionIds);
    const subQuestions: SurveyQuestion['subQuestions'] = [];
    if (q.type === 'multiple-choice') {
      for (const alt of alternativesOf(q.config)) {
        for (const sid of alt.subQuestionIds ?? []) {
          const sub = found.get(sid);
          if (chosen.has(sid) && sub) subQuestions.push({ questionId: sid, alternativeId: alt.id, ...fields(sub) });
        }
      }
    }
    flow.push({ questionId: q.id, ...fields(q), subQuestions });
  }
  return flow;
}

/** Sub-questions opened by a multiple-choice answer, in alternative order, each once. */
function openedSubQuestions(q: SurveyQuestion, value: AnswerValue): string[] {
  if (value.type !== 'multiple-choice') return [];
  const chosen = new Set(value.alternativeIds);
  return [...new Set(q.subQuestions.filter((s) => chosen.has(s.alternativeId)).map((s) => s.questionId))];
}

const itemKey = (questionId: string, parentQuestionId: string | null) => `${questionId}/${parentQuestionId ?? ''}`;

interface ItemLike {
  questionId: string;
  parentQuestionId: string | null;
  value: unknown;
}

/** The next question to answer: each flow question, then the sub-questions its answer opened. */
export function nextQuestion(flow: SurveyQuestion[], items: ItemLike[]): Next {
  const answered = new Map(items.map((i) => [itemKey(i.questionId, i.parentQuestionId), i]));
  for (const q of flow) {
    const a = answered.get(itemKey(q.questionId, null));
    if (!a) return { questionId: q.questionId, parentQuestionId: null };
    for (const sid of openedSubQuestions(q, a.value as AnswerValue)) {
      if (!answered.has(itemKey(sid, q.questionId))) return { questionId: sid, parentQuestionId: q.questionId };
    }
  }
  return null;
}

// ───────────────────────── Value checks ─────────────────────────

const MB = 1024 * 1024;

function checkValue(
  professionalId: string,
  questionId: string,
  type: string,
  config: unknown,
  value: AnswerValue,
): AnswerValue {
  const bad = (message: string) => doesNotBelong(questionId, message);
  if (value.type !== type) throw bad('Esta resposta não corresponde ao tipo da pergunta.');
  const c = (config ?? {}) as Record<string, unknown>;
  switch (value.type) {
    case 'multiple-choice': {
      const ids = value.alternativeIds;
      if (new Set(ids).size !== ids.length) throw bad('Alternativa repetida na resposta.');
      const known = new Set(alternativesOf(c).map((a) => a.id));
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length) throw alternativeDoesNotBelong(questionId, unknown);
      if (!c.allowMultiple && ids.length > 1) throw bad('Escolha só uma alternativa.');
      return value;
    }
    case 'linear-scale': {
      const min = Number(c.min);
      const max = Number(c.max);
      if (!(value.value >= min && value.value <= max)) throw bad(`Escolha um valor de ${min} a ${max}.`);
      return value;
    }
    case 'likert-scale': {
      const statements = ((c.statements ?? []) as { id: string }[]).map((s) => s.id);
      const levels = new Set(((c.levels ?? []) as { id: string }[]).map((l) => l.id));
      const given = Object.keys(value.levels);
      if (given.length !== statements.length || statements.some((s) => !(s in value.levels))) {
        throw bad('Responda a cada afirmação com um nível.');
      }
      const unknown = Object.values(value.levels).filter((l) => !levels.has(l));
      if (unknown.length) throw alternativeDoesNotBelong(questionId, [...new Set(unknown)]);
      return { type: 'likert-scale', levels: Object.fromEntries(statements.map((s) => [s, value.levels[s]!])) };
    }
    case 'free-field': {
      const text = value.text.trim();
      if (!text) throw bad('Escreva sua resposta.');
      if (text.length > Number(c.maxLength))
        throw bad(`A resposta deve ter no máximo ${Number(c.maxLength)} caracteres.`);
      if (!c.multiline && /[\r\n]/.test(text)) throw bad('A resposta deve ter uma linha só.');
      return { type: 'free-field', text };
    }
    case 'file-upload': {
      const accepted = new Set((c.acceptedTypes ?? []) as string[]);
      const maxBytes = Number(c.maxSizeMb) * MB;
      const keys = new Set<string>();
      for (const f of value.files) {
        if (!FILE_KEY.test(f.key) || !f.key.startsWith(`${professionalId}_`))
          throw bad('Arquivo não encontrado. Envie o arquivo de novo.');
        if (keys.has(f.key)) throw bad('Arquivo repetido na resposta.');
        keys.add(f.key);
        if (!accepted.has(f.contentType)) throw bad('Tipo de arquivo não aceito nesta pergunta.');
        if (f.size > maxBytes) throw bad(`Cada arquivo deve ter no máximo ${Number(c.maxSizeMb)} MB.`);
      }
      return value;
    }
    case 'metrics': {
      const decimals = Number(c.decimals ?? 0);
      const v = value.value;
      if (!Number.isFinite(v)) throw bad('Informe um número.');
      const scaled = v * 10 ** decimals;
      if (Math.abs(scaled - Math.round(scaled)) > 1e-6) {
        throw bad(decimals === 0 ? 'Informe um número inteiro.' : `Informe no máximo ${decimals} casa(s) decimal(is).`);
      }
      const min = typeof c.min === 'number' ? c.min : undefined;
      const max = typeof c.max === 'number' ? c.max : undefined;
      if ((min !== undefined && v < min) || (max !== undefined && v > max)) {
        const unit = String(c.unit ?? '');
        throw bad(
          min !== undefined && max !== undefined
            ? `Informe um valor entre ${min} e ${max} ${unit}.`.trim()
            : min !== undefined
              ? `Informe um valor de pelo menos ${min} ${unit}.`.trim()
              : `Informe um valor de no máximo ${max} ${unit}.`.trim(),
        );
      }
      return { type: 'metrics', value: Number(Math.round(scaled) / 10 ** decimals) };
    }
  }
}

/** Checks one answer against the flow and the answers so far; returns the value to store. */
function checkAnswer(
  professionalId: string,
  flow: SurveyQuestion[],
  items: ItemLike[],
  answer: AnswerInput,
): AnswerValue {
  const qid = answer.questionId;
  const parentId = answer.parentQuestionId ?? null;
  const answered = new Map(items.map((i) => [itemKey(i.questionId, i.parentQuestionId), i]));
  let target: { type: string; config: unknown };
  if (parentId === null) {
    const q = flow.find((f) => f.questionId === qid);
    if (!q) throw notExpected(qid);
    target = q;
  } else {
    const parent = flow.find((f) => f.questionId === parentId);
    const offered = parent?.subQuestions.find((s) => s.questionId === qid);
    if (!parent || !offered) throw notExpected(qid);
    const parentAnswer = answered.get(itemKey(parentId, null));
    if (!parentAnswer) throw wrongOrder(nextQuestion(flow, items));
    const opened = openedSubQuestions(parent, parentAnswer.value as AnswerValue);
    if (opened.length === 0) {
      throw new AppError(
        400,
        'ANSWER_HAS_SUB_QUESTION_BUT_ALTERNATIVE_DOES_NOT',
        'A alternativa escolhida não tem perguntas complementares.',
        { questionId: qid, parentQuestionId: parentId },
      );
    }
    if (!opened.includes(qid)) {
      throw new AppError(
        400,
        'INVALID_ALTERNATIVE_SUB_QUESTION',
        'Esta pergunta complementar não pertence à alternativa escolhida.',
        { questionId: qid, parentQuestionId: parentId },
      );
    }
    target = offered;
  }
  if (answered.has(itemKey(qid, parentId))) {
    throw new AppError(409, 'ANSWER_ALREADY_REGISTERED', 'Esta pergunta já foi respondida.', {
      questionId: qid,
      parentQuestionId: parentId,
    });
  }
  const next = nextQuestion(flow, items);
  if (!next || next.questionId !== qid || next.parentQuestionId !== parentId) throw wrongOrder(next);
  return checkValue(professionalId, qid, target.type, target.config, answer.value);
}

// ───────────────────────── Reads ─────────────────────────

async function findSchedule(db: Executor, id: string): Promise<ScheduleRow> {
  const [row] = await db
    .select()
    .from(quizSchedules)
    .where(and(eq(quizSchedules.id, id), isNull(quizSchedules.deletedAt)));
  if (!row) throw scheduleNotFound();
  return row;
}

async function loadItems(db: Executor, quizAnswerId: string): Promise<ItemRow[]> {
  return db
    .select()
    .from(answerItems)
    .where(eq(answerItems.quizAnswerId, quizAnswerId))
    .orderBy(asc(answerItems.position));
}

const toAnswer = (i: ItemRow) => ({
  questionId: i.questionId,
  parentQuestionId: i.parentQuestionId,
  value: i.value as AnswerValue,
  answeredAt: i.answeredAt.toISOString(),
});

const flowOf = (qa: QuizAnswerRow) => qa.questions as SurveyQuestion[];

function toProgress(qa: QuizAnswerRow, items: ItemRow[]): QuizAnswerProgress {
  return {
    quizAnswerId: qa.id,
    status: qa.status,
    answers: items.map(toAnswer),
    next: qa.status === 'finished' ? null : nextQuestion(flowOf(qa), items),
    finishedAt: qa.finishedAt?.toISOString() ?? null,
  };
}

async function progressOf(db: Executor, qa: QuizAnswerRow): Promise<QuizAnswerProgress> {
  return toProgress(qa, await loadItems(db, qa.id));
}

function folderOf(raw: unknown): Folder {
  const f = (raw ?? {}) as Partial<Folder>;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    title: text(f.title),
    image: text(f.image),
    subtitle: text(f.subtitle),
    quizTitle: text(f.quizTitle),
    titlesColor: text(f.titlesColor),
    buttonTitle: text(f.buttonTitle),
    buttonColors: { background: text(f.buttonColors?.background), text: text(f.buttonColors?.text) },
  };
}

/** The request the survey works on: the oldest sent one already started, else the newest sent one. */
async function currentRequest(db: Executor, scheduleId: string) {
  const sent = await db
    .select({ request: answerRequests, answer: quizAnswers })
    .from(answerRequests)
    .leftJoin(quizAnswers, eq(quizAnswers.answerRequestId, answerRequests.id))
    .where(and(eq(answerRequests.scheduleId, scheduleId), eq(answerRequests.status, 'sent')))
    .orderBy(asc(answerRequests.dueAt), asc(answerRequests.createdAt));
  const started = sent.find((s) => s.answer?.status === 'in_progress');
  if (started) return { state: 'open' as const, ...started };
  const newest = [...sent].sort(
    (a, b) =>
      (b.request.sentAt?.getTime() ?? 0) - (a.request.sentAt?.getTime() ?? 0) ||
      b.request.dueAt.getTime() - a.request.dueAt.getTime(),
  )[0];
  if (newest) return { state: 'open' as const, ...newest };
  const [latest] = await db
    .select({ request: answerRequests, answer: quizAnswers })
    .from(answerRequests)
    .leftJoin(quizAnswers, eq(quizAnswers.answerRequestId, answerRequests.id))
    .where(and(eq(answerRequests.scheduleId, scheduleId), isNotNull(answerRequests.sentAt)))
    .orderBy(desc(answerRequests.sentAt), desc(answerRequests.dueAt))
    .limit(1);
  if (latest?.request.status === 'answered') return { state: 'answered' as const, ...latest };
  return { state: 'nothing-pending' as const, request: null, answer: null };
}

export async function getSurveyState(ctx: AppContext, auth: SurveyAuth, scheduleId: string): Promise<SurveyState> {
  if (auth.quizScheduleId !== scheduleId) throw notOwner();
  const db = ctx.db;
  const schedule = await findSchedule(db, scheduleId);
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.id, schedule.quizId));
  const [pro] = await db
    .select({ name: professionals.name })
    .from(professionals)
    .where(eq(professionals.id, schedule.professionalId));
  if (!quiz || !pro) throw scheduleNotFound();
  const current = await currentRequest(db, scheduleId);
  const qa = current.answer;
  const items = qa ? await loadItems(db, qa.id) : [];
  const flow = qa ? flowOf(qa) : await buildFlow(db, quiz.id);
  return {
    quizScheduleId: scheduleId,
    state: current.state,
    answerRequestId: current.request?.id ?? null,
    quizAnswerId: qa?.id ?? null,
    quiz: { id: quiz.id, title: quiz.title, description: quiz.description },
    professionalName: pro.name,
    folder: folderOf(quiz.folder),
    appearance: await resolveAppearance(db, schedule.professionalId, quiz.appearanceId),
    questions: flow,
    answers: items.map(toAnswer),
    next: current.state === 'open' && qa?.status !== 'finished' ? nextQuestion(flow, items) : null,
    finishedAt: qa?.finishedAt?.toISOString() ?? null,
  };
}

// ───────────────────────── Writes ─────────────────────────

export async function startQuizAnswer(
  ctx: AppContext,
  auth: SurveyAuth,
  body: z.infer<typeof StartQuizAnswerBody>,
): Promise<{ created: boolean; progress: QuizAnswerProgress }> {
  if (auth.quizScheduleId !== body.quizScheduleId) throw notOwner();
  return ctx.db.transaction(async (tx) => {
    await findSchedule(tx, body.quizScheduleId);
    const [request] = await tx
      .select()
      .from(answerRequests)
      .where(eq(answerRequests.id, body.answerRequestId))
      .for('update');
    if (!request || request.scheduleId !== body.quizScheduleId) throw requestNotFound();
    const [existing] = await tx.select().from(quizAnswers).where(eq(quizAnswers.answerRequestId, request.id));
    if (existing?.status === 'finished' || request.status === 'answered') throw alreadyAnswered();
    if (existing) return { created: false, progress: await progressOf(tx, existing) };
    if (request.status === 'cancelled') {
      throw new AppError(409, 'SCHEDULE_ANSWER_ALREADY_CANCELED_ERROR', 'Este envio foi cancelado pelo profissional.');
    }
    if (request.status !== 'sent') throw requestNotFound();
    const now = ctx.config.now();
    const [row] = await tx
      .insert(quizAnswers)
      .values({
        answerRequestId: request.id,
        scheduleId: request.scheduleId,
        professionalId: request.professionalId,
        patientId: request.patientId,
        quizId: request.quizId,
        status: 'in_progress',
        questions: await buildFlow(tx, request.quizId),
        startedAt: now,
        updatedAt: now,
      })
      .returning();
    return { created: true, progress: toProgress(row!, []) };
  });
}

/**
 * Saves one answer and/or finishes, in one transaction holding the quiz answer's row lock, so saves of
 * one answer never interleave. A key seen before (on a stored answer, or on the finish) replays: the
 * current progress comes back and nothing is stored again.
 */
export async function saveQuizAnswer(
  ctx: AppContext,
  auth: SurveyAuth,
  quizAnswerId: string,
  body: z.infer<typeof SaveQuizAnswerBody>,
): Promise<QuizAnswerProgress> {
  return ctx.db.transaction(async (tx) => {
    const [qa] = await tx.select().from(quizAnswers).where(eq(quizAnswers.id, quizAnswerId)).for('update');
    if (!qa || qa.scheduleId !== auth.quizScheduleId) throw answerNotFound();
    const key = body.idempotencyKey;

    const [seen] = await tx
      .select({ id: answerItems.id })
      .from(answerItems)
      .where(and(eq(answerItems.quizAnswerId, qa.id), eq(answerItems.idempotencyKey, key)))
      .limit(1);
    if (seen) return progressOf(tx, qa);
    if (qa.status === 'finished') {
      if (qa.finishIdempotencyKey === key) return progressOf(tx, qa);
      throw alreadyAnswered();
    }

    const flow = flowOf(qa);
    const items = await loadItems(tx, qa.id);
    const now = ctx.config.now();
    if (body.answer) {
      const value = checkAnswer(qa.professionalId, flow, items, body.answer);
      const [item] = await tx
        .insert(answerItems)
        .values({
          quizAnswerId: qa.id,
          questionId: body.answer.questionId,
          parentQuestionId: body.answer.parentQuestionId ?? null,
          position: items.reduce((m, i) => Math.max(m, i.position + 1), 0),
          value,
          idempotencyKey: key,
          answeredAt: now,
        })
        .returning();
      items.push(item!);
    }

    let row: QuizAnswerRow = qa;
    if (body.finish) {
      const next = nextQuestion(flow, items);
      if (next) throw wrongOrder(next, 'Responda a todas as perguntas antes de finalizar.');
      [row] = (await tx
        .update(quizAnswers)
        .set({ status: 'finished', finishedAt: now, finishIdempotencyKey: key, updatedAt: now })
        .where(eq(quizAnswers.id, qa.id))
        .returning()) as [QuizAnswerRow];
      await tx
        .update(answerRequests)
        .set({ status: 'answered', answeredAt: now })
        .where(eq(answerRequests.id, qa.answerRequestId));
      await tx
        .insert(answerRevisions)
        .values({
          quizAnswerId: qa.id,
          professionalId: qa.professionalId,
          patientId: qa.patientId,
          quizId: qa.quizId,
          scheduleId: qa.scheduleId,
          status: 'pending',
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing();
    } else {
      [row] = (await tx.update(quizAnswers).set({ updatedAt: now }).where(eq(quizAnswers.id, qa.id)).returning()) as [
        QuizAnswerRow,
      ];
    }
    return toProgress(row, items);
  });
}

// ───────────────────────── Uploads ─────────────────────────

/**
 * POST /file/signed-url with a survey token: the file must answer a file-upload question of this
 * schedule's quiz (the started answer's snapshot, else the quiz now), within its types and size.
 * Returns the professional the file is stored under.
 */
export async function answerUploadOwner(
  ctx: AppContext,
  auth: SurveyAuth,
  body: { contentType: string; contentSize: number; questionId?: string | undefined },
): Promise<{ professionalId: string; patientId: string }> {
  const schedule = await findSchedule(ctx.db, auth.quizScheduleId);
  if (!body.questionId) {
    throw new AppError(400, 'WRONG_COMMAND_PARAMETERS', 'Informe a pergunta do arquivo.', [
      { path: ['questionId'], message: 'Informe a pergunta do arquivo.' },
    ]);
  }
  const current = await currentRequest(ctx.db, schedule.id);
  const flow = current.answer ? flowOf(current.answer) : await buildFlow(ctx.db, schedule.quizId);
  const question = flow
    .flatMap((q) => [q, ...q.subQuestions])
    .find((q) => q.questionId === body.questionId && q.type === 'file-upload');
  if (!question) throw notExpected(body.questionId);
  const config = question.config as { acceptedTypes?: string[]; maxSizeMb?: number };
  if (!(config.acceptedTypes ?? []).includes(body.contentType)) {
    const message = 'Tipo de arquivo não aceito nesta pergunta.';
    throw new AppError(400, 'WRONG_COMMAND_PARAMETERS', message, [{ path: ['contentType'], message }]);
  }
  if (body.contentSize > Number(config.maxSizeMb ?? 0) * MB) {
    const message = `O arquivo deve ter no máximo ${Number(config.maxSizeMb ?? 0)} MB.`;
    throw new AppError(400, 'WRONG_COMMAND_PARAMETERS', message, [{ path: ['contentSize'], message }]);
  }
  return { professionalId: schedule.professionalId, patientId: schedule.patientId };
}
