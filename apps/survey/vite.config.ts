import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * Writes `.br` and `.gz` beside every text asset of the build, so a server that serves
 * precompressed files (e.g. @fastify/static with `preCompressed: true`, or a CDN) sends patients on
 * slow mobile networks about a third of the bytes, without compressing on every request.
 */
function precompress(): Plugin {
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

// The survey is served under /quiz-survey/ on the product's single origin.
export default defineConfig({
  base: '/quiz-survey/',
  // React Aria ships its strings in ~30 languages; the product speaks pt-BR only.
  plugins: [react({ jsxImportSource: '@emotion/react' }), optimizeLocales.vite({ locales: ['pt-BR'] }), precompress()],
  server: { port: 5174, proxy: { '/api': apiTarget } },
  build: {
    outDir: 'dist',
    // SURVEY_SOURCEMAP=1 when profiling the start-up.
    sourcemap: process.env.SURVEY_SOURCEMAP === '1',
    rollupOptions: {
      // emotion imports hoist-non-react-statics (and through it react-is) for `withTheme` only, which the
      // survey never uses; as CommonJS they would be kept for their evaluation alone (~1 KB gzip at start-up).
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/.test(id),
      },
      output: {
        // The first screen is one file, the entry: React, emotion, the theme and the survey's first screens. On a
        // slow network the page's connection, already open, brings it in one go; every other start-up file would
        // open a connection of its own and share the bandwidth (three files cost the PIN screen ~0.15 s of
        // Lighthouse's simulated FCP). What the first paint does not need loads on demand, in chunks of its own:
        // the flow machine (xstate and the machine, after the first paint: lib/useSurveyFlow.ts), the API client,
        // each later screen, the client area, the web font. Groups capture only the modules they name (not their
        // dependencies), so the pure flow rules the first screen uses stay in the entry.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'flow',
              test: /apps[\\/]survey[\\/]src[\\/]lib[\\/]flow\.|packages[\\/]machines[\\/](?!src[\\/]surveyFlow[\\/](flow|surveyFlow\.logic)\.)|[\\/]node_modules[\\/]xstate[\\/]/,
              priority: 5,
            },
          ],
        },
      },
    },
  },
});
