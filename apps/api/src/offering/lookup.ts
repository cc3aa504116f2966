import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { services } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';

export type ServiceRow = typeof services.$inferSelect;

export const serviceNotFound = () => new AppError(404, 'NOT_FOUND', 'Serviço não encontrado.');

/** The professional's own service, or 404: another professional's service answers like a missing one. */
export async function findOwnService(db: Executor, professionalId: string, id: string): Promise<ServiceRow> {
  const [row] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, id), eq(services.professionalId, professionalId)));
  if (!row) throw serviceNotFound();
  return row;
}
