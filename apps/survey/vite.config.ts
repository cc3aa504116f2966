import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { precompress, preloadChunks, withoutEmotionWithTheme } from '../../scripts/vite/spa-build';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * src/main.tsx loads the survey (and React DOM's client) with `import()`, to start in several short
 * tasks; both are needed for the first screen, so index.html preloads them and what they import.
 */
function preloadStartup(): Plugin {
  return {
    name: 'acompanha:preload-startup',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        if (!bundle || !chunk) return html;
        const started = new Set(chunk.dynamicImports);
        return preloadChunks(
          html,
          bundle,
          '/quiz-survey/',
          (c) =>
            started.has(c.fileName) && /react-dom[\\/]client\.js$|src[\\/]mount\.tsx$/.test(c.facadeModuleId ?? ''),
        );
      },
    },
  };
}

/**
 * Writes sw.js, the survey's service worker (its source: ./sw.js), with the app's shell written in: index.html and
 * the scripts a page needs to start and show the offline screen (the entry, what index.html preloads, the
 * OfflineShell chunk, with their imports), and a version that changes with them (a new build replaces the old
 * cache). Not the screens after the PIN, the flow machine, the client area or the fonts.
 */
function serviceWorker(): Plugin {
  return {
    name: 'acompanha:service-worker',
    apply: 'build',
    generateBundle: {
      // After index.html is in the bundle with its preloads (preloadStartup).
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') return;
        const chunks = new Map(
          Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])),
        );
        const files = new Set<string>();
        const add = (file: string) => {
          if (files.has(file) || !chunks.has(file)) return;
          files.add(file);
          for (const dep of chunks.get(file)!.imports) add(dep);
        };
        for (const c of chunks.values())
          if (c.isEntry || /src[\\/]OfflineShell\.tsx$/.test(c.facadeModuleId ?? '')) add(c.fileName);
        for (const [, file] of String(html.source).matchAll(
          /<link rel="modulepreload"[^>]*href="\/quiz-survey\/([^"]+)"/g,
        ))
          add(file!);
        const list = [...files].sort();
        const version = createHash('sha256').update(String(html.source)).update(list.join('\n')).digest('hex');
        const source = readFileSync(new URL('./sw.js', import.meta.url), 'utf8').replace(
          '__SURVEY_SHELL__;',
          `${JSON.stringify({ version: version.slice(0, 16), files: list })};`,
        );
        this.emitFile({ type: 'asset', fileName: 'sw.js', source });
      },
    },
  };
}

// The survey is served under /quiz-survey/ on the product's single origin.
export default defineConfig({
  base: '/quiz-survey/',
  // React Aria ships its strings in ~30 languages; the product speaks pt-BR only.
  plugins: [
    react({ jsxImportSource: '@emotion/react' }),
    optimizeLocales.vite({ locales: ['pt-BR'] }),
    preloadStartup(),
    serviceWorker(),
    precompress(),
  ],
  server: { port: 5174, proxy: { '/api': apiTarget } },
  build: {
    outDir: 'dist',
    // SURVEY_SOURCEMAP=1 when profiling the start-up.
    sourcemap: process.env.SURVEY_SOURCEMAP === '1',
    modulePreload: {
      // A screen loaded on demand need not preload the start-up's chunks (the runtime, React, the survey's first
      // screens): index.html preloads them and the page is running them. What is left of a chunk's list may be the
      // chunk alone, which Vite itself never lists (import() fetches it). Shorter preload lists in the start-up code.
      resolveDependencies: (file, deps, { hostType }) => {
        if (hostType !== 'js') return deps;
        const rest = deps.filter((dep) => !/(^|\/)(rolldown-runtime|react|survey)-[\w-]+\.js$/.test(dep));
        return rest.length === 1 && rest[0] === file ? [] : rest;
      },
    },
    rollupOptions: {
      treeshake: { moduleSideEffects: withoutEmotionWithTheme },
      output: {
        // Two start-up chunks (React; the survey's first screens with what they need), evaluated as
        // separate tasks by src/main.tsx, then the flow machine (xstate, the machine, the API client), loaded
        // once the first screen has painted (lib/useSurveyFlow.ts), and one chunk per later screen, instead of
        // many tiny shared ones. The client area's theme (only `/p/<alias>` uses it) and the upload with
        // progress (only a file question) stay out of the survey's start-up.
        codeSplitting: {
          groups: [
            // React, with the bundler's and Vite's import() helpers that the entry needs first.
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|preload-helper|rolldown[\\/]runtime/,
              priority: 20,
            },
            {
              name: 'survey',
              test: /apps[\\/]survey[\\/]src[\\/](mount|SurveyApp|lib[\\/](?!api|client|flow|serviceWorker)|screens[\\/])|packages[\\/]machines[\\/]src[\\/]surveyFlow[\\/]surveyFlow\.start\.|packages[\\/]ui[\\/]src[\\/](theme[\\/](?!clientArea|ClientArea)|PinInput[\\/])|[\\/]node_modules[\\/](@emotion|stylis|hoist-non-react-statics|react-is)[\\/]/,
              priority: 10,
            },
            {
              name: 'flow',
              test: /apps[\\/]survey[\\/]src[\\/]lib[\\/](api|client|flow|serviceWorker)\.|packages[\\/]machines[\\/]|packages[\\/]api-client[\\/](?!src[\\/]upload)|[\\/]node_modules[\\/]xstate[\\/]/,
              priority: 5,
            },
          ],
        },
      },
    },
  },
});
