// Fails when the committed openapi.json or the generated client differs from what the server's
// schemas produce now. CI runs it; `pnpm gen:api` fixes it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createClient } from '@hey-api/openapi-ts';
import { clientConfig } from '../packages/api-client/openapi-ts.config';
import { limitsModule } from '../packages/api-client/scripts/gen-limits';

const root = new URL('..', import.meta.url).pathname;
const clientDir = join(root, 'packages/api-client');
const tmp = mkdtempSync(join(tmpdir(), 'gen-api-check-'));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const problems: string[] = [];
try {
  const freshSpec = join(tmp, 'openapi.json');
  execFileSync('pnpm', ['--filter', '@acompanha/api', 'exec', 'tsx', 'scripts/gen-openapi.ts', '--out', freshSpec], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (readFileSync(freshSpec, 'utf8') !== readFileSync(join(clientDir, 'openapi.json'), 'utf8')) {
    problems.push('packages/api-client/openapi.json is stale');
  }

  const freshGen = join(tmp, 'gen');
  await createClient(clientConfig(join(clientDir, 'openapi.json'), freshGen));
  const committedGen = join(clientDir, 'src/gen');
  const fresh = new Map(files(freshGen).map((f) => [relative(freshGen, f), readFileSync(f, 'utf8')]));
  const committed = new Map(files(committedGen).map((f) => [relative(committedGen, f), readFileSync(f, 'utf8')]));
  for (const [name, text] of fresh) {
    if (committed.get(name) !== text) problems.push(`packages/api-client/src/gen/${name} is stale`);
  }
  for (const name of committed.keys()) {
    if (!fresh.has(name)) problems.push(`packages/api-client/src/gen/${name} should not exist`);
  }
  const limits = limitsModule(JSON.parse(readFileSync(join(clientDir, 'openapi.json'), 'utf8')));
  if (limits !== readFileSync(join(clientDir, 'src/limits.gen.ts'), 'utf8'))
    problems.push('packages/api-client/src/limits.gen.ts is stale');
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

if (problems.length) {
  console.error(`gen:api:check failed — run \`pnpm gen:api\` and commit:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('gen:api:check: openapi.json and the generated client are up to date');
