// What the two SPAs' production builds share (apps/portal/vite.config.ts, apps/survey/vite.config.ts).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

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
