/** The schedule area's errors, and the contact rule every delivery channel needs. */
import { AppError } from '../errors/app-error.js';
import type { ErrorCode } from '../errors/codes.js';
import type { Channel, PatientRow } from './rows.js';

export const scheduleNotFound = () => new AppError(404, 'QUIZ_SCHEDULE_NOT_FOUND_ERROR', 'Agendamento não encontrado.');
export const requestNotFound = () => new AppError(404, 'SCHEDULE_NOT_FOUND_ERROR', 'Envio não encontrado.');
export const deletedSchedule = () =>
  new AppError(
    400,
    'RESCHEDULE_ERROR',
    'Este agendamento foi excluído e não pode mais ser alterado. Agende o questionário novamente.',
  );
export const field = (code: ErrorCode, path: string, message: string) =>
  new AppError(400, code, message, [{ path: [path], message }]);

export const quizNotActive = () =>
  new AppError(400, 'QUIZ_NOT_ACTIVE', 'Este questionário está desativado. Ative-o antes de agendar.', [
    { path: ['quizId'], message: 'Questionário desativado.' },
  ]);
export const patientNotActive = () =>
  new AppError(400, 'PATIENT_NOT_ACTIVE', 'Este cliente está inativo: reative-o antes de agendar um questionário.', [
    { path: ['patientId'], message: 'Cliente inativo.' },
  ]);
export const withoutActiveService = () =>
  new AppError(
    400,
    'PATIENT_WITHOUT_ACTIVE_SERVICE_ERROR',
    'Este cliente não tem um serviço ativo. Registre a venda de um serviço antes de enviar questionários.',
  );

/** The channel needs the matching contact: null when it is fine. */
export function deliveryRuleProblem(patient: Pick<PatientRow, 'email' | 'phone'>, channel: Channel): AppError | null {
  if (channel === 'email' && !patient.email) {
    return new AppError(
      400,
      'DELIVERY_RULE_EXCEPTION',
      'O cliente não tem e-mail cadastrado: cadastre-o ou envie pelo WhatsApp.',
      [{ path: ['channel'], message: 'O cliente não tem e-mail.' }],
    );
  }
  if (channel === 'whatsapp' && !patient.phone) {
    return new AppError(
      400,
      'DELIVERY_RULE_EXCEPTION',
      'O cliente não tem telefone cadastrado: cadastre-o ou envie por e-mail.',
      [{ path: ['channel'], message: 'O cliente não tem telefone.' }],
    );
  }
  return null;
}
