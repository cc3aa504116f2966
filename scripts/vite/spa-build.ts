// What the two SPAs' production builds share (apps/portal/vite.config.ts, apps/survey/vite.config.ts).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * Writes `.br` and `.gz` beside every text asset of the build, so a server that serves
 * precompressed files (e.g. @fastify/static with `preCompressed: true`, or a CDN) sends a phone on a
 * slow mobile network about a third of the bytes, without compressing on every request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  let write = true;
  return {
    name: 'acompanha:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
      write = config.build.write !== false;
    },
    closeBundle() {
      if (!write) return;
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|html|json|txt)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
          }),
        );
      }
    },
  };
}

/**
 * emotion imports hoist-non-react-statics (and through it react-is) for `withTheme` only, which neither app uses;
 * as CommonJS they would be kept for their evaluation alone (~1 KB gzip in each first load). Modules that use
 * react-is for real (recharts, in the portal) still get it.
 */
export const withoutEmotionWithTheme = (id: string) =>
  !/[\\/]node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/.test(id);

/**
 * Adds `<link rel="modulepreload">` to an HTML page for the chunks `wanted` picks and what they import, beside the
 * ones Vite already lists (the entry's static imports): chunks the page's start loads with `import()` at once, so
 * they download with the entry instead of after it has run.
 */
export function preloadChunks(
  html: string,
  bundle: OutputBundle,
  base: string,
  wanted: (chunk: OutputChunk) => boolean,
): string {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const files = new Set<string>();
  const add = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const dep of byFile.get(file)?.imports ?? []) add(dep);
  };
  for (const chunk of chunks) if (wanted(chunk)) add(chunk.fileName);
  const links = [...files]
    .filter((file) => !html.includes(`${base}${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`);
  return links.length ? html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`) : html;
}
