/**
 * Helpers of the rights suites: calls as a logged-in user, the demo's organisations and groups, a
 * user created through the API who sets their password from the mailed link and logs in.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Feature } from '../../src/contract/features.ts';
import type { UserAdminView, UserInput } from '../../src/contract/rights.ts';
import type { Db } from '../../src/server/db/db.ts';
import { demoId } from '../../src/server/db/seed/ids.ts';
import { orgId } from '../../src/server/db/seed/orgs.ts';
import { ROOT_MAIN, ROOT_TRIAL } from '../../src/server/db/seed/personas.ts';
import { type LoggedIn, authHeaders, header } from './support/server.ts';

export const MAIN_ROOT = orgId('main', ROOT_MAIN);
export const PARIS = orgId('main', 'Horizon Services Paris');
export const LYON = orgId('main', 'Horizon Logistique Lyon');
export const TRIAL_ROOT = orgId('main', ROOT_TRIAL);
export const PAYROLL_GROUP = demoId('user-group:Gestionnaires paie');
export const SIGNERS_GROUP = demoId('user-group:Signataires RH');
export const DEMO_RULE = demoId('rule:Bulletins Horizon');
export const NEW_PASSWORD = 'Bienvenue!2026';

export type Call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: { access: string; refresh?: string } | null,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

export const caller =
  (app: () => FastifyInstance): Call =>
  (method, url, who, payload) =>
    app().inject({
      method,
      url: url.startsWith('/api') ? url : `/api/user${url}`,
      headers: who ? authHeaders(who) : {},
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });

let n = 0;
/** A fresh login each call, so suites do not collide. */
export const freshLogin = (prefix = 'test'): string => `${prefix}-${Date.now().toString(36)}-${n++}`;

export const userInput = (overrides: Partial<UserInput> = {}): UserInput => {
  const login = overrides.login ?? freshLogin();
  return {
    login,
    firstName: 'Alice',
    lastName: 'Testeuse',
    email: `${login}@example.fr`,
    rootOrgId: PARIS,
    access: [],
    rootIncludesChildren: true,
    features: ['EmpList'],
    userGroupIds: [],
    linkedToMicrosoft: false,
    ...overrides,
  };
};

/** Creates a user as `admin` and returns its view (fails the test on anything but 200). */
export async function createUser(call: Call, admin: LoggedIn, overrides: Partial<UserInput> = {}) {
  const res = await call('POST', '/rh-user', admin, userInput(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as UserAdminView;
}

/** The token of the newest set-password link mailed to `email` (the demo outbox). */
export async function mailedToken(db: Db, email: string): Promise<string> {
  const { rows } = await db.query<{ body: string }>(
    `SELECT body FROM directory.outbox WHERE recipient = $1 ORDER BY created_at DESC LIMIT 1`,
    [email],
  );
  const token = /token-reinitialization\/(\S+)/.exec(rows[0]?.body ?? '')?.[1];
  if (!token) throw new Error(`no link mailed to ${email}`);
  return token;
}

export async function loginWith(app: FastifyInstance, login: string, password: string, ip = '10.9.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/user/rh-user/login',
    payload: { login, password },
    remoteAddress: ip,
  });
}

export const sessionOf = (res: LightMyRequestResponse): LoggedIn => ({
  access: header(res, 'set-authorization'),
  refresh: header(res, 'set-refresh-token'),
  body: res.json(),
});

/**
 * A user created by `admin` with `features`, who receives the password link, sets a password and
 * logs in: what an administrator's new colleague does on their first day.
 */
export async function onboard(
  app: FastifyInstance,
  db: Db,
  admin: LoggedIn,
  overrides: Partial<UserInput> & { features: Feature[] },
): Promise<{ user: UserAdminView; session: LoggedIn }> {
  const call = caller(() => app);
  const user = await createUser(call, admin, overrides);
  const sent = await call('POST', '/reinit-password', admin, { userId: user.id });
  expect(sent.statusCode, sent.body).toBe(204);
  const token = await mailedToken(db, user.email!);
  const set = await app.inject({
    method: 'POST',
    url: '/api/user/rh-user/reinit-password-token',
    payload: { token, password: NEW_PASSWORD, confirmation: NEW_PASSWORD },
  });
  expect(set.statusCode, set.body).toBe(204);
  const res = await loginWith(app, user.login, NEW_PASSWORD);
  expect(res.statusCode, res.body).toBe(200);
  return { user, session: sessionOf(res) };
}

/** The user's current view as `admin` reads it. */
export async function viewOf(call: Call, admin: LoggedIn, id: string): Promise<UserAdminView> {
  const res = await call('GET', `/user/${id}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as UserAdminView;
}

/** The body of an update that sends back the user as they are, with `overrides`. */
export const asInput = (view: UserAdminView, overrides: Partial<UserInput> = {}): UserInput => ({
  login: view.login,
  firstName: view.firstName,
  lastName: view.lastName,
  email: view.email,
  rootOrgId: view.rootOrgId!,
  access: view.access.map((a) => ({ ...a })),
  rootIncludesChildren: view.rootIncludesChildren,
  features: [...view.features],
  userGroupIds: [...view.userGroupIds],
  linkedToMicrosoft: view.linkedToMicrosoft,
  version: view.version,
  ...overrides,
});
