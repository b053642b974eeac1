import { Schema as S } from 'effect';
import type { FastifyReply } from 'fastify';
import {
  CasLoginBody,
  ChangePasswordBody,
  CurrentOrgBody,
  CurrentUser,
  EdocLoginBody,
  LoginBody,
  LoginResponse,
  LogoutResponse,
  MicrosoftLoginBody,
  OutboxMessage,
  PasswordLostBody,
  ProfileUpdateBody,
  ReinitPasswordTokenBody,
  SsoSettings,
  SsoStartResponse,
  SubscriptionStats,
  SwitchDomainBody,
  UnlockAccountBody,
  User,
} from '../../../contract/entities.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { ApiFailure } from '../../http/errors.ts';
import { deviceCookieName, deviceCookieOptions } from '../../auth/device.ts';
import { revokeSession } from '../../auth/sessions.ts';
import { SSO_FLOW_COOKIE, SSO_REQUEST_TTL_S } from '../../auth/sso/oidc.ts';
import type { Config } from '../../config.ts';
import { type Deps, type RouteTable, route, sendTokens } from '../../http/routes.ts';
import { subscriptionStats } from '../hrdesk/service.ts';
import { login, switchDomain, switchOrganization, unlockAccount } from './auth.service.ts';
import { changePassword, passwordLost, reinitWithToken } from './password.service.ts';
import { outboxOfUser } from '../outbox/service.ts';
import { SingleSignOn, type SsoLogin } from './sso.service.ts';
import { updateProfile } from './users.service.ts';
import { currentUser, loadUser } from './view.ts';

/** One set of single sign-on clients per configuration (their discovery and keys are cached inside). */
const ssoClients = new WeakMap<Config, SingleSignOn>();
const ssoOf = (deps: Deps): SingleSignOn => {
  let sso = ssoClients.get(deps.config);
  if (!sso) ssoClients.set(deps.config, (sso = new SingleSignOn(deps.config)));
  return sso;
};

/** The httpOnly cookie binding an OpenID login to the browser that started it (login CSRF). */
const flowCookieOptions = (config: Config) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: config.publicUrl.startsWith('https:'),
  path: '/api/user/auto-login-ms',
  maxAge: SSO_REQUEST_TTL_S,
});

const ssoAnswer = (reply: FastifyReply, login: SsoLogin): LoginResponse => {
  sendTokens(reply, login.tokens);
  return login.body;
};

const endSessions = (deps: Deps, sessionIds: readonly string[]): void => {
  for (const id of sessionIds) deps.push.sessionRevoked(id, ERROR_KEYS.authInvalidToken);
};

export const userRoutes: RouteTable = {
  'auth.login': route({
    body: LoginBody,
    response: LoginResponse,
    handle: async ({ deps, body, req, reply }) => {
      const cookie = deviceCookieName(body.login);
      const {
        body: answer,
        tokens,
        newDevice,
      } = await login(deps.db, deps.config, deps.mail, {
        ...body,
        ip: req.ip,
        device: req.cookies[cookie],
      });
      sendTokens(reply, tokens);
      if (newDevice) void reply.setCookie(cookie, newDevice, deviceCookieOptions(deps.config));
      return answer;
    },
  }),
  'auth.logout': route({
    response: LogoutResponse,
    handle: async ({ deps, session }) => {
      // A session opened through an OpenID provider (RP-initiated logout, when it can) or CAS ends there too.
      const endSessionUrl = await ssoOf(deps).endSessionUrl(deps.db, session.id);
      await revokeSession(deps.db, session.id, 'logout');
      endSessions(deps, [session.id]);
      return endSessionUrl ? { endSessionUrl } : undefined;
    },
  }),
  'auth.switchDomain': route({
    body: SwitchDomainBody,
    response: CurrentUser,
    handle: async ({ deps, session, body, reply }) => {
      const { body: answer, access } = await switchDomain(deps.db, deps.config, session, body.domain);
      sendTokens(reply, { access });
      return answer;
    },
  }),
  // After a Microsoft login with several root organisations (/domain-choice): same switch, for such sessions only.
  'auth.switchDomainMicrosoft': route({
    body: SwitchDomainBody,
    response: CurrentUser,
    handle: async ({ deps, session, body, reply }) => {
      const { rows } = await deps.db.query<{ sso_kind: string | null }>(
        `SELECT sso_kind FROM directory.sessions WHERE id = $1`,
        [session.id],
      );
      if (rows[0]?.sso_kind !== 'oidc') throw new ApiFailure(403, ERROR_KEYS.authDomainDenied);
      const { body: answer, access } = await switchDomain(deps.db, deps.config, session, body.domain);
      sendTokens(reply, { access });
      return answer;
    },
  }),
  'auth.ssoSettings': route({
    response: SsoSettings,
    handle: async ({ deps, req }) => ssoOf(deps).settings(req.hostname),
  }),
  'auth.microsoftStart': route({
    response: SsoStartResponse,
    handle: async ({ deps, reply }) => {
      const { url, browser } = await ssoOf(deps).startMicrosoft(deps.db);
      void reply.setCookie(SSO_FLOW_COOKIE, browser, flowCookieOptions(deps.config));
      return { url };
    },
  }),
  'auth.loginMicrosoft': route({
    body: MicrosoftLoginBody,
    response: LoginResponse,
    handle: async ({ deps, body, req, reply }) => {
      const query = Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => e[1] !== undefined));
      void reply.clearCookie(SSO_FLOW_COOKIE, flowCookieOptions(deps.config));
      return ssoAnswer(reply, await ssoOf(deps).loginMicrosoft(deps.db, query, req.cookies[SSO_FLOW_COOKIE]));
    },
  }),
  'auth.loginCas': route({
    body: CasLoginBody,
    response: LoginResponse,
    handle: async ({ deps, body, reply }) => ssoAnswer(reply, await ssoOf(deps).loginCas(deps.db, body.ticket)),
  }),
  'auth.loginEdoc': route({
    body: EdocLoginBody,
    response: LoginResponse,
    handle: async ({ deps, body, reply }) => ssoAnswer(reply, await ssoOf(deps).loginEdoc(deps.db, body.code)),
  }),
  'auth.currentOrg': route({
    body: CurrentOrgBody,
    response: CurrentUser,
    handle: async ({ deps, session, body }) => {
      const answer = await switchOrganization(deps.db, session, body.currentOrgId);
      void deps.push.refreshBadges({ sessionId: session.id });
      return answer;
    },
  }),
  'auth.shopSession': route({
    response: S.extend(SubscriptionStats, S.Struct({ isFreeTrial: S.Boolean })),
    handle: async ({ deps, session }) => {
      const user = await loadUser(deps.db, session.userId);
      return { isFreeTrial: user.is_free_trial, ...(await subscriptionStats(deps.db, session)) };
    },
  }),
  'users.current': route({ response: CurrentUser, handle: ({ deps, session }) => currentUser(deps.db, session) }),
  'users.updateBasic': route({
    body: ProfileUpdateBody,
    response: User,
    handle: ({ deps, session, params, body }) => updateProfile(deps.db, session, params.id ?? '', body),
  }),
  'users.changePassword': route({
    body: ChangePasswordBody,
    handle: async ({ deps, session, body }) => endSessions(deps, await changePassword(deps.db, session, body)),
  }),
  'users.passwordLost': route({
    body: PasswordLostBody,
    handle: ({ deps, body, req }) => passwordLost(deps.db, deps.mail, deps.config.publicUrl, body.email, req.ip),
  }),
  'users.unlockAccount': route({
    body: UnlockAccountBody,
    handle: ({ deps, body }) => unlockAccount(deps.db, body.token),
  }),
  'users.reinitPasswordToken': route({
    body: ReinitPasswordTokenBody,
    handle: async ({ deps, body }) => endSessions(deps, await reinitWithToken(deps.db, body)),
  }),
  'outbox.list': route({
    response: S.Array(OutboxMessage),
    handle: ({ deps, session }) => outboxOfUser(deps.db, session.userId),
  }),
};
