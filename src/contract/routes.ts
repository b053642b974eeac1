/**
 * The route table of seed 001 §7: every call the browser makes, with its service prefix, the
 * feature that gates it (checked by the server for every call, in one place), and its timeout
 * class (§7.1). Paths are written as in the seed, relative to their service prefix; `{product}`
 * is `PRODUCT`. `PUT /dispatch}/{id}` (the seed's stray brace) is served as `PUT /dispatch/{id}`.
 * No runtime dependency: the browser imports this module as is.
 */
import { PRODUCT } from './constants.ts';
import type { Feature } from './features.ts';

export const SERVICES = {
  employee: '/api/emp',
  organization: '/api/org',
  dispatch: '/api/dispatch',
  hrdesk: '/api/hrdesk',
  hrdeskV1: '/api/hrdesk/v1',
  user: '/api/user',
  document: '/api/doc',
  static: '',
  edocsign: '/edocsign',
} as const;
export type ServiceId = keyof typeof SERVICES;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** `public`: no session; `session`: any logged-in user; otherwise the named feature is required. */
export type Access = 'public' | 'session' | { readonly feature: Feature };
export type TimeoutClass = 'default' | 'long' | 'none';

export interface RouteDef {
  readonly method: HttpMethod;
  readonly service: ServiceId;
  /** Path relative to the service prefix, `{param}` placeholders, leading slash. */
  readonly path: string;
  readonly access: Access;
  readonly timeout: TimeoutClass;
  /** The answer is a file rather than JSON. */
  readonly binary?: boolean;
  /** Multipart body. */
  readonly multipart?: boolean;
  /**
   * Exists only on a demo server (no SMTP, not NODE_ENV=production): elsewhere it is not even
   * registered, so it answers exactly like an unknown path.
   */
  readonly demoOnly?: boolean;
  /**
   * A POST that only reads (a search or filter body): the server skips the after-write check of
   * who sees which organisation (src/server/app.ts) — one statement fewer on every list call.
   */
  readonly reads?: boolean;
  /** Issue that delivers the handler; the foundation serves the others with 501 and a key. */
  readonly issue: 'foundation' | 'campaigns' | 'signbooks' | 'directory' | 'documents' | 'rights' | 'sso';
}

const f = (feature: Feature): Access => ({ feature });
const p = PRODUCT;
const r = (
  method: HttpMethod,
  service: ServiceId,
  path: string,
  access: Access,
  issue: RouteDef['issue'],
  extra: Partial<Pick<RouteDef, 'timeout' | 'binary' | 'multipart' | 'demoOnly' | 'reads'>> = {},
): RouteDef => ({ method, service, path, access, issue, timeout: extra.timeout ?? 'default', ...extra });

const LONG = { timeout: 'long' } as const;
const BIN = { timeout: 'long', binary: true } as const;
const UPLOAD = { timeout: 'long', multipart: true } as const;
const DEMO = { demoOnly: true } as const;
const READS = { reads: true } as const;

export const ROUTES = {
  /* 7.2 campaigns (dispatch service) */
  'campaigns.list': r('POST', 'dispatch', '/dispatchs', f('DocListDispatch'), 'campaigns', READS),
  'campaigns.get': r('GET', 'dispatch', '/dispatch/{id}', f('DocListDispatch'), 'campaigns'),
  'campaigns.editiqueInfos': r('GET', 'dispatch', '/dispatch/{id}/editiqueInfos', f('DocListDispatch'), 'campaigns'),
  'campaigns.dispatchedDocs': r(
    'POST',
    'dispatch',
    '/dispatch/{campaignId}/dispatched-docs',
    f('DocListDispatch'),
    'campaigns',
  ),
  'campaigns.create': r('POST', 'dispatch', '/dispatch', f('DocCreateDispatch'), 'campaigns', UPLOAD),
  'campaigns.createManual': r('POST', 'dispatch', '/dispatch/manual', f('DocCreateDispatch'), 'campaigns', UPLOAD),
  'campaigns.update': r('PUT', 'dispatch', '/dispatch/{id}', f('DocCreateDispatch'), 'campaigns'),
  'campaigns.retry': r('POST', 'dispatch', '/dispatch/retry/{id}', f('DocCreateDispatch'), 'campaigns', LONG),
  'campaigns.cancel': r('POST', 'dispatch', '/dispatch/cancel/{id}', f('DocCreateDispatch'), 'campaigns'),
  'campaigns.validate': r('GET', 'dispatch', '/dispatch/validate/{id}', f('DocCreateDispatch'), 'campaigns', LONG),
  'campaigns.deleteDispatchedDocs': r('DELETE', 'dispatch', '/dispatched-docs', f('DocCreateDispatch'), 'campaigns'),
  'campaigns.refuseDocuments': r('POST', 'dispatch', '/dispatched-docs/refuse', f('DocCreateDispatch'), 'campaigns'),
  'campaigns.refuseDispatch': r('POST', 'dispatch', '/dispatch/refuseDispatch', f('DocCreateDispatch'), 'campaigns'),
  'campaigns.retryDispatchedDoc': r(
    'POST',
    'dispatch',
    '/dispatched-doc/retry/{id}',
    f('DocCreateDispatch'),
    'campaigns',
  ),
  'campaigns.sendDispatchedDoc': r('GET', 'dispatch', '/dispatched-doc/send/{id}', f('DocCreateDispatch'), 'campaigns'),
  'campaigns.mergeDispatchedDocs': r(
    'POST',
    'dispatch',
    '/dispatch/{id}/dispatched-docs/merge',
    f('DocListDispatch'),
    'campaigns',
    BIN,
  ),
  'campaigns.ignoredPages': r(
    'GET',
    'dispatch',
    '/dispatch/{id}/ignored-pages',
    f('DocListDispatch'),
    'campaigns',
    BIN,
  ),
  /* Extensions (issue 15): the ignored pages with what was read on each, and giving one to an employee. */
  'campaigns.ignoredPagesList': r(
    'GET',
    'dispatch',
    '/dispatch/{id}/ignored-pages/list',
    f('DocListDispatch'),
    'campaigns',
  ),
  'campaigns.assignIgnoredPage': r(
    'POST',
    'dispatch',
    '/dispatch/{id}/ignored-pages/assign',
    f('DocCreateDispatch'),
    'campaigns',
  ),
  /* Extension the seed does not list: a generated payroll PDF of the current organisation's employees
     (?pages=N), so whoever walks the demo has a file to upload on the creation screen. */
  'campaigns.samplePayroll': r(
    'GET',
    'dispatch',
    '/dispatch/sample/payroll.pdf',
    f('DocCreateDispatch'),
    'campaigns',
    BIN,
  ),
  /* Extensions: the seed does not list these; the document page and the treatment report need them. */
  'campaigns.dispatchedDoc': r('GET', 'dispatch', '/dispatched-doc/{id}', f('DocListDispatch'), 'campaigns'),
  'campaigns.dispatchedDocFile': r(
    'GET',
    'dispatch',
    '/dispatched-doc/{id}/file',
    f('DocListDispatch'),
    'campaigns',
    BIN,
  ),
  'campaigns.report': r('GET', 'dispatch', '/dispatch/{id}/report', f('DocListDispatch'), 'campaigns', BIN),

  /* 7.3 documents */
  'documents.list': r('POST', 'document', '/docs', f('DocSearch'), 'documents', READS),
  'documents.get': r('GET', 'document', '/doc/{id}', f('DocSearch'), 'documents'),
  'documents.senders': r('GET', 'document', '/docs/senders', f('DocSearch'), 'documents'),
  'documents.stats': r('GET', 'document', '/docs/stats', f('DocSearch'), 'documents'),
  'documents.pdf': r('GET', 'document', '/doc/pdf/{id}', f('DocSearch'), 'documents', BIN),
  'documents.attestation': r('GET', 'document', '/doc/attestation/{id}', f('DocSearch'), 'documents', BIN),
  'documents.archive': r('POST', 'document', '/doc/pdf/archive', f('DocSearch'), 'documents', { ...BIN, ...READS }),
  'documents.preview': r('GET', 'document', '/doc/{id}/preview/{description}', f('DocSearch'), 'documents', BIN),
  'documents.setRead': r('POST', 'document', '/doc/{id}/setRead', f('DocSearch'), 'documents'),
  'documents.docType': r('GET', 'document', '/doc-types/{code}', 'session', 'campaigns'),
  'documents.orgDocTypes': r('GET', 'organization', '/organization/{id}/conf/doc-type', 'session', 'campaigns'),
  'documents.upload': r('POST', 'document', '/doc/upload', f('DocSearch'), 'documents', UPLOAD),

  /* 7.4 employees */
  'employees.list': r('POST', 'employee', '/employees', f('EmpList'), 'directory', READS),
  'employees.listForOrg': r('POST', 'employee', '/employees/{orgID}', f('EmpList'), 'directory', READS),
  'employees.get': r('GET', 'employee', '/employee/{id}', f('EmpList'), 'directory'),
  'employees.delete': r('DELETE', 'employee', '/employee/{id}', f('EmpList'), 'directory'),
  'employees.create': r('POST', 'employee', '/employee', f('EmpList'), 'directory'),
  'employees.update': r('PUT', 'employee', '/employee/{id}', f('EmpList'), 'directory'),
  'employees.validate': r('PUT', 'employee', '/employees/ids', f('EmpList'), 'directory'),
  'employees.createEDocPerso': r('POST', 'employee', '/employees/createEDocPerso', f('EmpList'), 'directory', LONG),
  'employees.reminder': r('POST', 'employee', '/employee/notification', f('EmpList'), 'directory', LONG),
  'employees.activationMail': r(
    'POST',
    'employee',
    '/employee/edocperso-activation-mail',
    f('EmpList'),
    'directory',
    BIN,
  ),
  'employees.deactivate': r('PUT', 'employee', '/employee/deactivate/{id}', f('EmpList'), 'directory'),
  'employees.stats': r('POST', 'employee', '/employees/stats', f('EmpList'), 'directory', READS),
  'employees.statsForOrg': r('POST', 'employee', '/employees/stats/{orgID}', f('EmpList'), 'directory', READS),
  'employees.dsn': r('POST', 'employee', '/employees/dsn', f('EmpList'), 'directory', UPLOAD),
  'employees.search': r('POST', 'employee', '/employees/search', f('EmpList'), 'directory', READS),
  'employees.bpe': r('PUT', 'employee', '/employee/bpe/{id}', f('EmpList'), 'directory'),
  'employees.importSearch': r('POST', 'employee', '/employee/import/search', f('EmpList'), 'directory', READS),
  'employees.import': r('POST', 'employee', '/employee/import', f('EmpList'), 'directory'),
  'employees.removeFromOrganization': r(
    'DELETE',
    'organization',
    '/employees/organization/{id}',
    f('EmpList'),
    'directory',
  ),

  /* 7.5 groups (HR desk) */
  'groups.listForOrg': r('POST', 'hrdesk', '/employees-groups/org/{orgID}', f('EmpList'), 'directory', READS),
  'groups.list': r('POST', 'hrdesk', '/employees-groups', f('EmpList'), 'directory', READS),
  'groups.get': r('GET', 'hrdesk', '/employees-group/{id}', f('EmpList'), 'directory'),
  'groups.update': r('PUT', 'hrdesk', '/employees-group/{id}', f('EmpList'), 'directory'),
  'groups.delete': r('DELETE', 'hrdesk', '/employees-group/{id}', f('EmpList'), 'directory'),
  'groups.create': r('POST', 'hrdesk', '/employees-group', f('EmpList'), 'directory'),

  /* 7.6 organisations */
  'organizations.topLevel': r('POST', 'organization', '/organizations/top-level', f('OrgList'), 'directory', READS),
  'organizations.get': r('GET', 'organization', '/organization/{id}', 'session', 'foundation'),
  'organizations.eligible': r('GET', 'organization', '/eligible-orgs', 'session', 'foundation'),
  'organizations.bySiret': r('GET', 'organization', '/org-directory/siret/{siret}', f('OrgCreateUpdate'), 'directory'),
  'organizations.conf': r('GET', 'organization', '/organization/{id}/conf', f('OrgList'), 'directory'),
  'organizations.updateConf': r('PUT', 'organization', '/organization/{id}/conf', f('OrgCreateUpdate'), 'directory'),
  'organizations.noChildren': r(
    'POST',
    'organization',
    '/organizations/nochildren/{orgID}',
    f('OrgList'),
    'directory',
    READS,
  ),
  'organizations.ancestors': r('GET', 'organization', '/organization/{id}/ancestors', 'session', 'foundation'),
  /** Search among the visible organisations by name, SIRET or reference (the connect-to-organisation drawer). */
  'organizations.list': r('POST', 'organization', '/organizations', 'session', 'foundation', READS),
  'organizations.tree': r('POST', 'organization', '/organizations/tree', f('OrgList'), 'directory', READS),
  'organizations.eligibleTree': r('GET', 'organization', '/eligible-orgs/tree', 'session', 'directory'),
  'organizations.stats': r('GET', 'organization', '/organizations/stats', f('OrgList'), 'directory'),
  'organizations.create': r('POST', 'organization', '/organization', f('OrgCreateUpdate'), 'directory'),
  'organizations.update': r('PUT', 'organization', '/organization/{id}', f('OrgCreateUpdate'), 'directory'),
  'organizations.autoVisu': r('POST', 'organization', '/organization/auto-visu', f('OrgCreateUpdate'), 'directory'),

  /* 7.7 signature workflows */
  'signbooks.list': r('POST', 'hrdesk', '/sign-workflows', f('ParaphList'), 'signbooks', READS),
  'signbooks.get': r('GET', 'hrdesk', '/sign-workflow/{id}', f('ParaphList'), 'signbooks'),
  'signbooks.pending': r('POST', 'hrdesk', '/sign-workflows-pending/{id}', f('ParaphList'), 'signbooks', READS),
  'signbooks.templates': r('POST', 'hrdesk', '/sign-workflow-templates', f('ParaphList'), 'signbooks', READS),
  'signbooks.template': r('GET', 'hrdesk', '/sign-workflow-template/{id}', f('ParaphList'), 'signbooks'),
  'signbooks.upload': r('POST', 'hrdesk', '/sign-workflow/upload', f('ParaphList'), 'signbooks', UPLOAD),
  'signbooks.sign': r('POST', 'hrdesk', '/sign-workflow/sign/{workflowId}', 'session', 'signbooks'),
  'signbooks.recoverCode': r(
    'POST',
    'hrdesk',
    '/sign-workflow/recover-signature-code/{workflowId}',
    'session',
    'signbooks',
  ),
  'signbooks.update': r('PUT', 'hrdesk', '/sign-workflows/{id}', f('ParaphList'), 'signbooks'),
  'signbooks.delete': r('DELETE', 'hrdesk', '/sign-workflow/{id}', f('ParaphList'), 'signbooks'),
  'signbooks.session': r('GET', 'edocsign', '/edocsign/session', 'session', 'signbooks'),
  /* Extensions the seed does not list: template writes, refusal, sealing retry, the document itself. */
  'signbooks.templateCreate': r('POST', 'hrdesk', '/sign-workflow-template', f('ParaphCreateUpdate'), 'signbooks'),
  'signbooks.templateUpdate': r('PUT', 'hrdesk', '/sign-workflow-template/{id}', f('ParaphCreateUpdate'), 'signbooks'),
  'signbooks.templateDelete': r(
    'DELETE',
    'hrdesk',
    '/sign-workflow-template/{id}',
    f('ParaphCreateUpdate'),
    'signbooks',
  ),
  'signbooks.refuse': r('POST', 'hrdesk', '/sign-workflow/refuse/{workflowId}', 'session', 'signbooks'),
  'signbooks.retrySeal': r('POST', 'hrdesk', '/sign-workflow/retry-seal/{id}', f('ParaphList'), 'signbooks'),
  /* Extension: the seed names the page `signatories.social.index` (seed 000 §2) but shows no call for it. */
  'signbooks.socialSigners': r(
    'POST',
    'hrdesk',
    '/sign-workflow-social-signers',
    f('ParaphCreateUpdate'),
    'signbooks',
    READS,
  ),
  'signbooks.document': r('GET', 'hrdesk', '/sign-workflow/{id}/document', 'session', 'signbooks', BIN),
  /* Guest signing (extension): a signatory without an account acts through the link mailed at its step. */
  'signbooks.guestGet': r('GET', 'hrdesk', '/sign-workflow/guest/{token}', 'public', 'signbooks'),
  'signbooks.guestDocument': r('GET', 'hrdesk', '/sign-workflow/guest/{token}/document', 'public', 'signbooks', BIN),
  'signbooks.guestRecoverCode': r(
    'POST',
    'hrdesk',
    '/sign-workflow/guest/{token}/recover-signature-code',
    'public',
    'signbooks',
  ),
  'signbooks.guestSign': r('POST', 'hrdesk', '/sign-workflow/guest/{token}/sign', 'public', 'signbooks'),
  'signbooks.guestRefuse': r('POST', 'hrdesk', '/sign-workflow/guest/{token}/refuse', 'public', 'signbooks'),
  /** Demo outbox of a guest: the messages for the link's signatory only (its code, its invitation). */
  'signbooks.guestOutbox': r('GET', 'hrdesk', '/sign-workflow/guest/{token}/outbox', 'public', 'signbooks', DEMO),

  /* 7.8 masks, subscription, access, users */
  'masks.list': r('GET', 'dispatch', '/mask', f('DocListDispatch'), 'campaigns'),
  'masks.create': r('POST', 'dispatch', '/mask', f('DocCreateDispatch'), 'campaigns', UPLOAD),
  /** Extension (the seed does not list it): what a zone reads on each sample page, and whom it matches. */
  'masks.preview': r('POST', 'dispatch', '/mask/preview', f('DocCreateDispatch'), 'campaigns', { ...UPLOAD, ...READS }),
  /** Extension (the seed does not list it): a stored sample PDF of a mask, so the editor can reopen it. */
  'masks.sample': r('GET', 'dispatch', '/mask/{id}/sample/{position}', f('DocListDispatch'), 'campaigns', BIN),
  'subscription.stats': r('GET', 'hrdesk', '/subscription/stats', 'session', 'foundation'),
  'rules.list': r('POST', 'user', '/access-rules', f('UserAccess'), 'rights', READS),
  'rules.create': r('POST', 'user', '/access-rule', f('UserAccess'), 'rights'),
  'rules.get': r('GET', 'user', '/access-rule/{id}', f('UserAccess'), 'rights'),
  'rules.update': r('PUT', 'user', '/access-rule/{id}', f('UserAccess'), 'rights'),
  'rules.delete': r('DELETE', 'user', '/access-rule/{id}', f('UserAccess'), 'rights'),
  'userGroups.list': r('POST', 'user', `/${p}-user-groups`, f('UserAccess'), 'rights', READS),
  'userGroups.create': r('POST', 'user', `/${p}-user-group`, f('UserAccess'), 'rights'),
  'userGroups.get': r('GET', 'user', `/${p}-user-group/{id}`, f('UserAccess'), 'rights'),
  'userGroups.update': r('PUT', 'user', `/${p}-user-group/{id}`, f('UserAccess'), 'rights'),
  'userGroups.delete': r('DELETE', 'user', `/${p}-user-group/{id}`, f('UserAccess'), 'rights'),
  'users.list': r('POST', 'user', `/${p}-users`, f('UserAccess'), 'foundation', READS),
  'users.get': r('GET', 'user', `/${p}-user/{id}`, f('UserAccess'), 'rights'),
  'users.create': r('POST', 'user', `/${p}-user`, f('UserAccess'), 'rights'),
  'users.update': r('PUT', 'user', `/${p}-user/{id}`, f('UserAccess'), 'rights'),
  'users.delete': r('DELETE', 'user', `/${p}-user/{id}`, f('UserAccess'), 'rights'),
  'users.getBasic': r('GET', 'user', '/user/{id}', f('UserAccess'), 'rights'),
  'users.current': r('GET', 'user', '/user/current', 'session', 'foundation'),
  /** The profile: a user updates their own identity (others need UserAccess, checked in the handler). */
  'users.updateBasic': r('PUT', 'user', '/user/{id}', 'session', 'foundation'),
  'users.changePassword': r('POST', 'user', '/users/change-password', 'session', 'foundation'),
  'users.reinitPassword': r('POST', 'user', '/reinit-password', f('UserAccess'), 'rights'),
  'users.passwordLost': r('POST', 'user', `/${p}-user/password-lost`, 'public', 'foundation'),
  'users.reinitPasswordToken': r('POST', 'user', `/${p}-user/reinit-password-token`, 'public', 'foundation'),
  /** Extension: the one-time link mailed to the owner of a blocked account lifts the block. */
  'users.unlockAccount': r('POST', 'user', `/${p}-user/unlock-account`, 'public', 'foundation'),
  'i18n.locale': r('GET', 'static', '/static/i18n/{id}/{locale}.json', 'public', 'foundation'),

  /* 7.9 authentication and session */
  'auth.login': r('POST', 'user', `/${p}-user/login`, 'public', 'foundation'),
  'auth.loginMicrosoft': r('POST', 'user', '/auto-login-ms', 'public', 'sso'),
  'auth.loginEdoc': r('POST', 'user', `/${p}/auto-login-edoc`, 'public', 'sso'),
  /** Ours (seed 001 §7.9: « single sign-on configuration read », path not shown): which entries work here. */
  'auth.ssoSettings': r('GET', 'user', '/sso/settings', 'public', 'sso'),
  /** Ours: starts the OpenID login (state, nonce, PKCE kept server-side); answers the provider's URL. */
  'auth.microsoftStart': r('POST', 'user', '/auto-login-ms/start', 'public', 'sso'),
  /** Ours: completes a CAS login (`/autologin`) with the service ticket. */
  'auth.loginCas': r('POST', 'user', '/autologin', 'public', 'sso'),
  'auth.switchDomain': r('POST', 'user', `/${p}-user/switch-domain`, 'session', 'foundation'),
  'auth.switchDomainMicrosoft': r('POST', 'user', `/${p}-user/switch-domain-for-microsoft`, 'session', 'sso'),
  'auth.currentOrg': r('POST', 'user', '/current-org', 'session', 'foundation'),
  'auth.logout': r('POST', 'user', `/${p}-user/logout`, 'session', 'foundation'),
  'auth.shopSession': r('GET', 'user', '/shop/session', 'session', 'foundation'),
  'config.front': r('GET', 'static', '/front_conf.json', 'public', 'foundation'),

  /* Ours, beyond the seed: one call for what the shell shows everywhere. */
  'shell.badges': r('GET', 'hrdesk', '/badges', 'session', 'foundation'),
  'shell.dashboard': r('GET', 'hrdesk', '/dashboard', 'session', 'foundation'),
  /** The dashboard's charts (contract/dashboard.ts): each needs its own feature, checked by the handler. */
  'shell.dashboardCharts': r('GET', 'hrdesk', '/dashboard/charts', 'session', 'foundation'),
  /** The demo outbox: the session's own messages (sent to its user), on a demo server only. */
  'outbox.list': r('GET', 'user', '/outbox', 'session', 'foundation', DEMO),
} as const satisfies Record<string, RouteDef>;

export type RouteId = keyof typeof ROUTES;
export const ROUTE_IDS = Object.keys(ROUTES) as RouteId[];

/** Full URL path of a route, with its parameters filled in (each URI-encoded). */
export const routeUrl = (id: RouteId, params: Record<string, string | number> = {}): string => {
  const def: RouteDef = ROUTES[id];
  const path = def.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`route ${id}: missing parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  return `${SERVICES[def.service]}${path}`;
};

/** The same path in Fastify's syntax (`:param`). */
export const fastifyPath = (def: RouteDef): string =>
  `${SERVICES[def.service]}${def.path.replace(/\{(\w+)\}/g, ':$1')}`;

/** Headers of the session protocol (seed 001 §4, §7.1). */
export const AUTH_HEADERS = {
  authorization: 'authorization',
  refreshToken: 'refresh-token',
  setAuthorization: 'set-authorization',
  setRefreshToken: 'set-refresh-token',
} as const;
