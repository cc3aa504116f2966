import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { messages } from '../db/schema.js';
import { findOwnPatient } from '../patient/lookup.js';
import type { ChatHistoryQuery, ChatMessageSchema } from './schemas.js';

type ChatMessageDto = z.infer<typeof ChatMessageSchema>;

/** Messages sent to one patient of the professional, newest first. */
export async function chatHistory(
  ctx: AppContext,
  professionalId: string,
  patientId: string,
  q: z.infer<typeof ChatHistoryQuery>,
): Promise<{ items: ChatMessageDto[]; total: number }> {
  await findOwnPatient(ctx.db, professionalId, patientId);
  const where = and(eq(messages.professionalId, professionalId), eq(messages.patientId, patientId));
  const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(messages).where(where);
  const rows = await ctx.db
    .select()
    .from(messages)
    .where(where)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(q.take)
    .offset(q.skip);
  return {
    items: rows.map((r) => ({
      id: r.id,
      patientId: r.patientId,
      channel: r.channel,
      body: r.body,
      status: r.status,
      direction: r.direction,
      errorCode: (r.errorCode as 'WHATSAPP_INTEGRATION_ERROR' | 'NOTIFICATION_CHANNEL_ERROR' | null) ?? null,
      error: r.error,
      statusAt: r.statusAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    total: Number(n),
  };
}
