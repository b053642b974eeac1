/**
 * The browser's copy of the session (seed 001 §7.9): the session object, the access token, the
 * refresh token (kept separately, as the seed asks) and the domains. Backed by localStorage so a
 * reload resumes; an in-memory map stands in where there is no storage (tests, private modes).
 */
import type { Session, UserRootOrgs } from '../../contract/entities.ts';

export const SESSION_KEYS = {
  session: 'hrdesk.session',
  token: 'hrdesk.token',
  refreshToken: 'hrdesk.refreshToken',
  domains: 'hrdesk.domains',
  /** The signing module's session (features/signbooks/signClient.ts): it dies with the session. */
  signSession: 'hrdesk.signSession',
} as const;

export interface SessionStore {
  getSession(): Session | null;
  setSession(session: Session): void;
  getToken(): string | null;
  /** Also updates the stored session's token, so both never disagree. */
  setToken(token: string): void;
  getRefreshToken(): string | null;
  setRefreshToken(token: string): void;
  getDomains(): readonly UserRootOrgs[];
  setDomains(domains: readonly UserRootOrgs[]): void;
  /** Wipes everything: session, tokens, domains, the signing session. */
  clear(): void;
}

type KeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const memoryStorage = (): KeyValue => {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
};

const defaultStorage = (): KeyValue => {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Access to localStorage throws in some sandboxed frames: fall back to memory.
  }
  return memoryStorage();
};

const readJson = <T>(storage: KeyValue, key: string): T | null => {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
};

/** `storage`: omitted → localStorage when present; `null` → memory only. */
export const createSessionStore = (storage?: KeyValue | null): SessionStore => {
  const s = storage === undefined ? defaultStorage() : (storage ?? memoryStorage());
  return {
    getSession: () => readJson<Session>(s, SESSION_KEYS.session),
    setSession: (session) => {
      s.setItem(SESSION_KEYS.session, JSON.stringify(session));
      s.setItem(SESSION_KEYS.token, session.token);
    },
    getToken: () => s.getItem(SESSION_KEYS.token),
    setToken: (token) => {
      s.setItem(SESSION_KEYS.token, token);
      const session = readJson<Session>(s, SESSION_KEYS.session);
      if (session) s.setItem(SESSION_KEYS.session, JSON.stringify({ ...session, token }));
    },
    getRefreshToken: () => s.getItem(SESSION_KEYS.refreshToken),
    setRefreshToken: (token) => s.setItem(SESSION_KEYS.refreshToken, token),
    getDomains: () => readJson<UserRootOrgs[]>(s, SESSION_KEYS.domains) ?? [],
    setDomains: (domains) => s.setItem(SESSION_KEYS.domains, JSON.stringify(domains)),
    clear: () => {
      for (const key of Object.values(SESSION_KEYS)) s.removeItem(key);
    },
  };
};
