import { useSyncExternalStore } from 'react';
import { createPersistedStore, STORAGE_KEY, type PersistedState } from '@acompanha/api-client';

export const store = createPersistedStore(typeof window === 'undefined' ? undefined : window.localStorage);

// Another tab signed in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY) store.reload();
  });
}

export function usePersisted<T>(select: (state: PersistedState) => T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.getState()),
    () => select(store.getState()),
  );
}

export const isSignedIn = () => !!store.getState().session.jwt;
