// `pnpm --filter @acompanha/api build`: the production bundle, dist/main.js (see production.mjs).
import { buildApi } from './production.mjs';

await buildApi();
