/**
 * OpenAPI 3.1 Link Objects on the create operations' 201/202 answers (pruneOpenApi, openapi.ts): from what was
 * created to reading, changing and removing it, and the obvious next calls (a schedule's requests, an answer's
 * review), so that a tool can chain the calls. Keyed by operationId; test/openapi.test.ts checks that every
 * target exists and takes the parameters (or body properties) a link fills.
 */
type Link = { operationId: string; parameters?: Record<string, string>; requestBody?: Record<string, string> };

const ID = '$response.body#/id';
const byId = (...operationIds: string[]): Record<string, Link> =>
  Object.fromEntries(operationIds.map((operationId) => [operationId, { operationId, parameters: { id: ID } }]));

export const CREATE_LINKS: Record<string, Record<string, Link>> = {
  createCategory: byId('getCategory', 'updateCategory', 'deleteCategory'),
  createPatient: {
    ...byId('getPatient', 'updatePatient', 'deletePatient', 'updatePatientPreferences', 'createPatientExport'),
    listPatientQuizzes: { operationId: 'listPatientQuizzes', parameters: { patientId: ID } },
  },
  createPatientExport: {
    getPatientExport: { operationId: 'getPatientExport', parameters: { id: '$request.path.id', jobId: ID } },
  },
  createProfessionalExport: {
    getProfessionalExport: { operationId: 'getProfessionalExport', parameters: { jobId: ID } },
  },
  createQuestion: byId('getQuestion', 'updateQuestion', 'deleteQuestion', 'copyQuestion'),
  copyQuestion: byId('getQuestion', 'updateQuestion', 'deleteQuestion'),
  createQuiz: byId('getQuiz', 'updateQuiz', 'disableQuiz', 'duplicateQuiz', 'addQuizQuestion'),
  duplicateQuiz: byId('getQuiz', 'updateQuiz', 'disableQuiz', 'addQuizQuestion'),
  createAppearance: byId('updateAppearance', 'deleteAppearance', 'setDefaultAppearance'),
  createQuizSchedule: {
    ...byId('getQuizSchedule', 'disableQuizSchedule', 'enableQuizSchedule'),
    deleteQuizSchedule: {
      operationId: 'deleteQuizSchedule',
      parameters: { quizScheduleId: ID, patientId: '$response.body#/patientId' },
    },
    rescheduleQuizSchedule: { operationId: 'rescheduleQuizSchedule', requestBody: { quizScheduleId: ID } },
    requestQuizNow: { operationId: 'requestQuizNow', requestBody: { quizScheduleId: ID } },
    getScheduleAnswerRevisions: {
      operationId: 'getScheduleAnswerRevisions',
      parameters: { patientId: '$response.body#/patientId', scheduleId: ID },
    },
  },
  requestQuizNow: {
    getQuizSchedule: { operationId: 'getQuizSchedule', parameters: { id: '$response.body#/quizScheduleId' } },
    cancelAnswerRequest: { operationId: 'cancelAnswerRequest', requestBody: { scheduleId: ID } },
  },
  startQuizAnswer: {
    saveQuizAnswer: { operationId: 'saveQuizAnswer', parameters: { quizAnswerId: '$response.body#/quizAnswerId' } },
  },
  createRevisionNote: {
    updateRevisionNote: { operationId: 'updateRevisionNote', parameters: { id: '$request.path.id', noteId: ID } },
    deleteRevisionNote: { operationId: 'deleteRevisionNote', parameters: { id: '$request.path.id', noteId: ID } },
    getAnswerRevision: { operationId: 'getAnswerRevision', parameters: { id: '$request.path.id' } },
    approveAnswerRevision: { operationId: 'approveAnswerRevision', parameters: { id: '$request.path.id' } },
  },
  composeMessage: byId('getMessageCampaign', 'retryMessage'),
  createSale: byId('deleteSale', 'refundSale'),
  createService: byId('getService', 'updateService', 'disableService', 'enableService'),
  createWebhook: {
    ...byId('deleteWebhook', 'listWebhookResponses', 'rotateWebhookSecret', 'sendWebhookTest'),
    updateWebhook: { operationId: 'updateWebhook', requestBody: { id: ID } },
  },
  sendWebhookTest: {
    listWebhookResponses: { operationId: 'listWebhookResponses', parameters: { id: '$request.path.id' } },
  },
  redeliverWebhook: {
    listWebhookResponses: { operationId: 'listWebhookResponses', parameters: { id: '$request.path.id' } },
  },
  bulkInsertSchedules: {
    getBulkProcessStatus: { operationId: 'getBulkProcessStatus', parameters: { quizId: '$request.path.quizId' } },
    acknowledgeBulkProcess: { operationId: 'acknowledgeBulkProcess', parameters: { quizId: '$request.path.quizId' } },
  },
  bulkRescheduleSchedules: {
    getBulkProcessStatus: { operationId: 'getBulkProcessStatus', parameters: { quizId: '$request.path.quizId' } },
    acknowledgeBulkProcess: { operationId: 'acknowledgeBulkProcess', parameters: { quizId: '$request.path.quizId' } },
  },
};

/** Puts each create operation's links on its 201 (or 202) answer. */
export function documentCreateLinks(paths: unknown): void {
  type Operation = { operationId?: string; responses?: Record<string, Record<string, unknown>> };
  for (const ops of Object.values((paths ?? {}) as Record<string, Record<string, Operation>>)) {
    for (const op of Object.values(ops)) {
      const links = op?.operationId ? CREATE_LINKS[op.operationId] : undefined;
      if (!links) continue;
      const answer = op.responses?.['201'] ?? op.responses?.['202'];
      if (!answer) throw new Error(`openapi-links.ts: ${op.operationId} answers neither 201 nor 202`);
      answer.links = Object.fromEntries(
        Object.entries(links).map(([name, link]) => [
          name,
          { ...link, description: `${link.operationId} on what ${op.operationId} created.` },
        ]),
      );
    }
  }
}
