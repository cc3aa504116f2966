/**
 * Asaas settings from the environment. No `ASAAS_API_KEY` means no real gateway: the caller uses the
 * local stand-in then. A key of one environment pointed at the other's URL is refused, so a
 * misconfiguration cannot quietly charge a real card from a test setup (or fail every call in
 * production). Asaas keys start `$aact_prod_` (production) or `$aact_hmlg_` (sandbox).
 */
import { ASAAS_PRODUCTION_URL, ASAAS_SANDBOX_URL } from './asaas.js';

export interface AsaasConfig {
  baseUrl: string;
  apiKey: string;
  /** Without it every webhook delivery is rejected (fail closed). */
  webhookToken: string | undefined;
}

export class AsaasConfigError extends Error {
  override readonly name = 'AsaasConfigError';
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export function asaasConfigFromEnv(env: Record<string, string | undefined>): AsaasConfig | undefined {
  const apiKey = env.ASAAS_API_KEY?.trim();
  if (!apiKey) return undefined;

  const raw = env.ASAAS_BASE_URL?.trim() || ASAAS_SANDBOX_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AsaasConfigError('ASAAS_BASE_URL is not a URL.');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    throw new AsaasConfigError('ASAAS_BASE_URL must use https (http only on loopback).');
  }
  const baseUrl = url.toString().replace(/\/+$/, '');

  if (apiKey.startsWith('$aact_prod_') && baseUrl !== ASAAS_PRODUCTION_URL) {
    throw new AsaasConfigError('ASAAS_API_KEY is a production key but ASAAS_BASE_URL is not the production API.');
  }
  if (apiKey.startsWith('$aact_hmlg_') && baseUrl === ASAAS_PRODUCTION_URL) {
    throw new AsaasConfigError('ASAAS_API_KEY is a sandbox key but ASAAS_BASE_URL is the production API.');
  }

  const webhookToken = env.ASAAS_WEBHOOK_TOKEN?.trim() || undefined;
  return { baseUrl, apiKey, webhookToken };
}
