import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { precompress, preloadChunks, withoutEmotionWithTheme } from '../../scripts/vite/spa-build';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { VISITOR_PATHS } from './src/app/visitorPages';
import { routeImports, routePreloads } from './build/routePreloads';

/**
 * dist/pages.json, which the API reads (apps/api/src/static/spa.ts): `pages`, the pages of the build besides
 * index.html and the addresses they open at (sign-in.html, the visitor's light start, at the visitor's pages); and
 * `preload`, for each route's address, the chunks its screen needs beyond what index.html loads (build/routePreloads.ts),
 * which the API lists in index.html at that address.
 */
function pagesManifest(): Plugin {
  return {
    name: 'acompanha:pages',
    apply: 'build',
    generateBundle: {
      // After index.html is in the bundle with its preloads (preloadPrivate).
      order: 'post',
      handler(_options, bundle) {
        const routes = routeImports(fileURLToPath(new URL('./src/app/routes.tsx', import.meta.url)));
        const manifest = {
          pages: { 'sign-in.html': VISITOR_PATHS },
          preload: routePreloads(routes, bundle, 'index.html'),
        };
        this.emitFile({ type: 'asset', fileName: 'pages.json', source: `${JSON.stringify(manifest, null, 2)}\n` });
      },
    },
  };
}

/**
 * sign-in.html, the visitor's light start: index.html with src/signIn.tsx for its script (the same head, the same
 * "Abrindo o Acompanha…" line), made from it at build time rather than kept as a second copy.
 */
function signInPage(): Plugin {
  const index = fileURLToPath(new URL('./index.html', import.meta.url));
  const page = fileURLToPath(new URL('./sign-in.html', import.meta.url));
  return {
    name: 'acompanha:sign-in-page',
    apply: 'build',
    enforce: 'pre',
    resolveId: (id) => (id === page || id.endsWith('/sign-in.html') || id === 'sign-in.html' ? page : null),
    load(id) {
      if (id !== page) return null;
      const html = readFileSync(index, 'utf8');
      if (!html.includes('/src/main.tsx')) throw new Error('index.html no longer starts /src/main.tsx');
      return html.replace('/src/main.tsx', '/src/signIn.tsx');
    },
  };
}

/**
 * index.html opens every address but the visitor's pages: nearly always a private screen of a signed-in professional
 * (the visitor's first loads are sign-in.html's). The private layout and the loaders' chunks download with the
 * start, then, instead of after React Router has run and asked for them.
 */
function preloadPrivate(): Plugin {
  return {
    name: 'acompanha:preload-private',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, filename }) {
        if (!bundle || !filename.endsWith('index.html')) return html;
        return preloadChunks(html, bundle, '/', (chunk) => chunk.name === 'private' || chunk.name === 'loaders');
      },
    },
  };
}

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  // React Aria ships its strings in ~30 languages; the product speaks pt-BR only.
  plugins: [
    react({ jsxImportSource: '@emotion/react' }),
    optimizeLocales.vite({ locales: ['pt-BR'] }),
    // .br and .gz beside every asset, served by the API as the survey's are (apps/api/src/static/spa.ts).
    signInPage(),
    pagesManifest(),
    preloadPrivate(),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/quiz-survey': 'http://127.0.0.1:5174' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      // The full portal, and the visitor's light start (the sign-in page first of all: most first loads are its).
      input: { index: 'index.html', visitor: 'sign-in.html' },
      treeshake: { moduleSideEffects: withoutEmotionWithTheme },
      output: {
        codeSplitting: {
          groups: [
            // Each start's first screen in as few files as the two share (index.html: the full portal; sign-in.html:
            // the visitor's light start, which downloads nothing of React Router or the route table):
            {
              // what only the light start needs, the sign-in page with it (the full portal loads it for /login);
              name: 'sign-in',
              test: /apps[\\/]portal[\\/]src[\\/](app[\\/]VisitorApp\.tsx|features[\\/]auth[\\/]LoginPage\.tsx)$/,
              priority: 22,
              includeDependenciesRecursively: false,
            },
            {
              // what only the full portal needs,
              name: 'start-portal',
              tags: ['$initial'],
              test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]|apps[\\/]portal[\\/]src[\\/]app[\\/](startApp|routes|AppFrame|VisitorRoutes)\.tsx$/,
              priority: 21,
              includeDependenciesRecursively: false,
            },
            // and what both need (the two entry modules stay the entries' own files: each page names its own).
            {
              name: 'start',
              tags: ['$initial'],
              test: (id) => !/\.html$|apps[\\/]portal[\\/]src[\\/](main|signIn)\.tsx$/.test(id),
              priority: 20,
            },
            {
              name: 'loaders',
              test: /apps[\\/]portal[\\/]src[\\/](lib[\\/]queries|app[\\/]loaders)\.ts$/,
              priority: 7,
            },
            {
              // The private layout, and the small helpers nearly every private screen reads (one request, not three).
              name: 'private',
              test: /apps[\\/]portal[\\/]src[\\/](app[\\/]PrivateLayout\.tsx|lib[\\/](format|dates)\.ts)$|packages[\\/]calendar[\\/]/,
              priority: 5,
            },
          ],
        },
      },
    },
  },
});
