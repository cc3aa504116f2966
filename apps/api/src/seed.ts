import { count, eq } from 'drizzle-orm';
import type { AppConfig } from './config.js';
import type { Db } from './db/client.js';
import { professionals, subscriptions } from './db/schema.js';
import { hashPassword } from './auth/passwords.js';

/** The demo account created on an empty database. */
export const DEMO_CREDENTIALS = {
  name: 'Ana Souza',
  email: 'demo@acompanha.app',
  password: 'acompanha123',
  profession: 'nutricionista',
} as const;

/**
 * Seeds demo data when there is no professional yet. Idempotent: returns false when nothing was done.
 */
export async function seedIfEmpty(db: Db, config: AppConfig): Promise<boolean> {
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
  const [demo] = await db.select({ id: professionals.id }).from(professionals).where(eq(professionals.email, DEMO_CREDENTIALS.email));
  return demo !== undefined;
}
