/** The row and input types of the answering area. */
import type { z } from 'zod';
import { type answerItems, type quizAnswers, type quizSchedules } from '../db/schema.js';
import type { QuizFolderSchema } from '../quiz/schemas.js';
import type { SaveQuizAnswerBody } from './schemas.js';

export type ScheduleRow = typeof quizSchedules.$inferSelect;
export type QuizAnswerRow = typeof quizAnswers.$inferSelect;
export type ItemRow = typeof answerItems.$inferSelect;
export type Folder = z.infer<typeof QuizFolderSchema>;
export type AnswerInput = NonNullable<z.infer<typeof SaveQuizAnswerBody>['answer']>;
