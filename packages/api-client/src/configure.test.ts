import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from './configure';
import { createPersistedStore, type KeyValueStorage } from './store';
import { getMe, requestPasswordRecovery, register } from './gen/sdk.gen';
import { loginResponseFixture } from './mocks/fixtures';

function memoryStorage(): KeyValueStorage {
  const data: Record<string, string> = {};
  return {
    getItem: (k) => data[k] ?? null,
    setItem: (k, v) => void (data[k] = v),
    removeItem: (k) => void delete data[k],
  };
}

function setup(respond: (req: Request) => Response) {
  const requests: Request[] = [];
  const store = createPersistedStore(memoryStorage());
  const notify = vi.fn();
  const onUnauthorized = vi.fn();
  configureApiClient({
    store,
    notify,
    onUnauthorized,
    baseUrl: 'http://api.test/api',
    fetch: (async (input: Request) => {
      requests.push(input);
      return respond(input);
    }) as typeof fetch,
  });
  return { requests, store, notify, onUnauthorized };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const error = (status: number, code: string, details?: unknown) =>
  json(status, { statusCode: status, application_error_code: code, message: code, details });

afterEach(() => vi.restoreAllMocks());

describe('configureApiClient', () => {
  it('sends the bearer token on secured calls', async () => {
    const { requests, store } = setup(() => json(200, loginResponseFixture.professional));
    store.login(loginResponseFixture);
    await getMe();
    expect(requests[0]!.headers.get('Authorization')).toBe(`Bearer ${loginResponseFixture.jwt}`);
  });

  it('sends no token on recovery calls, even when signed in', async () => {
    const { requests, store } = setup(() => new Response(null, { status: 204 }));
    store.login(loginResponseFixture);
    await requestPasswordRecovery({ body: { email: 'ana@exemplo.com.br' } });
    expect(requests[0]!.headers.get('Authorization')).toBeNull();
  });

  it('logs out silently on 401', async () => {
    const { store, notify, onUnauthorized } = setup(() => error(401, 'INVALID_JWT'));
    store.login(loginResponseFixture);
    const result = await getMe();
    expect(result.error).toMatchObject({ status: 401, code: 'INVALID_JWT' });
    expect(store.getState().session).toEqual({ jwt: null, professional: null, signature: null });
    expect(notify).not.toHaveBeenCalled();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('shows the catalogue toast for other codes', async () => {
    const { notify } = setup(() => error(409, 'PROFESSIONAL_ALREADY_EXISTS'));
    await register({ body: { name: 'Ana', email: 'ana@exemplo.com.br', password: 'senha-forte-1' } });
    expect(notify).toHaveBeenCalledWith(
      'Já existe uma conta com este e-mail. Entre ou recupere sua senha.',
      expect.anything(),
    );
  });

  it('shows the exact unknown-code text for a code it does not know', async () => {
    const { notify } = setup(() => error(418, 'TEAPOT'));
    await getMe();
    expect(notify).toHaveBeenCalledWith(
      'Ops, houve um erro inesperado. Por favor, tente novamente mais tarde.',
      expect.anything(),
    );
  });

  it('passes ALIAS_ALREADY_IN_USE to the caller without a toast', async () => {
    const { notify } = setup(() => error(409, 'ALIAS_ALREADY_IN_USE'));
    const result = await getMe();
    expect(result.error).toMatchObject({ code: 'ALIAS_ALREADY_IN_USE' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('lets a screen handle a code itself through meta.handledCodes', async () => {
    const { notify } = setup(() => error(403, 'EMAIL_NOT_VERIFIED'));
    const result = await getMe({ meta: { handledCodes: ['EMAIL_NOT_VERIFIED'] } });
    expect(result.error).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(notify).not.toHaveBeenCalled();
  });
});
