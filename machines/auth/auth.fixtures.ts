/** One fixture (or more, for guarded variants) per event and per actor outcome: typed exhaustively. */
import type { AuthEvent, AuthEventType, SessionView } from './auth.types.ts';

const base: SessionView = {
  login: 'admin',
  userId: 'u-admin',
  orgId: 'org-root',
  baseOrgId: 'org-root',
  orgName: 'Groupe Martin',
  baseOrgName: 'Groupe Martin',
  fullName: 'Camille Martin',
  email: 'camille.martin@example.fr',
  features: ['EmpList', 'DocCreateDispatch', 'DocListDispatch', 'UserAccess'],
  isFreeTrial: false,
  signatureV3: true,
  domain: 'main',
  domains: [{ domain: 'main', orgsInVisu: [{ id: 'org-root', name: 'Groupe Martin', siret: '73282932000074' }] }],
  app: 'rh',
  version: '0.1.0',
};

export const SESSIONS = {
  singleDomain: base,
  multiDomain: {
    ...base,
    login: 'multi',
    domain: 'legacy',
    domains: [
      { domain: 'legacy', orgsInVisu: [{ id: 'org-old', name: 'Ancienne Filiale', siret: '55208131766522' }] },
      { domain: 'main', orgsInVisu: [{ id: 'org-root', name: 'Groupe Martin', siret: '73282932000074' }] },
    ],
  },
  childOrg: { ...base, orgId: 'org-child', orgName: 'Martin Services' },
} satisfies Record<string, SessionView>;

type EventOf<T extends AuthEventType> = Extract<AuthEvent, { type: T }>;
type Fixtures = { readonly [T in AuthEventType]: readonly EventOf<T>[] };

export const authFixtures = {
  'auth.login': [
    { type: 'auth.login', login: 'admin', password: 'Secret-2024' },
    { type: 'auth.login', login: ' ', password: '' },
  ],
  'auth.sso': [
    { type: 'auth.sso', via: 'microsoft', body: { code: 'code-du-fournisseur', state: 'etat' } },
    { type: 'auth.sso', via: 'cas', body: {} },
  ],
  'auth.domain.choose': [
    { type: 'auth.domain.choose', domain: 'main' },
    { type: 'auth.domain.choose', domain: 'legacy' },
  ],
  'auth.domain.back': [{ type: 'auth.domain.back' }],
  'auth.org.switch': [{ type: 'auth.org.switch', orgId: 'org-child' }],
  'auth.org.reset': [{ type: 'auth.org.reset' }],
  'auth.logout': [{ type: 'auth.logout' }],
  'auth.session.refresh': [{ type: 'auth.session.refresh' }],
  'api.session.expired': [{ type: 'api.session.expired', key: 'error.auth.expired-token' }],
  'api.token.rotated': [{ type: 'api.token.rotated', token: 'rotated-token' }],
  'push.session.expired': [{ type: 'push.session.expired', payload: { key: 'error.auth.invalid-token' } }],
  'xstate.done.actor.restoreSession': [
    { type: 'xstate.done.actor.restoreSession', actorId: 'restoreSession', output: SESSIONS.singleDomain },
    { type: 'xstate.done.actor.restoreSession', actorId: 'restoreSession', output: null },
    {
      type: 'xstate.done.actor.restoreSession',
      actorId: 'restoreSession',
      output: { ...SESSIONS.multiDomain, domainChoicePending: true },
    },
  ],
  'xstate.error.actor.restoreSession': [
    {
      type: 'xstate.error.actor.restoreSession',
      actorId: 'restoreSession',
      error: { key: 'error.auth.invalid-token', status: 401 },
    },
    {
      type: 'xstate.error.actor.restoreSession',
      actorId: 'restoreSession',
      error: { key: 'error.network', status: 0 },
    },
  ],
  'xstate.done.actor.login': [
    { type: 'xstate.done.actor.login', actorId: 'login', output: SESSIONS.singleDomain },
    { type: 'xstate.done.actor.login', actorId: 'login', output: SESSIONS.multiDomain },
  ],
  'xstate.error.actor.login': [
    {
      type: 'xstate.error.actor.login',
      actorId: 'login',
      error: { key: 'error.auth.bad-credentials', status: 401, message: "Erreur d'identification" },
    },
    { type: 'xstate.error.actor.login', actorId: 'login', error: { key: 'error.auth.blocked', status: 423 } },
  ],
  'xstate.done.actor.ssoLogin': [
    { type: 'xstate.done.actor.ssoLogin', actorId: 'ssoLogin', output: SESSIONS.singleDomain },
    { type: 'xstate.done.actor.ssoLogin', actorId: 'ssoLogin', output: SESSIONS.multiDomain },
  ],
  'xstate.error.actor.ssoLogin': [
    {
      type: 'xstate.error.actor.ssoLogin',
      actorId: 'ssoLogin',
      error: { key: 'error.auth.sso-not-linked', status: 403, message: 'Aucun compte n’est lié à cette identité' },
    },
  ],
  'xstate.done.actor.domainChoice': [
    {
      type: 'xstate.done.actor.domainChoice',
      actorId: 'domainChoice',
      output: { ...SESSIONS.multiDomain, domain: 'main' },
    },
    { type: 'xstate.done.actor.domainChoice', actorId: 'domainChoice', output: null },
  ],
  'xstate.snapshot.domainChoice': [
    {
      type: 'xstate.snapshot.domainChoice',
      snapshot: {
        value: 'switching',
        context: { domains: ['legacy', 'main'], microsoft: false, chosen: 'main', error: null, session: null },
      },
    },
    {
      type: 'xstate.snapshot.domainChoice',
      snapshot: {
        value: 'choosing',
        context: {
          domains: ['legacy', 'main'],
          microsoft: false,
          chosen: 'main',
          error: { key: 'error.auth.domain-denied' },
          session: null,
        },
      },
    },
  ],
  'xstate.done.actor.changeDomain': [
    {
      type: 'xstate.done.actor.changeDomain',
      actorId: 'changeDomain',
      output: { ...SESSIONS.multiDomain, domain: 'legacy' },
    },
  ],
  'xstate.error.actor.changeDomain': [
    {
      type: 'xstate.error.actor.changeDomain',
      actorId: 'changeDomain',
      error: { key: 'error.auth.domain-denied', status: 403 },
    },
  ],
  'xstate.done.actor.switchOrg': [
    { type: 'xstate.done.actor.switchOrg', actorId: 'switchOrg', output: SESSIONS.childOrg },
    { type: 'xstate.done.actor.switchOrg', actorId: 'switchOrg', output: SESSIONS.singleDomain },
  ],
  'xstate.error.actor.switchOrg': [
    {
      type: 'xstate.error.actor.switchOrg',
      actorId: 'switchOrg',
      error: { key: 'error.org.switch-while-splitting', status: 409 },
    },
  ],
  'xstate.done.actor.refreshSession': [
    { type: 'xstate.done.actor.refreshSession', actorId: 'refreshSession', output: SESSIONS.singleDomain },
  ],
  'xstate.error.actor.refreshSession': [
    {
      type: 'xstate.error.actor.refreshSession',
      actorId: 'refreshSession',
      error: { key: 'error.network', status: 0 },
    },
  ],
  'xstate.done.actor.logout': [{ type: 'xstate.done.actor.logout', actorId: 'logout', output: undefined }],
  'xstate.error.actor.logout': [
    { type: 'xstate.error.actor.logout', actorId: 'logout', error: { key: 'error.network', status: 0 } },
  ],
} as const satisfies Fixtures;
