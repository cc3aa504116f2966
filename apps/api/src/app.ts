import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountRoutes } from './account/routes.js';
import { answerRevisionRoutes } from './answer-revision/routes.js';
import { appearanceRoutes } from './appearance/routes.js';
import { clientAreaRoutes, publicClientAreaRoutes } from './client-area/routes.js';
import { patientAreaRoutes } from './patient-area/routes.js';
import { dataExportRoutes } from './data-export/routes.js';
import { messagingRoutes, whatsappWebhookRoutes } from './messaging/routes.js';
import { TokenService } from './session/tokens.js';
import { authRoutes } from './auth/routes.js';
import { categoryRoutes } from './category/routes.js';
import { chatRoutes } from './chat/routes.js';
import { resolveConfig, type ConfigOverrides } from './config.js';
import type { AppContext } from './context.js';
import type { Db } from './db/client.js';
import { devRoutes } from './dev/routes.js';
import { AppError } from './errors/app-error.js';
import {
  frameworkError,
  installErrorHandler,
  notFoundOrMethodNotAllowed,
  refuseWrongMethodOnFixedPath,
  RouteTable,
  sendError,
} from './errors/handler.js';
import { FileAccess, registerFileLinks } from './file/access.js';
import { registerAccessLog } from './access/log.js';
import { accessRoutes } from './access/routes.js';
import { fileRoutes } from './file/routes.js';
import { createFileStores } from './file/stores.js';
import { healthRoutes } from './health/routes.js';
import { docsRoutes } from './docs/routes.js';
import { registerMetrics } from './health/metrics.js';
import { databaseChecks, type ReadyCheck } from './health/ready.js';
import { controlCharacterIssues } from './lib/input-guard.js';
import { loggerOptions, RequestLog } from './http/logging.js';
import { BASELINE_HEADERS, registerSecurityHeaders } from './http/security-headers.js';
import { createDevMailbox, type Mailer } from './mail/mailer.js';
import { pruneOpenApi, requestSchemaOverride } from './openapi.js';
import { describeIssue } from './errors/validation-messages.js';
import { gatewayStandinRoutes, STANDIN_PREFIX } from './payment/standin/routes.js';
import type { PaymentGateway } from './payment/gateway/port.js';
import { paymentRoutes } from './payment/routes.js';
import { createGatewayFor, injectFetch, usesGatewayStandin, type GatewayOverrides } from './payment/standin/wiring.js';
import { professionalRoutes } from './professional/routes.js';
import { patientRoutes } from './patient/routes.js';
import { questionRoutes } from './question/routes.js';
import { quizRoutes } from './quiz/routes.js';
import { saleRoutes } from './sale/routes.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { serviceRoutes } from './offering/routes.js';
import { scheduleRoutes } from './schedule/routes.js';
import { bulkRoutes } from './bulk/routes.js';
import { quizAnswerRoutes } from './quiz-answer/routes.js';
import { eventRoutes } from './webhook/public-events.js';
import { notificationRoutes } from './notifications/routes.js';
import { webhookRoutes } from './webhook/routes.js';
import { readSurveyIndex, registerSpas, trySpaFallback, type SpaOptions } from './static/spa.js';
import { servePublicPage } from './client-area/page.js';
import { serveSurveyPage } from './quiz-answer/page.js';
import { SummaryCache } from './lib/summary-cache.js';

// Validation messages: our catalogue's sentences, naming the field and its limit (errors/validation-messages.ts).
z.config({ customError: describeIssue });

export const API_PREFIX = '/api';

export interface AppDeps {
  /** Omit only to build the app for OpenAPI generation: any query then fails with 500. */
  db?: Db;
  /** Defaults to the dev mailbox on `db`. */
  mailer?: Mailer;
  config?: ConfigOverrides;
  /** Where the log goes (tests read it; main.ts: the text lines on a terminal); defaults to stdout's JSON when `config.logger` is on. */
  logStream?: NodeJS.WritableStream;
  /** Serve the built SPAs (production). */
  spa?: SpaOptions;
  /** The proxies in front of the API (a hop count or addresses/CIDRs, see trustProxyFromEnv), so request.ip is the client's. */
  trustProxy?: number | string;
  /** Options of the app's gateway adapter (tests: shorter timeouts). */
  gateway?: GatewayOverrides;
  /** Readiness checks beyond the database and migrations (main.ts: the queue, in a jobs process). */
  readyChecks?: ReadyCheck[];
}

export const API_VERSION = '0.1.0';

/** The document's request schemas: zod's, with the input guard's control-character rule stated (openapi.ts). */
const requestTransform = createJsonSchemaTransform({ zodToJsonConfig: { override: requestSchemaOverride } });
const requestTransformObject = createJsonSchemaTransformObject({
  zodToJsonConfig: { override: requestSchemaOverride },
});

export function buildApp(deps: AppDeps = {}): FastifyInstance {
  const config = resolveConfig(deps.config);
  const app = Fastify({
    logger: config.logger || deps.logStream ? loggerOptions(process.env.LOG_LEVEL ?? 'info', deps.logStream) : false,
    // One line per API request; the SPAs' files and pages only when they fail (http/logging.ts).
    logController: new RequestLog(),
    // A hop count is supported at run time (getTrustProxyFn in fastify/lib/request.js) though its types leave numbers out.
    trustProxy: (deps.trustProxy ?? false) as string | boolean,
    bodyLimit: 1024 * 1024,
    // Signed upload tokens travel as one path segment (PUT /api/file/upload/{token}).
    routerOptions: { maxParamLength: 1000 },
    // A bad URL or an over-long path segment, refused by the router before any route: in the error model too.
    frameworkErrors: (error, _request, reply) =>
      sendError(
        reply.headers(BASELINE_HEADERS) as never,
        frameworkError(error.code) ?? new AppError(400, 'WRONG_COMMAND_PARAMETERS', 'Requisição inválida.'),
      ),
  }).withTypeProvider<ZodTypeProvider>();
  // Every input first passes the shared control-character rule (lib/input-guard.ts), then its route's schema.
  app.setValidatorCompiler((route) => {
    const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    return (data: unknown) => {
      const issues = controlCharacterIssues(route.schema as z.ZodType, data);
      if (issues.length > 0) {
        return {
          error: issues.map((i) => ({
            keyword: 'control_character',
            instancePath: `/${i.path.join('/')}`,
            message: i.message,
          })) as never,
        };
      }
      return validate(data);
    };
  });

  const getDb = (): Db => {
    if (!deps.db) throw new Error('This app instance has no database (built for OpenAPI generation).');
    return deps.db;
  };
  const noMailer: Mailer = {
    kind: 'smtp',
    async send() {
      throw new Error('No mailer configured');
    },
  };
  const mailer = deps.mailer ?? (deps.db ? createDevMailbox(deps.db) : noMailer);
  const files = new FileAccess(getDb, config);
  let gateway: Promise<PaymentGateway> | undefined;
  const ctx: AppContext = {
    get db() {
      return getDb();
    },
    mailer,
    config,
    tokens: new TokenService(getDb, config),
    files,
    summaries: new SummaryCache(config.summaryCache),
    storage: createFileStores(getDb, config),
    gateway: () => {
      // The stand-in with no address of its own (tests, a process that does not listen) is reached in-process.
      const inProcess = usesGatewayStandin(config) && !config.gatewayStandin.selfUrl;
      gateway ??= createGatewayFor(ctx, {
        ...(inProcess && { fetch: injectFetch(app as unknown as FastifyInstance) }),
        ...deps.gateway,
      }).catch((err: unknown) => {
        gateway = undefined;
        throw err;
      });
      return gateway;
    },
  };
  if (deps.db) registerFileLinks(app as unknown as FastifyInstance, files, config);
  else app.setSerializerCompiler(serializerCompiler);
  // Every read of a patient's health data through a professional's session is recorded before it is sent.
  if (deps.db) registerAccessLog(app as unknown as FastifyInstance, getDb);
  const metrics = deps.db ? registerMetrics(app as unknown as FastifyInstance, getDb) : undefined;
  const readyChecks = deps.db ? [...databaseChecks(getDb), ...(deps.readyChecks ?? [])] : [];

  const routes = new RouteTable();
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(API_PREFIX)) routes.add(route.method, route.url);
  });
  app.addHook('onRequest', refuseWrongMethodOnFixedPath(routes));

  installErrorHandler(app);
  registerSecurityHeaders(app as unknown as FastifyInstance, config);

  app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Acompanha API',
        version: API_VERSION,
        description:
          'API of Acompanha, the SaaS for nutritionists. Every error answers ' +
          '`{ statusCode, application_error_code, message, details? }` (see ErrorResponse and ErrorCode).',
      },
      // One public API: the portal and survey of every professional, and her integrations, use it.
      servers: [
        { url: API_PREFIX, description: 'This deployment (production, or local development)', 'x-internal': false } as {
          url: string;
        },
      ],
      tags: [
        { name: 'auth', description: 'Sign-up, e-mail verification, sign-in and sign-out' },
        { name: 'account', description: 'Password recovery' },
        { name: 'professional', description: "The signed-in professional's profile" },
        { name: 'category', description: 'Question categories (own and the default ones)' },
        { name: 'question', description: 'The question bank and the starter library' },
        { name: 'quiz', description: 'Quizzes and their flowchart' },
        { name: 'appearance', description: 'Quiz appearances (colour schemes)' },
        { name: 'client-area', description: "The professional's client area and public page" },
        { name: 'patient-area', description: "The patient's corner of a client area" },
        { name: 'patient', description: "The professional's patients (clientes), import and LGPD deletion" },
        { name: 'service', description: 'Services sold by the professional and the invoice of a period' },
        { name: 'sale', description: 'Sales of services to patients, refunds' },
        { name: 'chat', description: 'Messages sent to patients' },
        { name: 'schedule', description: 'Quiz schedules (recurrences), answer requests and their delivery' },
        { name: 'bulk', description: 'Scheduling many patients at once, in the background' },
        {
          name: 'quiz-answer',
          description: "The patient's survey: PIN, progress and answers (survey token, not the professional's)",
        },
        {
          name: 'answer-revision',
          description:
            'Review of finished answers (approve, notes), series over time, delayed requests, reports and export',
        },
        { name: 'payment', description: "The professional's subscription (assinatura): plans, card, charges" },
        { name: 'file', description: 'Signed uploads and file serving' },
        { name: 'dev', description: 'Development helpers' },
        { name: 'health', description: 'Probes' },
      ],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              "The professional's session from POST /auth/login: an HS256 JWT following RFC8725 (the algorithm is fixed, never read " +
              'from the token; exp, sub and jti are required, and the jti must be a live, unrevoked session).',
          },
          surveyAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'Survey token from POST /quiz-answer/validate-pin (one quiz schedule, 2 hours): an HS256 JWT following RFC8725 ' +
              '(fixed algorithm, required exp and audience).',
          },
          patientAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              "The patient's session from POST /patient-area/{alias}/session (her corner of one client area, 30 minutes): an " +
              'HS256 JWT following RFC8725 (fixed algorithm, required exp and audience).',
          },
          whatsappSignature: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Hub-Signature-256',
            description:
              "WhatsApp's webhook: sha256=<HMAC-SHA256 of the raw body with the app secret>, compared in constant time.",
          },
          gatewayWebhookToken: {
            type: 'apiKey',
            in: 'header',
            name: 'asaas-access-token',
            description:
              'The payment gateway’s webhook token (Asaas sends the token configured on its webhook), compared in constant time.',
          },
          operatorBearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The operator token as a bearer token (how Prometheus sends a scrape credential): /metrics only.',
          },
          operatorToken: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Operator-Token',
            description:
              'The operator credential printed by the server at start (or OPERATOR_TOKEN): development mailbox and outbox only.',
          },
        },
      },
    },
    transform: (doc) => {
      if (!doc.url.startsWith(`${API_PREFIX}/`)) return { schema: { ...doc.schema, hide: true }, url: doc.url };
      // Responses as the library writes them; requests with the input guard's rule stated (openapi.ts).
      const out = jsonSchemaTransform(doc);
      const inputs = requestTransform(doc).schema as Record<string, unknown>;
      const schema = { ...(out.schema as Record<string, unknown>) };
      for (const part of ['body', 'querystring', 'params', 'headers'])
        if (inputs[part] !== undefined) schema[part] = inputs[part];
      return { ...out, schema: schema as never, url: out.url.slice(API_PREFIX.length) || '/' };
    },
    transformObject: (doc) => {
      const out = jsonSchemaTransformObject(doc) as Record<string, unknown> & {
        components?: { schemas?: Record<string, unknown> };
      };
      const inputs = (requestTransformObject(doc) as typeof out).components?.schemas ?? {};
      for (const [name, schema] of Object.entries(inputs))
        if (name.endsWith('Input') && out.components?.schemas) out.components.schemas[name] = schema;
      return pruneOpenApi(out) as never;
    },
  });

  app.register(
    async (api) => {
      api.setNotFoundHandler((request, reply) => notFoundOrMethodNotAllowed(routes, request, reply));
      await api.register(docsRoutes());
      await api.register(healthRoutes(ctx, { checks: readyChecks, ...(metrics ? { metrics } : {}) }));
      await api.register(authRoutes(ctx));
      await api.register(accountRoutes(ctx));
      await api.register(professionalRoutes(ctx));
      await api.register(clientAreaRoutes(ctx));
      await api.register(publicClientAreaRoutes(ctx));
      await api.register(patientAreaRoutes(ctx));
      await api.register(dataExportRoutes(ctx));
      await api.register(categoryRoutes(ctx));
      await api.register(questionRoutes(ctx));
      await api.register(appearanceRoutes(ctx));
      await api.register(quizRoutes(ctx));
      await api.register(patientRoutes(ctx));
      await api.register(accessRoutes(ctx));
      await api.register(serviceRoutes(ctx));
      await api.register(saleRoutes(ctx));
      await api.register(chatRoutes(ctx));
      await api.register(messagingRoutes(ctx));
      await api.register(whatsappWebhookRoutes(ctx));
      await api.register(dashboardRoutes(ctx));
      await api.register(notificationRoutes(ctx));
      await api.register(eventRoutes(ctx));
      await api.register(webhookRoutes(ctx));
      await api.register(scheduleRoutes(ctx));
      await api.register(bulkRoutes(ctx));
      await api.register(quizAnswerRoutes(ctx));
      await api.register(answerRevisionRoutes(ctx));
      await api.register(fileRoutes(ctx));
      await api.register(paymentRoutes(ctx));
      await api.register(devRoutes(ctx));
      // The local stand-in of Asaas: only without an Asaas account (hidden from the OpenAPI document).
      if (usesGatewayStandin(config)) await api.register(gatewayStandinRoutes(ctx), { prefix: STANDIN_PREFIX });
    },
    { prefix: API_PREFIX },
  );

  const spa = deps.spa;
  if (spa) app.register(async (root) => registerSpas(root, spa));

  app.setNotFoundHandler(async (request, reply) => {
    // The professional's public page (and the patient's corner under it): the survey app with its head filled in.
    if (spa && request.method === 'GET') {
      const pathname = request.url.split('?')[0] ?? '/';
      if (await servePublicPage(ctx, pathname, () => readSurveyIndex(spa), reply)) return reply;
      // A survey link: the app with who sent it inlined, so the PIN screen needs no round trip first.
      if (await serveSurveyPage(ctx, pathname, () => readSurveyIndex(spa), reply)) return reply;
    }
    if (spa && (await trySpaFallback(spa, request, reply))) return reply;
    return sendError(reply, new AppError(404, 'NOT_FOUND', 'Página não encontrada.'));
  });

  return app;
}

/** The OpenAPI document (paths without the /api prefix). */
export async function openApiDocument(app: FastifyInstance): Promise<Record<string, unknown>> {
  await app.ready();
  return app.swagger() as unknown as Record<string, unknown>;
}
