// How the API runs in production, in one place for `pnpm start`, the journeys and the benchmarks.
//
// Build: our TypeScript bundled by esbuild into one ES module, dist/main.js, with every npm package left
// to node_modules (PGlite finds its WebAssembly beside its own module). dist/ sits beside src/, so paths
// computed from import.meta.url (the repo root, the migrations) stay right. Plain Node then runs it: no
// TypeScript loader thread (~30 MB) and no compiling at start.
//
// Start: the command of package.json's "start" script, whose V8 flags bound the heap (see README).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));

/** `@acompanha/*` imports resolve to the package's source, so esbuild bundles them like our own files. */
const bundleWorkspacePackages = {
  name: 'bundle-workspace-packages',
  setup(build) {
    build.onResolve({ filter: /^@acompanha\// }, (args) => ({ path: fileURLToPath(import.meta.resolve(args.path)) }));
  },
};

export async function buildApi() {
  await build({
    absWorkingDir: apiRoot,
    entryPoints: ['src/main.ts'],
    outfile: 'dist/main.js',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    // …except our own workspace packages (TypeScript sources), which are bundled in.
    plugins: [bundleWorkspacePackages],
    // Stack traces in TypeScript: NODE_OPTIONS=--enable-source-maps.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

/** package.json's "start" ("node <flags> dist/main.js") as arguments for process.execPath, with absolute paths. */
export function apiStartArgs() {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const [node, ...args] = pkg.scripts.start.trim().split(/\s+/);
  if (node !== 'node' || !args.includes('dist/main.js'))
    throw new Error(`unexpected start script: ${pkg.scripts.start}`);
  return args.map((arg) => (arg === 'dist/main.js' ? `${apiRoot}dist/main.js` : arg));
}
