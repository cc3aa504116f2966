import type { ErrorCode, ErrorResponse } from './gen/types.gen';

/** The exact text the spec gives for an error whose code we do not know. */
export const UNKNOWN_ERROR_MESSAGE = 'Ops, houve um erro inesperado. Por favor, tente novamente mais tarde.';

/**
 * One clear Portuguese sentence for every `application_error_code` the API can return.
 * Typed as a full record, so a code added to the server's enum fails the typecheck until it
 * has its sentence here.
 */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  // Session
  Unauthorized: 'Sua sessão expirou. Entre novamente para continuar.',
  INVALID_JWT: 'Sua sessão expirou. Entre novamente para continuar.',

  // Account
  PROFESSIONAL_NOT_FOUND: 'Não encontramos uma conta de profissional com esses dados.',
  PROFESSIONAL_ALREADY_EXISTS: 'Já existe uma conta com este e-mail. Entre ou recupere sua senha.',
  REGISTRATION_NOT_COMPLETED: 'Seu cadastro ainda não foi concluído. Termine o cadastro para continuar.',
  PASSWORD_REQUIRED: 'Informe sua senha para continuar.',
  VERIFICATION_CODE_EXPIRED: 'O código de verificação expirou. Peça um novo código e tente de novo.',
  EMAIL_NOT_VERIFIED: 'Seu e-mail ainda não foi confirmado. Digite o código que enviamos para o seu e-mail.',
  INVALID_COUPON: 'Este cupom é inválido ou já expirou.',
  MISSING_INITIAL_PASSWORD: 'Defina uma senha inicial para acessar sua conta.',
  PASSWORD_RECOVERY_TOKEN_NOT_FOUND: 'Este link de recuperação de senha é inválido ou já foi usado. Peça um novo link.',
  PATIENT_PASSWORD_RECOVERY_TOKEN_EXPIRED: 'O link de recuperação do cliente expirou. Peça um novo link.',
  PATIENT_LOGIN_REQUEST_FAILED: 'Não foi possível enviar o código de acesso ao cliente. Tente novamente.',
  MULTIPLE_PATIENTS_SAME_PHONE: 'Já existe outro cliente cadastrado com este telefone.',
  ALIAS_ALREADY_IN_USE: 'O Link já está em uso. Escolha outro.',
  INVALID_PATIENT_DOCUMENT: 'O CPF informado é inválido. Confira os números e tente novamente.',

  // General
  WRONG_COMMAND_PARAMETERS: 'Alguns dados enviados estão incorretos. Confira os campos e tente novamente.',
  NOT_FOUND: 'Não encontramos o que você procurou.',
  NOT_OWNER: 'Você não tem acesso a este item.',
  MISSING_PARAMETER: 'Falta preencher uma informação obrigatória.',
  MISSING_PARAMETER_MAPPER: 'Falta associar uma das colunas obrigatórias. Confira o mapeamento e tente novamente.',
  WRONG_TEMPLATE_VARIABLES: 'A mensagem usa uma variável que não existe. Use apenas as variáveis disponíveis.',
  WRONG_TEMPLATE_PARAMETER: 'A mensagem modelo tem um parâmetro inválido. Revise o texto e tente novamente.',
  UPDATE_QUESTIONS_ERROR: 'Não foi possível atualizar as perguntas do questionário. Tente novamente.',
  NOTIFICATION_CHANNEL_ERROR:
    'Não foi possível enviar pelo canal de notificação escolhido. Tente outro canal ou mais tarde.',
  WHATSAPP_INTEGRATION_ERROR: 'Houve uma falha na integração com o WhatsApp. Tente novamente mais tarde.',
  WHATSAPP_TEMPLATE_REQUIRED:
    'Fora da janela de 24 horas do WhatsApp só é possível enviar um modelo aprovado. Escolha um modelo.',
  CAPACITY_PROVIDER_NOT_FOUND: 'O serviço de envio não está disponível no momento. Tente novamente mais tarde.',

  // Scheduling
  PATIENT_WITHOUT_ACTIVE_SERVICE_ERROR: 'Este cliente não tem um serviço ativo. Registre uma venda antes de agendar.',
  RETRY_SEND_LATER: 'O envio não pôde ser feito agora. Tente novamente em alguns minutos.',
  WRONG_HOUR_VALUE: 'O horário escolhido é inválido. Escolha uma hora entre 0 e 23.',
  WRONG_PERIODICITY_TIME: 'A periodicidade escolhida é inválida. Revise a frequência do envio.',
  WRONG_START_DATE: 'A data de início é inválida. Escolha uma data a partir de hoje.',
  RESCHEDULE_ERROR: 'Não foi possível reagendar este envio. Tente novamente.',
  DELIVERY_RULE_EXCEPTION: 'Este envio não respeita as regras de entrega. Revise o agendamento.',
  CANCEL_ANSWER_REQUEST_ERROR: 'Não foi possível cancelar esta solicitação de resposta.',
  SCHEDULE_ANSWER_ALREADY_CANCELED_ERROR: 'Esta solicitação de resposta já foi cancelada.',
  SCHEDULE_ANSWER_ALREADY_ANSWERED_ERROR: 'Esta solicitação já foi respondida pelo cliente.',
  SCHEDULE_NOT_FOUND_ERROR: 'Não encontramos este agendamento.',
  QUIZ_SCHEDULE_NOT_FOUND_ERROR: 'Não encontramos o agendamento deste questionário.',
  SCHEDULE_NOT_ANSWERED: 'Este questionário ainda não foi respondido.',

  // Answers
  QUIZ_ALREADY_ANSWERED: 'Este questionário já foi respondido. Obrigado!',
  ANSWER_DOES_NOT_BELONG_TO_QUESTION: 'Esta resposta não corresponde à pergunta.',
  ALTERNATIVE_DOES_NOT_BELONG_TO_QUESTION: 'A alternativa escolhida não pertence a esta pergunta.',
  ANSWER_ALREADY_REGISTERED: 'Esta pergunta já foi respondida.',
  ANSWER_HAS_SUB_QUESTION_BUT_ALTERNATIVE_DOES_NOT: 'Esta alternativa não tem perguntas complementares.',
  WRONG_ANSWER_ORDER: 'Responda às perguntas na ordem em que aparecem.',
  WRONG_PIN: 'PIN incorreto. Confira o código que você recebeu e tente de novo.',
  NOT_EXPECTED_ANSWER_ERROR: 'Esta resposta não era esperada para esta pergunta.',
  QUIZ_ANSWER_NOT_FOUND_ERROR: 'Não encontramos estas respostas.',
  INVALID_ALTERNATIVE_SUB_QUESTION: 'A pergunta complementar não pertence à alternativa escolhida.',

  // Payment
  CREDIT_CARD_TOKENIZATION_FAILED: 'Não foi possível validar o cartão. Confira os dados do cartão.',
  CUSTOMER_CREATION_FAILED: 'Não foi possível criar seu cadastro de pagamento. Tente novamente.',
  RECURRENT_PAYMENT_CREATION_FAILED: 'Não foi possível criar a cobrança recorrente. Tente novamente.',
  PAYMENT_ATTEMPT_FAILED: 'O pagamento foi recusado. Confira os dados ou use outro cartão.',
  PAYMENT_PENDING: 'Seu pagamento está sendo processado. Aguarde a confirmação.',
  NEXT_PAYMENT_NOT_FOUND: 'Não encontramos a próxima cobrança da sua assinatura.',
  CANCEL_RECURRENT_PAYMENT_FAILED: 'Não foi possível cancelar a cobrança recorrente. Tente novamente.',
  COSTUMER_ALREADY_HAS_SIGNATURE: 'Você já tem uma assinatura ativa.',
  CUSTOMER_REGISTRATION_NOT_COMPLETED: 'Complete seus dados de cobrança para assinar.',
  CUSTOMER_NOT_FOUND: 'Não encontramos seu cadastro de pagamento.',
  REFUND_NOT_ALLOWED: 'O reembolso só é possível em até 7 dias após a primeira cobrança.',
  GATEWAY_REFUND_REQUEST_FAILED: 'Não foi possível solicitar o reembolso. Tente novamente mais tarde.',
  CUSTOMER_SIGNATURE_NOT_FOUND: 'Não encontramos uma assinatura na sua conta.',
  SALE_NOT_FOUND: 'Não encontramos esta venda.',
  SALE_ALREADY_REFOUNDED: 'Esta venda já foi reembolsada.',

  // Lookup
  PATIENT_NOT_FOUND_ERROR: 'Não encontramos este cliente.',
  REVISION_NOT_FOUND: 'Não encontramos esta revisão de respostas.',
  CLIENT_NOT_FOUND: 'Não encontramos este cliente.',
  QUIZ_NOT_FOUND: 'Não encontramos este questionário.',
  QUESTION_NOT_FOUND: 'Não encontramos esta pergunta.',

  // Our additions to the catalogue
  CATEGORY_HAS_QUESTIONS: 'Esta categoria ainda tem perguntas. Mova ou exclua as perguntas antes de excluí-la.',
  PATIENT_DOCUMENT_ALREADY_EXISTS: 'Já existe um cliente com este CPF.',
  PATIENT_NOT_ACTIVE: 'Este cliente está inativo. Reative o cliente antes de continuar.',
  SERVICE_NOT_ACTIVE: 'Este serviço está desativado. Ative o serviço antes de vendê-lo.',
  PIN_LOCKED: 'Muitas tentativas com PIN incorreto. Este link foi bloqueado por 15 minutos.',
  QUIZ_NOT_ACTIVE: 'Este questionário está desativado. Ative-o antes de agendar.',
  BULK_PROCESS_IN_PROGRESS:
    'Já existe um agendamento em massa em andamento para este questionário. Aguarde a conclusão.',
  ACCOUNT_EXPIRED:
    'Sua assinatura expirou. Você pode consultar, imprimir e exportar seus registros; assine para voltar a cadastrar e enviar.',
  INVALID_VERIFICATION_CODE: 'Código de verificação incorreto. Confira o código enviado para o seu e-mail.',
  TOO_MANY_ATTEMPTS: 'Muitas tentativas seguidas. Aguarde alguns minutos e tente novamente.',
  METHOD_NOT_ALLOWED: 'Esta operação não é permitida.',
  PAYLOAD_TOO_LARGE: 'O conteúdo enviado é grande demais.',
  URI_TOO_LONG: 'O endereço pedido é longo demais.',
  UNSUPPORTED_MEDIA_TYPE: 'O formato do conteúdo enviado não é aceito.',
  STORAGE_QUOTA_EXCEEDED:
    'Seu espaço de armazenamento de arquivos está cheio. Apague arquivos que não usa mais ou fale com o suporte.',
  DATA_EXPORT_NOT_FOUND: 'Não encontramos esta exportação. Peça uma nova.',
  PATIENT_CONTACT_MISSING:
    'Não há um e-mail ou WhatsApp cadastrado para receber o link. Peça à sua profissional para atualizar seu cadastro.',
  INTERNAL_ERROR: UNKNOWN_ERROR_MESSAGE,
  NOT_READY: 'O serviço está iniciando ou em manutenção. Tente novamente em instantes.',
};

/**
 * Every code an ApiError can carry: the API's `application_error_code`s, and the two the client gives a
 * call that got no answer of ours (NETWORK_ERROR: the request never reached the server; UNKNOWN: the
 * answer was not an error of the API's).
 */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'UNKNOWN';

/** Codes the caller handles itself: the central handler shows no toast for them. */
export const PASS_THROUGH_CODES: ReadonlySet<ApiErrorCode> = new Set<ApiErrorCode>([
  'ALIAS_ALREADY_IN_USE',
  'PAYMENT_PENDING',
]);

/** One typed error for every failed call. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly details: unknown;

  constructor(status: number, code: ApiErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /**
   * The Portuguese sentence for this error. A refused attempt (TOO_MANY_ATTEMPTS) keeps the server's own
   * sentence: it says which limit was reached and the way out ("Esqueci minha senha", another device, later).
   */
  get userMessage(): string {
    if (this.code === 'TOO_MANY_ATTEMPTS' && this.message) return this.message;
    return messageForCode(this.code);
  }

  /** Field-level validation issues (`details: [{ path, message }]`), keyed by the first path segment. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    if (Array.isArray(this.details)) {
      for (const issue of this.details) {
        if (issue && typeof issue === 'object' && Array.isArray((issue as { path?: unknown }).path)) {
          const key = String((issue as { path: unknown[] }).path[0] ?? '');
          if (key && !out[key]) out[key] = String((issue as { message?: unknown }).message ?? '');
        }
      }
    }
    return out;
  }
}

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(ERROR_MESSAGES, code);
}

/** Shown when the request never reached the server (offline, server down). */
export const NETWORK_ERROR_MESSAGE = 'Não foi possível conectar ao servidor. Verifique sua internet e tente novamente.';

export function messageForCode(code: unknown): string {
  if (code === 'NETWORK_ERROR') return NETWORK_ERROR_MESSAGE;
  return isErrorCode(code) ? ERROR_MESSAGES[code] : UNKNOWN_ERROR_MESSAGE;
}

function isErrorResponse(body: unknown): body is ErrorResponse {
  return !!body && typeof body === 'object' && 'application_error_code' in body;
}

/** Turns whatever the fetch layer produced (parsed JSON body, text, a thrown TypeError) into an ApiError. */
export function toApiError(body: unknown, status: number | undefined): ApiError {
  if (body instanceof ApiError) return body;
  if (isErrorResponse(body)) {
    return new ApiError(
      body.statusCode ?? status ?? 0,
      // A code this build does not know yet still travels as-is; its sentence falls back to the generic one.
      String(body.application_error_code) as ErrorCode,
      body.message ?? '',
      body.details,
    );
  }
  if (status === undefined) {
    // fetch itself failed: offline or the server is unreachable
    return new ApiError(0, 'NETWORK_ERROR', body instanceof Error ? body.message : 'Network error');
  }
  if (status === 401) return new ApiError(401, 'Unauthorized', 'Unauthorized');
  return new ApiError(status, 'UNKNOWN', typeof body === 'string' ? body : 'Unexpected error');
}

/** Is this a bulk insert/reschedule POST whose error carries a non-empty `details` list? */
function isBulkErrorWithDetails(error: ApiError, request?: { method: string; url: string }): boolean {
  if (!request || request.method.toUpperCase() !== 'POST') return false;
  if (!/\/quiz\/schedule\/bulk-(insert|reschedule)\//.test(request.url)) return false;
  return Array.isArray(error.details) ? error.details.length > 0 : false;
}

export type CentralErrorAction = 'logout' | 'pass-through' | 'toast';

/**
 * The central handler of spec section 8: what to do with a failed call.
 * - any 401 logs the user out silently;
 * - ALIAS_ALREADY_IN_USE, PAYMENT_PENDING and bulk errors with details go to the caller, no toast;
 * - everything else gets the catalogue's toast (the unknown-code text when the code is unknown).
 */
export function classifyError(error: ApiError, request?: { method: string; url: string }): CentralErrorAction {
  if (error.status === 401) return 'logout';
  if (PASS_THROUGH_CODES.has(error.code)) return 'pass-through';
  if (isBulkErrorWithDetails(error, request)) return 'pass-through';
  return 'toast';
}

/** Whatever a mutation or query threw, as an ApiError. */
export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : toApiError(error, undefined);
}
