/** The local stand-in of the Asaas gateway: see routes.ts (HTTP), gateway.ts (tick), wiring.ts (the app's port). */
export { STANDIN_TEST_CARDS, STANDIN_TEST_CARD_HELP } from './cards.js';
export { StandinGateway, startStandinGateway, standinWebhookUrl, type TickResult } from './gateway.js';
export { gatewayStandinRoutes, STANDIN_PATH, STANDIN_PREFIX } from './routes.js';
export { standinSecrets, type StandinSecrets } from './store.js';
export { createGatewayFor, injectFetch, INJECT_ORIGIN, usesGatewayStandin } from './wiring.js';
