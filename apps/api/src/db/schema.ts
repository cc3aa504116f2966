/**
 * The whole database schema of Acompanha, in one place. `pnpm --filter @acompanha/api db:generate`
 * turns changes here into a new migration in apps/api/drizzle.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Key/value settings shared by every API process (e.g. the generated JWT secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const professionals = pgTable(
  'professionals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Always stored trimmed and lower-case. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    phone: text('phone'),
    document: text('document'),
    councilRegistration: text('council_registration'),
    profession: text('profession').notNull().default('nutricionista'),
    avatarUrl: text('avatar_url'),
    alias: text('alias'),
    emailVerifiedAt: tz('email_verified_at'),
    notificationPreferences: jsonb('notification_preferences').$type<Record<string, unknown>>().notNull().default({}),
    templateMessage: text('template_message'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('professionals_email_key').on(t.email), uniqueIndex('professionals_alias_key').on(t.alias)],
);

export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'past_due', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The professional's subscription (the spec's "signature"). One per professional. */
export const subscriptions = pgTable('subscriptions', {
  professionalId: uuid('professional_id')
    .primaryKey()
    .references(() => professionals.id, { onDelete: 'cascade' }),
  status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('trial'),
  plan: text('plan'),
  trialEndsAt: tz('trial_ends_at'),
  currentPeriodEnd: tz('current_period_end'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/** The one live e-mail verification code of a professional (a resend replaces it). */
export const emailVerifications = pgTable('email_verifications', {
  professionalId: uuid('professional_id')
    .primaryKey()
    .references(() => professionals.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: tz('expires_at').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  createdAt: tz('created_at').notNull().defaultNow(),
});

/** One row per issued JWT (keyed by its jti); revoked on logout and on password change/reset. */
export const sessions = pgTable(
  'sessions',
  {
    jti: uuid('jti').primaryKey(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    expiresAt: tz('expires_at').notNull(),
    revokedAt: tz('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_professional_idx').on(t.professionalId)],
);

export const passwordRecoveryTokens = pgTable(
  'password_recovery_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the token sent by e-mail. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_recovery_tokens_hash_key').on(t.tokenHash), index('password_recovery_tokens_professional_idx').on(t.professionalId)],
);

/**
 * Failed sign-in counters, kept in the database so every API process sees them.
 * key is `email:<address>` or `ip:<address>`; a fixed window starts at the first failure.
 */
export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: tz('window_started_at').notNull(),
  lastFailureAt: tz('last_failure_at').notNull(),
});

/** The development mailbox: every e-mail sent when no SMTP_URL is configured. */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: tz('created_at').notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('dev_mailbox_to_idx').on(t.to)],
);


// ───────────────────────── Questionnaire content ─────────────────────────

/**
 * Question categories. professional_id null = a global default category of the starter library
 * (is_default, read-only).
 */
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id').references(() => professionals.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('categories_professional_idx').on(t.professionalId)],
);

export const QUESTION_TYPES = ['multiple-choice', 'linear-scale', 'likert-scale', 'free-field', 'file-upload', 'metrics'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/**
 * The question bank. professional_id null + is_default = the starter library (seeded, read-only).
 * is_active false = removed from the bank but kept for the quizzes that used it.
 */
export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id').references(() => professionals.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    isDefault: boolean('is_default').notNull().default(false),
    draft: boolean('draft').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    type: text('type', { enum: QUESTION_TYPES }).notNull(),
    title: text('title').notNull(),
    acronym: text('acronym'),
    description: text('description'),
    iconId: text('icon_id'),
    image: text('image'),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    /** Lower-case, accent-free title + acronym for searching. */
    searchText: text('search_text').notNull().default(''),
    copiedFromId: uuid('copied_from_id'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('questions_professional_idx').on(t.professionalId), index('questions_category_idx').on(t.categoryId)],
);

/** The professional's quiz appearances (colour schemes). At most one is_default per professional. */
export const appearances = pgTable(
  'appearances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    colorScheme: jsonb('color_scheme').$type<Record<string, Record<string, string>>>().notNull().default({}),
    profilePic: text('profile_pic'),
    subtitle: text('subtitle').notNull().default('Nutricionista'),
    forwardText: text('forward_text').notNull().default('Prosseguir'),
    createdAt: tz('created_at').notNull().default(sql`clock_timestamp()`),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('appearances_professional_idx').on(t.professionalId),
    uniqueIndex('appearances_one_default_key').on(t.professionalId).where(sql`${t.isDefault}`),
  ],
);

export const quizzes = pgTable(
  'quizzes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    appearanceId: uuid('appearance_id').references(() => appearances.id, { onDelete: 'set null' }),
    folder: jsonb('folder').$type<Record<string, unknown>>().notNull().default({}),
    searchText: text('search_text').notNull().default(''),
    createdAt: tz('created_at').notNull().default(sql`clock_timestamp()`),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('quizzes_professional_idx').on(t.professionalId)],
);

/** The flowchart: the quiz's ordered questions, each enabled or not, with the chosen sub-questions. */
export const quizQuestions = pgTable(
  'quiz_questions',
  {
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    subquestionIds: jsonb('subquestion_ids').$type<string[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.quizId, t.questionId] }), index('quiz_questions_question_idx').on(t.questionId)],
);
