import { describe, expect, it } from 'vitest';
import { buildApp, openApiDocument } from '../src/app.js';
import { ERROR_CODES } from '../src/errors/codes.js';
import { EVENT_TYPES } from '../src/events/catalog.js';
import { FIELD_LABELS } from '../src/errors/validation-messages.js';
import { MULTILINE_PATTERN, SINGLE_LINE_PATTERN } from '../src/lib/input-guard.js';

type Op = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  security?: unknown;
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
};

async function doc() {
  const app = buildApp({ config: { logger: false } });
  const d = (await openApiDocument(app)) as {
    openapi: string;
    servers: { url: string }[];
    paths: Record<string, Record<string, Op>>;
    components: { schemas: Record<string, { enum?: string[] }>; securitySchemes: Record<string, unknown> };
  };
  await app.close();
  return d;
}

const SPEC_CODES =
  `Unauthorized INVALID_JWT PROFESSIONAL_NOT_FOUND PROFESSIONAL_ALREADY_EXISTS REGISTRATION_NOT_COMPLETED PASSWORD_REQUIRED
VERIFICATION_CODE_EXPIRED EMAIL_NOT_VERIFIED INVALID_COUPON MISSING_INITIAL_PASSWORD PASSWORD_RECOVERY_TOKEN_NOT_FOUND
PATIENT_PASSWORD_RECOVERY_TOKEN_EXPIRED PATIENT_LOGIN_REQUEST_FAILED MULTIPLE_PATIENTS_SAME_PHONE ALIAS_ALREADY_IN_USE
INVALID_PATIENT_DOCUMENT WRONG_COMMAND_PARAMETERS NOT_FOUND NOT_OWNER MISSING_PARAMETER MISSING_PARAMETER_MAPPER
WRONG_TEMPLATE_VARIABLES WRONG_TEMPLATE_PARAMETER UPDATE_QUESTIONS_ERROR NOTIFICATION_CHANNEL_ERROR WHATSAPP_INTEGRATION_ERROR
CAPACITY_PROVIDER_NOT_FOUND PATIENT_WITHOUT_ACTIVE_SERVICE_ERROR RETRY_SEND_LATER WRONG_HOUR_VALUE WRONG_PERIODICITY_TIME
WRONG_START_DATE RESCHEDULE_ERROR DELIVERY_RULE_EXCEPTION CANCEL_ANSWER_REQUEST_ERROR SCHEDULE_ANSWER_ALREADY_CANCELED_ERROR
SCHEDULE_ANSWER_ALREADY_ANSWERED_ERROR SCHEDULE_NOT_FOUND_ERROR QUIZ_SCHEDULE_NOT_FOUND_ERROR SCHEDULE_NOT_ANSWERED
QUIZ_ALREADY_ANSWERED ANSWER_DOES_NOT_BELONG_TO_QUESTION ALTERNATIVE_DOES_NOT_BELONG_TO_QUESTION ANSWER_ALREADY_REGISTERED
ANSWER_HAS_SUB_QUESTION_BUT_ALTERNATIVE_DOES_NOT WRONG_ANSWER_ORDER WRONG_PIN NOT_EXPECTED_ANSWER_ERROR
QUIZ_ANSWER_NOT_FOUND_ERROR INVALID_ALTERNATIVE_SUB_QUESTION CREDIT_CARD_TOKENIZATION_FAILED CUSTOMER_CREATION_FAILED
RECURRENT_PAYMENT_CREATION_FAILED PAYMENT_ATTEMPT_FAILED PAYMENT_PENDING NEXT_PAYMENT_NOT_FOUND CANCEL_RECURRENT_PAYMENT_FAILED
COSTUMER_ALREADY_HAS_SIGNATURE CUSTOMER_REGISTRATION_NOT_COMPLETED CUSTOMER_NOT_FOUND REFUND_NOT_ALLOWED
GATEWAY_REFUND_REQUEST_FAILED CUSTOMER_SIGNATURE_NOT_FOUND SALE_NOT_FOUND SALE_ALREADY_REFOUNDED PATIENT_NOT_FOUND_ERROR
REVISION_NOT_FOUND CLIENT_NOT_FOUND QUIZ_NOT_FOUND QUESTION_NOT_FOUND`.split(/\s+/);

describe('OpenAPI document (built without a database)', () => {
  it('is OpenAPI 3.1 with servers /api and paths without the prefix', async () => {
    const d = await doc();
    expect(d.openapi).toBe('3.1.0');
    expect(d.servers).toEqual([
      { url: '/api', description: 'This deployment (production, or local development)', 'x-internal': false },
    ]);
    expect(Object.keys(d.paths).sort()).toEqual([
      '/account/recovery/request',
      '/account/recovery/reset',
      '/answer-revision',
      '/answer-revision/delayed',
      '/answer-revision/export',
      '/answer-revision/patient/{patientId}/quizSchedule/{scheduleId}',
      '/answer-revision/patient/{patientId}/series',
      '/answer-revision/pending',
      '/answer-revision/quiz/{id}',
      '/answer-revision/schedules-without-confirmation',
      '/answer-revision/status-report',
      '/answer-revision/{id}',
      '/answer-revision/{id}/approve',
      '/answer-revision/{id}/note',
      '/answer-revision/{id}/note/{noteId}',
      '/answer-revision/{id}/pending',
      '/app-services',
      '/auth/login',
      '/auth/logout',
      '/auth/registration',
      '/auth/verify-email',
      '/auth/verify-email/resend',
      '/category',
      '/category/{id}',
      '/chat/campaigns',
      '/chat/campaigns/{id}',
      '/chat/history/{patientId}',
      '/chat/messages',
      '/chat/messages/preview',
      '/chat/messages/{id}/retry',
      '/chat/templates',
      '/dashboard/summary',
      '/dev/mailbox',
      '/dev/whatsapp-outbox',
      '/file/signed-url',
      '/file/upload/{token}',
      '/file/{key}',
      '/health',
      '/metrics',
      '/notifications',
      '/notifications/read-all',
      '/notifications/settings',
      '/notifications/settings/{notificationId}',
      '/notifications/stream',
      '/notifications/unread-count',
      '/notifications/{id}',
      '/patient',
      '/patient-area/me',
      '/patient-area/me/export',
      '/patient-area/me/quizzes/{scheduleId}/token',
      '/patient-area/{alias}/code',
      '/patient-area/{alias}/session',
      '/patient/import',
      '/patient/import/template',
      '/patient/totals',
      '/patient/{id}',
      '/patient/{id}/access-log',
      '/patient/{id}/export',
      '/patient/{id}/export/{jobId}',
      '/patient/{id}/preferences',
      '/patient/{patientId}/quizzes',
      '/payment/signatures',
      '/payment/signatures/cancel',
      '/payment/signatures/credit-card',
      '/payment/signatures/history',
      '/payment/signatures/refund',
      '/payment/signatures/service',
      '/payment/webhook',
      '/professional/me',
      '/professional/me/activity',
      '/professional/me/area-config',
      '/professional/me/export',
      '/professional/me/export/{jobId}',
      '/professional/me/password',
      '/professional/me/quiz/{quizId}/patients',
      '/professional/me/template-message',
      '/professional/me/tutorial',
      '/public/client-area/{alias}',
      '/question',
      '/question/{id}',
      '/question/{id}/copy',
      '/quiz',
      '/quiz-answer',
      '/quiz-answer/validate-pin',
      '/quiz-answer/{quizAnswerId}',
      '/quiz-answer/{scheduleId}',
      '/quiz-answer/{scheduleId}/brand',
      '/quiz/my/appearance',
      '/quiz/my/appearance/{id}',
      '/quiz/schedule',
      '/quiz/schedule/acknowledge-bulk-process/{quizId}',
      '/quiz/schedule/bulk-change-active-state',
      '/quiz/schedule/bulk-delete',
      '/quiz/schedule/bulk-insert/status/{quizId}',
      '/quiz/schedule/bulk-insert/{quizId}',
      '/quiz/schedule/bulk-reschedule/{quizId}',
      '/quiz/schedule/cancel',
      '/quiz/schedule/re-publish',
      '/quiz/schedule/request-now',
      '/quiz/schedule/reschedule',
      '/quiz/schedule/{id}',
      '/quiz/schedule/{id}/disable',
      '/quiz/schedule/{id}/enable',
      '/quiz/schedule/{quizScheduleId}/patient/{patientId}',
      '/quiz/{id}',
      '/quiz/{id}/duplicate',
      '/quiz/{id}/question',
      '/quiz/{id}/question/{questionId}',
      '/ready',
      '/sales',
      '/sales/{id}',
      '/sales/{id}/refound',
      '/services',
      '/services/invoice',
      '/services/{id}',
      '/services/{id}/disable',
      '/services/{id}/enable',
      '/webhooks/manager',
      '/webhooks/manager/public-events',
      '/webhooks/manager/{id}',
      '/webhooks/manager/{id}/deliveries/{deliveryId}/redeliver',
      '/webhooks/manager/{id}/responses',
      '/webhooks/manager/{id}/rotate-secret',
      '/webhooks/manager/{id}/test',
      '/whatsapp/webhook',
    ]);
    expect(d.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('has the expected operationIds, each with tags, summary and every error documented', async () => {
    const d = await doc();
    const ops: Record<string, Op> = {};
    for (const methods of Object.values(d.paths)) for (const op of Object.values(methods)) ops[op.operationId!] = op;
    expect(Object.keys(ops).sort()).toEqual(
      [
        'acknowledgeBulkProcess',
        'addQuizQuestion',
        'approveAnswerRevision',
        'createRevisionNote',
        'deleteRevisionNote',
        'exportAnswers',
        'getAnswerRevision',
        'getAnswerStatusReport',
        'getPatientAnswerSeries',
        'getScheduleAnswerRevisions',
        'listAnswerRevisions',
        'listDelayedAnswerRequests',
        'listPendingAnswerRevisions',
        'listQuizAnswerRevisions',
        'setAnswerRevisionPending',
        'updateRevisionNote',
        'bulkChangeSchedulesActiveState',
        'bulkDeleteSchedules',
        'bulkInsertSchedules',
        'bulkRescheduleSchedules',
        'cancelAnswerRequest',
        'changePassword',
        'copyQuestion',
        'createAppearance',
        'createCategory',
        'createPatient',
        'createQuestion',
        'createQuiz',
        'createQuizSchedule',
        'createSale',
        'createService',
        'createSignedUploadUrl',
        'deleteAppearance',
        'deleteCategory',
        'deletePatient',
        'deletePatients',
        'deleteQuestion',
        'deleteQuizSchedule',
        'deleteSale',
        'disableQuiz',
        'disableQuizQuestion',
        'disableQuizSchedule',
        'disableService',
        'duplicateQuiz',
        'enableQuizQuestion',
        'enableQuizSchedule',
        'enableService',
        'getBulkProcessStatus',
        'listAppServices',
        'getSignature',
        'getSignatureHistory',
        'subscribe',
        'cancelSignature',
        'refundSignature',
        'updateSignatureCreditCard',
        'receiveGatewayWebhook',
        'getCategory',
        'getChatHistory',
        'getDashboardSummary',
        'getNotificationSettings',
        'getNotificationUnreadCount',
        'listNotifications',
        'listPublicEvents',
        'listWebhooks',
        'createWebhook',
        'updateWebhook',
        'deleteWebhook',
        'rotateWebhookSecret',
        'listWebhookResponses',
        'sendWebhookTest',
        'redeliverWebhook',
        'markAllNotificationsAsRead',
        'streamNotifications',
        'updateNotification',
        'updateNotificationSetting',
        'getFile',
        'getInvoice',
        'getMe',
        'getPatient',
        'getPatientAccessLog',
        'getAccountActivity',
        'getPatientImportTemplate',
        'getPatientTotals',
        'getQuestion',
        'getQuiz',
        'getQuizSchedule',
        'getService',
        'getSurveyBrand',
        'getSurveyState',
        'getTemplateMessage',
        'health',
        'ready',
        'metrics',
        'importPatients',
        'listAppearances',
        'listCategories',
        'listDevMailbox',
        'listDevWhatsappOutbox',
        'listPatientQuizzes',
        'listPatients',
        'listQuestions',
        'listQuizPatients',
        'listQuizSchedules',
        'listQuizzes',
        'listSales',
        'listSchedulesWithoutConfirmation',
        'listServices',
        'login',
        'logout',
        'markTutorialSeen',
        'refundSale',
        'register',
        'republishAnswerRequests',
        'requestPasswordRecovery',
        'requestQuizNow',
        'rescheduleQuizSchedule',
        'resendVerification',
        'resetPassword',
        'saveQuizAnswer',
        'setDefaultAppearance',
        'startQuizAnswer',
        'updateAppearance',
        'updateCategory',
        'updateMe',
        'updatePatient',
        'updatePatientPreferences',
        'updateQuestion',
        'updateQuiz',
        'updateService',
        'updateTemplateMessage',
        'uploadFile',
        'validateQuizPin',
        'verifyEmail',
        // Client area
        'getAreaConfig',
        'updateAreaConfig',
        'getPublicClientArea',
        // Messaging
        'listWhatsAppTemplates',
        'previewMessage',
        'composeMessage',
        'listMessageCampaigns',
        'getMessageCampaign',
        'retryMessage',
        'verifyWhatsAppWebhook',
        'receiveWhatsAppWebhook',
        // The patient's corner
        'requestPatientCode',
        'createPatientSession',
        'getPatientCorner',
        'openPatientQuiz',
        'requestOwnPatientExport',
        // Data exports
        'createPatientExport',
        'getPatientExport',
        'createProfessionalExport',
        'getProfessionalExport',
      ].sort(),
    );
    for (const [id, op] of Object.entries(ops)) {
      expect(op.tags?.length, id).toBeGreaterThan(0);
      expect(op.summary, id).toBeTruthy();
      expect(op.responses['500'], id).toBeDefined();
      for (const [status, r] of Object.entries(op.responses)) {
        if (Number(status) >= 400)
          expect(r.content?.['application/json']?.schema.$ref, `${id} ${status}`).toBe(
            '#/components/schemas/ErrorResponse',
          );
      }
    }
    const PUBLIC = new Set([
      'register',
      'verifyEmail',
      'resendVerification',
      'login',
      'requestPasswordRecovery',
      'resetPassword',
      'listDevMailbox',
      'listDevWhatsappOutbox',
      'health',
      'ready',
      'metrics',
      'uploadFile',
      'getFile',
      'validateQuizPin',
      'getSurveyBrand',
      'listAppServices',
      'getPublicClientArea',
      'requestPatientCode',
      'createPatientSession',
      'verifyWhatsAppWebhook',
    ]);
    // The gateway's webhook carries the gateway's own token, never a session.
    const GATEWAY = new Set(['receiveGatewayWebhook']);
    // WhatsApp's webhook carries Meta's signature of its body.
    const WHATSAPP = new Set(['receiveWhatsAppWebhook']);
    // The patient's survey calls carry the survey token (from the PIN), never the professional's.
    const SURVEY = new Set(['getSurveyState', 'startQuizAnswer', 'saveQuizAnswer']);
    // The patient's corner carries her own session (from the one-time code), never the professional's.
    const PATIENT = new Set(['getPatientCorner', 'openPatientQuiz', 'requestOwnPatientExport']);
    for (const id of Object.keys(ops).filter((o) => !PUBLIC.has(o))) {
      const expected = GATEWAY.has(id)
        ? [{ gatewayWebhookToken: [] }]
        : WHATSAPP.has(id)
          ? [{ whatsappSignature: [] }]
          : PATIENT.has(id)
            ? [{ patientAuth: [] }]
            : SURVEY.has(id)
              ? [{ surveyAuth: [] }]
              : id === 'createSignedUploadUrl'
                ? [{ bearerAuth: [] }, { surveyAuth: [] }]
                : [{ bearerAuth: [] }];
      expect(ops[id]!.security, id).toEqual(expected);
      expect(ops[id]!.responses['401']).toBeDefined();
    }
    expect(ops.validateQuizPin!.security).toBeUndefined();
    expect(ops.listAppServices!.security).toBeUndefined();
    // Everything that can charge, refund or change the card takes a required Idempotency-Key.
    for (const id of ['subscribe', 'cancelSignature', 'refundSignature', 'updateSignatureCreditCard']) {
      const params = (ops[id] as unknown as { parameters: { in: string; name: string; required: boolean }[] })
        .parameters;
      expect(params, id).toContainEqual(
        expect.objectContaining({ in: 'header', name: 'idempotency-key', required: true }),
      );
    }
    expect(Object.keys(ops.login!.responses).sort()).toEqual(['200', '400', '401', '403', '429', '500']);
    expect(ops.login!.responses['200']!.content!['application/json']!.schema.$ref).toBe(
      '#/components/schemas/LoginResponse',
    );
    expect(ops.getMe!.responses['200']!.content!['application/json']!.schema.$ref).toBe(
      '#/components/schemas/Professional',
    );
    const importBody = (
      ops.importPatients as unknown as {
        requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
      }
    ).requestBody;
    expect(Object.keys(importBody.content)).toEqual(['multipart/form-data']);
    expect(importBody.content['multipart/form-data']!.schema.properties.file).toMatchObject({
      type: 'string',
      format: 'binary',
    });
  });

  it('names the shared schemas and lists every error code', async () => {
    const d = await doc();
    for (const name of [
      'Professional',
      'Signature',
      'LoginResponse',
      'ErrorResponse',
      'ErrorCode',
      'ValidationIssue',
      'MailboxMessage',
      'Category',
      'Question',
      'QuestionPage',
      'QuestionType',
      'QuestionConfig',
      'MultipleChoiceConfig',
      'LinearScaleConfig',
      'LikertScaleConfig',
      'FreeFieldConfig',
      'FileUploadConfig',
      'MetricsConfig',
      'Quiz',
      'QuizDetail',
      'QuizPage',
      'QuizFolder',
      'ChosenQuestion',
      'QuizPatientPage',
      'Appearance',
      'ColorScheme',
      'ResolvedAppearance',
      'SignedUrlResponse',
      'UploadResult',
      'Patient',
      'PatientPage',
      'PatientPreferences',
      'PatientCurrentService',
      'PatientTotals',
      'PatientImportResult',
      'PatientImportError',
      'DeletePatientResult',
      'DeletePatientsResult',
      'PatientQuizPage',
      'ChatMessagePage',
      'Service',
      'ServiceModality',
      'Sale',
      'SalePage',
      'PaymentMethod',
      'SaleStatus',
      'Invoice',
      'InvoiceServiceLine',
      'QuizSchedule',
      'QuizScheduleDetail',
      'QuizSchedulePage',
      'AnswerRequest',
      'AnswerRequestStatus',
      'Periodicity',
      'RepublishResult',
      'UnconfirmedRequestPage',
      'TemplateMessage',
      'TemplateVariable',
      'SurveyToken',
      'SurveyState',
      'SurveyBrand',
      'SurveyQuestion',
      'SurveySubQuestion',
      'SurveyAnswer',
      'QuizAnswerProgress',
      'AnswerValue',
      'AnswerRevision',
      'AnswerRevisionPage',
      'AnswerRevisionDetail',
      'AnswerRevisionDetailPage',
      'RevisionStatus',
      'RevisionAnswer',
      'RevisionSubAnswer',
      'RevisionFile',
      'PreviousAnswer',
      'RevisionNote',
      'PatientSeries',
      'AnswerSeries',
      'SeriesPoint',
      'DelayedRequest',
      'DelayedRequestPage',
      'StatusReport',
      'StatusBucket',
      'StatusCounts',
      'QuizStatusCounts',
      'Notification',
      'NotificationPage',
      'NotificationType',
      'NotificationSetting',
      'NotificationSettings',
      'QuietHours',
      'PublicEvent',
      'WebhookEndpoint',
      'WebhookEndpointWithSecret',
      'WebhookEventType',
      'WebhookResponse',
      'WebhookResponsePage',
      'WebhookQueued',
      'AppService',
      'AppServiceList',
      'PlanId',
      'SignatureDetail',
      'SignatureCard',
      'Charge',
      'ChargeStatus',
      'ChargeReceipt',
      'ChargeHistory',
      'GatewayWebhookAck',
      'ClientAreaConfig',
      'ClientAreaFolder',
      'ClientAreaColorScheme',
      'ClientAreaColorMode',
      'PublicClientArea',
    ]) {
      expect(d.components.schemas[name], name).toBeDefined();
    }
    // Named schemas used in request bodies also appear as `<Name>Input`; every one has its output twin.
    for (const k of Object.keys(d.components.schemas).filter((k) => k.endsWith('Input'))) {
      expect(d.components.schemas[k.slice(0, -'Input'.length)], k).toBeDefined();
    }
    for (const k of ['Professional', 'Quiz', 'Category', 'Appearance', 'Question', 'Patient', 'Service', 'Sale'])
      expect(d.components.schemas[`${k}Input`], k).toBeUndefined();
    expect(d.components.schemas.ErrorCode!.enum).toEqual([...ERROR_CODES]);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of SPEC_CODES) expect(ERROR_CODES).toContain(code);
    const ADDITIONS = [
      'WHATSAPP_TEMPLATE_REQUIRED',
      'NOT_READY',
      'INVALID_VERIFICATION_CODE',
      'TOO_MANY_ATTEMPTS',
      'METHOD_NOT_ALLOWED',
      'PAYLOAD_TOO_LARGE',
      'URI_TOO_LONG',
      'UNSUPPORTED_MEDIA_TYPE',
      'STORAGE_QUOTA_EXCEEDED',
      'INTERNAL_ERROR',
      'CATEGORY_HAS_QUESTIONS',
      'PATIENT_DOCUMENT_ALREADY_EXISTS',
      'PATIENT_NOT_ACTIVE',
      'SERVICE_NOT_ACTIVE',
      'PIN_LOCKED',
      'QUIZ_NOT_ACTIVE',
      'BULK_PROCESS_IN_PROGRESS',
      'ACCOUNT_EXPIRED',
      'DATA_EXPORT_NOT_FOUND',
      'PATIENT_CONTACT_MISSING',
    ];
    for (const code of ADDITIONS) expect(ERROR_CODES).toContain(code);
    expect(ERROR_CODES.length).toBe(SPEC_CODES.length + ADDITIONS.length);
  });

  it('documents what webhook endpoints receive: one message per event of the catalogue, signed', async () => {
    const d = (await doc()) as unknown as { webhooks: Record<string, any> };
    expect(Object.keys(d.webhooks).sort()).toEqual([...EVENT_TYPES, 'webhook.test'].sort());
    for (const [type, item] of Object.entries(d.webhooks)) {
      expect(
        item.post.parameters.map((h: { name: string }) => h.name),
        type,
      ).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
      const body = item.post.requestBody.content['application/json'].schema;
      expect(body.properties.type.enum, type).toEqual([type]);
      expect(body.required).toEqual(['type', 'timestamp', 'data']);
    }
    const finished = d.webhooks['quiz_answer.finished'].post.requestBody.content['application/json'].schema;
    expect(finished.properties.data.required).toEqual(expect.arrayContaining(['quizAnswerId', 'patientName']));
    expect(finished.properties.data.properties.answers.description).toMatch(/rich payloads/);
    expect(d.webhooks['patient.created'].post.summary).toBe('Cliente cadastrado (Clientes)');
  });

  it('names every field an operation accepts in Portuguese, for the refusals that name it', async () => {
    const d = await doc();
    const schemas = d.components.schemas as Record<string, Record<string, unknown>>;
    const names = new Set<string>();
    const seen = new Set<unknown>();
    const walk = (s: unknown): void => {
      if (!s || typeof s !== 'object' || seen.has(s)) return;
      seen.add(s);
      const node = s as Record<string, unknown>;
      if (typeof node.$ref === 'string') return walk(schemas[node.$ref.split('/').pop()!]);
      for (const [k, v] of Object.entries((node.properties ?? {}) as Record<string, unknown>)) {
        names.add(k);
        walk(v);
      }
      for (const k of ['items', 'additionalProperties']) walk(node[k]);
      for (const k of ['anyOf', 'oneOf', 'allOf']) for (const x of (node[k] ?? []) as unknown[]) walk(x);
    };
    for (const ops of Object.values(d.paths))
      for (const op of Object.values(ops) as (Op & {
        parameters?: { name: string }[];
        requestBody?: { content?: Record<string, { schema?: unknown }> };
      })[]) {
        for (const p of op.parameters ?? []) names.add(p.name);
        walk(op.requestBody?.content?.['application/json']?.schema);
      }
    expect([...names].filter((n) => !FIELD_LABELS[n]).sort()).toEqual([]);
  });

  it('links every create answer to operations that exist, with parameters they take', async () => {
    const d = await doc();
    type Operation = {
      operationId: string;
      parameters?: { name: string; in: string }[];
      requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown>; $ref?: string } }> };
      responses?: Record<string, { links?: Record<string, Record<string, any>> }>;
    };
    const schemas = d.components.schemas as Record<string, { properties?: Record<string, unknown> }>;
    const ops = new Map<string, Operation>();
    for (const methods of Object.values(d.paths))
      for (const op of Object.values(methods) as Operation[]) ops.set(op.operationId, op);
    const problems: string[] = [];
    let links = 0;
    for (const op of ops.values())
      for (const [status, answer] of Object.entries(op.responses ?? {}))
        for (const [name, link] of Object.entries(answer.links ?? {})) {
          links++;
          const where = `${op.operationId} ${status} → ${name}`;
          if (status !== '201' && status !== '202') problems.push(`${where}: links only on a create's 201/202`);
          const target = ops.get(link.operationId);
          if (!target) {
            problems.push(`${where}: no operation ${link.operationId}`);
            continue;
          }
          const takes = new Set((target.parameters ?? []).map((p) => p.name));
          for (const p of Object.keys(link.parameters ?? {}))
            if (!takes.has(p)) problems.push(`${where}: ${link.operationId} takes no parameter ${p}`);
          // Every path parameter of the target is filled by the link.
          for (const p of (target.parameters ?? []).filter((x) => x.in === 'path'))
            if (!(p.name in (link.parameters ?? {}))) problems.push(`${where}: path parameter ${p.name} left out`);
          let body = target.requestBody?.content?.['application/json']?.schema;
          if (body?.$ref) body = schemas[body.$ref.split('/').pop()!];
          for (const p of Object.keys(link.requestBody ?? {}))
            if (!body?.properties?.[p]) problems.push(`${where}: ${link.operationId}'s body has no ${p}`);
          // A $request.path.X expression names a path parameter of the create operation itself.
          for (const expr of [...Object.values(link.parameters ?? {}), ...Object.values(link.requestBody ?? {})]) {
            const m = /^\$request\.path\.(\w+)$/.exec(String(expr));
            if (m && !(op.parameters ?? []).some((p) => p.in === 'path' && p.name === m[1]))
              problems.push(`${where}: ${op.operationId} has no path parameter ${m[1]}`);
          }
        }
    expect(problems).toEqual([]);
    expect(links).toBeGreaterThan(40);
    expect(Object.keys(ops.get('createQuizSchedule')?.responses?.['201']?.links ?? {})).toContain('requestQuizNow');
  });

  it('states the input guard: every free request string carries its control-character pattern, no answer does', async () => {
    const d = await doc();
    const text = JSON.stringify(d);
    const schemas = d.components.schemas as Record<string, unknown>;
    const missing: string[] = [];
    const seen = new Set<unknown>();
    const walk = (s: unknown, where: string): void => {
      if (!s || typeof s !== 'object' || seen.has(s)) return;
      seen.add(s);
      const node = s as Record<string, any>;
      if (typeof node.$ref === 'string') return walk(schemas[node.$ref.split('/').pop()!], node.$ref);
      const types = Array.isArray(node.type) ? node.type : [node.type];
      if (types.includes('string') && !node.enum && node.const === undefined && !node.format && !node.pattern)
        missing.push(where);
      for (const [k, v] of Object.entries((node.properties ?? {}) as Record<string, unknown>)) walk(v, `${where}.${k}`);
      for (const k of ['items', 'additionalProperties']) walk(node[k], `${where}[${k}]`);
      for (const k of ['anyOf', 'oneOf', 'allOf']) for (const x of (node[k] ?? []) as unknown[]) walk(x, where);
    };
    for (const [path, methods] of Object.entries(d.paths))
      for (const op of Object.values(methods) as Record<string, any>[]) {
        for (const p of op.parameters ?? []) walk(p.schema, `${op.operationId} ${p.in} ${p.name}`);
        walk(op.requestBody?.content?.['application/json']?.schema, `${op.operationId} body (${path})`);
      }
    expect(missing).toEqual([]);
    // The multi-line fields allow tab and line breaks; answers carry no pattern of the guard.
    expect(text).toContain(JSON.stringify(MULTILINE_PATTERN));
    for (const [name, schema] of Object.entries(schemas))
      if (!name.endsWith('Input'))
        expect(JSON.stringify(schema), name).not.toContain(JSON.stringify(SINGLE_LINE_PATTERN));
  });

  it('says where the server trims text, and that a required text must not be blank', async () => {
    const d = await doc();
    const note = (d.paths['/answer-revision/{id}/note']!.post as any).requestBody.content['application/json'].schema
      .properties.note;
    expect(note.description).toContain('Leading and trailing spaces are removed before the length limits are checked.');
    expect(note.allOf).toContainEqual({ type: 'string', maxLength: 2000, pattern: '\\S' });
    expect(JSON.stringify(d)).not.toContain('x-trimmed');
    // A minimum above one is what must be left after trimming: a pattern that counts from the first non-space
    // character to the last (N of them pass, N − 1 between spaces do not).
    const trimmed: { minLength: number; pattern: string }[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== 'object') return;
      const s = node as Record<string, any>;
      if (
        typeof s.description === 'string' &&
        s.description.includes('Leading and trailing spaces') &&
        s.minLength >= 2
      )
        trimmed.push({
          minLength: s.minLength,
          pattern: s.allOf?.find((a: any) => String(a.pattern).startsWith('^\\s*\\S'))?.pattern,
        });
      Object.values(s).forEach(walk);
    };
    walk(d);
    expect(trimmed.length).toBeGreaterThan(0);
    for (const { minLength, pattern } of trimmed) {
      const re = new RegExp(pattern);
      expect(re.test('a'.repeat(minLength)), pattern).toBe(true);
      expect(re.test(` ${'a'.repeat(minLength - 1)}  `), pattern).toBe(false);
      expect(re.test(` a${' '.repeat(minLength)}b `), pattern).toBe(true);
    }
  });

  it('is deterministic', async () => {
    expect(JSON.stringify(await doc())).toBe(JSON.stringify(await doc()));
  });
});
