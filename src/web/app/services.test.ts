import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { selectAuth } from '../../../machines/auth/auth.selectors.ts';
import { selectAlerts, selectReminders } from '../../../machines/alerts/alerts.selectors.ts';
import { selectNotifications } from '../../../machines/notifications/notifications.selectors.ts';
import type { Campaign, CurrentUser, LoginResponse } from '../../contract/entities.ts';
import { ALERT_KEYS } from '../../contract/keys.ts';
import { routeUrl } from '../../contract/routes.ts';
import { createServices, waitForAuthSettled, type Services } from './services.ts';
import { memoryStorage } from './sessionStore.ts';

const LOGIN: LoginResponse = {
  login: 'admin',
  userId: 'u1',
  userRootOrgs: [{ domain: 'main', orgsInVisu: [{ id: 'o1', name: 'Groupe Martin', siret: '73282932000074' }] }],
  userOrgId: 'o1',
  userOrgName: 'Groupe Martin',
  firstName: 'Camille',
  name: 'Martin',
  email: 'camille@example.fr',
  features: ['EmpList', 'DocCreateDispatch'],
  domain: 'main',
  isFreeTrial: false,
  signatureV3: true,
};
const CURRENT: CurrentUser = {
  login: 'admin',
  userId: 'u1',
  firstName: 'Camille',
  name: 'Martin',
  email: 'camille@example.fr',
  features: ['EmpList', 'DocCreateDispatch'],
  domain: 'main',
  userRootOrgs: LOGIN.userRootOrgs,
  orgId: 'o1',
  orgName: 'Groupe Martin',
  baseOrgId: 'o1',
  baseOrgName: 'Groupe Martin',
  isFreeTrial: false,
  signatureV3: true,
  locale: 'fr',
};
const BADGES = {
  employees: { all: 10, active: 8, inactive: 1, toValidate: 2 },
  campaigns: { validation: 0, finalized: 0, errorRetry: 1, errorDelete: 0, splitting: 0, dispatching: 0, refused: 0 },
  signbooks: { inProgress: 0, toSign: 0, done: 0, refused: 0, error: 0 },
};

/** A small stand-in server speaking the session protocol: tokens valid until revoked. */
let server: Server;
let baseUrl: string;
const valid = new Set<string>();
const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};
let badgeReads = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const token = (req.headers.authorization ?? '').replace('Bearer ', '');
      if (req.url === routeUrl('auth.login')) {
        valid.add('tok-1');
        return json(res, 200, LOGIN, { 'set-authorization': 'tok-1', 'set-refresh-token': 'ref-1' });
      }
      if (!valid.has(token)) return json(res, 401, { key: 'error.auth.invalid-token', status: 401 });
      if (req.url === routeUrl('users.current')) return json(res, 200, CURRENT);
      if (req.url === routeUrl('shell.badges')) {
        badgeReads++;
        return json(res, 200, BADGES);
      }
      if (req.url === routeUrl('auth.logout')) {
        valid.delete(token);
        return json(res, 200, {});
      }
      json(res, 404, { key: 'error.not-found', status: 404 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const running: Services[] = [];
afterEach(() => running.splice(0).forEach((s) => s.stop()));
const make = (storage = memoryStorage()) => {
  const services = createServices({ baseUrl, storage, socket: false });
  running.push(services);
  return services;
};
const loggedIn = (s: Services) => waitFor(s.actors.auth, (snap) => selectAuth(snap).isLoggedIn);

describe('app services', () => {
  it('logs in over HTTP, keeps the token in storage only, loads the badges and their reminders', async () => {
    const services = make();
    await waitForAuthSettled(services);
    services.actors.auth.send({ type: 'auth.login', login: 'admin', password: 'x' });
    const snap = await loggedIn(services);
    expect(selectAuth(snap).session?.fullName).toBe('Camille Martin');
    expect(JSON.stringify(snap.context)).not.toContain('tok-1');
    expect(services.sessionStore.getToken()).toBe('tok-1');
    expect(services.sessionStore.getRefreshToken()).toBe('ref-1');
    await waitFor(services.actors.alerts, (s) => selectReminders(s).length === 2);
    // Reminders stand in their own row: no toast floats over the page for them.
    expect(selectAlerts(services.actors.alerts.getSnapshot())).toEqual([]);
    expect(services.badges$.value).toEqual(BADGES);
  });

  it('reads the badges again after a reconnection that lost pushes, not after one that recovered them', async () => {
    const services = make();
    await waitForAuthSettled(services);
    services.actors.auth.send({ type: 'auth.login', login: 'admin', password: 'x' });
    await loggedIn(services);
    const settled = async (check: () => boolean) => {
      for (const end = Date.now() + 3_000; !check(); await new Promise((r) => setTimeout(r, 10)))
        if (Date.now() > end) throw new Error('condition not met in time');
    };
    await settled(() => services.badges$.value !== null);
    const reads = badgeReads;
    // Counts the socket left stale while it was away (a push about them was lost).
    const stale = { ...BADGES, employees: { ...BADGES.employees, toValidate: 9 } };
    services.bus.emit({ type: 'push.badges.updated', payload: stale });
    services.bus.emit({ type: 'push.reconnected', recovered: true });
    await new Promise((r) => setTimeout(r, 50));
    expect(badgeReads).toBe(reads);
    services.bus.emit({ type: 'push.reconnected', recovered: false });
    await settled(() => badgeReads === reads + 1 && services.badges$.value?.employees.toValidate === 2);
  });

  it("replaces a campaign's « … en cours » message by its outcome when the campaign's push says so", async () => {
    const services = make();
    const messages = () => selectAlerts(services.actors.alerts.getSnapshot()).map((a) => a.message);
    services.actors.alerts.send({
      type: 'alert.push',
      alert: { message: ALERT_KEYS.campaigns.validationInProgress, type: 'info', topic: 'campaign:c1' },
    });
    const pushed = (status: Campaign['status']) =>
      services.bus.emit({
        type: 'push.campaign.updated',
        payload: { id: 'c1', name: 'Paie novembre', status } as Campaign,
      });
    pushed('DISPATCHING');
    expect(messages()).toEqual([ALERT_KEYS.campaigns.validationInProgress]);
    pushed('DISPATCHED');
    expect(messages()).toEqual([ALERT_KEYS.campaigns.outcome.dispatched]);
    expect(selectAlerts(services.actors.alerts.getSnapshot())[0]?.values).toEqual({ name: 'Paie novembre' });
    // Once said, a later push of the same campaign says nothing more.
    services.actors.alerts.send({ type: 'alert.clear' });
    pushed('DISPATCHED');
    expect(messages()).toEqual([]);
  });

  it('gives the outcome at once when the run ended before the action’s answer came (its push came first)', () => {
    const services = make();
    const messages = () => selectAlerts(services.actors.alerts.getSnapshot()).map((a) => a.message);
    const pushed = (id: string, status: Campaign['status']) =>
      services.bus.emit({ type: 'push.campaign.updated', payload: { id, name: 'Paie', status } as Campaign });
    const inProgress = (id: string, message: string) =>
      services.actors.alerts.send({ type: 'alert.push', alert: { message, type: 'info', topic: `campaign:${id}` } });
    // c1 ended in error earlier; the retry is sent, its run is pushed, then its answer shows « en cours ».
    pushed('c1', 'IN_ERROR');
    services.campaignActionSent('c1');
    pushed('c1', 'DISPATCHING');
    pushed('c1', 'DISPATCHED');
    inProgress('c1', ALERT_KEYS.campaigns.retryInProgress);
    expect(messages()).toEqual([ALERT_KEYS.campaigns.outcome.dispatched]);
    // c2: the error pushed before the action was sent is not its outcome — the message waits.
    services.actors.alerts.send({ type: 'alert.clear' });
    pushed('c2', 'IN_ERROR');
    services.campaignActionSent('c2');
    inProgress('c2', ALERT_KEYS.campaigns.retryInProgress);
    expect(messages()).toEqual([ALERT_KEYS.campaigns.retryInProgress]);
    pushed('c2', 'DISPATCHED');
    expect(messages()).toEqual([ALERT_KEYS.campaigns.outcome.dispatched]);
  });

  it('resumes the stored session after a reload', async () => {
    const storage = memoryStorage();
    const first = make(storage);
    await waitForAuthSettled(first);
    first.actors.auth.send({ type: 'auth.login', login: 'admin', password: 'x' });
    await loggedIn(first);
    first.stop();
    const second = make(storage);
    const snap = await waitForAuthSettled(second);
    expect(selectAuth(snap).status).toBe('loggedIn');
  });

  it('treats a stored session the server refuses at reload as expired', async () => {
    const storage = memoryStorage();
    const first = make(storage);
    await waitForAuthSettled(first);
    first.actors.auth.send({ type: 'auth.login', login: 'admin', password: 'x' });
    await loggedIn(first);
    first.stop();
    valid.clear();
    const second = make(storage);
    const auth = selectAuth(await waitForAuthSettled(second));
    expect(auth.status).toBe('loggedOut');
    expect(auth.expiredReason).toBe(ALERT_KEYS.sessionExpired);
    expect(selectAlerts(second.actors.alerts.getSnapshot()).map((a) => a.message)).toEqual([ALERT_KEYS.sessionExpired]);
    expect(second.sessionStore.getSession()).toBeNull();
  });

  it('on a 401 clears alerts and notifications, shows the expiry alert, wipes storage and goes to login', async () => {
    const services = make();
    await waitForAuthSettled(services);
    services.actors.auth.send({ type: 'auth.login', login: 'admin', password: 'x' });
    await loggedIn(services);
    services.actors.alerts.send({
      type: 'alert.push',
      alert: { message: 'masks.get.error', type: 'error', mode: 'manual' },
    });
    services.actors.notifications.send({ type: 'notification.start', id: 'n1', text: 'upload' });
    let aborted = false;
    services.cancelHandlers.set('n1', () => (aborted = true));
    valid.clear(); // the server revokes the session
    await expect(services.api.call('users.current')).rejects.toMatchObject({ status: 401 });
    const auth = selectAuth(services.actors.auth.getSnapshot());
    expect(auth.status).toBe('loggedOut');
    expect(auth.expiredReason).toBe(ALERT_KEYS.sessionExpired);
    expect(selectAlerts(services.actors.alerts.getSnapshot()).map((a) => a.message)).toEqual([
      ALERT_KEYS.sessionExpired,
    ]);
    expect(selectNotifications(services.actors.notifications.getSnapshot())).toEqual([]);
    expect(aborted).toBe(true);
    expect(services.sessionStore.getToken()).toBeNull();
    expect(services.sessionStore.getSession()).toBeNull();
  });

  it('closing a running entry in the panel aborts its task; closing a finished one aborts nothing', () => {
    const services = make();
    const n = services.actors.notifications;
    const aborted: string[] = [];
    for (const id of ['up', 'done']) {
      n.send({ type: 'notification.start', id, text: 'upload', cancelToken: id });
      services.cancelHandlers.set(id, () => aborted.push(id));
    }
    n.send({ type: 'notification.done', id: 'done' });
    n.send({ type: 'notification.remove', id: 'done' });
    n.send({ type: 'notification.remove', id: 'up' });
    expect(aborted).toEqual(['up']);
    expect(selectNotifications(n.getSnapshot())).toEqual([]);
    expect(services.cancelHandlers.has('up')).toBe(false);
  });

  it('logs out through the server and forgets the session', async () => {
    const services = make();
    await waitForAuthSettled(services);
    services.actors.auth.send({ type: 'auth.login', login: 'admin', password: 'x' });
    await loggedIn(services);
    services.actors.auth.send({ type: 'auth.logout' });
    await waitFor(services.actors.auth, (s) => selectAuth(s).isLoggedOut);
    expect(valid.has('tok-1')).toBe(false);
    expect(services.sessionStore.getSession()).toBeNull();
  });
});
