import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { precompress, withoutEmotionWithTheme } from '../../scripts/vite/spa-build';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  // React Aria ships its strings in ~30 languages; the product speaks pt-BR only.
  plugins: [
    react({ jsxImportSource: '@emotion/react' }),
    optimizeLocales.vite({ locales: ['pt-BR'] }),
    // .br and .gz beside every asset, served by the API as the survey's are (apps/api/src/static/spa.ts).
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
      treeshake: { moduleSideEffects: withoutEmotionWithTheme },
      output: {
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'], priority: 20 },
            {
              name: 'sign-in',
              test: /apps[\\/]portal[\\/]src[\\/]features[\\/]auth[\\/]LoginPage\.tsx$/,
              priority: 10,
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
