/**
 * The business rules the document cannot state as a schema, listed on the answer that carries them (pruneOpenApi,
 * openapi.ts): `x-application-error-codes` (the codes and what each means) and `x-field-rules` (the fields a 400
 * WRONG_COMMAND_PARAMETERS may name for a rule of the data, not of the format: a reference to a row that is not
 * hers, a check digit, a date order). The fuzz test's valid-request half (test/fuzz.test.ts) sends requests that
 * satisfy the document and accepts no other refusal, so a rule missing here fails it.
 */
type Rules = { codes?: Record<string, string>; fields?: Record<string, string> };
export type OperationRules = Partial<Record<400 | 403 | 409, Rules>>;

const yourFile = 'a file link of this account, uploaded and not deleted';
const recurrence: Rules = {
  codes: {
    WRONG_START_DATE: 'startDate before today (São Paulo), or endDate before startDate',
    WRONG_HOUR_VALUE: 'hour not an integer 0–23',
    WRONG_PERIODICITY_TIME: 'periodicity unknown, or its intervalDays/weekdays missing or out of range',
  },
};
const period = (to: string, from: string): Rules => ({
  fields: { [to]: `not before ${from}`, [from]: 'at most 366 days before the end of the period' },
});
const patientData: Rules = {
  codes: { INVALID_PATIENT_DOCUMENT: 'a CPF whose check digits are wrong' },
  fields: {
    phone: 'a valid phone number of its country',
    birthDate: 'not in the future',
    email: 'not the e-mail of another of her patients',
  },
};
const template: Rules = {
  codes: {
    WRONG_TEMPLATE_VARIABLES: 'a {{variable}} that does not exist',
    WRONG_TEMPLATE_PARAMETER: 'without {{link}} or {{pin}}',
  },
};
const message: Rules = {
  codes: { WRONG_TEMPLATE_VARIABLES: 'a {{variable}} that does not exist' },
  fields: { template: 'one of the approved WhatsApp templates (GET /chat/templates)', audience: 'patients of hers' },
};
const card: Rules = {
  fields: {
    'card.number': 'a card number that passes the check digit (Luhn)',
    'card.expiryYear': 'a card that has not expired',
    'card.expiryMonth': 'a card that has not expired',
    'holder.cpf': 'a CPF whose check digits are right',
  },
};
const appearance: Rules = { fields: { profilePic: yourFile } };
const question: Rules = {
  fields: {
    image: yourFile,
    categoryId: 'a category of hers or of the starter library',
    'config.max': 'greater than config.min',
    'config.alternatives[].label': 'no two alternatives with the same label',
    'config.alternatives[].id': 'no two alternatives with the same id',
  },
};
const quiz: Rules = { fields: { 'folder.image': yourFile, appearanceId: 'an appearance of hers' } };
const webhook: Rules = {
  fields: {
    url: 'https, no user or password, a host that resolves only to public addresses',
    richPurpose: 'with richPayload, 10 characters or more',
  },
};

const anotherLink: Rules = {
  codes: { NOT_OWNER: 'a survey token of another link (each PIN opens its own questionnaire)' },
};
export const OPERATION_RULES: Record<string, OperationRules> = {
  getSurveyState: { 403: anotherLink },
  startQuizAnswer: {
    403: anotherLink,
    409: {
      codes: {
        QUIZ_ALREADY_ANSWERED: 'the request was answered already',
        SCHEDULE_ANSWER_ALREADY_CANCELED_ERROR: 'the professional cancelled the request',
      },
    },
  },
  saveQuizAnswer: {
    400: {
      codes: {
        ANSWER_DOES_NOT_BELONG_TO_QUESTION: "a value of another type than the question's, or outside its bounds",
        ALTERNATIVE_DOES_NOT_BELONG_TO_QUESTION: 'an alternative the question does not have',
        NOT_EXPECTED_ANSWER_ERROR: 'a question outside the flow the answer was started on',
        ANSWER_HAS_SUB_QUESTION_BUT_ALTERNATIVE_DOES_NOT:
          "a sub-answer whose parent's chosen alternatives open no sub-question",
        INVALID_ALTERNATIVE_SUB_QUESTION: "a sub-question the parent's chosen alternatives do not open",
      },
    },
    409: {
      codes: {
        WRONG_ANSWER_ORDER: 'a question in the flow but not the next one (or finishing before the last)',
        ANSWER_ALREADY_REGISTERED: 'a question answered already, without answer.replace',
        QUIZ_ALREADY_ANSWERED: 'anything after finishing',
      },
    },
  },
  createQuizSchedule: { 400: recurrence },
  rescheduleQuizSchedule: { 400: recurrence },
  updateTemplateMessage: { 400: template },
  composeMessage: { 400: message },
  previewMessage: { 400: message },
  subscribe: { 400: card },
  updateSignatureCreditCard: { 400: card },
  refundSignature: { 400: { codes: { REFUND_NOT_ALLOWED: 'past the refund window, or nothing paid to refund' } } },
  updateMe: { 400: { fields: { avatarUrl: yourFile, document: 'a CPF or CNPJ whose check digits are right' } } },
  createAppearance: { 400: appearance },
  updateAppearance: { 400: appearance },
  createQuestion: { 400: question },
  updateQuestion: { 400: question },
  createQuiz: { 400: quiz },
  updateQuiz: { 400: quiz },
  addQuizQuestion: { 400: { codes: { UPDATE_QUESTIONS_ERROR: 'a draft question, or one already in the quiz' } } },
  createPatient: { 400: patientData },
  updatePatient: { 400: patientData },
  createWebhook: { 400: webhook },
  updateWebhook: { 400: webhook },
  getInvoice: { 400: period('periodEnd', 'periodStart') },
  getPatientAnswerSeries: { 400: period('to', 'from') },
  createSale: { 400: { codes: { PATIENT_NOT_ACTIVE: 'an inactive client: reactivate her first' } } },
  updateCategory: { 403: { codes: { NOT_OWNER: 'a default category of the starter library, not hers to change' } } },
  deleteCategory: { 403: { codes: { NOT_OWNER: 'a default category of the starter library, not hers to change' } } },
  listSales: { 400: period('periodEnd', 'periodStart') },
  getAnswerStatusReport: { 400: period('to', 'from') },
  listAnswerRevisions: { 400: period('to', 'from') },
  listPendingAnswerRevisions: { 400: period('to', 'from') },
  updateAreaConfig: {
    400: {
      fields: {
        profilePicture: yourFile,
        brandImage: yourFile,
        'folder.image': yourFile,
        'colorScheme.scheme.image.light': yourFile,
        'colorScheme.scheme.image.dark': yourFile,
      },
    },
  },
};

/** Lists each operation's rules on its answers; an operation or an answer that does not exist is a mistake here. */
export function documentBusinessRules(paths: unknown): void {
  const byId = new Map<string, { responses?: Record<string, Record<string, unknown>> }>();
  for (const ops of Object.values((paths ?? {}) as Record<string, Record<string, { operationId?: string }>>))
    for (const op of Object.values(ops)) if (op?.operationId) byId.set(op.operationId, op as never);
  for (const [operationId, rules] of Object.entries(OPERATION_RULES)) {
    const op = byId.get(operationId);
    if (!op) throw new Error(`openapi-rules.ts: no operation ${operationId}`);
    for (const [status, { codes = {}, fields = {} }] of Object.entries(rules) as [string, Rules][]) {
      const answer = op.responses?.[status];
      if (!answer) throw new Error(`openapi-rules.ts: ${operationId} does not answer ${status}`);
      const said = [
        ...Object.entries(codes).map(([code, rule]) => `${code} (${rule})`),
        ...Object.entries(fields).map(([field, rule]) => `WRONG_COMMAND_PARAMETERS on \`${field}\` (${rule})`),
      ];
      answer.description = `${String(answer.description)}. Business rules: ${said.join('; ')}.`;
      if (Object.keys(codes).length) answer['x-application-error-codes'] = Object.keys(codes);
      if (Object.keys(fields).length) answer['x-field-rules'] = fields;
    }
  }
}
