/** The answering area's errors. */
import { AppError } from '../errors/app-error.js';
import type { Next } from './flow.js';

export const scheduleNotFound = () =>
  new AppError(404, 'QUIZ_SCHEDULE_NOT_FOUND_ERROR', 'Não encontramos este questionário. Confira o link recebido.');
export const requestNotFound = () =>
  new AppError(404, 'SCHEDULE_NOT_FOUND_ERROR', 'Este envio do questionário não está disponível para resposta.');
export const answerNotFound = () =>
  new AppError(404, 'QUIZ_ANSWER_NOT_FOUND_ERROR', 'Não encontramos estas respostas.');
export const notOwner = () =>
  new AppError(403, 'NOT_OWNER', 'Este acesso vale para outro questionário. Abra o link recebido e digite o PIN.');
export const alreadyAnswered = () =>
  new AppError(409, 'QUIZ_ALREADY_ANSWERED', 'Este questionário já foi respondido. Obrigado!');
export const wrongOrder = (next: Next, message = 'Responda às perguntas na ordem em que aparecem.') =>
  new AppError(409, 'WRONG_ANSWER_ORDER', message, { next });
export const notExpected = (questionId: string) =>
  new AppError(400, 'NOT_EXPECTED_ANSWER_ERROR', 'Esta pergunta não faz parte deste questionário.', { questionId });
export const doesNotBelong = (questionId: string, message: string) =>
  new AppError(400, 'ANSWER_DOES_NOT_BELONG_TO_QUESTION', message, { questionId });
export const alternativeDoesNotBelong = (questionId: string, ids: string[]) =>
  new AppError(400, 'ALTERNATIVE_DOES_NOT_BELONG_TO_QUESTION', 'Esta alternativa não pertence à pergunta.', {
    questionId,
    ids,
  });
