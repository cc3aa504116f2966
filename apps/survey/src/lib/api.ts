import {
  createSignedUploadUrl,
  getSurveyBrand,
  type ErrorResponse,
  type FileContentTypeInput,
  type SignedUrlResponse,
  type SurveyBrand,
} from '@acompanha/api-client';
import type { SurveyFlowError } from '@acompanha/machines';
import './client';

/** What the generated SDK resolves to (it never throws: errors come back in `error`). */
interface SdkResult<T> {
  data?: T;
  error?: unknown;
  response?: Response;
}

/** The SDK's answer as data, or a thrown `SurveyFlowError` (status 0 when the server was never reached). */
export async function unwrap<T>(call: Promise<SdkResult<T>>): Promise<T> {
  let result: SdkResult<T>;
  try {
    result = await call;
  } catch {
    throw { status: 0, code: 'NETWORK_ERROR' } satisfies SurveyFlowError;
  }
  const { response, error } = result;
  if (!response) throw { status: 0, code: 'NETWORK_ERROR' } satisfies SurveyFlowError;
  if (error !== undefined || !response.ok) {
    const body = (error && typeof error === 'object' ? error : {}) as Partial<ErrorResponse>;
    throw {
      status: response.status,
      code: String(body.application_error_code ?? (response.status === 401 ? 'Unauthorized' : 'UNKNOWN')),
      details: body.details,
    } satisfies SurveyFlowError;
  }
  return result.data as T;
}

/** Upload instructions for one answer file, checked against the question's accepted types and size. */
export function signAnswerUpload(file: File, questionId: string, token: string): Promise<SignedUrlResponse> {
  return unwrap(
    createSignedUploadUrl({
      auth: token,
      body: { key: file.name, contentType: file.type as FileContentTypeInput, contentSize: file.size, questionId },
    }),
  );
}

/** Who sent the link, before the PIN (no token: the link is the key; nothing of the patient comes back). */
export const loadSurveyBrand = (quizScheduleId: string): Promise<SurveyBrand> =>
  unwrap(getSurveyBrand({ path: { scheduleId: quizScheduleId } }));
