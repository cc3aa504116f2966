import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import optimizeLocales from '@react-aria/optimize-locales-plugin';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

// The survey is served under /quiz-survey/ on the product's single origin.
export default defineConfig({
  base: '/quiz-survey/',
  // React Aria ships its strings in ~30 languages; the product speaks pt-BR only.
  plugins: [react({ jsxImportSource: '@emotion/react' }), optimizeLocales.vite({ locales: ['pt-BR'] })],
  server: { port: 5174, proxy: { '/api': apiTarget } },
  build: { outDir: 'dist', sourcemap: false },
});
