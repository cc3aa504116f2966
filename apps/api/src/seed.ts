import { count, eq, sql } from 'drizzle-orm';
import type { AppConfig } from './config.js';
import type { Db } from './db/client.js';
import { professionals, subscriptions } from './db/schema.js';
import { hashPassword } from './lib/passwords.js';
import { seedDemoFollowUp } from './demo-follow-up.js';
import { seedDemoPractice } from './demo-practice.js';

/** The demo account created on an empty database. */
export const DEMO_CREDENTIALS = {
  name: 'Ana Souza',
  email: 'demo@acompanha.app',
  password: 'acompanha123',
  profession: 'nutricionista',
} as const;

/**
 * Seeds the demo professional when there is no professional yet, the demo practice (patients,
 * services, sales) when the demo professional has no patient, and the demo follow-up (a weekly quiz
 * with 8 weeks of answers) when she has no quiz. Idempotent: returns true only when the
 * demo professional was just created.
 */
export async function seedIfEmpty(db: Db, config: AppConfig): Promise<boolean> {
  const created = await seedDemoProfessional(db, config);
  const [demo] = await db
    .select({ id: professionals.id })
    .from(professionals)
    .where(eq(professionals.email, DEMO_CREDENTIALS.email));
  if (demo) {
    await db.transaction(async (tx) => {
      // Several API processes may start together: one seeds, the others then find the patients.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(7340112002)`);
      await seedDemoPractice(tx, demo.id, config.now());
      await seedDemoFollowUp(tx, demo.id, config.now(), config.publicUrl);
    });
  }
  return created;
}

async function seedDemoProfessional(db: Db, config: AppConfig): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(professionals);
  if (n > 0) return false;
  const now = config.now();
  const passwordHash = await hashPassword(config, DEMO_CREDENTIALS.password);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(professionals)
      .values({
        name: DEMO_CREDENTIALS.name,
        email: DEMO_CREDENTIALS.email,
        passwordHash,
        profession: DEMO_CREDENTIALS.profession,
        emailVerifiedAt: now,
        // The demo opens on the dashboard: the first-run tutorial is for new accounts.
        tutorialSeenAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: professionals.id });
    if (!row) return;
    await tx
      .insert(subscriptions)
      .values({
        professionalId: row.id,
        status: 'trial',
        plan: 'trial',
        trialEndsAt: new Date(now.getTime() + config.trialDays * 86_400_000),
      })
      .onConflictDoNothing();
  });
  const [demo] = await db
    .select({ id: professionals.id })
    .from(professionals)
    .where(eq(professionals.email, DEMO_CREDENTIALS.email));
  return demo !== undefined;
}
