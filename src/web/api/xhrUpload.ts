/**
 * The upload machine's transport (beside the API client, whose session protocol it repeats): a multipart POST through XMLHttpRequest, because only XHR reports
 * the bytes sent (fetch does not). It speaks the session protocol as the API client does: bearer and
 * refresh headers out, rotated tokens in, its outcome on the bus (`api.<routeId>.succeeded | failed`),
 * a 401 turned into `api.session.expired` on the bus.
 * Stopping the actor (cancel, page left) aborts the request.
 */
import { fromCallback } from 'xstate';
import { TIMEOUTS } from '../../contract/constants.ts';
import { ERROR_KEYS } from '../../contract/keys.ts';
import { AUTH_HEADERS, type RouteId, routeUrl } from '../../contract/routes.ts';
import type { TransferFact, UploadEvent, UploadFailure, UploadInput } from '../../../machines/upload/index.ts';
import type { SessionStore } from '../app/sessionStore.ts';
import type { Bus } from '../bus/bus.ts';
import type { BusEventOf } from '../bus/events.ts';

export interface UploadRequest {
  readonly routeId: RouteId;
  readonly formData: FormData;
}

export interface XhrDeps {
  readonly sessionStore: SessionStore;
  readonly bus: Bus;
  readonly baseUrl?: string;
  readonly createXhr?: () => XMLHttpRequest;
}

const parseJson = (text: string): unknown => {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
};

const failureOf = (xhr: XMLHttpRequest): UploadFailure => {
  try {
    const body = JSON.parse(xhr.responseText) as Partial<UploadFailure>;
    return {
      key: typeof body.key === 'string' ? body.key : ERROR_KEYS.internal,
      status: xhr.status,
      ...(typeof body.message === 'string' ? { message: body.message } : {}),
      ...(Array.isArray(body.errors) ? { errors: body.errors } : {}),
      ...(body.fields ? { fields: body.fields } : {}),
    };
  } catch {
    return { key: xhr.status === 413 ? ERROR_KEYS.payloadTooLarge : ERROR_KEYS.internal, status: xhr.status };
  }
};

export const createXhrTransfer = (deps: XhrDeps) =>
  fromCallback<UploadEvent, UploadInput>(({ input, sendBack }) => {
    const request = input.request as UploadRequest;
    const send = (fact: TransferFact) => sendBack(fact);
    const xhr = deps.createXhr?.() ?? new XMLHttpRequest();
    let settled = false;
    const { routeId } = request;
    const succeeded = (result: unknown) => {
      deps.bus.emit({
        type: `api.${routeId}.succeeded`,
        routeId,
        params: {},
        result,
      } as BusEventOf<`api.${RouteId}.succeeded`>);
      send({ type: 'transfer.succeeded', result });
    };
    const failed = (failure: UploadFailure) => {
      deps.bus.emit({
        type: `api.${routeId}.failed`,
        routeId,
        params: {},
        failure,
      } as BusEventOf<`api.${RouteId}.failed`>);
      if (failure.status === 401) deps.bus.emit({ type: 'api.session.expired', key: failure.key, routeId });
      send({ type: 'transfer.failed', failure });
    };
    xhr.open('POST', `${deps.baseUrl ?? ''}${routeUrl(request.routeId)}`);
    xhr.timeout = TIMEOUTS.longMs;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = deps.sessionStore.getToken();
    const refresh = deps.sessionStore.getRefreshToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (refresh) xhr.setRequestHeader('Refresh-Token', refresh);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) send({ type: 'transfer.progressed', loaded: e.loaded, total: e.total });
    };
    xhr.onload = () => {
      settled = true;
      const rotated = xhr.getResponseHeader(AUTH_HEADERS.setAuthorization);
      const rotatedRefresh = xhr.getResponseHeader(AUTH_HEADERS.setRefreshToken);
      if (rotatedRefresh) deps.sessionStore.setRefreshToken(rotatedRefresh);
      if (rotated) {
        deps.sessionStore.setToken(rotated.replace(/^Bearer\s+/i, ''));
        deps.bus.emit({ type: 'api.token.rotated', token: deps.sessionStore.getToken() ?? rotated });
      }
      if (xhr.status >= 200 && xhr.status < 300) succeeded(parseJson(xhr.responseText));
      else failed(failureOf(xhr));
    };
    xhr.onerror = () => {
      settled = true;
      failed({ key: ERROR_KEYS.network, status: 0 });
    };
    xhr.ontimeout = () => {
      settled = true;
      failed({ key: ERROR_KEYS.timeout, status: 0 });
    };
    xhr.send(request.formData);
    return () => {
      if (!settled) xhr.abort();
    };
  });
