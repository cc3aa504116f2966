/**
 * The patient's session in one client area: kept in this tab only (sessionStorage) and for its 30 minutes, so a
 * shared phone does not stay signed in.
 */
export interface PatientSession {
  token: string;
  expiresAt: string;
  firstName: string;
}

const keyOf = (alias: string) => `acompanha:patient-area:${alias}`;

export function readPatientSession(alias: string, now = Date.now()): PatientSession | null {
  try {
    const raw = sessionStorage.getItem(keyOf(alias));
    const s = raw ? (JSON.parse(raw) as Partial<PatientSession>) : null;
    if (!s || typeof s.token !== 'string' || typeof s.expiresAt !== 'string') return null;
    if (new Date(s.expiresAt).getTime() <= now) return null;
    return { token: s.token, expiresAt: s.expiresAt, firstName: s.firstName ?? '' };
  } catch {
    return null;
  }
}

export function writePatientSession(alias: string, session: PatientSession | null): void {
  try {
    if (session) sessionStorage.setItem(keyOf(alias), JSON.stringify(session));
    else sessionStorage.removeItem(keyOf(alias));
  } catch {
    // storage blocked: the session lives in this page only
  }
}

/** The sentence a failed sign-in step shows, by the API's code. */
export function signInMessage(code: string, details?: unknown): string {
  switch (code) {
    case 'INVALID_VERIFICATION_CODE':
      return 'Código incorreto. Confira o código recebido ou peça um novo.';
    case 'PATIENT_PASSWORD_RECOVERY_TOKEN_EXPIRED':
      return 'O código expirou. Peça um novo código.';
    case 'MULTIPLE_PATIENTS_SAME_PHONE':
      return 'Mais de um cliente usa este contato. Entre com o seu celular ou fale com o seu profissional.';
    case 'PATIENT_LOGIN_REQUEST_FAILED':
      return 'Não foi possível enviar o código agora. Tente de novo em instantes.';
    case 'TOO_MANY_ATTEMPTS':
      return 'Muitas tentativas seguidas. Aguarde alguns minutos e tente de novo.';
    case 'WRONG_COMMAND_PARAMETERS': {
      const first = Array.isArray(details) ? (details[0] as { message?: string } | undefined) : undefined;
      return first?.message ?? 'Confira o que você digitou.';
    }
    case 'NETWORK_ERROR':
      return 'Não foi possível conectar. Verifique sua internet e tente de novo.';
    case 'NOT_FOUND':
      return 'Esta página não está mais disponível.';
    default:
      return 'Não foi possível continuar agora. Tente de novo em instantes.';
  }
}
