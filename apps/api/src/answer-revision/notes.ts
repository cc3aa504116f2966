/** A revision's notes: add, edit, delete (the professional's own only). */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { answerRevisionNotes } from '../db/schema.js';
import type { RevisionNoteSchema } from './schemas.js';
import { noteNotFound } from './errors.js';
import { findRevision } from './revisions.js';
import { recordEvent } from '../events/record.js';

export type RevisionNoteDto = z.infer<typeof RevisionNoteSchema>;
type NoteRow = typeof answerRevisionNotes.$inferSelect;
export const toNoteDto = (n: NoteRow): RevisionNoteDto => ({
  id: n.id,
  revisionId: n.revisionId,
  note: n.text,
  createdAt: n.createdAt.toISOString(),
  updatedAt: n.updatedAt.toISOString(),
});

export async function addNote(
  ctx: AppContext,
  professionalId: string,
  revisionId: string,
  note: string,
): Promise<RevisionNoteDto> {
  const revision = await findRevision(ctx.db, professionalId, revisionId);
  const now = ctx.config.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(answerRevisionNotes)
      .values({ revisionId, professionalId, text: note, createdAt: now, updatedAt: now })
      .returning();
    await recordEvent(tx, professionalId, 'revision.note_added', {
      revisionId,
      noteId: created!.id,
      patientId: revision.revision.patientId,
      patientName: revision.patientName,
    });
    return created!;
  });
  return toNoteDto(row);
}

export async function updateNote(
  ctx: AppContext,
  professionalId: string,
  revisionId: string,
  noteId: string,
  note: string,
): Promise<RevisionNoteDto> {
  await findRevision(ctx.db, professionalId, revisionId);
  const [row] = await ctx.db
    .update(answerRevisionNotes)
    .set({ text: note, updatedAt: ctx.config.now() })
    .where(
      and(
        eq(answerRevisionNotes.id, noteId),
        eq(answerRevisionNotes.revisionId, revisionId),
        eq(answerRevisionNotes.professionalId, professionalId),
      ),
    )
    .returning();
  if (!row) throw noteNotFound();
  return toNoteDto(row);
}

export async function deleteNote(
  ctx: AppContext,
  professionalId: string,
  revisionId: string,
  noteId: string,
): Promise<void> {
  await findRevision(ctx.db, professionalId, revisionId);
  const rows = await ctx.db
    .delete(answerRevisionNotes)
    .where(
      and(
        eq(answerRevisionNotes.id, noteId),
        eq(answerRevisionNotes.revisionId, revisionId),
        eq(answerRevisionNotes.professionalId, professionalId),
      ),
    )
    .returning({ id: answerRevisionNotes.id });
  if (rows.length === 0) throw noteNotFound();
}
