/**
 * `pnpm totals:repair [--check]`: recounts the totals the database keeps (apps/api/src/totals/recount.ts) and
 * says which were wrong; with --check, only says so (exit code 1 when one differs). Reads DATABASE_URL, or the
 * embedded database in DATA_DIR (`<repo>/.data`) when no server holds it, like `pnpm backup`.
 */
import path from 'node:path';
import { REPO_ROOT } from '../config.js';
import { openForCommand } from '../db/open-embedded.js';
import { drift, repair } from './recount.js';

const env = process.env;
const dataDir = path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, '.data'));

async function main(args: string[]): Promise<number> {
  const { handle, close } = await openForCommand(
    env.DATABASE_URL,
    dataDir,
    (pid) => `A server (pid ${pid}) holds the embedded database in ${dataDir}: stop it, run this, and start it again.`,
  );
  try {
    const started = Date.now();
    if (args.includes('--check')) {
      const wrong = await drift(handle.db);
      for (const d of wrong.slice(0, 20)) {
        console.log(
          `${d.table} ${JSON.stringify(d.key)}: kept ${JSON.stringify(d.kept)}, counted ${JSON.stringify(d.counted)}`,
        );
      }
      console.log(
        wrong.length === 0
          ? `Every kept total agrees with a recount (${Date.now() - started} ms).`
          : `${wrong.length} kept totals differ from a recount: run pnpm totals:repair.`,
      );
      return wrong.length === 0 ? 0 : 1;
    }
    const report = await repair(handle.db);
    for (const r of report)
      console.log(`  ${r.table.padEnd(24)} ${String(r.rows).padStart(7)} rows, ${r.wrong} were wrong`);
    console.log(`Recounted in ${Date.now() - started} ms.`);
    return 0;
  } finally {
    await close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error((err as Error).message);
    process.exit(1);
  },
);
