import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { routeUrl } from '../../contract/routes.ts';
import { createSessionStore, type SessionStore } from '../app/sessionStore.ts';
import { createBus, type Bus, type BusEvent } from '../bus/index.ts';
import { createApiClient, type ApiClient } from './client.ts';
import { ApiFailure } from './failure.ts';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
const handlers = new Map<string, Handler>();
const seenHeaders: Record<string, IncomingMessage['headers']> = {};
let server: Server;
let baseUrl: string;

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const key = `${req.method} ${req.url?.split('?')[0]}`;
      seenHeaders[key] = req.headers;
      const handler = handlers.get(key);
      if (handler) handler(req, res, body);
      else json(res, 404, { key: 'error.not-found', status: 404 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let bus: Bus;
let store: SessionStore;
let api: ApiClient;
let events: BusEvent[];
beforeEach(() => {
  handlers.clear();
  bus = createBus();
  events = [];
  bus.events$.subscribe((e) => events.push(e));
  store = createSessionStore(null);
  api = createApiClient({ bus, sessionStore: store, baseUrl, timeouts: { defaultMs: 5_000, longMs: 10_000 } });
});

const on = (method: string, path: string, handler: Handler) => handlers.set(`${method} ${path}`, handler);
const failureOf = async (p: Promise<unknown>): Promise<ApiFailure> => {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiFailure);
  return error as ApiFailure;
};

describe('api client', () => {
  it('sends JSON accept, bearer and refresh headers, and the JSON body', async () => {
    store.setToken('access-1');
    store.setRefreshToken('refresh-1');
    on('POST', routeUrl('organizations.list'), (_req, res, body) => json(res, 200, { echo: JSON.parse(body) }));
    const answer = await api.call<{ echo: unknown }>('organizations.list', { body: { search: 'Acme' } });
    expect(answer.echo).toEqual({ search: 'Acme' });
    const headers = seenHeaders[`POST ${routeUrl('organizations.list')}`];
    expect(headers?.accept).toBe('application/json');
    expect(headers?.authorization).toBe('Bearer access-1');
    expect(headers?.['refresh-token']).toBe('refresh-1');
    expect(events).toContainEqual({
      type: 'api.organizations.list.succeeded',
      routeId: 'organizations.list',
      params: {},
      request: 'call-1',
      result: { echo: { search: 'Acme' } },
    });
  });

  it('answers with its bus fact: what a listener changes in the fact is what the caller gets', async () => {
    on('POST', routeUrl('organizations.list'), (_req, res) => json(res, 200, { items: ['Acme'] }));
    const sub = bus.ofType('api.organizations.list.succeeded').subscribe((e) => {
      (e.result as { heard?: boolean }).heard = true;
    });
    const answer = await api.call<{ items: string[]; heard?: boolean }>('organizations.list', { request: 'mine#1' });
    sub.unsubscribe();
    expect(answer).toEqual({ items: ['Acme'], heard: true });
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'api.organizations.list.succeeded', request: 'mine#1' }),
    );
  });

  it('fills path parameters from the contract', async () => {
    on('GET', '/api/org/organization/org%201', (_req, res) => json(res, 200, { id: 'org 1' }));
    await expect(api.call('organizations.get', { params: { id: 'org 1' } })).resolves.toEqual({ id: 'org 1' });
    // The bus says which call it was: a listener tells its own organisation by the params.
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'api.organizations.get.succeeded', params: { id: 'org 1' } }),
    );
  });

  it("gives back the caller's tag on the call's outcome, good or bad", async () => {
    on('POST', routeUrl('organizations.list'), (_req, res) => json(res, 200, []));
    await api.call('organizations.list', { body: {}, request: 'reader#1' });
    on('POST', routeUrl('organizations.list'), (_req, res) => json(res, 500, { key: 'error.internal' }));
    await failureOf(api.call('organizations.list', { body: {}, request: 'reader#2' }));
    expect(
      events
        .filter((e) => e.type.startsWith('api.organizations.list'))
        .map((e) => [e.type, 'request' in e && e.request]),
    ).toEqual([
      ['api.organizations.list.succeeded', 'reader#1'],
      ['api.organizations.list.failed', 'reader#2'],
    ]);
  });

  it('replaces the stored tokens from set-authorization / set-refresh-token and says so on the bus', async () => {
    store.setToken('old');
    store.setRefreshToken('old-refresh');
    on('GET', routeUrl('users.current'), (_req, res) =>
      json(res, 200, { login: 'admin' }, { 'set-authorization': 'new-access', 'set-refresh-token': 'new-refresh' }),
    );
    await api.call('users.current');
    expect(store.getToken()).toBe('new-access');
    expect(store.getRefreshToken()).toBe('new-refresh');
    expect(events).toContainEqual({ type: 'api.token.rotated', token: 'new-access' });
    on('GET', routeUrl('shell.badges'), (_req, res) => json(res, 200, {}));
    await api.call('shell.badges');
    expect(seenHeaders[`GET ${routeUrl('shell.badges')}`]?.authorization).toBe('Bearer new-access');
  });

  it('turns a 401 on a session route into api.session.expired and a typed rejection', async () => {
    on('GET', routeUrl('users.current'), (_req, res) =>
      json(res, 401, { key: 'error.auth.expired-token', status: 401, message: 'expired' }),
    );
    const failure = await failureOf(api.call('users.current'));
    expect(failure).toMatchObject({
      status: 401,
      key: 'error.auth.expired-token',
      message: 'expired',
      routeId: 'users.current',
    });
    expect(events).toContainEqual({
      type: 'api.session.expired',
      key: 'error.auth.expired-token',
      routeId: 'users.current',
    });
    expect(events).toContainEqual({
      type: 'api.users.current.failed',
      routeId: 'users.current',
      params: {},
      request: 'call-1',
      failure: { status: 401, key: 'error.auth.expired-token', message: 'expired' },
    });
  });

  it('sends a call refused with a token replaced meanwhile (a domain switch) once more, with the current one', async () => {
    store.setToken('before-switch');
    const tokens: (string | undefined)[] = [];
    on('GET', routeUrl('shell.badges'), (req, res) => {
      tokens.push(req.headers.authorization);
      if (req.headers.authorization === 'Bearer before-switch') {
        // The switch's answer arrived while this call was on its way: the old token is refused.
        store.setToken('after-switch');
        json(res, 401, { key: 'error.auth.invalid-token', status: 401 });
      } else json(res, 200, { ok: true });
    });
    await expect(api.call('shell.badges')).resolves.toEqual({ ok: true });
    expect(tokens).toEqual(['Bearer before-switch', 'Bearer after-switch']);
    expect(events.some((e) => e.type === 'api.session.expired')).toBe(false);
    // Refused again with the current token: the session did end, once.
    store.setToken('revoked');
    on('GET', routeUrl('shell.badges'), (_req, res) =>
      json(res, 401, { key: 'error.auth.invalid-token', status: 401 }),
    );
    await failureOf(api.call('shell.badges'));
    expect(events.filter((e) => e.type === 'api.session.expired')).toHaveLength(1);
  });

  it('does not end a session for a 401 from the login call (wrong password)', async () => {
    on('POST', routeUrl('auth.login'), (_req, res) =>
      json(res, 401, { key: 'error.auth.bad-credentials', status: 401, message: 'Identifiants invalides' }),
    );
    const failure = await failureOf(api.call('auth.login', { body: { login: 'a', password: 'b' } }));
    expect(failure.key).toBe('error.auth.bad-credentials');
    expect(events.some((e) => e.type === 'api.session.expired')).toBe(false);
  });

  it('keeps the server error list and falls back to error.internal on a non-JSON answer', async () => {
    on('POST', routeUrl('employees.create'), (_req, res) =>
      json(res, 400, {
        key: 'error.validation.body',
        status: 400,
        errors: ['email taken', 'x'],
        fields: { email: 'validation.format' },
      }),
    );
    const failure = await failureOf(api.call('employees.create', { body: {} }));
    expect(failure).toMatchObject({
      status: 400,
      key: 'error.validation.body',
      errors: ['email taken', 'x'],
      fields: { email: 'validation.format' },
    });
    on('GET', routeUrl('subscription.stats'), (_req, res) => {
      res.writeHead(502);
      res.end('bad gateway');
    });
    expect(await failureOf(api.call('subscription.stats'))).toMatchObject({ status: 502, key: 'error.internal' });
  });

  it('times out default routes after defaultMs but lets long routes run until longMs', async () => {
    const slow: Handler = (_req, res) => setTimeout(() => json(res, 200, { ok: true }), 400);
    on('GET', routeUrl('users.current'), slow);
    on('POST', routeUrl('campaigns.retry', { id: 'c1' }), slow);
    const quick = createApiClient({ bus, sessionStore: store, baseUrl, timeouts: { defaultMs: 150, longMs: 3_000 } });
    const failure = await failureOf(quick.call('users.current'));
    expect(failure).toMatchObject({ status: 0, key: 'error.timeout' });
    await expect(quick.call('campaigns.retry', { params: { id: 'c1' } })).resolves.toEqual({ ok: true });
  });

  it('reports an unreachable server as error.network', async () => {
    const dead = createApiClient({ bus, sessionStore: store, baseUrl: 'http://127.0.0.1:1' });
    expect(await failureOf(dead.call('users.current'))).toMatchObject({ status: 0, key: 'error.network' });
  });

  it('aborts on the caller signal with error.aborted', async () => {
    on('POST', routeUrl('employees.dsn'), () => undefined);
    const controller = new AbortController();
    const pending = api.call('employees.dsn', { formData: new FormData(), signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    expect(await failureOf(pending)).toMatchObject({ key: 'error.aborted' });
  });

  it('returns a Blob for binary routes', async () => {
    on('GET', routeUrl('documents.pdf', { id: 'd1' }), (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end('%PDF-1.7');
    });
    const blob = await api.call<Blob>('documents.pdf', { params: { id: 'd1' } });
    expect(blob).toBeInstanceOf(Blob);
    expect(await blob.text()).toBe('%PDF-1.7');
  });

  it('publishes a binary answer as bytes when asked, so a read takes it from the bus as is', async () => {
    on('GET', routeUrl('documents.pdf', { id: 'd2' }), (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end('%PDF-1.7');
    });
    const published: unknown[] = [];
    const sub = bus.ofType('api.documents.pdf.succeeded').subscribe((e) => published.push(e.result));
    const bytes = await api.call<Uint8Array>('documents.pdf', { params: { id: 'd2' }, bytes: true });
    sub.unsubscribe();
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(bytes)).toBe('%PDF-1.7');
    expect(published).toEqual([bytes]);
  });

  it('downloads a file from a JSON route when asked, with the long timeout', async () => {
    on('POST', routeUrl('employees.list'), (req, res) => {
      const wantsCsv = req.headers.accept === 'text/csv' && req.url?.includes('format=csv');
      setTimeout(() => {
        res.writeHead(200, { 'content-type': wantsCsv ? 'text/csv' : 'application/json' });
        res.end(wantsCsv ? '\ufeffNom;Prénom\r\n' : '{}');
      }, 300);
    });
    const quick = createApiClient({ bus, sessionStore: store, baseUrl, timeouts: { defaultMs: 150, longMs: 3_000 } });
    const csv = await quick.call<Blob>('employees.list', {
      body: {},
      query: { format: 'csv' },
      download: { accept: 'text/csv' },
    });
    expect(await csv.text()).toContain('Nom;Prénom');
  });
});
