/**
 * Production start: embedded PGlite (or DATABASE_URL), migrations, demo seed, the API under /api
 * and the built SPAs on one port.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { configFromEnv, REPO_ROOT, resolveConfig, trustProxyFromEnv } from './config.js';
import { connectDatabase, startEmbeddedDatabase, type DatabaseHandle, type EmbeddedDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { lockDataDir } from './db/lock.js';
import { createMailer } from './mail/mailer.js';
import { startDeliveryWorker, type DeliveryWorker } from './delivery/worker.js';
import { startEventDispatcher, type EventDispatcher } from './events/dispatcher.js';
import { eventListeners } from './event-listeners.js';
import { startWebhookDeliverer, type WebhookDeliverer } from './webhook/deliverer.js';
import { startStandinGateway, standinWebhookUrl, type StandinGateway } from './payment/standin/gateway.js';
import { STANDIN_PATH } from './payment/standin/routes.js';
import { createGatewayFor, usesGatewayStandin } from './payment/standin/wiring.js';
import { startReconciliation } from './payment/reconcile.js';
import { startExpirySweep } from './payment/expiry.js';
import { startRenewalRetries } from './payment/renewal.js';
import { startMessageSender } from './messaging/sender.js';
import { startHousekeeping } from './housekeeping.js';
import { startExportWorker } from './data-export/job.js';
import { createFileStores } from './file/stores.js';
import { listenForNotifications } from './notifications/live.js';
import { createWhatsAppProvider, whatsappCloudConfigFromEnv } from './delivery/whatsapp.js';
import { seedLibrary } from './question/library.js';
import { DEMO_CREDENTIALS, seedIfEmpty } from './seed.js';
import { logFormatFrom, textLogStream } from './http/logging.js';
import { startBackupEndpoint } from './backup/endpoint.js';
import { encryptionFromEnv } from './backup/keys.js';
import { parseSchedule, startBackupSchedule, type BackupScheduler } from './backup/schedule.js';

async function main(): Promise<void> {
  // Short lines for a person at a terminal, JSON for anything else (LOG_FORMAT decides when set).
  const logFormat = logFormatFrom(process.env.LOG_FORMAT, process.stdout.isTTY === true);
  const env = configFromEnv();
  const trustProxy = trustProxyFromEnv(process.env.TRUST_PROXY);
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
  fs.mkdirSync(dataDir, { recursive: true });

  let embedded: EmbeddedDatabase | undefined;
  let unlock = () => {};
  let database: DatabaseHandle;
  if (process.env.DATABASE_URL) {
    database = connectDatabase(process.env.DATABASE_URL, { max: Number(process.env.DATABASE_POOL_MAX ?? 10) });
  } else {
    unlock = lockDataDir(dataDir);
    process.once('exit', unlock);
    embedded = await startEmbeddedDatabase(path.join(dataDir, 'pglite'));
    database = connectDatabase(embedded.connectionString, { max: embedded.maxConnections });
  }

  await runMigrations(database.pool);
  const { port, host, ...overrides } = env;
  const config = resolveConfig(overrides);
  // The starter library (default categories and questions) is upserted on every start.
  await seedLibrary(database.db);
  const seeded = await seedIfEmpty(database.db, config);
  // PGlite runs no autovacuum: planner statistics are refreshed at every start (a second or less).
  if (embedded) await database.pool.query('ANALYZE');

  const mailer = createMailer(database.db, process.env);
  const jobs = process.env.JOBS !== 'off';
  const app = buildApp({
    // A jobs process is ready only while pg-boss's schema answers (its queues live there).
    ...(jobs
      ? {
          readyChecks: [
            {
              name: 'queue',
              async check() {
                await database.pool.query('SELECT 1 FROM pgboss.version');
              },
            },
          ],
        }
      : {}),
    db: database.db,
    mailer,
    config: overrides,
    trustProxy,
    ...(logFormat === 'text' ? { logStream: textLogStream(process.stdout) } : {}),
    spa: {
      portalDir: path.join(REPO_ROOT, 'apps/portal/dist'),
      surveyDir: path.join(REPO_ROOT, 'apps/survey/dist'),
    },
  });

  // Quiz delivery runs in this process unless JOBS=off (then run it elsewhere on the same database).
  let worker: DeliveryWorker | undefined;
  let dispatcher: EventDispatcher | undefined;
  let webhookDeliverer: WebhookDeliverer | undefined;
  let gatewayStandin: StandinGateway | undefined;
  let stopExpirySweep: (() => void) | undefined;
  let stopReconciliation: (() => void) | undefined;
  let stopRenewalRetries: (() => void) | undefined;
  let stopMessageSender: (() => void) | undefined;
  let stopHousekeeping: (() => void) | undefined;
  let stopExportWorker: (() => void) | undefined;
  let backups: BackupScheduler | undefined;
  if (jobs) {
    worker = await startDeliveryWorker({ db: database.db, pool: database.pool, config, mailer, log: app.log });
    dispatcher = await startEventDispatcher({
      db: database.db,
      pool: database.pool,
      config,
      log: app.log,
      listeners: eventListeners({
        channels: { mailer, whatsapp: createWhatsAppProvider(database.db), publicUrl: config.publicUrl },
        log: app.log,
      }),
    });
    webhookDeliverer = startWebhookDeliverer({ db: database.db, config, log: app.log });
    // Without an Asaas account, the local stand-in's renewals, settlements and webhooks run here.
    if (usesGatewayStandin(config)) gatewayStandin = startStandinGateway({ db: database.db, config, log: app.log });
    // Trials, past-due and cancelled subscriptions whose time is up become expired (subscription.expired).
    stopExpirySweep = startExpirySweep(database.db, config.now, app.log);
    // Daily, the gateway's own record of every subscription (webhooks can be lost).
    stopReconciliation = startReconciliation({
      db: database.db,
      gateway: () => createGatewayFor({ db: database.db, config }),
      now: config.now,
      log: app.log,
    });
    // Expired alias redirects, old patient sign-in codes, data exports past their seven days and what is past its
    // retention period leave.
    const fileStore = createFileStores(() => database.db, config).store;
    stopHousekeeping = startHousekeeping(database.db, config.now, app.log, {
      store: fileStore,
      accessLogRetentionYears: config.accessLogRetentionYears,
    });
    // Data exports (a client's whole record, "Exportar tudo", a patient's own copy), built as ZIPs.
    stopExportWorker = startExportWorker({ db: database.db, config, mailer, store: fileStore, log: app.log });
    // Scheduled backups into BACKUP_DIR (off without it), verified, pruned to 7 daily + 4 weekly.
    if (process.env.BACKUP_DIR) {
      backups = startBackupSchedule({
        pool: database.pool,
        mailer,
        dir: path.resolve(process.env.BACKUP_DIR),
        times: parseSchedule(process.env.BACKUP_SCHEDULE),
        encryption: () => encryptionFromEnv(process.env),
        database: embedded ? 'pglite' : 'postgresql',
        uploadsDir: config.s3 ? undefined : config.uploadsDir,
        s3Bucket: config.s3?.bucket,
        operatorEmail: process.env.OPERATOR_EMAIL,
        now: config.now,
        log: app.log,
      });
    }
    // Messages composed in /clients/messaging, sent when due.
    stopMessageSender = startMessageSender({
      db: database.db,
      mailer,
      whatsapp: createWhatsAppProvider(database.db),
      now: config.now,
      log: app.log,
    });
    // Refused renewals are tried again on the card 1, 3 and 5 days later (Asaas does not retry them).
    stopRenewalRetries = startRenewalRetries(
      { db: database.db, gateway: () => createGatewayFor({ db: database.db, config }), now: config.now },
      app.log,
    );
  }
  // `pnpm backup` on the embedded database while this server runs asks it for the snapshot (backup/endpoint.ts).
  const stopBackupEndpoint = embedded
    ? await startBackupEndpoint({ pool: database.pool, dataDir, uploadsDir: config.uploadsDir, log: app.log }).catch(
        (err: unknown) => {
          app.log.warn({ err }, 'backup endpoint not started: pnpm backup needs this server stopped');
          return undefined;
        },
      )
    : undefined;
  // On PostgreSQL, every API process hears every other one's notification changes (the portal's live bell).
  const stopListening = process.env.DATABASE_URL
    ? listenForNotifications(process.env.DATABASE_URL, database.db, app.log)
    : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal} received, shutting down…`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      // Webhooks first: no new claims while the rest stops (an attempt cut short is retried by its lease).
      await webhookDeliverer?.stop(3000);
      await worker?.stop(5000);
      await dispatcher?.stop(5000);
      stopExpirySweep?.();
      stopReconciliation?.();
      stopRenewalRetries?.();
      stopMessageSender?.();
      stopHousekeeping?.();
      stopExportWorker?.();
      backups?.stop();
      await stopBackupEndpoint?.();
      await gatewayStandin?.stop(5000);
      await stopListening?.();
      await mailer.close?.();
      await database.close();
      await embedded?.stop();
      unlock();
    } catch (err) {
      console.error(err);
    }
    process.exit(0);
  };
  // `on`, not `once`: a second signal (a supervisor forwarding the terminal's Ctrl-C) must not kill the process
  // halfway through its shutdown.
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port, host });
  const url = config.publicUrl;
  console.log('');
  console.log(`  Acompanha is running at ${url}`);
  console.log(
    `  Database: ${embedded ? `embedded PGlite in ${path.join(dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}`,
  );
  console.log(
    `  Demo login: ${DEMO_CREDENTIALS.email} / ${DEMO_CREDENTIALS.password}${seeded ? ' (just created)' : ''}`,
  );
  const production = process.env.NODE_ENV === 'production';
  if (mailer.kind === 'dev-mailbox') {
    if (production)
      console.log('  WARNING: SMTP_URL is not set, so NO e-mail leaves this server (codes, links, PINs).');
    console.log('  E-mails: printed on this console and kept in the dev mailbox (no SMTP_URL)');
  } else {
    console.log('  E-mails: sent through SMTP_URL');
  }
  console.log(
    `  WhatsApp: ${whatsappCloudConfigFromEnv() ? 'sent through the WhatsApp Cloud API' : 'kept in the outbox, not sent (no WHATSAPP_TOKEN)'}`,
  );
  if (config.operatorToken) {
    console.log(`  Dev mailbox and WhatsApp outbox: GET ${url}/api/dev/mailbox and /api/dev/whatsapp-outbox`);
    console.log(
      `    with the header X-Operator-Token: ${config.operatorToken}${process.env.OPERATOR_TOKEN ? ' (OPERATOR_TOKEN)' : ' (new at every start)'}`,
    );
  } else {
    console.log('  Dev mailbox and WhatsApp outbox over HTTP: off (NODE_ENV=production without OPERATOR_TOKEN)');
  }
  if (config.asaas) {
    console.log(`  Payments: Asaas at ${config.asaas.baseUrl}`);
  } else {
    if (production) console.log('  WARNING: PAYMENTS=standin: payments use the local stand-in (no real charge).');
    console.log(`  Payments: local stand-in of Asaas at ${url}${STANDIN_PATH} (no ASAAS_API_KEY; test cards in`);
    console.log(
      `    apps/api/src/payment/standin/cards.ts), webhooks to ${standinWebhookUrl(config) ?? 'nowhere'}${gatewayStandin ? '' : ' (off: JOBS=off)'}`,
    );
    console.log(
      `    signed with ${process.env.ASAAS_WEBHOOK_TOKEN?.trim() ? 'ASAAS_WEBHOOK_TOKEN' : 'a token generated for this database (set ASAAS_WEBHOOK_TOKEN to choose it)'}`,
    );
  }
  if (trustProxy !== undefined) console.log(`  Trusted proxies: ${trustProxy}`);
  console.log(`  Quiz delivery and events: ${worker ? 'running in this process' : 'off (JOBS=off)'}`);
  console.log(
    `  Scheduled backups: ${backups ? `into ${process.env.BACKUP_DIR}, next at ${backups.next().toISOString()}` : 'off (no BACKUP_DIR; pnpm backup makes one)'}`,
  );
  console.log('');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
