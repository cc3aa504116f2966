/** The patient area's conflicts: a live patient already has this phone or CPF. */
import { AppError } from '../errors/app-error.js';
import { CPF_INVALID } from './fields.js';

export const duplicatePhone = () =>
  new AppError(409, 'MULTIPLE_PATIENTS_SAME_PHONE', 'Já existe outro cliente com este telefone.', [
    { path: ['phone'], message: 'Telefone já cadastrado.' },
  ]);
export const duplicateDocument = () =>
  new AppError(409, 'PATIENT_DOCUMENT_ALREADY_EXISTS', 'Já existe um cliente com este CPF.', [
    { path: ['document'], message: 'CPF já cadastrado.' },
  ]);
export const invalidDocument = () =>
  new AppError(400, 'INVALID_PATIENT_DOCUMENT', CPF_INVALID, [{ path: ['document'], message: CPF_INVALID }]);

/** Unique-violation constraint name (pg error 23505), looking through wrapped errors. */
export function uniqueViolation(err: unknown): string | null {
  let e: unknown = err;
  for (let i = 0; i < 3 && e; i++) {
    if ((e as { code?: string }).code === '23505') return (e as { constraint?: string }).constraint ?? '';
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

export function rethrowDuplicate(err: unknown): never {
  const c = uniqueViolation(err);
  if (c === 'patients_professional_phone_key') throw duplicatePhone();
  if (c === 'patients_professional_document_key') throw duplicateDocument();
  throw err;
}
