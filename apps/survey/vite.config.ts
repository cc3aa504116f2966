import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

// The survey is served under /quiz-survey/ on the product's single origin.
export default defineConfig({
  base: '/quiz-survey/',
  plugins: [react({ jsxImportSource: '@emotion/react' })],
  server: { port: 5174, proxy: { '/api': apiTarget } },
  build: { outDir: 'dist', sourcemap: false },
});
