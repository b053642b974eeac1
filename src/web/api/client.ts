/**
 * The API client (seed 001 §7.1): one Effect program per call, built from the contract's route
 * table. It owns the session protocol on the wire: bearer + refresh headers out, rotated tokens
 * in, every call's outcome published on the bus as `api.<routeId>.succeeded | failed` (typed by the
 * contract's `RouteResults`), and every 401 outside login/public routes turned into
 * `api.session.expired` on the bus.
 *
 * It is written on `effect/Micro`, Effect's small runtime for front ends: the full Effect runtime
 * alone weighed about 70 kB gzip, over a quarter of the login page's 250 kB budget.
 */
import * as Micro from 'effect/Micro';
import { TIMEOUTS } from '../../contract/constants.ts';
import { ERROR_KEYS } from '../../contract/keys.ts';
import { AUTH_HEADERS, ROUTES, routeUrl, type RouteDef, type RouteId } from '../../contract/routes.ts';
import type { Bus } from '../bus/bus.ts';
import type { BusEventOf } from '../bus/events.ts';
import type { SessionStore } from '../app/sessionStore.ts';
import { ApiFailure } from './failure.ts';

export interface CallOptions {
  readonly params?: Record<string, string | number>;
  readonly body?: unknown;
  readonly formData?: FormData;
  readonly signal?: AbortSignal;
  /** A tag the call's bus fact carries back (`request`), so its asker knows its own answer (machines/read). */
  readonly request?: string;
  /** Query string parameters. */
  readonly query?: Record<string, string | number | boolean | undefined>;
  /**
   * Ask for a file rather than JSON from a route that can answer both (the employee list as
   * `employees.csv`): the answer is a Blob and, as a binary download, gets the long timeout.
   */
  readonly download?: { readonly accept: string };
  /** A file answer reports the bytes received so far (and the total when the server sends its length). */
  readonly onProgress?: (loaded: number, total: number | null) => void;
  /**
   * A header giving the expected size when the answer is streamed without a length (the documents
   * zip's `x-document-bytes`): `onProgress` then receives it as its total.
   */
  readonly progressTotalHeader?: string;
  /**
   * A file answer as bytes (`Uint8Array`) rather than a Blob: what pdf.js opens, so a view reading it
   * through the bus (machines/read) shows the answer as published, with no conversion of its own.
   */
  readonly bytes?: boolean;
}

export interface ApiClientOptions {
  readonly bus: Bus;
  readonly sessionStore: SessionStore;
  /** Origin prefix; '' (same origin) in the browser. */
  readonly baseUrl?: string;
  /** Overridable for tests; defaults to the seed's 40 s / 10 min. */
  readonly timeouts?: { readonly defaultMs: number; readonly longMs: number };
  readonly fetch?: typeof fetch;
}

export interface ApiClient {
  callEffect<T>(routeId: RouteId, options?: CallOptions): Micro.Micro<T, ApiFailure>;
  call<T>(routeId: RouteId, options?: CallOptions): Promise<T>;
}

/** Routes whose 401 means "wrong credentials" rather than "your session ended". */
const isSessionRoute = (id: RouteId, def: RouteDef): boolean => id !== 'auth.login' && def.access !== 'public';

const withQuery = (url: string, query: CallOptions['query']): string => {
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) search.set(k, String(v));
  const text = search.toString();
  return text ? `${url}?${text}` : url;
};

interface ErrorBody {
  key?: string;
  message?: string;
  errors?: string[];
  fields?: Record<string, string>;
}

const readErrorBody = async (response: Response): Promise<ErrorBody> => {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? (body as ErrorBody) : {};
  } catch {
    return {};
  }
};

/** The body as a Blob, read chunk by chunk when someone follows the progress (a large zip). */
const readBlob = async (
  response: Response,
  onProgress: CallOptions['onProgress'],
  totalHeader?: string,
): Promise<Blob> => {
  if (!onProgress || !response.body) return response.blob();
  const sized = (name: string | undefined): number | null => {
    const value = Number(name ? response.headers.get(name) : null);
    return Number.isFinite(value) && value > 0 ? value : null;
  };
  const total = sized('content-length') ?? sized(totalHeader);
  const reader = response.body.getReader();
  const chunks: BlobPart[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress(loaded, total);
  }
  return new Blob(chunks, { type: response.headers.get('content-type') ?? '' });
};

export const createApiClient = (options: ApiClientOptions): ApiClient => {
  const { bus, sessionStore } = options;
  const baseUrl = options.baseUrl ?? '';
  const timeouts = options.timeouts ?? TIMEOUTS;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  const buildRequest = (id: RouteId, def: RouteDef, opts: CallOptions): RequestInit & { url: string } => {
    const headers: Record<string, string> = { Accept: opts.download?.accept ?? 'application/json' };
    const token = sessionStore.getToken();
    const refresh = sessionStore.getRefreshToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (refresh) headers['Refresh-Token'] = refresh;
    let body: BodyInit | undefined;
    if (opts.formData) body = opts.formData;
    else if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    return { url: baseUrl + withQuery(routeUrl(id, opts.params), opts.query), method: def.method, headers, body };
  };

  const storeRotatedTokens = (response: Response): void => {
    const token = response.headers.get(AUTH_HEADERS.setAuthorization);
    const refresh = response.headers.get(AUTH_HEADERS.setRefreshToken);
    if (refresh) sessionStore.setRefreshToken(refresh);
    if (token) {
      sessionStore.setToken(token.replace(/^Bearer\s+/i, ''));
      bus.emit({ type: 'api.token.rotated', token: sessionStore.getToken() ?? token });
    }
  };

  const callEffect = <T>(id: RouteId, opts: CallOptions = {}): Micro.Micro<T, ApiFailure> => {
    const def: RouteDef = ROUTES[id];
    // Absent fields stay absent: an explicit `message: undefined` would shadow Error's own message.
    const fail = (
      status: number,
      key: string,
      message?: string,
      errors?: readonly string[],
      fields?: Readonly<Record<string, string>>,
    ) =>
      new ApiFailure({
        routeId: id,
        status,
        key,
        ...(message === undefined ? {} : { message }),
        ...(errors === undefined ? {} : { errors }),
        ...(fields === undefined ? {} : { fields }),
      });

    const exchange = Micro.tryPromise({
      try: async (signal): Promise<T> => {
        const signals = opts.signal ? [signal, opts.signal] : [signal];
        const send = async () => {
          const sentToken = sessionStore.getToken();
          const { url, ...init } = buildRequest(id, def, opts);
          const answer = await doFetch(url, { ...init, signal: AbortSignal.any(signals) });
          storeRotatedTokens(answer);
          return { answer, sentToken };
        };
        const first = await send();
        let response = first.answer;
        // Refused with a token another call replaced meanwhile (a domain switch, a renewal): the server
        // refused before doing anything, so the call is sent once more with the current token rather
        // than ending a session that is alive.
        const current = sessionStore.getToken();
        if (response.status === 401 && isSessionRoute(id, def) && current && current !== first.sentToken)
          response = (await send()).answer;
        if (!response.ok) {
          const body = await readErrorBody(response);
          throw fail(response.status, body.key ?? ERROR_KEYS.internal, body.message, body.errors, body.fields);
        }
        if (def.binary || opts.download) {
          const blob = await readBlob(response, opts.onProgress, opts.progressTotalHeader);
          return (opts.bytes ? new Uint8Array(await blob.arrayBuffer()) : blob) as T;
        }
        if (response.status === 204) return undefined as T;
        const text = await response.text();
        return (text ? JSON.parse(text) : undefined) as T;
      },
      catch: (error) => {
        if (error instanceof ApiFailure) return error;
        if (opts.signal?.aborted) return fail(0, ERROR_KEYS.aborted);
        return fail(0, ERROR_KEYS.network, error instanceof Error ? error.message : undefined);
      },
    });

    const timeoutMs =
      def.timeout === 'none' ? null : def.timeout === 'long' || opts.download ? timeouts.longMs : timeouts.defaultMs;
    const bounded =
      timeoutMs === null
        ? exchange
        : exchange.pipe(
            Micro.timeoutOrElse({ duration: timeoutMs, onTimeout: () => Micro.fail(fail(0, ERROR_KEYS.timeout)) }),
          );

    // Every outcome on the bus, typed by the contract: machines listen to the routes they follow.
    const params = opts.params ?? {};
    const tag = opts.request === undefined ? {} : { request: opts.request };
    return bounded.pipe(
      Micro.tap((result) =>
        Micro.sync(() =>
          bus.emit({
            type: `api.${id}.succeeded`,
            routeId: id,
            params,
            ...tag,
            result,
          } as BusEventOf<`api.${RouteId}.succeeded`>),
        ),
      ),
      Micro.tapError((failure) =>
        Micro.sync(() => {
          bus.emit({
            type: `api.${id}.failed`,
            routeId: id,
            params,
            ...tag,
            failure: {
              status: failure.status,
              key: failure.key,
              ...(failure.message ? { message: failure.message } : {}),
              ...(failure.errors === undefined ? {} : { errors: failure.errors }),
              ...(failure.fields === undefined ? {} : { fields: failure.fields }),
            },
          } as BusEventOf<`api.${RouteId}.failed`>);
          if (failure.status === 401 && isSessionRoute(id, def)) {
            bus.emit({ type: 'api.session.expired', key: failure.key, routeId: id });
          }
        }),
      ),
    );
  };

  /**
   * A call's answer is its bus fact (issue 14: no API result past the bus): the call is tagged (the
   * caller's `request`, else one of its own), and what it resolves with — or the failure it throws — is
   * what the bus carried for that tag, as every other listener heard it.
   */
  let calls = 0;
  const call = async <T>(id: RouteId, opts?: CallOptions): Promise<T> => {
    const request = opts?.request ?? `call-${(calls += 1)}`;
    let heard: BusEventOf<`api.${RouteId}.succeeded` | `api.${RouteId}.failed`> | undefined;
    const listening = bus
      .ofType(`api.${id}.succeeded`, `api.${id}.failed`)
      .subscribe((e) => void (e.request === request && !heard && (heard = e)));
    try {
      const exit = await Micro.runPromiseExit(callEffect<T>(id, { ...opts, request }));
      if (!heard) {
        // Not published (a defect in the call's own program): its outcome as it is.
        if (Micro.exitIsSuccess(exit)) return exit.value;
        throw Micro.causeSquash(exit.cause);
      }
    } finally {
      listening.unsubscribe();
    }
    const fact = heard;
    if ('failure' in fact) throw new ApiFailure({ routeId: id, ...fact.failure });
    return fact.result as T;
  };

  return { callEffect, call };
};
