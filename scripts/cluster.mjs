// `pnpm start:cluster`: the product as it runs for many practices, on one machine.
//
//   nginx (Debian's package, unprivileged) on 127.0.0.1:$CLUSTER_PORT, round robin over
//     API A   127.0.0.1:$CLUSTER_PORT+1   JOBS=off
//     API B   127.0.0.1:$CLUSTER_PORT+2   JOBS=off
//   worker    127.0.0.1:$CLUSTER_PORT+3   JOBS on (quiz delivery, events, digests, webhooks…), not behind nginx
//   one PostgreSQL database shared by all three (migrations, JWT_SECRET, rate limits, the dev mailbox).
//
// It builds the apps, prepares the database, starts API A (migrations and the demo seed), then API B, the
// worker and nginx; prints the URL, the processes and the demo login, and writes a state file (JSON: url,
// ports, pids) for tests and the soak. It supervises like systemd's Restart=always: a process that dies is
// started again after a second. Ctrl-C or SIGTERM stops everything (SIGTERM to each, nginx last).
//
// Environment:
//   CLUSTER_PORT         nginx's port (default 4400); the APIs and the worker take the next three
//   CLUSTER_DATABASE     the PostgreSQL database's name (default acompanha_cluster), created when missing
//   CLUSTER_FRESH_DB=1   drop and recreate that database first (the tests do)
//   CLUSTER_ADMIN_URL    a PostgreSQL URL to create it from (default DATABASE_URL, else the local postgres)
//   CLUSTER_SKIP_BUILD=1 skip building the portal, survey and API (already built)
//   CLUSTER_STATE_DIR    nginx's config, temp files and logs, the uploads folder and state.json (default .cluster/)
//   LOG_LEVEL            the API processes' log level (default warn: only problems)
//   OPERATOR_TOKEN       the dev mailbox's X-Operator-Token (default: a new random one, printed)
//   S3_*                 uploads to an S3-compatible store (passed through); without them, a folder all share
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { apiStartArgs, buildApi } from '../apps/api/scripts/production.mjs';

const root = new URL('..', import.meta.url).pathname;
const PORT = Number(process.env.CLUSTER_PORT ?? 4400);
const HOST = '127.0.0.1';
const URL_ = `http://${HOST}:${PORT}`;
const DATABASE = process.env.CLUSTER_DATABASE ?? 'acompanha_cluster';
const ADMIN_URL =
  process.env.CLUSTER_ADMIN_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const STATE_DIR = resolve(process.env.CLUSTER_STATE_DIR ?? join(root, '.cluster'));
const STATE_FILE = join(STATE_DIR, 'state.json');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const OPERATOR_TOKEN = process.env.OPERATOR_TOKEN ?? randomBytes(24).toString('base64url');
const RESTART_DELAY_MS = 1000;

if (!/^[a-z_][a-z0-9_]*$/.test(DATABASE)) throw new Error(`CLUSTER_DATABASE must be a plain name: ${DATABASE}`);
const databaseUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${DATABASE}`;
  return u.toString();
})();

const log = (line) => console.log(`[cluster] ${line}`);

// ── Build ──────────────────────────────────────────────────────────────────────────────────────────────────
if (process.env.CLUSTER_SKIP_BUILD !== '1') {
  log('building the portal, the survey and the API…');
  const built = spawnSync(
    'pnpm',
    ['--filter', '@acompanha/portal', '--filter', '@acompanha/survey', '--filter', '@acompanha/api', 'build'],
    { cwd: root, stdio: 'inherit' },
  );
  if (built.status !== 0) process.exit(built.status ?? 1);
}
await buildApi(); // the production bundle (about a second; also when the build was skipped)

// ── Database ───────────────────────────────────────────────────────────────────────────────────────────────
{
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  if (process.env.CLUSTER_FRESH_DB === '1') {
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    log(`dropped database ${DATABASE} (CLUSTER_FRESH_DB=1)`);
  }
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
  if (!rowCount) {
    await admin.query(`CREATE DATABASE ${DATABASE}`);
    log(`created database ${DATABASE}`);
  }
  await admin.end();
}

// ── nginx ──────────────────────────────────────────────────────────────────────────────────────────────────
const processes = [
  { name: 'api-a', port: PORT + 1, jobs: false },
  { name: 'api-b', port: PORT + 2, jobs: false },
  { name: 'worker', port: PORT + 3, jobs: true },
];
const apis = processes.filter((p) => !p.jobs);
const nginxDir = join(STATE_DIR, 'nginx');
const dataDir = join(STATE_DIR, 'data');
rmSync(nginxDir, { recursive: true, force: true });
mkdirSync(join(nginxDir, 'logs'), { recursive: true });
mkdirSync(dataDir, { recursive: true });

// The production shape, minus TLS: round robin; a connection refused or a timeout on connect moves the
// request to the other API; a request already sent is never retried unless idempotent (nginx's default),
// so a POST that might have run is not run twice. X-Upstream says which process answered (tests read it).
/** nginx.conf with `down` on the APIs that are not ready (open-source nginx has no active health checks). */
const nginxConf = (down = new Set()) => `# Generated by scripts/cluster.mjs: do not edit.
worker_processes 1;
# A reload (an API taken out or put back) lets the old worker finish its requests, but not hold the bell's
# streams for an hour: the portal's EventSource reconnects to the new one.
worker_shutdown_timeout 5s;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${nginxDir}/logs/access.log;
  client_body_temp_path ${nginxDir}/client_body;
  proxy_temp_path ${nginxDir}/proxy;
  fastcgi_temp_path ${nginxDir}/fastcgi;
  uwsgi_temp_path ${nginxDir}/uwsgi;
  scgi_temp_path ${nginxDir}/scgi;
  # Uploads stream to the API, which enforces its own limits (photos, spreadsheets, the per-professional quota).
  client_max_body_size 0;

  upstream acompanha_api {
${apis.map((p) => `    server ${HOST}:${p.port} max_fails=1 fail_timeout=2s${down.has(p.name) ? ' down' : ''};`).join('\n')}
    keepalive 32;
  }

  server {
    listen ${HOST}:${PORT};
    add_header X-Upstream $upstream_addr always;
    # nginx closes a client's kept-alive connection after 1,000 requests by default; a client that has already
    # written its next request on it gets a reset. Browsers never send that many, but a load generator does
    # (the soak saw 6 resets in 235,000 requests), so the limit is out of its way.
    keepalive_requests 1000000;

    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Forwarded-Host $host;
    # A process shutting down answers 503 to a request on a kept-alive connection: idempotent ones go to the other.
    proxy_next_upstream error timeout http_503;
    proxy_connect_timeout 2s;
    proxy_read_timeout 60s;

    location / {
      proxy_pass http://acompanha_api;
    }
    # Server-sent events (the portal's live bell): no buffering, and open for as long as the page is.
    location = /api/notifications/stream {
      proxy_pass http://acompanha_api;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
    }
  }
}
`;
writeFileSync(join(nginxDir, 'nginx.conf'), nginxConf());

// ── Processes ──────────────────────────────────────────────────────────────────────────────────────────────
const passThrough = Object.fromEntries(
  Object.entries(process.env).filter(
    ([k]) =>
      /^(S3_|SMTP_URL$|MAIL_FROM$|WHATSAPP_|ASAAS_|NODE_ENV$|WEBHOOKS_ALLOW_LOOPBACK_HTTP$)/.test(k) || k === 'PATH',
  ),
);
function apiEnv(p) {
  return {
    ...passThrough,
    HOME: process.env.HOME ?? '',
    PORT: String(p.port),
    HOST,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PUBLIC_URL: URL_,
    // nginx connects from loopback: only it may say who the client is.
    TRUST_PROXY: HOST,
    OPERATOR_TOKEN,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    JOBS: p.jobs ? 'on' : 'off',
  };
}

let stopping = false;
/** Pipes a child's output with its name before each line. */
function prefix(stream, name, out) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  });
  stream.on('end', () => rest && out.write(`[${name}] ${rest}\n`));
}

// Each child in its own process group (detached): a Ctrl-C in the terminal reaches this script only, which
// then stops them in order.
function start(p) {
  const child =
    p.name === 'nginx'
      ? spawn(NGINX, ['-p', nginxDir, '-c', join(nginxDir, 'nginx.conf'), '-g', 'daemon off;'], {
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true,
        })
      : spawn(process.execPath, apiStartArgs(), {
          cwd: root,
          env: apiEnv(p),
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true,
        });
  p.child = child;
  p.pid = child.pid;
  p.startedAt = new Date().toISOString();
  prefix(child.stdout, p.name, process.stdout);
  prefix(child.stderr, p.name, process.stderr);
  child.on('exit', (code, signal) => {
    p.child = undefined;
    if (stopping) return log(`${p.name} stopped (${signal ?? `code ${code}`})`);
    p.restarts = (p.restarts ?? 0) + 1;
    log(`${p.name} (pid ${child.pid}) exited (${signal ?? `code ${code}`}): restarting it in ${RESTART_DELAY_MS} ms`);
    setTimeout(() => {
      if (stopping) return;
      start(p);
      log(`${p.name} restarted: pid ${p.pid}`);
      writeState();
    }, RESTART_DELAY_MS);
  });
  return child;
}

async function healthy(p, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!p.child) throw new Error(`${p.name} exited while starting`);
    try {
      // An API serves once it is ready (database, migrations, the queue in the worker); nginx once it proxies.
      const res = await fetch(`http://${HOST}:${p.port}/api/${p.name === 'nginx' ? 'health' : 'ready'}`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${p.name} was not ready within ${timeoutMs / 1000} s`);
}

const nginx = { name: 'nginx', port: PORT };
const all = [...processes, nginx];

function writeState() {
  const state = {
    url: URL_,
    database: DATABASE,
    operatorToken: OPERATOR_TOKEN,
    processes: Object.fromEntries(
      all.map((p) => [p.name, { pid: p.pid ?? null, port: p.port, jobs: p.jobs ?? null, restarts: p.restarts ?? 0 }]),
    ),
    upstreams: apis.map((p) => `${HOST}:${p.port}`),
  };
  writeFileSync(STATE_FILE, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

async function stopAll(signal) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping…`);
  const exited = (p) =>
    new Promise((r) => {
      if (!p.child || p.child.exitCode !== null || p.child.signalCode !== null) return r();
      p.child.once('exit', r);
    });
  // The APIs first (each finishes its requests in flight), then nginx.
  for (const p of processes) p.child?.kill('SIGTERM');
  await Promise.race([Promise.all(processes.map(exited)), new Promise((r) => setTimeout(r, 12_000))]);
  nginx.child?.kill('SIGQUIT'); // graceful: open connections finish
  await Promise.race([exited(nginx), new Promise((r) => setTimeout(r, 5_000))]);
  for (const p of all) p.child?.kill('SIGKILL');
  rmSync(STATE_FILE, { force: true });
  log('stopped');
  process.exit(0);
}
// Detached children outlive this script unless told: should it end any other way, they end too.
process.on('exit', () => all.forEach((p) => p.child?.kill('SIGKILL')));
process.on('SIGINT', () => void stopAll('SIGINT'));
process.on('SIGTERM', () => void stopAll('SIGTERM'));

try {
  // API A alone first: it migrates and seeds the demo on an empty database; the others then find it done.
  start(processes[0]);
  await healthy(processes[0], 120_000);
  for (const p of processes.slice(1)) start(p);
  await Promise.all(processes.slice(1).map((p) => healthy(p)));
  start(nginx);
  await healthy(nginx);
} catch (err) {
  console.error(`[cluster] ${err.message}`);
  await stopAll('start failed');
}
writeState();

// nginx takes out an API that is not ready (GET /api/ready answers 503, or nothing) and puts it back once it is:
// the supervisor polls every second and reloads nginx with `down` on those out.
let out = new Set();
const readyNow = async (p) => {
  try {
    return (await fetch(`http://${HOST}:${p.port}/api/ready`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
};
setInterval(async () => {
  if (stopping || !nginx.child) return;
  const states = await Promise.all(apis.map(async (p) => [p.name, await readyNow(p)]));
  const next = new Set(states.filter(([, ready]) => !ready).map(([name]) => name));
  if ([...next].sort().join() === [...out].sort().join()) return;
  out = next;
  writeFileSync(join(nginxDir, 'nginx.conf'), nginxConf(out));
  spawnSync(NGINX, ['-p', nginxDir, '-c', join(nginxDir, 'nginx.conf'), '-s', 'reload'], { stdio: 'ignore' });
  log(out.size ? `not ready, out of nginx: ${[...out].join(', ')}` : 'every API ready, all in nginx');
}, 1000).unref();

console.log(`
  Acompanha cluster at ${URL_}  (nginx ${nginx.pid})
${processes.map((p) => `    ${p.name.padEnd(7)} pid ${String(p.pid).padEnd(8)} ${HOST}:${p.port}  JOBS=${p.jobs ? 'on' : 'off'}${p.jobs ? '  (not behind nginx)' : ''}`).join('\n')}
  Database: PostgreSQL ${DATABASE}
  Demo login: demo@acompanha.app / acompanha123
  Dev mailbox: GET ${URL_}/api/dev/mailbox with X-Operator-Token: ${process.env.OPERATOR_TOKEN ? '$OPERATOR_TOKEN' : OPERATOR_TOKEN}
  State: ${STATE_FILE}
  Ctrl-C stops everything.
`);
