import type { Professional, Signature } from './gen/types.gen';

/** The one key under which the portal keeps what it persists. */
export const STORAGE_KEY = 'acompanha:persisted-state';
export const STORAGE_VERSION = 1;

export interface SessionState {
  jwt: string | null;
  professional: Professional | null;
  /** The professional's subscription (the spec calls it signature). */
  signature: Signature | null;
}

/** Exactly what is persisted: the session, the drawer state, the news-seen flag and the snoozed activation reminder. */
export interface PersistedState {
  session: SessionState;
  drawerOpen: boolean;
  newsSeen: boolean;
  /** When "Lembrar depois" last dismissed the activation reminder (ISO), so it stays away for a day. */
  activationDismissedAt: string | null;
}

interface Envelope {
  version: number;
  state: unknown;
}

export const initialState: PersistedState = {
  session: { jwt: null, professional: null, signature: null },
  drawerOpen: true,
  newsSeen: false,
  activationDismissedAt: null,
};

/**
 * Upgrades what an older version stored. Version 1 is the first, so there is nothing to
 * upgrade yet; a future version adds a `case` here instead of dropping the user's session.
 */
export function migrate(stored: unknown, fromVersion: number): PersistedState {
  switch (fromVersion) {
    case STORAGE_VERSION:
      return sanitize(stored);
    default:
      return initialState;
  }
}

function sanitize(raw: unknown): PersistedState {
  if (!raw || typeof raw !== 'object') return initialState;
  const r = raw as Partial<PersistedState>;
  const s = (r.session ?? {}) as Partial<SessionState>;
  return {
    session: {
      jwt: typeof s.jwt === 'string' ? s.jwt : null,
      professional: s.professional ?? null,
      signature: s.signature ?? null,
    },
    drawerOpen: typeof r.drawerOpen === 'boolean' ? r.drawerOpen : initialState.drawerOpen,
    newsSeen: typeof r.newsSeen === 'boolean' ? r.newsSeen : initialState.newsSeen,
    activationDismissedAt: typeof r.activationDismissedAt === 'string' ? r.activationDismissedAt : null,
  };
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

type Listener = (state: PersistedState) => void;

/** A tiny persisted store, read with useSyncExternalStore in the apps. */
export function createPersistedStore(storage: KeyValueStorage | undefined) {
  let state = load();
  const listeners = new Set<Listener>();

  function load(): PersistedState {
    if (!storage) return initialState;
    try {
      const raw = storage.getItem(STORAGE_KEY);
      if (!raw) return initialState;
      const env = JSON.parse(raw) as Envelope;
      return migrate(env.state, Number(env.version));
    } catch {
      return initialState;
    }
  }

  function set(next: PersistedState) {
    state = next;
    if (storage) {
      try {
        const env: Envelope = { version: STORAGE_VERSION, state };
        storage.setItem(STORAGE_KEY, JSON.stringify(env));
      } catch {
        // storage full or blocked (private mode): the app keeps working in memory
      }
    }
    for (const l of listeners) l(state);
  }

  return {
    getState: () => state,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Stores what a sign-in returns. */
    login(session: { jwt: string; professional: Professional; signature: Signature | null }) {
      set({
        ...state,
        session: { jwt: session.jwt, professional: session.professional, signature: session.signature },
      });
    },
    setJwt(jwt: string) {
      set({ ...state, session: { ...state.session, jwt } });
    },
    setProfessional(professional: Professional) {
      set({ ...state, session: { ...state.session, professional } });
    },
    /** Clears jwt, professional, signature and the account's snoozed reminder; the drawer and news flag stay. */
    logout() {
      if (!state.session.jwt && !state.session.professional && !state.session.signature) return;
      set({ ...state, session: { jwt: null, professional: null, signature: null }, activationDismissedAt: null });
    },
    setActivationDismissedAt(activationDismissedAt: string | null) {
      set({ ...state, activationDismissedAt });
    },
    setDrawerOpen(drawerOpen: boolean) {
      set({ ...state, drawerOpen });
    },
    setNewsSeen(newsSeen: boolean) {
      set({ ...state, newsSeen });
    },
    /** Re-reads storage (another tab changed it). */
    reload() {
      state = load();
      for (const l of listeners) l(state);
    },
  };
}

export type PersistedStore = ReturnType<typeof createPersistedStore>;
