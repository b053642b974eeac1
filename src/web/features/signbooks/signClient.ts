/**
 * The web client layer for the signing module (seed 001 §4, §7.7): every signbook call goes through
 * here. An answer whose `data.message` (or error message) is 'Auth token not valid' makes the client
 * fetch the signing session again and reject that call. A signing-session failure clears the stored
 * signature session and keeps the error status; with status 500 the signing menu is hidden and the
 * alert `alert.sidenav.signworkflows.alert` is shown. One client per set of services.
 */
import { SESSION_KEYS } from '../../app/sessionStore.ts';
import { BehaviorSubject } from 'rxjs';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import type { RouteId } from '../../../contract/routes.ts';
import type { SignSession } from '../../../contract/signbook.ts';
import { ApiFailure, type ApiClient, type CallOptions } from '../../api/index.ts';
import type { AlertInput } from '../../app/index.ts';

export const AUTH_TOKEN_NOT_VALID = 'Auth token not valid';
/** Where the signature-session data is kept in the browser (seed 000 §9). */
export const SIGN_SESSION_KEY = SESSION_KEYS.signSession;

export interface SignSessionState {
  readonly session: SignSession | null;
  /** Status of the last failed session call (0 for a network failure), else null. */
  readonly errorStatus: number | null;
  /** A 500 from the signing session hides the signing menu (seed 000 §2). */
  readonly menuHidden: boolean;
}

export interface SignClientDeps {
  readonly api: Pick<ApiClient, 'call'>;
  readonly alert: (input: AlertInput) => void;
  readonly storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
}

export interface SignClient {
  call<T>(routeId: RouteId, options?: CallOptions): Promise<T>;
  /** Fetches the signing session again (deduplicated while one is in flight). */
  refreshSession(): Promise<SignSession | null>;
  readonly state$: BehaviorSubject<SignSessionState>;
}

export const saysTokenNotValid = (value: unknown): boolean => {
  if (typeof value !== 'object' || value === null) return false;
  const data = (value as { data?: { message?: unknown } }).data;
  return data?.message === AUTH_TOKEN_NOT_VALID || (value as { message?: unknown }).message === AUTH_TOKEN_NOT_VALID;
};

const readStored = (storage: SignClientDeps['storage']): SignSession | null => {
  try {
    const raw = storage?.getItem(SIGN_SESSION_KEY);
    return raw ? (JSON.parse(raw) as SignSession) : null;
  } catch {
    return null;
  }
};

export const createSignClient = (deps: SignClientDeps): SignClient => {
  const storage = deps.storage === undefined ? (globalThis.localStorage ?? null) : deps.storage;
  const state$ = new BehaviorSubject<SignSessionState>({
    session: readStored(storage),
    errorStatus: null,
    menuHidden: false,
  });
  let inFlight: Promise<SignSession | null> | null = null;

  const refreshSession = (): Promise<SignSession | null> =>
    (inFlight ??= deps.api
      .call<SignSession>('signbooks.session')
      .then(
        (session) => {
          storage?.setItem(SIGN_SESSION_KEY, JSON.stringify(session));
          state$.next({ session, errorStatus: null, menuHidden: false });
          return session;
        },
        (failure: unknown) => {
          const status = failure instanceof ApiFailure ? failure.status : 0;
          storage?.removeItem(SIGN_SESSION_KEY);
          state$.next({ session: null, errorStatus: status, menuHidden: status === 500 });
          if (status === 500) deps.alert({ message: ALERT_KEYS.signature.sidenavAlert, type: 'error' });
          return null;
        },
      )
      .finally(() => {
        inFlight = null;
      }));

  const rejectAfterRefresh = async (routeId: RouteId, status: number): Promise<never> => {
    await refreshSession();
    throw new ApiFailure({ routeId, status, key: ERROR_KEYS.authInvalidToken, message: AUTH_TOKEN_NOT_VALID });
  };

  const call = async <T>(routeId: RouteId, options?: CallOptions): Promise<T> => {
    let answer: T;
    try {
      answer = await deps.api.call<T>(routeId, options);
    } catch (failure) {
      if (saysTokenNotValid(failure)) return rejectAfterRefresh(routeId, (failure as ApiFailure).status);
      throw failure;
    }
    if (saysTokenNotValid(answer)) return rejectAfterRefresh(routeId, 200);
    return answer;
  };

  return { call, refreshSession, state$ };
};
