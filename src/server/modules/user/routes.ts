import { Schema as S } from 'effect';
import {
  ChangePasswordBody,
  CurrentOrgBody,
  CurrentUser,
  LoginBody,
  LoginResponse,
  OutboxMessage,
  PasswordLostBody,
  ProfileUpdateBody,
  ReinitPasswordTokenBody,
  SubscriptionStats,
  SwitchDomainBody,
  UnlockAccountBody,
  User,
} from '../../../contract/entities.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { deviceCookieName, deviceCookieOptions } from '../../auth/device.ts';
import { revokeSession } from '../../auth/sessions.ts';
import { ApiFailure } from '../../http/errors.ts';
import { type Deps, type RouteTable, route, sendTokens } from '../../http/routes.ts';
import { subscriptionStats } from '../hrdesk/service.ts';
import { login, switchDomain, switchOrganization, unlockAccount } from './auth.service.ts';
import { changePassword, passwordLost, reinitWithToken } from './password.service.ts';
import { outboxOfUser } from '../outbox/service.ts';
import { updateProfile } from './users.service.ts';
import { currentUser, loadUser } from './view.ts';

const SSO_MESSAGE =
  "La connexion par authentification unique n'est pas disponible : aucun fournisseur n'est configuré sur ce serveur.";
const ssoUnavailable = route({
  handle: async () => {
    throw new ApiFailure(501, ERROR_KEYS.authSsoUnavailable, SSO_MESSAGE);
  },
});

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
    handle: async ({ deps, session }) => {
      await revokeSession(deps.db, session.id, 'logout');
      endSessions(deps, [session.id]);
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
  'auth.switchDomainMicrosoft': ssoUnavailable,
  'auth.loginMicrosoft': ssoUnavailable,
  'auth.loginEdoc': ssoUnavailable,
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
