import { recordSignIn } from '../access/activity.js';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { emailVerifications, professionals, subscriptions } from '../db/schema.js';
import { AppError, errors } from '../errors/app-error.js';
import { safeEqual, sha256Hex, sixDigitCode } from '../lib/crypto.js';
import { verificationCodeEmail } from '../mail/templates.js';
import { findSubscription, toProfessionalDto, toSignatureDto } from '../professional/service.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../lib/passwords.js';
import { reserveAll, refund } from '../lib/rate-limit.js';
import { LoginThrottle } from './throttle.js';
import type { LoginBody, LoginResponseSchema, RegistrationBody } from './schemas.js';

export type Meta = { ip: string; userAgent?: string };

const codeHash = (professionalId: string, code: string) => sha256Hex(`${professionalId}:${code}`);

function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 3 && e; i++) {
    if ((e as { code?: string }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const alreadyExists = () => new AppError(409, 'PROFESSIONAL_ALREADY_EXISTS', 'Já existe uma conta com este e-mail.');
const notFound = () => new AppError(404, 'PROFESSIONAL_NOT_FOUND', 'Profissional não encontrado.');

/** Creates the unverified professional with a trial subscription and e-mails a verification code. */
export async function register(
  ctx: AppContext,
  body: z.infer<typeof RegistrationBody>,
  meta: Meta,
): Promise<{ email: string }> {
  const { limits } = ctx.config;
  await reserveAll(
    ctx.db,
    [
      {
        key: `register-ip:${meta.ip}`,
        limit: limits.registrationsPerAddress,
        message: 'Muitos cadastros a partir deste endereço. Tente novamente mais tarde.',
      },
      {
        key: `verification-mail:${body.email}`,
        limit: limits.verificationEmailsPerEmail,
        message: 'Muitos e-mails enviados para este endereço. Tente novamente mais tarde.',
      },
    ],
    ctx.config.now(),
  );
  const [existing] = await ctx.db
    .select({ id: professionals.id })
    .from(professionals)
    .where(eq(professionals.email, body.email));
  if (existing) throw alreadyExists();
  const passwordHash = await hashPassword(ctx.config, body.password);
  const now = ctx.config.now();
  const code = sixDigitCode();
  try {
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(professionals)
        .values({
          name: body.name,
          email: body.email,
          passwordHash,
          phone: body.phone ?? null,
          profession: body.profession,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: professionals.id });
      const id = row!.id;
      await tx.insert(subscriptions).values({
        professionalId: id,
        status: 'trial',
        plan: 'trial',
        trialEndsAt: new Date(now.getTime() + ctx.config.trialDays * 86_400_000),
      });
      await tx.insert(emailVerifications).values({
        professionalId: id,
        codeHash: codeHash(id, code),
        expiresAt: new Date(now.getTime() + ctx.config.verification.codeTtlSeconds * 1000),
        createdAt: now,
      });
      return id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyExists();
    throw err;
  }
  await ctx.mailer.send(
    verificationCodeEmail(body.email, body.name, code, Math.round(ctx.config.verification.codeTtlSeconds / 60)),
  );
  return { email: body.email };
}

/**
 * One attempt = one reservation: a single UPDATE takes an attempt only while fewer than `maxAttempts` were
 * made on this code, and only a reserved attempt is compared, so concurrent guesses buy nothing. Wrong codes
 * also count per client address, across accounts.
 */
export async function verifyEmail(ctx: AppContext, email: string, code: string, meta: Meta): Promise<void> {
  const [pro] = await ctx.db.select().from(professionals).where(eq(professionals.email, email));
  if (!pro) throw notFound();
  if (pro.emailVerifiedAt) return;
  const addressKey = `verify-ip:${meta.ip}`;
  await reserveAll(
    ctx.db,
    [
      {
        key: addressKey,
        limit: ctx.config.limits.verificationFailuresPerAddress,
        message: 'Muitos códigos incorretos a partir deste endereço. Tente novamente mais tarde.',
      },
    ],
    ctx.config.now(),
  );
  const [row] = await ctx.db
    .update(emailVerifications)
    .set({ failedAttempts: sql`${emailVerifications.failedAttempts} + 1` })
    .where(
      and(
        eq(emailVerifications.professionalId, pro.id),
        lt(emailVerifications.failedAttempts, ctx.config.verification.maxAttempts),
      ),
    )
    .returning();
  const invalid = () => new AppError(400, 'INVALID_VERIFICATION_CODE', 'Código de verificação inválido.');
  if (!row) {
    const [exists] = await ctx.db
      .select({ id: emailVerifications.professionalId })
      .from(emailVerifications)
      .where(eq(emailVerifications.professionalId, pro.id));
    if (!exists) throw invalid();
    // This code is spent; a new one (after the resend cooldown) is the way on.
    throw errors.tooManyAttempts(
      Math.max(1, ctx.config.verification.resendCooldownSeconds),
      'Muitas tentativas com código errado. Peça um novo código.',
    );
  }
  const now = ctx.config.now();
  if (row.expiresAt <= now) {
    throw new AppError(400, 'VERIFICATION_CODE_EXPIRED', 'O código de verificação expirou. Peça um novo código.');
  }
  if (!safeEqual(row.codeHash, codeHash(pro.id, code))) throw invalid();
  await refund(ctx.db, [addressKey]);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(professionals)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(and(eq(professionals.id, pro.id), isNull(professionals.emailVerifiedAt)));
    await tx.delete(emailVerifications).where(eq(emailVerifications.professionalId, pro.id));
  });
}

/** A new code replaces the old one. Silent for unknown or already verified e-mails. */
export async function resendVerification(ctx: AppContext, email: string, meta: Meta): Promise<void> {
  const { limits } = ctx.config;
  // Counted whether or not the e-mail has an account, so the answer tells nothing about it.
  await reserveAll(
    ctx.db,
    [
      {
        key: `resend-ip:${meta.ip}`,
        limit: limits.verificationResendsPerAddress,
        message: 'Muitos pedidos de código a partir deste endereço. Tente novamente mais tarde.',
      },
      {
        key: `verification-mail:${email}`,
        limit: limits.verificationEmailsPerEmail,
        message: 'Muitos e-mails enviados para este endereço. Tente novamente mais tarde.',
      },
    ],
    ctx.config.now(),
  );
  const [pro] = await ctx.db.select().from(professionals).where(eq(professionals.email, email));
  if (!pro || pro.emailVerifiedAt) return;
  const now = ctx.config.now();
  const [current] = await ctx.db.select().from(emailVerifications).where(eq(emailVerifications.professionalId, pro.id));
  const cooldownMs = ctx.config.verification.resendCooldownSeconds * 1000;
  if (current && now.getTime() - current.createdAt.getTime() < cooldownMs) return;
  const code = sixDigitCode();
  const values = {
    codeHash: codeHash(pro.id, code),
    expiresAt: new Date(now.getTime() + ctx.config.verification.codeTtlSeconds * 1000),
    failedAttempts: 0,
    createdAt: now,
  };
  await ctx.db
    .insert(emailVerifications)
    .values({ professionalId: pro.id, ...values })
    .onConflictDoUpdate({ target: emailVerifications.professionalId, set: values });
  await ctx.mailer.send(
    verificationCodeEmail(pro.email, pro.name, code, Math.round(ctx.config.verification.codeTtlSeconds / 60)),
  );
}

export async function login(
  ctx: AppContext,
  body: z.infer<typeof LoginBody>,
  meta: Meta,
): Promise<z.infer<typeof LoginResponseSchema>> {
  const throttle = new LoginThrottle(ctx.db, ctx.config);
  const [pro] = await ctx.db.select().from(professionals).where(eq(professionals.email, body.email));
  const reserved = await throttle.reserve(body.email, meta.ip, pro?.id);
  const ok = pro
    ? await verifyPassword(pro.passwordHash, body.password)
    : await verifyAgainstDummy(ctx.config, body.password);
  if (!pro || !ok) throw new AppError(401, 'Unauthorized', 'E-mail ou senha incorretos.');
  await throttle.succeeded(reserved, body.email, meta.ip);
  if (!pro.emailVerifiedAt) {
    throw new AppError(403, 'EMAIL_NOT_VERIFIED', 'Confirme seu e-mail antes de entrar.');
  }
  const jwt = await ctx.tokens.issue(pro.id, meta);
  await recordSignIn(ctx.db, pro.id, meta.ip);
  const sub = await findSubscription(ctx.db, pro.id);
  return { jwt, professional: toProfessionalDto(pro), signature: toSignatureDto(sub, ctx.config.now()) };
}
