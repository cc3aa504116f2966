import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { quizzes } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';

export type QuizRow = typeof quizzes.$inferSelect;

export const quizNotFound = () => new AppError(404, 'QUIZ_NOT_FOUND', 'Questionário não encontrado.');

/** The professional's own quiz, or 404 QUIZ_NOT_FOUND: another professional's quiz answers like a missing one. */
export async function findOwnQuiz(db: Executor, professionalId: string, quizId: string): Promise<QuizRow> {
  const [row] = await db
    .select()
    .from(quizzes)
    .where(and(eq(quizzes.id, quizId), eq(quizzes.professionalId, professionalId)));
  if (!row) throw quizNotFound();
  return row;
}
