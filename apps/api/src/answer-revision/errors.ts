/** The answer-revision area's errors. */
import { AppError } from '../errors/app-error.js';

export const revisionNotFound = () => new AppError(404, 'REVISION_NOT_FOUND', 'Revisão de respostas não encontrada.');
export const noteNotFound = () => new AppError(404, 'NOT_FOUND', 'Anotação não encontrada.');
export const scheduleNotAnswered = () =>
  new AppError(404, 'SCHEDULE_NOT_ANSWERED', 'Este questionário ainda não foi respondido pelo cliente.');
