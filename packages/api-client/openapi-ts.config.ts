import { defineConfig, type UserConfig } from '@hey-api/openapi-ts';

/**
 * The generated SDK lives in src/gen and is never edited by hand: `pnpm gen:api` rewrites it
 * from openapi.json, and `pnpm gen:api:check` regenerates both into a temporary folder and fails
 * when the committed copies differ.
 */
export function clientConfig(input: string, output: string): UserConfig {
  return {
    input,
    output: { path: output, postProcess: [] },
    logs: { level: 'warn' },
    plugins: [
      '@hey-api/client-fetch',
      '@hey-api/typescript',
      { name: '@hey-api/sdk' },
      { name: '@tanstack/react-query', queryOptions: true, mutationOptions: true, infiniteQueryOptions: false },
    ],
  } as UserConfig;
}

export default defineConfig(clientConfig('./openapi.json', './src/gen'));
