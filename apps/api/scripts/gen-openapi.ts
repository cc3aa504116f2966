/**
 * Writes the OpenAPI document of the API (built without a database) to
 * packages/api-client/openapi.json, or to `--out <path>`.
 * Pretty (2 spaces), trailing newline, deterministic key order.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildApp, openApiDocument } from '../src/app.js';
import { REPO_ROOT } from '../src/config.js';

/** Relative --out paths are relative to where the command was typed (pnpm sets INIT_CWD). */
const baseDir = process.env.INIT_CWD ?? process.cwd();

function parseOut(argv: string[]): string {
  const i = argv.indexOf('--out');
  if (i >= 0) {
    const value = argv[i + 1];
    if (!value) throw new Error('--out needs a path');
    return path.resolve(baseDir, value);
  }
  const eq = argv.find((a) => a.startsWith('--out='));
  if (eq) return path.resolve(baseDir, eq.slice('--out='.length));
  return path.join(REPO_ROOT, 'packages/api-client/openapi.json');
}

const out = parseOut(process.argv.slice(2));
const app = buildApp({ config: { logger: false } });
const doc = await openApiDocument(app);
await app.close();
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify(doc, null, 2)}\n`);
console.log(`OpenAPI written to ${path.relative(process.cwd(), out) || out}`);
