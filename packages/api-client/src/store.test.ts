import { describe, expect, it } from 'vitest';
import { createPersistedStore, STORAGE_KEY, type KeyValueStorage } from './store';
import { loginResponseFixture } from './mocks/fixtures';

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (k) => data[k] ?? null,
    setItem: (k, v) => void (data[k] = v),
    removeItem: (k) => void delete data[k],
  };
}

describe('persisted store', () => {
  it('persists only the session, the drawer state, the news flag and the snoozed reminder, under one key with version 1', () => {
    const storage = memoryStorage();
    const store = createPersistedStore(storage);
    store.login(loginResponseFixture);
    store.setDrawerOpen(false);
    store.setNewsSeen(true);
    store.setActivationDismissedAt('2026-11-25T12:00:00.000Z');
    expect(Object.keys(storage.data)).toEqual([STORAGE_KEY]);
    const env = JSON.parse(storage.data[STORAGE_KEY]!);
    expect(env.version).toBe(1);
    expect(Object.keys(env.state).sort()).toEqual(['activationDismissedAt', 'drawerOpen', 'newsSeen', 'session']);
    expect(createPersistedStore(storage).getState().activationDismissedAt).toBe('2026-11-25T12:00:00.000Z');
    expect(Object.keys(env.state.session).sort()).toEqual(['jwt', 'professional', 'signature']);
  });

  it('comes back after a reload', () => {
    const storage = memoryStorage();
    createPersistedStore(storage).login(loginResponseFixture);
    const again = createPersistedStore(storage);
    expect(again.getState().session.jwt).toBe(loginResponseFixture.jwt);
    expect(again.getState().session.professional?.email).toBe(loginResponseFixture.professional.email);
  });

  it("logout clears jwt, professional, signature and the account's snoozed reminder, and keeps the drawer and news flag", () => {
    const store = createPersistedStore(memoryStorage());
    store.login(loginResponseFixture);
    store.setDrawerOpen(false);
    store.setNewsSeen(true);
    store.setActivationDismissedAt('2026-11-25T12:00:00.000Z');
    store.logout();
    expect(store.getState()).toEqual({
      session: { jwt: null, professional: null, signature: null },
      drawerOpen: false,
      newsSeen: true,
      activationDismissedAt: null,
    });
  });

  it('opens the drawer by default', () => {
    expect(createPersistedStore(memoryStorage()).getState().drawerOpen).toBe(true);
  });

  it('drops what an unknown version stored, and survives garbage', () => {
    expect(
      createPersistedStore(
        memoryStorage({ [STORAGE_KEY]: JSON.stringify({ version: 99, state: { drawerOpen: false } }) }),
      ).getState().drawerOpen,
    ).toBe(true);
    expect(createPersistedStore(memoryStorage({ [STORAGE_KEY]: '{not json' })).getState().session.jwt).toBeNull();
  });

  it('tells subscribers', () => {
    const store = createPersistedStore(memoryStorage());
    const seen: boolean[] = [];
    store.subscribe((s) => seen.push(s.drawerOpen));
    store.setDrawerOpen(false);
    expect(seen).toEqual([false]);
  });
});
