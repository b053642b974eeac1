/**
 * One declaration per route of `src/contract/routes.ts`: how to call it and what object of a victim
 * organisation it touches. The attack suites are generated from this table and from the route table
 * itself (method, path, access rule): `satisfies Record<RouteId, …>` makes a new route fail to compile
 * until it is declared here, and access.test.ts fails naming any route left out at run time.
 *
 * `scope` says what a caller of another organisation, company or domain must get:
 * - `org`: the call names an object of the victim's organisation (path or body). Expected: 403 or 404
 *   (plus the declared `refusals`), nothing leaked, nothing written.
 * - `company`: a company-wide object (user groups, rules, the import of an employee): as `org`, but a
 *   user of a sibling organisation of the same company may reach it, so that case is not tried.
 * - `mine`: the caller's own lists and figures (with the victim's ids as bait where the body takes
 *   them). Expected: any answer below 500, nothing of the victim's in it, nothing written.
 * - `self`: the caller's own session or account only (profile, logout): no victim to aim at.
 * - `public`: no session. Expected for an anonymous caller: an answer below 500 that leaks nothing.
 * - `guest`: a signing link is the capability; garbage, forged, replaced and other signatories' links
 *   must open nothing of the victim's signbook.
 */
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import type { RouteId } from '../../src/contract/routes.ts';
import { makeSiret } from '../../src/server/db/seed/siret.ts';
import type { Me, TenantCase, Victim } from './world.ts';

export interface UploadFile {
  readonly field: string;
  readonly name: string;
  /** What the route expects: bad-input swaps it for a non-PDF or a truncated one. */
  readonly kind: 'pdf' | 'dsn';
  /** Bytes to send instead of the sample file of `kind`. */
  readonly bytes?: Uint8Array;
}

export interface Call {
  readonly params?: Record<string, string>;
  readonly query?: Record<string, string>;
  readonly body?: unknown;
  /** A body sent verbatim as JSON text (for bodies JSON.stringify cannot produce, e.g. 5,000 levels). */
  readonly rawBody?: string;
  /** A `json` part (an object, or text sent as is; named `jsonField`, `json` by default) and files. */
  readonly multipart?: { readonly json?: unknown; readonly jsonField?: string; readonly files: readonly UploadFile[] };
}

export type Scope = 'org' | 'company' | 'mine' | 'self' | 'public' | 'guest';

export interface RouteAccessDecl {
  readonly scope: Scope;
  /** A call the victim's own administrator could make, aimed at the victim's objects. */
  readonly build: (v: Victim, me: Me) => Call;
  /** Body field searched by text: `%` and `_` in it must match literally. */
  readonly search?: string;
  /** Statuses besides 403 and 404 that refuse cleanly here (e.g. 400 for foreign ids inside a creation body). */
  readonly refusals?: readonly number[];
  /**
   * Takes a list of ids, or looks something up: a foreign id (or e-mail) may also be skipped silently
   * (a 2xx that finds nothing), as long as nothing leaks or changes.
   */
  readonly skipsForeign?: boolean;
  /** Guest routes that act (code, sign, refuse) rather than read. */
  readonly acts?: boolean;
  /** Tenant cases that do not apply (e.g. a same-domain user switching to its own domain). */
  readonly notFor?: readonly TenantCase[];
  /** What a user of a sibling organisation may legitimately be shown (company-wide look-ups). */
  readonly siblingMayShow?: (v: Victim) => readonly string[];
  /** Body fields that may legitimately be null (skipped by the wrong-type class). */
  readonly nullable?: readonly string[];
  /** The key of this route's 404 for what it does not know, when not `error.not-found`. */
  readonly unknownKey?: string;
  /** Path parameters that are not uuids (the non-uuid class leaves them alone). */
  readonly freeParams?: readonly string[];
}

const zone = { page: 1, x: 400, y: 760, width: 150, height: 24 };
const pdf = (field: string, name = 'document.pdf') => ({ field, name, kind: 'pdf' as const });
const fresh = () => Math.random().toString(36).slice(2, 10);
const freshSiret = () => makeSiret(String(10_000_000 + Math.floor(Math.random() * 89_999_999)), '0001');
const id = (value: string) => ({ params: { id: value } });
const employeeBody = (v: Victim, email: string) => ({
  name: 'Pirate',
  firstName: 'Paul',
  birthDate: '1990-05-17',
  email,
  organizations: [{ organizationId: v.orgId, active: true }],
});
const orgConf = {
  distributionMode: 'WITH_VERIFICATION',
  usersToNotify: [],
  subscribeToSignature: true,
  extraOptions: {},
};
const templateBody = (v: Victim) => ({
  name: `Modèle pirate ${fresh()}`,
  organizationId: v.orgId,
  docTypes: ['CONTRAT_TRAVAIL'],
  steps: [{ signatoryType: 'user', signatories: [{ userId: v.user.id, email: v.user.email }] }],
});
const campaignJson = (v: Victim, manual: boolean) => ({
  name: `Envoi pirate ${fresh()}`,
  docIds: manual ? [] : [v.documentId],
  groupIds: [v.groupId],
  empIds: manual ? [v.employee.id] : [],
  review: true,
  onRefuse: false,
  onError: false,
  usersToNotify: [v.user.id],
  docTypeCode: manual ? 'NOTE_SERVICE' : 'BULLETIN_PAIE',
  automaticRecipients: !manual,
  ...(manual ? { files: [{ name: 'note.pdf', docTypeCode: 'NOTE_SERVICE' }] } : {}),
});
/** A user of the victim's organisation, with the administration right (src/contract/rights.ts UserInput). */
const userBody = (v: Victim) => ({
  login: `sec-pirate-${fresh()}`,
  firstName: 'Pierre',
  lastName: 'Pirate',
  email: `pirate-${fresh()}@attaque.example`,
  rootOrgId: v.orgId,
  access: [{ orgId: v.orgId, includeChildren: true }],
  rootIncludesChildren: true,
  features: ['UserAccess'],
  userGroupIds: [v.userGroupId],
  linkedToMicrosoft: false,
});
/** A rule naming the victim's organisation, employee, employee group, user group and user (RuleInput). */
const ruleBody = (v: Victim) => ({
  name: `Règle pirate ${fresh()}`,
  features: ['DocSearch'],
  criteria: {
    periodStart: null,
    periodEnd: null,
    docTypes: [],
    organizationIds: [v.orgId],
    employeeIds: [v.employee.id],
    employeeGroupIds: [v.groupId],
    metaKey: null,
    metaValue: null,
  },
  userGroupIds: [v.userGroupId],
  userIds: [v.user.id],
});
/** A body's foreign ids: a clean answer may be a 400 as well (the same for an id that does not exist). */
const BODY_REFS = [400] as const;

export const ACCESS = {
  /* campaigns */
  'campaigns.list': { scope: 'mine', build: () => ({ body: {} }), search: 'search' },
  'campaigns.get': { scope: 'org', build: (v) => id(v.campaigns.dispatched) },
  'campaigns.editiqueInfos': { scope: 'org', build: (v) => id(v.campaigns.dispatched) },
  'campaigns.dispatchedDocs': {
    scope: 'org',
    build: (v) => ({ params: { campaignId: v.campaigns.dispatched }, body: { offset: 0, limit: 20 } }),
  },
  'campaigns.create': {
    scope: 'org',
    build: (v) => ({ multipart: { json: campaignJson(v, false), files: [pdf('files', 'bulletins.pdf')] } }),
    refusals: BODY_REFS,
  },
  'campaigns.createManual': {
    scope: 'org',
    build: (v) => ({ multipart: { json: campaignJson(v, true), files: [pdf('files', 'note.pdf')] } }),
    refusals: BODY_REFS,
  },
  'campaigns.update': {
    scope: 'org',
    build: (v) => ({ ...id(v.campaigns.validation), body: { name: 'Campagne piratée', usersToNotify: [v.user.id] } }),
  },
  'campaigns.retry': { scope: 'org', build: (v) => id(v.campaigns.retry) },
  'campaigns.cancel': { scope: 'org', build: (v) => id(v.campaigns.validation) },
  'campaigns.validate': { scope: 'org', build: (v) => id(v.campaigns.validation) },
  'campaigns.deleteDispatchedDocs': {
    scope: 'org',
    build: (v) => ({ body: { dispatchedDocIds: [v.docs.deletable] } }),
  },
  'campaigns.refuseDocuments': {
    scope: 'org',
    build: (v) => ({ body: { ids: [v.docs.waiting], reason: 'Refus pirate' } }),
  },
  'campaigns.refuseDispatch': { scope: 'org', build: (v) => ({ body: { id: v.campaigns.validation } }) },
  'campaigns.retryDispatchedDoc': { scope: 'org', build: (v) => id(v.docs.failed) },
  'campaigns.sendDispatchedDoc': { scope: 'org', build: (v) => id(v.docs.sendable) },
  'campaigns.mergeDispatchedDocs': {
    scope: 'org',
    build: (v) => ({ ...id(v.campaigns.dispatched), body: { docIds: [v.docs.withFile] } }),
  },
  'campaigns.ignoredPages': { scope: 'org', build: (v) => id(v.campaigns.dispatched) },
  'campaigns.ignoredPagesList': { scope: 'org', build: (v) => id(v.campaigns.validation) },
  'campaigns.assignIgnoredPage': {
    scope: 'org',
    build: (v) => ({
      ...id(v.campaigns.validation),
      body: { sourceId: '0195f3a2-0000-7000-8000-000000000001', page: 1, employeeId: v.employee.id },
    }),
  },
  'campaigns.samplePayroll': { scope: 'mine', build: () => ({ query: { pages: '2' } }) },
  'campaigns.dispatchedDoc': { scope: 'org', build: (v) => id(v.docs.withFile) },
  'campaigns.dispatchedDocFile': { scope: 'org', build: (v) => id(v.docs.withFile) },
  'campaigns.report': { scope: 'org', build: (v) => id(v.campaigns.dispatched) },

  /* documents */
  'documents.list': {
    scope: 'mine',
    build: (v) => ({ body: { organizationIds: [v.orgId], employeeIds: [v.employee.id], offset: 0, limit: 20 } }),
    // A filter naming another company's organisation or employee finds nothing: a 2xx that leaks nothing.
    skipsForeign: true,
  },
  'documents.get': { scope: 'org', build: (v) => id(v.documentId) },
  'documents.senders': { scope: 'mine', build: () => ({}) },
  'documents.stats': { scope: 'mine', build: () => ({}) },
  'documents.pdf': { scope: 'org', build: (v) => id(v.documentId) },
  'documents.attestation': { scope: 'org', build: (v) => id(v.documentId) },
  'documents.archive': { scope: 'org', build: (v) => ({ body: { ids: [v.documentId] } }), skipsForeign: true },
  'documents.preview': {
    scope: 'org',
    build: (v) => ({ params: { id: v.documentId, description: 'apercu' } }),
    freeParams: ['description'],
  },
  'documents.setRead': { scope: 'org', build: (v) => id(v.documentId) },
  'documents.docType': {
    scope: 'mine',
    build: () => ({ params: { code: 'BULLETIN_PAIE' } }),
    freeParams: ['code'],
  },
  'documents.orgDocTypes': { scope: 'org', build: (v) => id(v.orgId) },
  'documents.upload': {
    scope: 'org',
    build: (v) => ({
      multipart: {
        jsonField: 'data',
        json: {
          organizationId: v.orgId,
          slips: [
            {
              id: 'doc1',
              typeCode: 'CONTRAT_TRAVAIL',
              description: 'Contrat pirate',
              destination: 'EMPLOYEE_SAFE',
              employeeId: v.employee.id,
            },
          ],
        },
        files: [pdf('doc1', 'CONTRAT_TRAVAIL:Contrat pirate')],
      },
    }),
    refusals: BODY_REFS,
  },

  /* employees */
  'employees.list': {
    scope: 'org',
    build: (v) => ({ body: { orgID: v.orgId, offset: 0, limit: 20 } }),
    search: 'search',
  },
  'employees.listForOrg': {
    scope: 'org',
    build: (v) => ({ params: { orgID: v.orgId }, body: { offset: 0, limit: 20 } }),
    search: 'search',
  },
  'employees.get': { scope: 'org', build: (v) => id(v.employee.id) },
  'employees.delete': { scope: 'org', build: (v) => id(v.employee.id) },
  'employees.create': {
    scope: 'org',
    build: (v) => ({ body: employeeBody(v, `sec-${fresh()}@attaque.example`) }),
    refusals: BODY_REFS,
    nullable: ['email'],
  },
  'employees.update': {
    scope: 'org',
    build: (v) => ({
      ...id(v.employee.id),
      body: { ...employeeBody(v, v.employee.email), name: v.employee.name, firstName: v.employee.firstName },
    }),
    nullable: ['email'],
  },
  'employees.validate': {
    scope: 'org',
    build: (v) => ({ body: { ids: [v.employeeToValidateId] } }),
    skipsForeign: true,
  },
  'employees.createEDocPerso': {
    scope: 'org',
    build: (v) => ({ body: { ids: [v.employeeWithoutSafeId] } }),
    skipsForeign: true,
  },
  'employees.reminder': { scope: 'org', build: (v) => ({ body: { ids: [v.employee.id] } }), skipsForeign: true },
  // 204 is the seed's "no letter could be produced".
  'employees.activationMail': {
    scope: 'org',
    build: (v) => ({ body: { ids: [v.employeeWithoutSafeId] } }),
    refusals: [204],
  },
  'employees.deactivate': { scope: 'org', build: (v) => id(v.employee.id) },
  'employees.stats': { scope: 'org', build: (v) => ({ body: { orgID: v.orgId } }) },
  'employees.statsForOrg': { scope: 'org', build: (v) => ({ params: { orgID: v.orgId }, body: {} }) },
  // Individuals of establishments the caller does not see may come back as rejected (2xx), untouched.
  'employees.dsn': {
    scope: 'org',
    build: () => ({ multipart: { files: [{ field: 'dsn', name: 'horizon.dsn', kind: 'dsn' }] } }),
    refusals: BODY_REFS,
    skipsForeign: true,
  },
  'employees.search': {
    scope: 'mine',
    build: (v) => ({ body: { search: v.employee.email, limit: 10 } }),
    search: 'search',
  },
  'employees.bpe': { scope: 'org', build: (v) => ({ ...id(v.employee.id), body: { bpe: true } }) },
  // Within one company the look-up shows what seed 000 §2 allows (name, first name, address), never more.
  'employees.importSearch': {
    scope: 'company',
    build: (v, me) => ({ body: { email: v.employee.email, orgId: me.orgId } }),
    skipsForeign: true,
    siblingMayShow: (v) => [v.employee.id, `${v.employee.firstName} ${v.employee.name}`],
  },
  // Its own victim: an import let through would link the employee to the caller, spoiling the other routes' victim.
  'employees.import': {
    scope: 'company',
    build: (v, me) => ({ body: { empId: v.employeeToImportId, orgId: me.orgId } }),
  },
  'employees.removeFromOrganization': {
    scope: 'org',
    build: (v) => ({ ...id(v.employee.id), body: { orgId: v.orgId } }),
  },

  /* employee groups */
  'groups.listForOrg': {
    scope: 'org',
    build: (v) => ({ params: { orgID: v.groupOrgId }, body: {} }),
    search: 'search',
  },
  'groups.list': { scope: 'mine', build: () => ({ body: {} }), search: 'search' },
  'groups.get': { scope: 'org', build: (v) => id(v.groupId) },
  'groups.update': {
    scope: 'org',
    build: (v) => ({ ...id(v.groupId), body: { name: 'Groupe piraté', employeesIds: [] } }),
  },
  'groups.delete': { scope: 'org', build: (v) => id(v.groupId) },
  'groups.create': {
    scope: 'org',
    build: (v) => ({ body: { name: `Groupe pirate ${fresh()}`, employeesIds: [v.employee.id], orgId: v.orgId } }),
    refusals: BODY_REFS,
  },

  /* organisations */
  'organizations.topLevel': { scope: 'mine', build: () => ({ body: {} }), search: 'search' },
  'organizations.get': { scope: 'org', build: (v) => id(v.orgId) },
  'organizations.eligible': { scope: 'mine', build: () => ({}) },
  // A SIRET the caller does not see is looked up in the company directory like any other.
  'organizations.bySiret': {
    scope: 'org',
    build: (v) => ({ params: { siret: v.orgSiret } }),
    freeParams: ['siret'],
    unknownKey: ERROR_KEYS.companyNotFound,
  },
  'organizations.conf': { scope: 'org', build: (v) => id(v.orgId) },
  'organizations.updateConf': { scope: 'org', build: (v) => ({ ...id(v.orgId), body: orgConf }) },
  'organizations.noChildren': {
    scope: 'org',
    build: (v) => ({ params: { orgID: v.orgId }, body: {} }),
    search: 'search',
  },
  'organizations.ancestors': { scope: 'org', build: (v) => id(v.orgId) },
  'organizations.list': { scope: 'mine', build: () => ({ body: { search: 'Horizon' } }), search: 'search' },
  'organizations.tree': { scope: 'org', build: (v) => ({ body: { rootId: v.rootOrgId } }) },
  'organizations.eligibleTree': { scope: 'mine', build: () => ({}) },
  'organizations.stats': { scope: 'mine', build: () => ({}) },
  'organizations.create': {
    scope: 'org',
    build: (v) => ({
      body: { name: `Filiale pirate ${fresh()}`, siret: freshSiret(), city: 'Lyon', parentId: v.orgId },
    }),
    refusals: BODY_REFS,
    nullable: ['parentId'],
  },
  'organizations.update': {
    scope: 'org',
    build: (v) => ({
      ...id(v.orgId),
      body: { name: 'Horizon Services Paris', siret: v.orgSiret, city: 'Paris', parentId: v.rootOrgId },
    }),
    nullable: ['parentId'],
  },
  'organizations.autoVisu': { scope: 'org', build: (v) => ({ body: { orgId: v.orgId } }) },

  /* signbooks */
  'signbooks.list': { scope: 'mine', build: () => ({ body: {} }), search: 'search' },
  'signbooks.get': { scope: 'org', build: (v) => id(v.signbooks.toSign) },
  'signbooks.pending': { scope: 'org', build: (v) => ({ ...id(v.orgId), body: {} }), search: 'search' },
  'signbooks.templates': {
    scope: 'mine',
    build: (v) => ({ body: { organizationId: v.orgId } }),
    search: 'search',
  },
  'signbooks.template': { scope: 'org', build: (v) => id(v.templateId) },
  'signbooks.upload': {
    scope: 'org',
    build: (v) => ({
      multipart: {
        json: {
          name: `Signature pirate ${fresh()}`,
          organizationId: v.orgId,
          docTypeCode: 'CONTRAT_TRAVAIL',
          steps: [{ signatories: [{ type: 'employee', employeeId: v.employee.id }] }],
        },
        files: [pdf('file', 'contrat.pdf')],
      },
    }),
    refusals: BODY_REFS,
  },
  'signbooks.sign': {
    scope: 'org',
    build: (v) => ({ params: { workflowId: v.signbooks.toSign }, body: { codeSignature: '123456' } }),
  },
  'signbooks.recoverCode': {
    scope: 'org',
    build: (v) => ({ params: { workflowId: v.signbooks.toSign }, body: { mode: 'email' } }),
  },
  'signbooks.update': {
    scope: 'org',
    build: (v) => ({ ...id(v.signbooks.draft), body: { name: 'Parapheur piraté' } }),
  },
  'signbooks.delete': { scope: 'org', build: (v) => id(v.signbooks.draft) },
  'signbooks.session': { scope: 'mine', build: () => ({}) },
  'signbooks.templateCreate': { scope: 'org', build: (v) => ({ body: templateBody(v) }), refusals: BODY_REFS },
  'signbooks.templateUpdate': { scope: 'org', build: (v) => ({ ...id(v.templateId), body: templateBody(v) }) },
  'signbooks.templateDelete': { scope: 'org', build: (v) => id(v.templateId) },
  'signbooks.refuse': {
    scope: 'org',
    build: (v) => ({ params: { workflowId: v.signbooks.toSign }, body: { reason: 'Refus pirate' } }),
  },
  'signbooks.retrySeal': { scope: 'org', build: (v) => id(v.signbooks.complete) },
  'signbooks.socialSigners': { scope: 'mine', build: () => ({ body: {} }), search: 'search' },
  'signbooks.document': { scope: 'org', build: (v) => id(v.signbooks.toSign) },
  'signbooks.guestGet': { scope: 'guest', build: (v) => ({ params: { token: v.guestToken } }), freeParams: ['token'] },
  'signbooks.guestDocument': {
    scope: 'guest',
    build: (v) => ({ params: { token: v.guestToken } }),
    freeParams: ['token'],
  },
  'signbooks.guestRecoverCode': {
    scope: 'guest',
    build: (v) => ({ params: { token: v.guestToken }, body: { mode: 'email' } }),
    acts: true,
    freeParams: ['token'],
  },
  'signbooks.guestSign': {
    scope: 'guest',
    build: (v) => ({ params: { token: v.guestToken }, body: { codeSignature: '123456' } }),
    acts: true,
    freeParams: ['token'],
  },
  'signbooks.guestRefuse': {
    scope: 'guest',
    build: (v) => ({ params: { token: v.guestToken }, body: { reason: 'Refus pirate' } }),
    acts: true,
    freeParams: ['token'],
  },
  'signbooks.guestOutbox': {
    scope: 'guest',
    build: (v) => ({ params: { token: v.guestToken } }),
    freeParams: ['token'],
  },

  /* masks, subscription */
  'masks.list': { scope: 'mine', build: () => ({}) },
  'masks.create': {
    scope: 'org',
    build: (v) => ({
      multipart: {
        json: {
          maskName: `Masque pirate ${fresh()}`,
          orgId: v.orgId,
          docType: 'NOTE_SERVICE',
          identifier: 'registrationNumber',
          grouping: 'onePerPage',
          zone,
        },
        files: [pdf('pdf-1', 'exemple.pdf')],
      },
    }),
  },
  'masks.preview': {
    scope: 'org',
    build: (v) => ({
      multipart: { json: { identifier: 'registrationNumber', zone, orgId: v.orgId }, files: [pdf('pdf-1')] },
    }),
  },
  'masks.sample': {
    scope: 'org',
    build: (v) => ({ params: { id: v.maskId, position: '1' } }),
    freeParams: ['position'],
  },
  'subscription.stats': { scope: 'mine', build: () => ({}) },

  /* rights: rules and user groups are company-wide */
  'rules.list': { scope: 'mine', build: () => ({ body: {} }) },
  'rules.create': { scope: 'company', build: (v) => ({ body: ruleBody(v) }), refusals: BODY_REFS },
  'rules.get': { scope: 'company', build: (v) => id(v.ruleId) },
  'rules.update': { scope: 'company', build: (v) => ({ ...id(v.ruleId), body: ruleBody(v) }) },
  'rules.delete': { scope: 'company', build: (v) => id(v.ruleId) },
  'userGroups.list': { scope: 'mine', build: () => ({ body: {} }) },
  'userGroups.create': {
    scope: 'company',
    build: (v) => ({ body: { name: `Groupe pirate ${fresh()}`, features: ['UserAccess'], memberIds: [v.user.id] } }),
    refusals: BODY_REFS,
  },
  'userGroups.get': { scope: 'company', build: (v) => id(v.userGroupId) },
  'userGroups.update': {
    scope: 'company',
    build: (v) => ({
      ...id(v.userGroupId),
      body: { name: 'Gestionnaires paie', features: ['UserAccess'], memberIds: [v.user.id] },
    }),
  },
  'userGroups.delete': { scope: 'company', build: (v) => id(v.userGroupId) },

  /* users */
  'users.list': { scope: 'mine', build: (v) => ({ body: { search: v.user.email } }), search: 'search' },
  'users.get': { scope: 'org', build: (v) => id(v.user.id) },
  // A user without e-mail is allowed: null is a value, not bad input.
  'users.create': { scope: 'org', build: (v) => ({ body: userBody(v) }), refusals: BODY_REFS, nullable: ['email'] },
  'users.update': {
    scope: 'org',
    build: (v) => ({ ...id(v.user.id), body: userBody(v) }),
    nullable: ['email'],
  },
  'users.delete': { scope: 'org', build: (v) => id(v.user.id) },
  'users.getBasic': { scope: 'org', build: (v) => id(v.user.id) },
  'users.current': { scope: 'self', build: () => ({}) },
  'users.updateBasic': {
    scope: 'org',
    build: (v) => ({ ...id(v.user.id), body: { firstName: 'Julien', lastName: 'Bernard' } }),
  },
  'users.changePassword': {
    scope: 'self',
    build: () => ({ body: { oldPassword: 'Mauvais!2026', password: 'Nouveau!2026', confirmation: 'Nouveau!2026' } }),
  },
  'users.reinitPassword': {
    scope: 'org',
    build: (v) => ({ body: { userId: v.user.id } }),
    refusals: BODY_REFS,
  },
  'users.passwordLost': { scope: 'public', build: (v) => ({ body: { email: v.user.email } }) },
  'users.unlockAccount': { scope: 'public', build: () => ({ body: { token: 'jeton-inconnu' } }) },
  'users.reinitPasswordToken': {
    scope: 'public',
    build: () => ({ body: { token: 'jeton-inconnu', password: 'Nouveau!2026', confirmation: 'Nouveau!2026' } }),
  },
  'i18n.locale': {
    scope: 'public',
    build: () => ({ params: { id: '0.1.0', locale: 'fr' } }),
    freeParams: ['id', 'locale'],
  },

  /* authentication and session */
  'auth.login': { scope: 'public', build: (v) => ({ body: { login: v.user.login, password: 'Mauvais!2026' } }) },
  // Single sign-on: a code, state, ticket or token nobody issued opens nothing (tests/server/sso.test.ts for the real flows).
  'auth.loginMicrosoft': { scope: 'public', build: () => ({ body: { code: 'code-inconnu', state: 'etat-inconnu' } }) },
  'auth.loginEdoc': { scope: 'public', build: () => ({ body: { code: 'code-inconnu' } }) },
  'auth.ssoSettings': { scope: 'public', build: () => ({}) },
  'auth.microsoftStart': { scope: 'public', build: () => ({}) },
  'auth.loginCas': { scope: 'public', build: () => ({ body: { ticket: 'ST-inconnu' } }) },
  // Only a user without a root in the victim's domain has anything to be refused here.
  'auth.switchDomain': {
    scope: 'org',
    build: (v) => ({ body: { domain: v.domain } }),
    notFor: ['sibling', 'otherCompany'],
  },
  // Only for a session opened through the OpenID provider: the attackers' password sessions are refused (403).
  'auth.switchDomainMicrosoft': { scope: 'self', build: (v) => ({ body: { domain: v.domain } }) },
  'auth.currentOrg': { scope: 'org', build: (v) => ({ body: { currentOrgId: v.orgId } }) },
  'auth.logout': { scope: 'self', build: () => ({}) },
  'auth.shopSession': { scope: 'mine', build: () => ({}) },
  'config.front': { scope: 'public', build: () => ({}) },

  /* shell */
  'shell.badges': { scope: 'mine', build: () => ({}) },
  'shell.dashboard': { scope: 'mine', build: () => ({}) },
  'shell.dashboardCharts': { scope: 'mine', build: () => ({}) },
  'outbox.list': { scope: 'mine', build: () => ({}) },
} as const satisfies Record<RouteId, RouteAccessDecl>;

/** The declaration of a route, or undefined when someone added a route without one (caught by access.test.ts). */
export const declarationOf = (routeId: string): RouteAccessDecl | undefined =>
  (ACCESS as Record<string, RouteAccessDecl>)[routeId];

/** Path parameters that hold uuids. */
export const idParams = (decl: RouteAccessDecl, call: Call): string[] =>
  Object.keys(call.params ?? {}).filter((p) => !(decl.freeParams ?? []).includes(p));
