/**
 * The patient's corner of a professional's client area: she signs in with her phone or e-mail and a one-time
 * code (WhatsApp when she opted in to it, else e-mail), then sees her pending questionnaires (opened without a
 * second PIN), what she answered, and the messages the professional sent her.
 *
 * Asking for a code answers the same whether or not the contact belongs to a patient (being someone's patient
 * is health data); the code is sent only to a patient's own registered contact. Every send and every check is
 * reserved before it happens: codes per contact and per address, wrong codes per address, 5 tries per code.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { escapeHtml } from '../mail/templates.js';
import { and, desc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import {
  answerRequests,
  messages,
  patientLoginCodes,
  patients,
  professionals,
  quizAnswers,
  quizSchedules,
  quizzes,
} from '../db/schema.js';
import { createWhatsAppProvider } from '../delivery/whatsapp.js';
import { AppError, errors } from '../errors/app-error.js';
import { refund, reserveAll } from '../lib/rate-limit.js';
import { normalizePhone } from '../patient/fields.js';
import { publicAreaOf } from '../client-area/service.js';
import { issueSurveyToken } from '../quiz-answer/token.js';
import { issuePatientToken, type PatientAuth } from './token.js';
import type { PatientCornerSchema } from './schemas.js';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_TRIES = 5;

type Contact = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Her e-mail (lower case) or her phone (E.164), else a field error. */
export function parseContact(raw: string): Contact {
  const value = raw.trim();
  if (value.includes('@')) {
    if (EMAIL.test(value)) return { kind: 'email', value: value.toLowerCase() };
  } else {
    const phone = normalizePhone(value);
    if (phone) return { kind: 'phone', value: phone };
  }
  throw errors.field(['contact'], 'Informe seu celular com DDD ou seu e-mail.');
}

/** The professional whose published page `alias` is (a link she left still counts), else the page's 404. */
async function areaOwner(ctx: AppContext, alias: string) {
  const area = await publicAreaOf(ctx, alias);
  const [pro] = await ctx.db
    .select({ id: professionals.id, name: professionals.name })
    .from(professionals)
    .where(eq(professionals.alias, area.link));
  if (!pro) throw errors.notFound('Página não encontrada.');
  return { ...pro, link: area.link };
}

/** Her live patient records with this contact (several only when an e-mail is shared). */
async function patientsWith(ctx: AppContext, professionalId: string, contact: Contact) {
  const column = contact.kind === 'email' ? sql`lower(${patients.email})` : patients.phone;
  return ctx.db
    .select({
      id: patients.id,
      name: patients.name,
      email: patients.email,
      phone: patients.phone,
      preferences: patients.preferences,
    })
    .from(patients)
    .where(
      and(
        eq(patients.professionalId, professionalId),
        ne(patients.status, 'deleted'),
        isNull(patients.deletedAt),
        sql`${column} = ${contact.value}`,
      ),
    )
    .limit(5);
}

async function codeHash(ctx: AppContext, professionalId: string, contact: string, code: string): Promise<string> {
  return createHmac('sha256', await ctx.tokens.signingKey())
    .update(`patient-code:${professionalId}:${contact}:${code}`)
    .digest('base64url');
}

const sendFailed = () =>
  new AppError(
    503,
    'PATIENT_LOGIN_REQUEST_FAILED',
    'Não foi possível enviar o código agora. Tente de novo em instantes.',
  );

/**
 * `POST /patient-area/{alias}/code`. Answers the same for any well-formed contact; sends a code only to a
 * patient's own registered contact, by WhatsApp when she opted in to it (else by e-mail).
 */
export async function requestCode(
  ctx: AppContext,
  alias: string,
  rawContact: string,
  ip: string,
): Promise<{ sent: true }> {
  const pro = await areaOwner(ctx, alias);
  const contact = parseContact(rawContact);
  const now = ctx.config.now();
  const { limits } = ctx.config;
  await reserveAll(
    ctx.db,
    [
      {
        key: `pcode:${pro.id}:${contact.value}`,
        limit: limits.patientCodesPerContact,
        message: 'Muitos códigos pedidos para este contato. Tente novamente mais tarde.',
      },
      {
        key: `pcode-ip:${ip}`,
        limit: limits.patientCodesPerAddress,
        message: 'Muitos códigos pedidos a partir deste endereço. Tente novamente mais tarde.',
      },
    ],
    now,
  );
  const found = await patientsWith(ctx, pro.id, contact);
  const patient = found[0];
  if (!patient) return { sent: true };
  // A phone goes to WhatsApp only with her consent to it; otherwise the code goes to her e-mail.
  const channel =
    contact.kind === 'phone' && patient.preferences.channel === 'whatsapp' && patient.phone ? 'whatsapp' : 'email';
  const to = channel === 'whatsapp' ? patient.phone! : contact.kind === 'email' ? contact.value : patient.email;
  if (!to) return { sent: true };

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const [row] = await ctx.db.transaction(async (tx) => {
    // A new code replaces the ones not used yet.
    await tx
      .update(patientLoginCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(patientLoginCodes.professionalId, pro.id),
          eq(patientLoginCodes.contact, contact.value),
          isNull(patientLoginCodes.usedAt),
        ),
      );
    return tx
      .insert(patientLoginCodes)
      .values({
        professionalId: pro.id,
        contact: contact.value,
        codeHash: await codeHash(ctx, pro.id, contact.value, code),
        channel,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        createdAt: now,
      })
      .returning({ id: patientLoginCodes.id });
  });
  const first = patient.name.split(/\s+/)[0] ?? '';
  const text = `${code} é o seu código para entrar na área do cliente de ${pro.name}. Ele vale por 10 minutos. Se não foi você, ignore esta mensagem.`;
  try {
    if (channel === 'whatsapp') await createWhatsAppProvider(ctx.db).send(to, text);
    else
      await ctx.mailer.send({
        to,
        subject: `${code} é o seu código de acesso`,
        text: `Olá, ${first}!\n\n${text}`,
        html: `<p>Olá, ${escapeHtml(first)}!</p><p><strong style="font-size:20px;letter-spacing:2px">${code}</strong> é o seu código para entrar na área do cliente de ${escapeHtml(pro.name)}. Ele vale por 10 minutos.</p><p>Se não foi você, ignore esta mensagem.</p>`,
      });
  } catch {
    await ctx.db.delete(patientLoginCodes).where(eq(patientLoginCodes.id, row!.id));
    throw sendFailed();
  }
  return { sent: true };
}

const wrongCode = (left: number) =>
  new AppError(
    400,
    'INVALID_VERIFICATION_CODE',
    left > 0
      ? `Código incorreto. Você tem mais ${left === 1 ? '1 tentativa' : `${left} tentativas`}.`
      : 'Código incorreto. Peça um novo código.',
    [{ path: ['code'], message: 'Código incorreto.' }],
  );
const codeExpired = () =>
  new AppError(400, 'PATIENT_PASSWORD_RECOVERY_TOKEN_EXPIRED', 'O código expirou. Peça um novo código.', [
    { path: ['code'], message: 'O código expirou.' },
  ]);

/** `POST /patient-area/{alias}/session`: the code for her session (one try reserved before it is compared). */
export async function signIn(
  ctx: AppContext,
  alias: string,
  body: { contact: string; code: string },
  ip: string,
): Promise<{ token: string; expiresAt: string; firstName: string }> {
  const pro = await areaOwner(ctx, alias);
  const contact = parseContact(body.contact);
  const now = ctx.config.now();
  const addressKey = `pcode-fail-ip:${ip}`;
  await reserveAll(
    ctx.db,
    [
      {
        key: addressKey,
        limit: ctx.config.limits.patientCodeFailuresPerAddress,
        message: 'Muitas tentativas a partir deste endereço. Tente novamente mais tarde.',
      },
    ],
    now,
  );
  const mine = and(
    eq(patientLoginCodes.professionalId, pro.id),
    eq(patientLoginCodes.contact, contact.value),
    isNull(patientLoginCodes.usedAt),
  );
  // The try is taken before the comparison, in one statement: at most 5 comparisons per code, however many race.
  const [taken] = await ctx.db
    .update(patientLoginCodes)
    .set({ attempts: sql`${patientLoginCodes.attempts} + 1` })
    .where(
      and(
        mine,
        sql`${patientLoginCodes.attempts} < ${CODE_MAX_TRIES}`,
        eq(
          patientLoginCodes.id,
          sql`(select id from ${patientLoginCodes} where ${mine} order by ${patientLoginCodes.createdAt} desc limit 1)`,
        ),
      ),
    )
    .returning();
  if (!taken) throw wrongCode(0);
  if (taken.expiresAt <= now) throw codeExpired();
  const expected = Buffer.from(taken.codeHash);
  const given = Buffer.from(await codeHash(ctx, pro.id, contact.value, body.code.trim()));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw wrongCode(CODE_MAX_TRIES - taken.attempts);
  }
  const [used] = await ctx.db
    .update(patientLoginCodes)
    .set({ usedAt: now })
    .where(and(eq(patientLoginCodes.id, taken.id), isNull(patientLoginCodes.usedAt)))
    .returning({ id: patientLoginCodes.id });
  if (!used) throw wrongCode(0);
  await refund(ctx.db, [addressKey]);
  const found = await patientsWith(ctx, pro.id, contact);
  if (found.length > 1) {
    throw new AppError(
      409,
      'MULTIPLE_PATIENTS_SAME_PHONE',
      'Mais de um cliente usa este contato. Entre com o seu celular ou fale com o seu profissional.',
    );
  }
  const patient = found[0];
  if (!patient) throw wrongCode(0);
  const session = await issuePatientToken(ctx, { patientId: patient.id, professionalId: pro.id });
  return { ...session, firstName: patient.name.split(/\s+/)[0] ?? '' };
}

type Corner = z.infer<typeof PatientCornerSchema>;

/** `GET /patient-area/me`: her pending questionnaires, what she answered and the messages sent to her. */
export async function corner(ctx: AppContext, auth: PatientAuth): Promise<Corner> {
  const [me] = await ctx.db
    .select({ name: patients.name, proName: professionals.name, alias: professionals.alias })
    .from(patients)
    .innerJoin(professionals, eq(professionals.id, patients.professionalId))
    .where(
      and(
        eq(patients.id, auth.patientId),
        eq(patients.professionalId, auth.professionalId),
        ne(patients.status, 'deleted'),
      ),
    );
  if (!me) throw errors.invalidJwt('Sua sessão na área do cliente terminou. Entre novamente.');
  const mine = and(
    eq(answerRequests.patientId, auth.patientId),
    eq(answerRequests.professionalId, auth.professionalId),
  );
  const pending = await ctx.db
    .select({
      scheduleId: answerRequests.scheduleId,
      quizTitle: quizzes.title,
      sentAt: answerRequests.sentAt,
      startedAt: quizAnswers.startedAt,
    })
    .from(answerRequests)
    .innerJoin(quizSchedules, eq(quizSchedules.id, answerRequests.scheduleId))
    .innerJoin(quizzes, eq(quizzes.id, answerRequests.quizId))
    .leftJoin(quizAnswers, eq(quizAnswers.answerRequestId, answerRequests.id))
    .where(and(mine, eq(answerRequests.status, 'sent'), isNull(quizSchedules.deletedAt)))
    .orderBy(desc(answerRequests.sentAt))
    .limit(20);
  const answered = await ctx.db
    .select({ quizTitle: quizzes.title, finishedAt: quizAnswers.finishedAt })
    .from(quizAnswers)
    .innerJoin(quizzes, eq(quizzes.id, quizAnswers.quizId))
    .where(
      and(
        eq(quizAnswers.patientId, auth.patientId),
        eq(quizAnswers.professionalId, auth.professionalId),
        eq(quizAnswers.status, 'finished'),
      ),
    )
    .orderBy(desc(quizAnswers.finishedAt))
    .limit(20);
  const sent = await ctx.db
    .select({ id: messages.id, body: messages.body, channel: messages.channel, createdAt: messages.createdAt })
    .from(messages)
    .where(
      and(
        eq(messages.patientId, auth.patientId),
        eq(messages.professionalId, auth.professionalId),
        inArray(messages.status, ['sent', 'delivered', 'read']),
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(20);
  return {
    firstName: me.name.split(/\s+/)[0] ?? '',
    professionalName: me.proName,
    pending: pending.map((p) => ({
      scheduleId: p.scheduleId,
      quizTitle: p.quizTitle,
      sentAt: p.sentAt?.toISOString() ?? null,
      started: !!p.startedAt,
    })),
    answered: answered.map((a) => ({ quizTitle: a.quizTitle, finishedAt: a.finishedAt!.toISOString() })),
    messages: sent.map((m) => ({ id: m.id, body: m.body, channel: m.channel, sentAt: m.createdAt.toISOString() })),
  };
}

/**
 * `POST /patient-area/me/quizzes/{scheduleId}/token`: a survey token for one of her questionnaires waiting for
 * an answer, so she opens it without a second PIN. Another patient's schedule answers like a missing one.
 */
export async function openQuiz(
  ctx: AppContext,
  auth: PatientAuth,
  scheduleId: string,
): Promise<{ token: string; expiresAt: string }> {
  const [row] = await ctx.db
    .select({ id: answerRequests.id })
    .from(answerRequests)
    .innerJoin(quizSchedules, eq(quizSchedules.id, answerRequests.scheduleId))
    .where(
      and(
        eq(answerRequests.scheduleId, scheduleId),
        eq(answerRequests.patientId, auth.patientId),
        eq(answerRequests.professionalId, auth.professionalId),
        eq(answerRequests.status, 'sent'),
        isNull(quizSchedules.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw new AppError(404, 'QUIZ_SCHEDULE_NOT_FOUND_ERROR', 'Este questionário não está mais disponível.');
  return issueSurveyToken(ctx, scheduleId);
}

/** Forgets sign-in codes a day after they were made (used, spent or expired: none is useful by then). */
export async function prunePatientLoginCodes(ctx: Pick<AppContext, 'db'>, now: Date): Promise<number> {
  const gone = await ctx.db
    .delete(patientLoginCodes)
    .where(lt(patientLoginCodes.createdAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)))
    .returning({ id: patientLoginCodes.id });
  return gone.length;
}
