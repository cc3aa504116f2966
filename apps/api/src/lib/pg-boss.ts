/** pg-boss on the application's own database, shared by every job runner (delivery, events, …). */
import type PgBoss from 'pg-boss';
import type pg from 'pg';

/** The schema pg-boss keeps its queues in. */
export const PGBOSS_SCHEMA = 'pgboss';

/** A pg-boss SQL executor over our pool. A failed multi-statement transaction is rolled back on the spot. */
export function poolExecutor(pool: pg.Pool): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      const client = await pool.connect();
      try {
        return await client.query(text, values);
      } catch (err) {
        if (/^\s*BEGIN\b/i.test(text)) await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
  };
}

/**
 * Creates the queue when missing, then sets its options. Processes starting together race to create it (its
 * partition): a deadlock or a duplicate is another process winning, so the queue is read again and updated.
 */
export async function ensureQueue(boss: PgBoss, queue: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await boss.getQueue(queue.name))) await boss.createQueue(queue.name, queue);
      await boss.updateQueue(queue.name, queue);
      return;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= 5 || (code !== '40P01' && code !== '23505')) throw err;
      await new Promise((r) => setTimeout(r, 50 * attempt));
    }
  }
}
