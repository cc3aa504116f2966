/**
 * The whole database schema of Acompanha, in one place. `pnpm --filter @acompanha/api db:generate`
 * turns changes here into a new migration in apps/api/drizzle.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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
    /** When she finished or skipped the first-run tutorial (shown once per account, on any device). */
    tutorialSeenAt: tz('tutorial_seen_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('professionals_email_key').on(t.email), uniqueIndex('professionals_alias_key').on(t.alias)],
);

/**
 * The professional's client area (spec: link, title, brandImage, profilePicture, hasDefinedLink, folder,
 * colorScheme): her public page at `/p/<alias>` and the patient's corner behind it. The alias itself is
 * `professionals.alias` (unique). `folder` and `colorScheme` are stored as given (validated by the API's
 * schema) and read with their defaults filled in (client-area/config.ts).
 */
export const clientAreaConfigs = pgTable('client_area_configs', {
  professionalId: uuid('professional_id')
    .primaryKey()
    .references(() => professionals.id, { onDelete: 'cascade' }),
  title: text('title'),
  brandImage: text('brand_image'),
  profilePicture: text('profile_picture'),
  /** Whether the public page is published (spec default true). */
  hasDefinedLink: boolean('has_defined_link').notNull().default(true),
  folder: jsonb('folder').$type<Record<string, unknown>>().notNull().default({}),
  colorScheme: jsonb('color_scheme').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/**
 * An alias she left: for 90 days it still leads to her page (links already sent keep working), and nobody
 * else can take it meanwhile.
 */
export const aliasRedirects = pgTable(
  'alias_redirects',
  {
    alias: text('alias').primaryKey(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    expiresAt: tz('expires_at').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('alias_redirects_professional_idx').on(t.professionalId)],
);

/**
 * One-time codes of the patient's sign-in to her corner of the client area (`POST /patient-area/{alias}/code`):
 * only a hash is kept; a code lives 10 minutes and takes at most 5 tries.
 */
export const patientLoginCodes = pgTable(
  'patient_login_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    /** The e-mail (lower case) or phone (E.164) she typed; her patient record is looked up again at sign-in. */
    contact: text('contact').notNull(),
    codeHash: text('code_hash').notNull(),
    channel: text('channel', { enum: ['email', 'whatsapp'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('patient_login_codes_contact_idx').on(t.professionalId, t.contact, t.createdAt)],
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
  currentPeriodStart: tz('current_period_start'),
  currentPeriodEnd: tz('current_period_end'),
  /** When a renewal failed (past_due since): the grace period runs from here. */
  pastDueSince: tz('past_due_since'),
  cancelAt: tz('cancel_at'),
  cancelReason: text('cancel_reason'),
  /** The card as the gateway reports it: never its number or security code. */
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  /** `MM/YYYY`. */
  cardExpiry: text('card_expiry'),
  gatewayCustomerId: text('gateway_customer_id'),
  gatewaySubscriptionId: text('gateway_subscription_id'),
  /**
   * The gateway's token for her current card (not card data: it charges only through our gateway account).
   * Our retries of a refused renewal pay the overdue charge with it. Never logged or returned.
   */
  cardToken: text('card_token'),
  /** When the next retry of a refused renewal is due (null: none planned). */
  renewalRetryAt: tz('renewal_retry_at'),
  /** How many retries of the current refused renewal were made. */
  renewalRetries: integer('renewal_retries').notNull().default(0),
  /** A purchase in progress holds this lease, so two purchases (other keys, other tabs) never both charge. */
  purchaseLockedUntil: tz('purchase_locked_until'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const CHARGE_STATUSES = [
  'pending',
  'awaiting_risk_analysis',
  'overdue',
  'confirmed',
  'received',
  'refund_requested',
  'refunded',
  'chargeback',
] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

/**
 * Each charge of the professional's subscription, as the gateway reported it (creation answer, webhook or a
 * read). Its status only moves forward (payment/charges.ts), so an event arriving late never undoes a later one.
 */
export const subscriptionCharges = pgTable(
  'subscription_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    gatewayPaymentId: text('gateway_payment_id').notNull(),
    gatewaySubscriptionId: text('gateway_subscription_id'),
    status: text('status', { enum: CHARGE_STATUSES }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    paidDate: date('paid_date', { mode: 'string' }),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    plan: text('plan'),
    createdAt: tz('created_at').notNull(),
    updatedAt: tz('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('subscription_charges_payment_key').on(t.gatewayPaymentId),
    index('subscription_charges_professional_idx').on(t.professionalId, t.dueDate),
  ],
);

/**
 * Idempotency of the calls that can charge a card (`Idempotency-Key`, kept 24 hours). `attemptId` is sent
 * to the gateway as the external reference, so a retry after a timeout finds what the first try made.
 * `fingerprint` covers the request without the card number and security code (only their last four digits).
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    operation: text('operation').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    attemptId: uuid('attempt_id').notNull().defaultRandom(),
    fingerprint: text('fingerprint').notNull(),
    /** Tries that reached the gateway (a later one looks for what an earlier one made). */
    tries: integer('tries').notNull().default(0),
    lockedUntil: tz('locked_until'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body').$type<Record<string, unknown>>(),
    createdAt: tz('created_at').notNull(),
    expiresAt: tz('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.professionalId, t.operation, t.idempotencyKey] }),
    index('payment_attempts_expires_idx').on(t.expiresAt),
  ],
);

/** Every verified gateway webhook delivery, raw, once per event id (a redelivery is acknowledged and ignored). */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    professionalId: uuid('professional_id').references(() => professionals.id, { onDelete: 'set null' }),
    /** What processing did: `applied`, `ignored` (nothing to change, or a state already past), `unmatched`. */
    outcome: text('outcome'),
    receivedAt: tz('received_at').notNull(),
  },
  (t) => [index('gateway_events_received_idx').on(t.receivedAt)],
);

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
  (t) => [
    uniqueIndex('password_recovery_tokens_hash_key').on(t.tokenHash),
    index('password_recovery_tokens_professional_idx').on(t.professionalId),
  ],
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
    createdAt: tz('created_at')
      .notNull()
      .default(sql`clock_timestamp()`),
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

export const QUESTION_TYPES = [
  'multiple-choice',
  'linear-scale',
  'likert-scale',
  'free-field',
  'file-upload',
  'metrics',
] as const;
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
    createdAt: tz('created_at')
      .notNull()
      .default(sql`clock_timestamp()`),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('appearances_professional_idx').on(t.professionalId),
    uniqueIndex('appearances_one_default_key')
      .on(t.professionalId)
      .where(sql`${t.isDefault}`),
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
    createdAt: tz('created_at')
      .notNull()
      .default(sql`clock_timestamp()`),
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

// ───────────────────────── Practice: patients, services, sales, messages ─────────────────────────

export const PATIENT_STATUSES = ['active', 'inactive', 'deleted'] as const;
export type PatientStatus = (typeof PATIENT_STATUSES)[number];
export const SERVICE_MODALITIES = ['presencial', 'online', 'hibrido'] as const;
export type ServiceModality = (typeof SERVICE_MODALITIES)[number];
export const PATIENT_SEXES = ['feminino', 'masculino', 'outro'] as const;
export type PatientSex = (typeof PATIENT_SEXES)[number];
export const NOTIFICATION_CHANNELS = ['email', 'whatsapp'] as const;

export interface PatientPreferences {
  channel: (typeof NOTIFICATION_CHANNELS)[number];
  reminders: boolean;
  reminderHour: number | null;
}

/**
 * The professional's patients (the portal's "clientes"). status 'deleted' = anonymised (LGPD): personal
 * data nulled, the row kept so that sales and other aggregates stay consistent; hidden from lists.
 */
export const patients = pgTable(
  'patients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Lower-case, accent-free name for `LIKE` searches and ordering. */
    searchName: text('search_name').notNull(),
    email: text('email'),
    /** E.164, e.g. +5511912345678. */
    phone: text('phone'),
    /** CPF, 11 digits. */
    document: text('document'),
    birthDate: date('birth_date', { mode: 'string' }),
    sex: text('sex', { enum: PATIENT_SEXES }),
    status: text('status', { enum: PATIENT_STATUSES }).notNull().default('active'),
    serviceModality: text('service_modality', { enum: SERVICE_MODALITIES }).notNull().default('presencial'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    notes: text('notes'),
    preferences: jsonb('preferences').$type<PatientPreferences>().notNull(),
    deletionReason: text('deletion_reason'),
    deletedAt: tz('deleted_at'),
    createdAt: tz('created_at')
      .notNull()
      .default(sql`clock_timestamp()`),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('patients_professional_name_idx').on(t.professionalId, t.searchName),
    // Trigram index for `search_name LIKE '%word%'`: a search finds its rows without reading every patient
    // (pg_trgm, created by the migration; PGlite loads it from its contrib build).
    index('patients_search_name_trgm_idx').using('gin', t.searchName.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('patients_professional_status_idx').on(t.professionalId, t.status),
    uniqueIndex('patients_professional_phone_key')
      .on(t.professionalId, t.phone)
      .where(sql`${t.phone} IS NOT NULL`),
    uniqueIndex('patients_professional_document_key')
      .on(t.professionalId, t.document)
      .where(sql`${t.document} IS NOT NULL`),
  ],
);

/**
 * A counter per professional that database triggers (migration 0007) raise in the same transaction as any
 * write to her patients, sales or services: everything a patient list shows. A cached list is valid while
 * the counter it was read under is unchanged, whichever process or code path did the write.
 */
export const patientListVersions = pgTable('patient_list_versions', {
  professionalId: uuid('professional_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * The same kind of counter for everything her follow-up screens show beyond the patient list (migration 0032):
 * raised in the writing transaction by any write to her questionnaires, questions, schedules, answer requests,
 * answers and their items, reviews and their notes, or her own row. The summarising reads (the dashboard, the
 * review lists, a review, a schedule's answers, a questionnaire's links) are cached per process under both
 * counters (SummaryCache).
 */
export const followUpVersions = pgTable('follow_up_versions', {
  professionalId: uuid('professional_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** What the professional sells (consultations, follow-up plans…). */
export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    priceCents: integer('price_cents').notNull(),
    modality: text('modality', { enum: SERVICE_MODALITIES }).notNull().default('presencial'),
    validityDays: integer('validity_days').notNull(),
    consultations: integer('consultations').notNull().default(1),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: tz('created_at')
      .notNull()
      .default(sql`clock_timestamp()`),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('services_professional_idx').on(t.professionalId)],
);

export const PAYMENT_METHODS = ['pix', 'cartao', 'boleto', 'dinheiro', 'transferencia'] as const;
export const SALE_STATUSES = ['paid', 'refunded'] as const;

/** A service sold to a patient: gives the patient an active service from starts_at until ends_at (exclusive). */
export const sales = pgTable(
  'sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    status: text('status', { enum: SALE_STATUSES }).notNull().default('paid'),
    soldAt: tz('sold_at').notNull(),
    /** São Paulo calendar dates. */
    startsAt: date('starts_at', { mode: 'string' }).notNull(),
    endsAt: date('ends_at', { mode: 'string' }).notNull(),
    refundedAt: tz('refunded_at'),
    createdAt: tz('created_at')
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('sales_professional_sold_at_idx').on(t.professionalId, t.soldAt),
    index('sales_patient_idx').on(t.patientId, t.startsAt),
    // The dashboard's check that no paid sale of hers ends later than one about to end: one probe.
    index('sales_patient_paid_ends_idx')
      .on(t.patientId, t.endsAt)
      .where(sql`${t.status} = 'paid'`),
    index('sales_service_idx').on(t.serviceId),
    // The clients list filtered by a service: its clients whose sale of it runs today, without reading the years
    // of sales of it that already ended.
    index('sales_service_paid_ends_idx')
      .on(t.serviceId, t.endsAt)
      .where(sql`${t.status} = 'paid'`),
    // The dashboard's services about to end: only the sales still running are read.
    index('sales_professional_ends_at_idx')
      .on(t.professionalId, t.endsAt)
      .where(sql`${t.status} = 'paid'`),
  ],
);

export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;

export const MESSAGE_DIRECTIONS = ['out', 'in'] as const;

/**
 * A message the professional composed (`/clients/messaging`) for one client, a selection or everyone matching
 * the client filters: the recipients are fixed when it is created (one `messages` row each), sent now or at
 * `sendAt`.
 */
export const messageCampaigns = pgTable(
  'message_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    /** The channel she chose; a recipient without consent to WhatsApp gets e-mail. */
    channel: text('channel', { enum: NOTIFICATION_CHANNELS }).notNull(),
    /** The text with its template variables, as written. */
    body: text('body').notNull(),
    /** An approved WhatsApp template (outside the 24-hour window only these can be sent). */
    template: text('template'),
    /** How the recipients were chosen: ids, or the client filters. */
    audience: jsonb('audience').$type<Record<string, unknown>>().notNull(),
    sendAt: tz('send_at').notNull(),
    total: integer('total').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('message_campaigns_professional_idx').on(t.professionalId, t.createdAt)],
);

/**
 * Messages to and from a patient (chat history): every quiz link sent, every composed message (by e-mail or
 * WhatsApp), and her WhatsApp replies. States only move forward (queued → sent → delivered → read; failed).
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: NOTIFICATION_CHANNELS }).notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('queued'),
    /** The answer request whose link this message carries, if any. */
    answerRequestId: uuid('answer_request_id'),
    /** Provider's message id (WhatsApp) or SMTP message id. */
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    /** `out` (to her) or `in` (her WhatsApp reply). */
    direction: text('direction', { enum: MESSAGE_DIRECTIONS }).notNull().default('out'),
    campaignId: uuid('campaign_id').references(() => messageCampaigns.id, { onDelete: 'set null' }),
    /** WHATSAPP_INTEGRATION_ERROR or NOTIFICATION_CHANNEL_ERROR when it failed. */
    errorCode: text('error_code'),
    /** A composed message waits for this instant; the sender's claim holds it until `lockedUntil`. */
    dueAt: tz('due_at'),
    lockedUntil: tz('locked_until'),
    attempts: integer('attempts').notNull().default(0),
    /** When the status last moved. */
    statusAt: tz('status_at'),
    createdAt: tz('created_at')
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('messages_patient_idx').on(t.patientId, t.createdAt),
    index('messages_answer_request_idx').on(t.answerRequestId),
    index('messages_campaign_idx').on(t.campaignId),
    index('messages_due_idx').on(t.status, t.dueAt),
    uniqueIndex('messages_provider_key')
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} IS NOT NULL`),
  ],
);

// ───────────────────────── Scheduling, delivery and answers ─────────────────────────

export const PERIODICITIES = ['once', 'days', 'weekly', 'monthly'] as const;
export type Periodicity = (typeof PERIODICITIES)[number];

/**
 * One patient × one quiz × a recurrence (the spec's quizSchedule). Occurrences are materialised one at a
 * time as answer requests: the next one is created when the current one is sent. The PIN is stored
 * hashed only; a fresh PIN is generated and sent with every delivery (the previous one stops working).
 */
export const quizSchedules = pgTable(
  'quiz_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    /** São Paulo calendar date of the first occurrence. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** Hour of the day (0–23) in America/Sao_Paulo. */
    hour: integer('hour').notNull(),
    periodicity: text('periodicity', { enum: PERIODICITIES }).notNull(),
    /** For 'days': every N days. */
    intervalDays: integer('interval_days'),
    /** For 'weekly': ISO weekdays 1 (Monday) … 7 (Sunday). */
    weekdays: jsonb('weekdays').$type<number[]>().notNull().default([]),
    /** Last São Paulo date an occurrence may fall on (inclusive). */
    endDate: date('end_date', { mode: 'string' }),
    channel: text('channel', { enum: NOTIFICATION_CHANNELS }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    pinHash: text('pin_hash'),
    pinFailedAttempts: integer('pin_failed_attempts').notNull().default(0),
    pinLockedUntil: tz('pin_locked_until'),
    /** Set when deleted: kept for the answers' history, hidden from lists, never sent again. */
    deletedAt: tz('deleted_at'),
    createdAt: tz('created_at')
      .notNull()
      .default(sql`clock_timestamp()`),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('quiz_schedules_quiz_idx').on(t.quizId),
    index('quiz_schedules_patient_idx').on(t.patientId),
    index('quiz_schedules_professional_idx').on(t.professionalId),
    uniqueIndex('quiz_schedules_quiz_patient_key')
      .on(t.quizId, t.patientId)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

export const ANSWER_REQUEST_STATUSES = ['scheduled', 'sent', 'answered', 'cancelled', 'expired'] as const;
export type AnswerRequestStatus = (typeof ANSWER_REQUEST_STATUSES)[number];
export const ANSWER_REQUEST_KINDS = ['scheduled', 'now', 'resend'] as const;

/** One due occurrence of a schedule (the spec's "schedule answer"). */
export const answerRequests = pgTable(
  'answer_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => quizSchedules.id, { onDelete: 'cascade' }),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ANSWER_REQUEST_KINDS }).notNull().default('scheduled'),
    dueAt: tz('due_at').notNull(),
    status: text('status', { enum: ANSWER_REQUEST_STATUSES }).notNull().default('scheduled'),
    sentAt: tz('sent_at'),
    /** Delivery attempts made (failed ones included). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    answeredAt: tz('answered_at'),
    cancelledAt: tz('cancelled_at'),
    /** When its `answer_request.delayed` event was recorded (sent, unanswered past the grace period). */
    delayedAt: tz('delayed_at'),
    createdAt: tz('created_at')
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('answer_requests_schedule_idx').on(t.scheduleId, t.dueAt),
    index('answer_requests_undelayed_idx')
      .on(t.sentAt)
      .where(sql`${t.status} = 'sent' AND ${t.delayedAt} IS NULL`),
    index('answer_requests_due_idx').on(t.status, t.dueAt),
    index('answer_requests_professional_idx').on(t.professionalId, t.status),
    uniqueIndex('answer_requests_occurrence_key')
      .on(t.scheduleId, t.dueAt)
      .where(sql`${t.kind} = 'scheduled'`),
  ],
);

export const QUIZ_ANSWER_STATUSES = ['in_progress', 'finished'] as const;

/**
 * A questionnaire's flow as patients saw it (the questions, their options and sub-questions), stored once per
 * distinct version and shared by every answer started on it (migration 0028): later edits of the quiz make a new
 * snapshot and never change what was answered. Never updated, so a process may keep one it has read.
 */
export const questionSnapshots = pgTable(
  'question_snapshots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    /** md5 of the flow's jsonb text (PostgreSQL's canonical form): the same flow is stored once per quiz. */
    digest: text('digest').notNull(),
    questions: jsonb('questions').$type<unknown[]>().notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('question_snapshots_quiz_digest_key').on(t.quizId, t.digest)],
);

/**
 * A patient's answer to one answer request. `snapshotId` is the quiz flow as it was when the patient started
 * (question_snapshots), so later edits of the quiz never change what is being (or was) answered.
 */
export const quizAnswers = pgTable(
  'quiz_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    answerRequestId: uuid('answer_request_id')
      .notNull()
      .references(() => answerRequests.id, { onDelete: 'cascade' }),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => quizSchedules.id, { onDelete: 'cascade' }),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    status: text('status', { enum: QUIZ_ANSWER_STATUSES }).notNull().default('in_progress'),
    snapshotId: uuid('snapshot_id')
      .notNull()
      .references(() => questionSnapshots.id, { onDelete: 'restrict' }),
    startedAt: tz('started_at')
      .notNull()
      .default(sql`clock_timestamp()`),
    finishedAt: tz('finished_at'),
    /** The idempotency key of the request that finished it: a retried finish answers the same, once. */
    finishIdempotencyKey: text('finish_idempotency_key'),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quiz_answers_request_key').on(t.answerRequestId),
    index('quiz_answers_schedule_idx').on(t.scheduleId),
    // A patient's answers to a questionnaire in finish order: a review's earlier and next answers stop after a few.
    index('quiz_answers_patient_idx').on(t.patientId, t.quizId, t.finishedAt, t.id),
  ],
);

/** One answered question (or sub-question, with its parent) of a quiz answer, in answering order. */
export const answerItems = pgTable(
  'answer_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quizAnswerId: uuid('quiz_answer_id')
      .notNull()
      .references(() => quizAnswers.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id').notNull(),
    /** The multiple-choice question whose alternative opened this sub-question. */
    parentQuestionId: uuid('parent_question_id'),
    position: integer('position').notNull(),
    value: jsonb('value').$type<unknown>().notNull(),
    idempotencyKey: text('idempotency_key'),
    answeredAt: tz('answered_at')
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    uniqueIndex('answer_items_question_key').on(
      t.quizAnswerId,
      t.questionId,
      sql`coalesce(${t.parentQuestionId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    uniqueIndex('answer_items_position_key').on(t.quizAnswerId, t.position),
    index('answer_items_question_idx').on(t.questionId),
  ],
);

export const REVISION_STATUSES = ['pending', 'completed'] as const;

/** The professional's review of one finished quiz answer. */
export const answerRevisions = pgTable(
  'answer_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quizAnswerId: uuid('quiz_answer_id')
      .notNull()
      .references(() => quizAnswers.id, { onDelete: 'cascade' }),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => quizSchedules.id, { onDelete: 'cascade' }),
    status: text('status', { enum: REVISION_STATUSES }).notNull().default('pending'),
    approvedAt: tz('approved_at'),
    createdAt: tz('created_at')
      .notNull()
      .default(sql`clock_timestamp()`),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('answer_revisions_answer_key').on(t.quizAnswerId),
    // The lists walk these newest first and stop after a page (created_at is the answer's finish instant);
    // with patient_id, their counts (deleted patients left out) read the index alone.
    index('answer_revisions_professional_status_idx').on(t.professionalId, t.status, t.createdAt, t.id, t.patientId),
    index('answer_revisions_professional_created_idx').on(t.professionalId, t.createdAt, t.id, t.patientId),
    index('answer_revisions_patient_idx').on(t.patientId, t.scheduleId),
    index('answer_revisions_schedule_idx').on(t.scheduleId, t.status),
  ],
);

/** The professional's notes on one answer revision (create, edit, delete). */
export const answerRevisionNotes = pgTable(
  'answer_revision_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    revisionId: uuid('revision_id')
      .notNull()
      .references(() => answerRevisions.id, { onDelete: 'cascade' }),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    /** Trimmed, 1–2000 characters. */
    text: text('text').notNull(),
    createdAt: tz('created_at')
      .notNull()
      .default(sql`clock_timestamp()`),
    updatedAt: tz('updated_at')
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('answer_revision_notes_revision_idx').on(t.revisionId, t.createdAt)],
);

export const BULK_KINDS = ['insert', 'reschedule', 'delete', 'active-state'] as const;
export const BULK_STATES = ['idle', 'processing', 'done', 'failed'] as const;

export interface BulkDetail {
  patientId: string;
  application_error_code: string;
  message: string;
}

/** The one bulk process of a quiz (insert/reschedule/delete/active-state for many patients). */
export const bulkProcesses = pgTable('bulk_processes', {
  quizId: uuid('quiz_id')
    .primaryKey()
    .references(() => quizzes.id, { onDelete: 'cascade' }),
  professionalId: uuid('professional_id')
    .notNull()
    .references(() => professionals.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: BULK_KINDS }).notNull(),
  state: text('state', { enum: BULK_STATES }).notNull().default('idle'),
  total: integer('total').notNull().default(0),
  processed: integer('processed').notNull().default(0),
  details: jsonb('details').$type<BulkDetail[]>().notNull().default([]),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  startedAt: tz('started_at'),
  finishedAt: tz('finished_at'),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/** WhatsApp messages recorded by the default outbox provider (no WhatsApp Cloud API configured). */
export const whatsappOutbox = pgTable(
  'whatsapp_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    body: text('body').notNull(),
    createdAt: tz('created_at')
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('whatsapp_outbox_to_idx').on(t.to)],
);

/**
 * Every uploaded file: whose it is (the professional; the patient for an answer's file), what it is, and
 * whether its one upload happened. The signed upload URL works once (`uploadedAt` is claimed atomically),
 * the professional's storage quota is the sum of `size`, and deleting a patient deletes her files.
 */
export const files = pgTable(
  'files',
  {
    key: text('key').primaryKey(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'set null' }),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: tz('created_at').notNull(),
    uploadedAt: tz('uploaded_at'),
    /** Set when the patient was deleted: the file is never served again, and is removed from storage. */
    deletedAt: tz('deleted_at'),
  },
  (t) => [index('files_professional_idx').on(t.professionalId), index('files_patient_idx').on(t.patientId)],
);

/**
 * The transactional outbox: every event of the catalogue (src/events/catalog.ts), written in the same
 * transaction as the change that caused it. The dispatcher hands each one to a pg-boss job and stamps
 * `dispatchedAt`; a change that rolled back left no event, and a process that died before the hand-over
 * leaves the event for the next sweep.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** Thin: ids, names, dates, states. A deleted patient's name is replaced here (LGPD). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Set when a patient is involved, so deleting her anonymises her events. */
    patientId: uuid('patient_id'),
    occurredAt: tz('occurred_at')
      .notNull()
      .default(sql`clock_timestamp()`),
    dispatchedAt: tz('dispatched_at'),
  },
  (t) => [
    index('events_undispatched_idx')
      .on(t.occurredAt)
      .where(sql`${t.dispatchedAt} IS NULL`),
    index('events_professional_idx').on(t.professionalId, t.occurredAt),
    // The retention prune's walk: dispatched events, oldest first.
    index('events_dispatched_idx')
      .on(t.occurredAt)
      .where(sql`${t.dispatchedAt} IS NOT NULL`),
    index('events_patient_idx').on(t.patientId),
  ],
);

/**
 * The professional's notification centre: one row per event she is told about in the portal. Its title,
 * body and link are rendered from the event when read (so a deleted patient's name never comes back).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    isMarkedAsRead: boolean('is_marked_as_read').notNull().default(false),
    isMarkedAsArchived: boolean('is_marked_as_archived').notNull().default(false),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('notifications_event_idx').on(t.eventId),
    index('notifications_list_idx').on(t.professionalId, t.isMarkedAsArchived, t.createdAt),
  ],
);

/**
 * E-mail and WhatsApp notifications to the professional, gathered: events of one type arriving within a few
 * minutes become one message ("3 clientes responderam"). One open digest per (professional, channel, type);
 * `eventIds` makes adding an event idempotent; the dispatcher sends it when `dueAt` comes (after quiet hours).
 */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'whatsapp'] }).notNull(),
    type: text('type').notNull(),
    eventIds: uuid('event_ids').array().notNull(),
    dueAt: tz('due_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: tz('sent_at'),
    failedAt: tz('failed_at'),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('notification_digests_open_key')
      .on(t.professionalId, t.channel, t.type)
      .where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
    index('notification_digests_due_idx')
      .on(t.dueAt)
      .where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
  ],
);

/**
 * A professional's webhook endpoints: where her events go, signed (Standard Webhooks). The secret signs; it
 * is shown once, at creation or rotation; the previous one keeps signing until `previousSecretExpiresAt`.
 * Rich payloads (answers, measurements) only with `richPurpose` written by her (LGPD art. 11).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description'),
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why it was turned off by us (the endpoint answered 410, or failed for days), else null. */
    disabledReason: text('disabled_reason'),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: tz('previous_secret_expires_at'),
    richPayload: boolean('rich_payload').notNull().default(false),
    richPurpose: text('rich_purpose'),
    /** When its deliveries started failing without a success since (null: healthy); days of it disable it. */
    failingSince: tz('failing_since'),
    createdAt: tz('created_at').notNull(),
    updatedAt: tz('updated_at').notNull(),
  },
  (t) => [index('webhook_endpoints_professional_idx').on(t.professionalId, t.createdAt)],
);

/**
 * One message to one endpoint: an event (created by the dispatcher in the transaction that marks the event
 * dispatched, once per event and endpoint) or a test event. `messageId` is its `webhook-id`, the same in
 * every attempt. A worker claims a due row by taking its lease (`lockedUntil`) and counting the attempt;
 * a worker that dies mid-send leaves the lease to expire and the next worker tries again.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** Null for a test event. */
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    messageId: text('message_id').notNull(),
    /** A test event's data (an event's data is read from the event when sent). */
    testPayload: jsonb('test_payload').$type<Record<string, unknown>>(),
    /** `paused`: waiting while its endpoint is off (out of the due index; resumed when it is on again). */
    status: text('status', { enum: ['pending', 'paused', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    /** Attempts made, this one included once claimed (numbering the attempts). */
    attempts: integer('attempts').notNull().default(0),
    /** `attempts` when the current round began (a redelivery starts the retry schedule again). */
    roundStart: integer('round_start').notNull().default(0),
    /** Asked for by the professional (test, redelivery): sent even while the endpoint is off. */
    manual: boolean('manual').notNull().default(false),
    nextAttemptAt: tz('next_attempt_at'),
    lockedUntil: tz('locked_until'),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_endpoint_key').on(t.eventId, t.endpointId),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

/** Each attempt of a delivery: what the endpoint answered (a capped excerpt) or why the call failed. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    outcome: text('outcome', {
      enum: ['success', 'http_error', 'timeout', 'network_error', 'dns_error', 'refused'],
    }).notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    responseExcerpt: text('response_excerpt'),
    attemptedAt: tz('attempted_at').notNull(),
  },
  (t) => [
    index('webhook_attempts_endpoint_idx').on(t.endpointId, t.attemptedAt),
    index('webhook_attempts_delivery_idx').on(t.deliveryId),
  ],
);

export const GATEWAY_STANDIN_KINDS = ['customer', 'card_token', 'subscription', 'payment', 'event'] as const;
export type GatewayStandinKind = (typeof GATEWAY_STANDIN_KINDS)[number];

/**
 * The local stand-in of the Asaas gateway (src/payment/standin), used when no ASAAS_API_KEY is set: its
 * customers, card tokens, subscriptions, payments and webhook outbox. `data` is the object exactly as the
 * stand-in serves it (Asaas v3 shape) or the webhook's body; a card token keeps only brand, last 4 digits and
 * the test card's behaviour, never a card number or CVV.
 */
export const gatewayStandinObjects = pgTable(
  'gateway_standin_objects',
  {
    /** Asaas-like: `cus_…`, `sub_…`, `pay_…`, `evt_…`, a UUID for a card token. */
    id: text('id').primaryKey(),
    kind: text('kind', { enum: GATEWAY_STANDIN_KINDS }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** What the stand-in keeps beside the served object (a token's behaviour, a webhook's attempts…). */
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    externalReference: text('external_reference'),
    /** A token's or subscription's customer, a payment's subscription, an event's payment or subscription. */
    parentId: text('parent_id'),
    /** When the stand-in's tick must act on it next (renewal, settlement, webhook attempt); null = nothing. */
    dueAt: tz('due_at'),
    createdAt: tz('created_at').notNull(),
    updatedAt: tz('updated_at').notNull(),
  },
  (t) => [
    index('gateway_standin_objects_reference_idx').on(t.kind, t.externalReference),
    index('gateway_standin_objects_parent_idx').on(t.parentId, t.kind),
    index('gateway_standin_objects_due_idx')
      .on(t.kind, t.dueAt)
      .where(sql`${t.dueAt} is not null`),
  ],
);

/**
 * Who read a patient's health data (ASVS V16, LGPD art. 37): every read of an answer, its review, the report and
 * series, an export or one of her files through a professional's session — allowed, refused or failed. Append-only:
 * a trigger (migration 0024) refuses every UPDATE, and every DELETE but the retention prune's
 * (`access/log.ts`, `SET LOCAL acompanha.prune = 'on'`). No foreign keys: the record outlives the patient and
 * the rows it names.
 */
export const accessLog = pgTable(
  'access_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: tz('at')
      .notNull()
      .default(sql`clock_timestamp()`),
    /** The session's professional. */
    professionalId: uuid('professional_id').notNull(),
    /** Whose record; null when the read was refused before a patient of hers was found. */
    patientId: uuid('patient_id'),
    /** What was read: answer, review, report, series, answers_export, patient_export, file, access_log. */
    kind: text('kind').notNull(),
    /** Its id (an answer revision, a file key, an export job…), as the request named it. */
    targetId: text('target_id'),
    /** ok, refused (not found, not hers, not allowed) or failed (the server failed to answer). */
    outcome: text('outcome').notNull(),
    /** The client's address truncated to /24 (IPv4) or /48 (IPv6). */
    address: text('address'),
  },
  (t) => [
    index('access_log_patient_idx').on(t.patientId, t.at.desc()),
    index('access_log_professional_idx').on(t.professionalId, t.at.desc()),
    index('access_log_at_idx').on(t.at),
  ],
);

/**
 * The professional's own account activity ("Atividade da conta" on /profile): sign-ins (and from a new address),
 * password and e-mail changes, exports, webhook endpoints created or rotated. Rows are never updated (trigger).
 */
export const accountActivity = pgTable(
  'account_activity',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: tz('at')
      .notNull()
      .default(sql`clock_timestamp()`),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The client's address truncated to /24 or /48. */
    address: text('address'),
    /** Thin detail: an endpoint's id, an export's id, never a secret. */
    detail: jsonb('detail').$type<Record<string, string | number | boolean | null>>(),
  },
  (t) => [index('account_activity_professional_idx').on(t.professionalId, t.at.desc())],
);

/**
 * A data export (LGPD art. 18/19): one patient's whole record (`patientId`), or every patient's (`patientId` null,
 * "Exportar tudo"), built as a ZIP by a job and kept in the file store until `expiresAt`.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'cascade' }),
    /** professional (her portal) or patient (the patient's own request from the client area). */
    requestedBy: text('requested_by').notNull(),
    /** queued → running → done | failed; done → expired once the file is gone. */
    state: text('state').notNull().default('queued'),
    /** Patients written so far, of `total`. */
    progress: integer('progress').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** The ZIP in the file store. */
    fileKey: text('file_key'),
    size: bigint('size', { mode: 'number' }),
    error: text('error'),
    createdAt: tz('created_at')
      .notNull()
      .default(sql`clock_timestamp()`),
    startedAt: tz('started_at'),
    finishedAt: tz('finished_at'),
    expiresAt: tz('expires_at'),
    /** The job's claim holds the row until this instant (a worker that dies leaves it to the next claim). */
    lockedUntil: tz('locked_until'),
    /** Claims so far (a build that keeps dying fails after three). */
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    index('data_exports_professional_idx').on(t.professionalId, t.createdAt.desc()),
    index('data_exports_due_idx').on(t.state, t.createdAt),
    index('data_exports_patient_idx').on(t.patientId, t.createdAt.desc()),
    uniqueIndex('data_exports_file_key').on(t.fileKey),
  ],
);

/** Backups the jobs process made (`BACKUP_SCHEDULE`) and `pnpm backup` runs: the operator's metrics read the last. */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** scheduled or manual. */
    kind: text('kind').notNull(),
    startedAt: tz('started_at').notNull(),
    finishedAt: tz('finished_at'),
    ok: boolean('ok'),
    /** Bytes of the archive. */
    size: bigint('size', { mode: 'number' }),
    /** The archive's name (never a secret). */
    file: text('file'),
    error: text('error'),
  },
  (t) => [index('backup_runs_started_idx').on(t.startedAt.desc())],
);

/*
 * Totals kept instead of recounted (migration 0027). Database triggers keep them in the transaction of every
 * write to what they count, whichever code path writes, so a screen that summarises a practice reads a few
 * rows instead of counting its history. `pnpm totals:repair` recounts them (apps/api/src/totals/).
 */

/** Review lists: a professional's reviews per questionnaire and status, patients deleted (LGPD) left out. */
export const revisionTotals = pgTable(
  'revision_totals',
  {
    professionalId: uuid('professional_id').notNull(),
    quizId: uuid('quiz_id').notNull(),
    status: text('status', { enum: REVISION_STATUSES }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.professionalId, t.quizId, t.status] })],
);

/** A schedule's reviews per status: its answer counts on a questionnaire's links and in a client's profile. */
export const scheduleRevisionTotals = pgTable(
  'schedule_revision_totals',
  {
    scheduleId: uuid('schedule_id').notNull(),
    status: text('status', { enum: REVISION_STATUSES }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.status] })],
);

/** The dashboard's patients: per month of registration (São Paulo) and status. */
export const patientMonthTotals = pgTable(
  'patient_month_totals',
  {
    professionalId: uuid('professional_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    status: text('status', { enum: PATIENT_STATUSES }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.professionalId, t.month, t.status] })],
);

/** The dashboard's sales: per São Paulo day of sale and status, how many and their sum. */
export const saleDayTotals = pgTable(
  'sale_day_totals',
  {
    professionalId: uuid('professional_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status', { enum: SALE_STATUSES }).notNull(),
    n: integer('n').notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.professionalId, t.day, t.status] })],
);
