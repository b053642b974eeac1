/**
 * Entity schemas of seed 000 §3 (Effect Schema). The server decodes bodies with them and the
 * OpenAPI document is generated from them; the browser imports only their *types*
 * (`import type`) so the schema runtime stays out of the initial bundle.
 */
import { Schema as S } from 'effect';
import { DOMAINS, LOCALES, MAX_LENGTH as M } from './constants.ts';
import {
  ALERT_MODES,
  ALERT_TYPES,
  BPE_AGREEMENTS,
  CAMPAIGN_STATUSES,
  DISPATCHED_DOC_STATUSES,
  DISPATCH_FAILURE_CAUSES,
  DISTRIBUTION_MODES,
  MASK_IDENTIFIERS,
  MASK_PAGE_GROUPINGS,
  NOTIFICATION_STATES,
  POSTAL_STATUSES,
  SAFE_STATUSES,
  SIGNATORY_STATES,
  SIGNATORY_TYPES,
  SIGNATURE_CODE_MODES,
  SIGNBOOK_STATUSES,
} from './enums.ts';
import { FEATURES } from './features.ts';
import { Filled, Id, IdList, List, Text, Uuid } from './fields.ts';

const IsoDate = S.String; // ISO 8601 date or date-time
const opt = S.optional;

export const DomainSchema = S.Literal(...DOMAINS);
export const FeatureSchema = S.Literal(...FEATURES);
export const LocaleSchema = S.Literal(...LOCALES);

/* ---------------------------------------------------------------- auth */

export const LoginBody = S.Struct({ login: Filled(M.login), password: Filled(M.password) });
export type LoginBody = typeof LoginBody.Type;

export const OrgInVisu = S.Struct({ id: Id, name: S.String, siret: S.String });
export type OrgInVisu = typeof OrgInVisu.Type;
export const UserRootOrgs = S.Struct({ domain: DomainSchema, orgsInVisu: S.Array(OrgInVisu) });
export type UserRootOrgs = typeof UserRootOrgs.Type;

export const LoginResponse = S.Struct({
  login: S.String,
  userId: Id,
  userRootOrgs: S.Array(UserRootOrgs),
  userOrgId: Id,
  userOrgName: S.String,
  firstName: S.String,
  name: S.String,
  email: S.NullOr(S.String),
  features: S.Array(FeatureSchema),
  domain: DomainSchema,
  isFreeTrial: S.Boolean,
  signatureV3: S.Boolean,
});
export type LoginResponse = typeof LoginResponse.Type;

/** What the browser keeps locally (the refresh token is kept separately). */
export const Session = S.Struct({
  token: S.String,
  login: S.String,
  userId: Id,
  orgId: Id,
  baseOrgId: Id,
  orgName: S.String,
  baseOrgName: S.String,
  fullName: S.String,
  email: S.NullOr(S.String),
  features: S.Array(FeatureSchema),
  isFreeTrial: S.Boolean,
  signatureV3: S.Boolean,
  domain: DomainSchema,
  domains: S.Array(UserRootOrgs),
  app: S.String,
  version: S.String,
  /**
   * Logged in with organisations in several domains and no domain chosen yet: a reload (or another
   * address typed) comes back to the domain choice instead of entering the domain the server bound.
   */
  domainChoicePending: S.optional(S.Boolean),
});
export type Session = typeof Session.Type;

/** Answer of `user/current`, `current-org` and `switch-domain`: the session as the server sees it. */
export const CurrentUser = S.Struct({
  login: S.String,
  userId: Id,
  firstName: S.String,
  name: S.String,
  email: S.NullOr(S.String),
  features: S.Array(FeatureSchema),
  domain: DomainSchema,
  userRootOrgs: S.Array(UserRootOrgs),
  orgId: Id,
  orgName: S.String,
  baseOrgId: Id,
  baseOrgName: S.String,
  isFreeTrial: S.Boolean,
  signatureV3: S.Boolean,
  locale: LocaleSchema,
});
export type CurrentUser = typeof CurrentUser.Type;

export const SwitchDomainBody = S.Struct({ domain: DomainSchema });
export const CurrentOrgBody = S.Struct({ currentOrgId: Id });
/**
 * Single sign-on (issue 16). `auto-login-ms`: the query the OpenID provider sent the browser back
 * with (code, state, and the issuer or session state it may add). `autologin`: a CAS service ticket
 * (`ticket`, or the seed's `authorization`). `auto-login-edoc`: the portal's signed token (`code`).
 */
export const MicrosoftLoginBody = S.Struct({
  code: Filled(4_096),
  state: Filled(512),
  iss: S.optional(S.String.pipe(S.maxLength(1_024))),
  session_state: S.optional(S.String.pipe(S.maxLength(1_024))),
});
export const CasLoginBody = S.Struct({ ticket: Filled(512) });
export const EdocLoginBody = S.Struct({ code: Filled(8_192) });
export const SsoSettings = S.Struct({
  microsoft: S.NullOr(S.Struct({ label: S.String })),
  casLoginUrl: S.NullOr(S.String),
  /** Send unauthenticated users to the CAS login rather than the password form. */
  casRedirect: S.Boolean,
  edoc: S.Boolean,
  demo: S.Boolean,
  /** This host is the customer's with its own login page: unauthenticated visitors go to `/Login-am`. */
  specialLogin: S.Boolean,
});
export type SsoSettings = typeof SsoSettings.Type;
export const SsoStartResponse = S.Struct({ url: S.String });
/** The answer of logout when the provider's session should end too (RP-initiated logout). */
export const LogoutResponse = S.Struct({ endSessionUrl: S.NullOr(S.String) });

/** The one-time link mailed to a blocked account's owner (`/account-unlock/{token}`). */
export const UnlockAccountBody = S.Struct({ token: Filled(M.token) });
export const PasswordLostBody = S.Struct({ email: S.String.pipe(S.minLength(3), S.maxLength(M.email)) });
export const ReinitPasswordTokenBody = S.Struct({
  token: Filled(M.token),
  password: Text(M.password),
  confirmation: Text(M.password),
});
export const ChangePasswordBody = S.Struct({
  oldPassword: Text(M.password),
  password: Text(M.password),
  confirmation: Text(M.password),
});
export const ProfileUpdateBody = S.Struct({
  firstName: Filled(M.personName),
  lastName: Filled(M.personName),
  locale: opt(LocaleSchema),
});

/* ---------------------------------------------------------------- errors */

export const ApiError = S.Struct({
  key: S.String,
  message: opt(S.String),
  /** Server error list (seed 001 §8.2: the first is shown after create errors; joined by line breaks on organisation creation). */
  errors: opt(S.Array(S.String)),
  /** Per-field validation keys (`validation.*`, see validation.ts), for forms to show beside each field. */
  fields: opt(S.Record({ key: S.String, value: S.String })),
  status: S.Number,
});
export type ApiError = typeof ApiError.Type;

/* ---------------------------------------------------------------- employees */

export const Address = S.Struct({
  street: opt(Text(M.street)),
  complement: opt(Text(M.street)),
  postal: opt(Text(M.postalCode)),
  city: opt(Text(M.city)),
  country: opt(Text(M.country)),
});
export const EmployeeOrganization = S.Struct({
  organizationId: Id,
  registrationNumber: opt(S.String),
  active: S.Boolean,
  canEdit: opt(S.Boolean),
});
export const Employee = S.Struct({
  id: Id,
  name: S.String,
  firstName: S.String,
  birthDate: IsoDate,
  email: S.NullOr(S.String),
  phone: S.NullOr(S.String),
  numSecu: S.NullOr(S.String),
  address: Address,
  hasBpe: S.Boolean,
  hasSafeBox: S.Boolean,
  registered: S.Boolean,
  needsValidation: S.Boolean,
  safeStatus: S.Literal(...SAFE_STATUSES),
  bpeAgreement: S.NullOr(S.Literal(...BPE_AGREEMENTS)),
  safeCreatedAt: S.NullOr(IsoDate),
  lastNotificationAt: S.NullOr(IsoDate),
  active: S.Boolean,
  organizations: S.Array(EmployeeOrganization),
  groups: S.Array(S.Struct({ id: Id, name: S.String })),
});
export type Employee = typeof Employee.Type;

/** Body of `POST /employee` and `PUT /employee/{id}`; rules in validation.ts (employeeFieldErrors). */
export const EmployeeInput = S.Struct({
  name: Text(M.personName),
  firstName: Text(M.personName),
  birthDate: Text(M.date),
  email: opt(S.NullOr(Text(M.email))),
  phone: opt(S.NullOr(Text(M.phone))),
  numSecu: opt(S.NullOr(Text(M.numSecu))),
  address: opt(Address),
  organizations: List(
    S.Struct({ organizationId: Id, registrationNumber: opt(S.NullOr(Text(M.reference))), active: opt(S.Boolean) }),
  ),
  groupIds: opt(IdList(Id)),
  needsValidation: opt(S.Boolean),
});
export type EmployeeInput = typeof EmployeeInput.Type;

/** Answer of the employee list/search calls. `nextCursor` continues after the last row (keyset paging). */
export const EmployeePage = S.Struct({
  count: S.Number,
  items: S.Array(Employee),
  nextCursor: S.NullOr(S.String),
});
export type EmployeePage = typeof EmployeePage.Type;

export const EmployeeStats = S.Struct({
  totalCount: S.Number,
  activeCount: S.Number,
  inactiveCount: S.Number,
  needsValidationCount: S.Number,
});
export type EmployeeStats = typeof EmployeeStats.Type;

export const EmployeeSearchBody = S.Struct({
  orgID: opt(Id),
  order: opt(S.Struct({ field: Text(M.code), sens: S.Literal('asc', 'desc') })),
  offset: opt(S.Number.pipe(S.int(), S.nonNegative())),
  limit: opt(S.Number.pipe(S.int(), S.between(1, 1000))),
  organizations: opt(List(S.Struct({ organizationId: Id, active: opt(S.Boolean) }))),
  unwind: opt(S.Boolean),
  search: opt(Text(M.search)),
  needsValidation: opt(S.Boolean),
  /** Keyset paging: the `nextCursor` of the previous page (replaces offset). */
  after: opt(Text(M.token)),
  /** Filter for the status lists: active, inactive, to-validate. */
  status: opt(S.Literal('active', 'inactive', 'to-validate')),
});
export type EmployeeSearchBody = typeof EmployeeSearchBody.Type;

export const EmployeeGroup = S.Struct({
  id: Id,
  name: S.String,
  employeesIds: S.Array(Id),
  orgId: Id,
  orgName: S.String,
  employeeCount: S.Number,
});
export type EmployeeGroup = typeof EmployeeGroup.Type;

/** Sortable columns of the group list (default `name` ascending). */
export const GROUP_SORT_FIELDS = ['name', 'orgName', 'employeeCount'] as const;
/** Body of `groups.list` / `groups.listForOrg`: search by name, paged (default 20). */
export const EmployeeGroupSearchBody = S.Struct({
  search: opt(Text(M.search)),
  offset: opt(S.Number.pipe(S.int(), S.nonNegative())),
  limit: opt(S.Number.pipe(S.int(), S.between(1, 200))),
  order: opt(S.Struct({ field: S.Literal(...GROUP_SORT_FIELDS), sens: S.Literal('asc', 'desc') })),
});
export type EmployeeGroupSearchBody = typeof EmployeeGroupSearchBody.Type;
export const EmployeeGroupPage = S.Struct({ count: S.Number, items: S.Array(EmployeeGroup) });
export type EmployeeGroupPage = typeof EmployeeGroupPage.Type;

/** A member as the group screens show it. */
export const EmployeeGroupMember = S.Struct({ id: Id, name: S.String, firstName: S.String, email: S.NullOr(S.String) });
export type EmployeeGroupMember = typeof EmployeeGroupMember.Type;
/** Answer of `groups.get`, `groups.create` and `groups.update`. */
export const EmployeeGroupDetail = S.extend(EmployeeGroup, S.Struct({ members: S.Array(EmployeeGroupMember) }));
export type EmployeeGroupDetail = typeof EmployeeGroupDetail.Type;

/** Body of `POST /employees-group`; the name rule is checked by the handler so it can answer a field key. */
export const EmployeeGroupInput = S.Struct({ name: Text(M.name), employeesIds: IdList(Id), orgId: Id });
export type EmployeeGroupInput = typeof EmployeeGroupInput.Type;
/** Body of `PUT /employees-group/{id}`: the organisation of a group does not change. */
export const EmployeeGroupUpdate = S.Struct({ name: Text(M.name), employeesIds: IdList(Id) });
export type EmployeeGroupUpdate = typeof EmployeeGroupUpdate.Type;

/* ---------------------------------------------------------------- organisations */

/** One document type of the domain, whether this organisation uses it, and whether a mask (its own or an ancestor's) applies. */
export const OrgDocTypeConf = S.Struct({ code: S.String, label: S.String, enabled: S.Boolean, hasMask: S.Boolean });
export type OrgDocTypeConf = typeof OrgDocTypeConf.Type;

/** A user who sees the organisation, hence may be notified about it. */
export const NotifiableUser = S.Struct({
  id: Id,
  firstName: Text(M.personName),
  lastName: Text(M.personName),
  email: S.NullOr(Text(M.email)),
});
export type NotifiableUser = typeof NotifiableUser.Type;

export const OrganizationConf = S.Struct({
  distributionMode: S.Literal(...DISTRIBUTION_MODES),
  /** Not `Uuid`: a malformed id is answered like an unknown one, beside the field (orgUserNotVisible). */
  usersToNotify: IdList(Id),
  subscribeToSignature: S.Boolean,
  extraOptions: S.Struct({ specificCSSUrl: opt(Text(M.url)) }),
  /** Document-type configuration: read with `documents.orgDocTypes`; written here when present (PUT). */
  docTypes: opt(List(S.Struct({ code: Text(M.code), enabled: S.Boolean }))),
  /** Answered by GET only: the users who see the organisation (the choices for `usersToNotify`). */
  notifiableUsers: opt(List(NotifiableUser, M.idList)),
});
export type OrganizationConf = typeof OrganizationConf.Type;

export const Organization = S.Struct({
  id: Id,
  name: S.String,
  siret: S.String,
  street: S.NullOr(S.String),
  zipCode: S.NullOr(S.String),
  city: S.String,
  country: S.NullOr(S.String),
  parentId: S.NullOr(Id),
  reference: S.NullOr(S.String),
  billingReference: S.NullOr(S.String),
  internalFolderCode: S.NullOr(S.String),
  payeDomainId: S.NullOr(S.String),
  isRoot: S.Boolean,
  childrenCount: S.Number,
});
export type Organization = typeof Organization.Type;
export interface OrganizationNode extends Organization {
  readonly children: readonly OrganizationNode[];
}

export const OrganizationSearchBody = S.Struct({
  search: opt(Text(M.search)),
  offset: opt(S.Number.pipe(S.int(), S.nonNegative())),
  limit: opt(S.Number.pipe(S.int(), S.between(1, 200))),
});
export type OrganizationSearchBody = typeof OrganizationSearchBody.Type;

/** A node of `organizations.tree` / `organizations.eligibleTree`: the visible forest. */
export const OrganizationTree: S.Schema<OrganizationNode> = S.Struct({
  ...Organization.fields,
  children: S.Array(S.suspend((): S.Schema<OrganizationNode> => OrganizationTree)),
}).annotations({ identifier: 'OrganizationNode' });

/**
 * Create and update body. Every field is loose here on purpose: the field rules of
 * validation.ts (organizationFieldErrors) answer one `validation.*` key per field instead of a
 * generic body error.
 */
export const OrganizationInput = S.Struct({
  name: opt(S.NullOr(Text(M.name))),
  siret: opt(S.NullOr(Text(M.siret))),
  street: opt(S.NullOr(Text(M.street))),
  zipCode: opt(S.NullOr(Text(M.postalCode))),
  city: opt(S.NullOr(Text(M.city))),
  country: opt(S.NullOr(Text(M.country))),
  parentId: opt(S.NullOr(Text(M.id))),
  reference: opt(S.NullOr(Text(M.reference))),
  billingReference: opt(S.NullOr(Text(M.reference))),
  internalFolderCode: opt(S.NullOr(Text(M.reference))),
});
export type OrganizationInput = typeof OrganizationInput.Type;

export const OrganizationStats = S.Struct({
  organizationCount: S.Number,
  topLevelCount: S.Number,
  payrollManagedCount: S.Number,
  /** Distinct employees linked to a visible organisation (active or not). */
  employeeCount: S.Number,
  activeEmployeeCount: S.Number,
  byOrganization: S.Array(
    S.Struct({ orgId: Id, employeeCount: S.Number, activeEmployeeCount: S.Number, childrenCount: S.Number }),
  ),
});
export type OrganizationStats = typeof OrganizationStats.Type;

/** `rootId` narrows the tree to one visible subtree. */
export const OrganizationTreeBody = S.Struct({ rootId: opt(Text(M.id)) });
export type OrganizationTreeBody = typeof OrganizationTreeBody.Type;

export const AutoVisuBody = S.Struct({ orgId: Id });
export type AutoVisuBody = typeof AutoVisuBody.Type;

/** A company found by SIRET: the embedded directory, the domain's organisations, or a public register. */
export const CompanyInfo = S.Struct({
  siret: S.String,
  name: S.String,
  street: S.NullOr(S.String),
  zipCode: S.NullOr(S.String),
  city: S.String,
  country: S.String,
  nafCode: S.NullOr(S.String),
  source: S.Literal('directory', 'organization', 'register'),
});
export type CompanyInfo = typeof CompanyInfo.Type;

/* ---------------------------------------------------------------- documents, masks */

export const DocumentType = S.Struct({ code: S.String, label: S.String, hasMask: S.Boolean });
export type DocumentType = typeof DocumentType.Type;

export const MaskZone = S.Struct({ page: S.Number, x: S.Number, y: S.Number, width: S.Number, height: S.Number });
export const Mask = S.Struct({
  id: Id,
  maskName: S.String,
  orgId: Id,
  docType: S.String,
  identifier: S.Literal(...MASK_IDENTIFIERS),
  grouping: S.Literal(...MASK_PAGE_GROUPINGS),
  zone: MaskZone,
});
export type Mask = typeof Mask.Type;

export const DocumentMeta = S.Struct({ name: S.String, value: S.String });
export const HrDocument = S.Struct({
  id: Id,
  description: S.String,
  typeCode: S.String,
  metaDatas: S.Array(DocumentMeta),
  emissionDate: S.NullOr(IsoDate),
  transmitter: S.NullOr(S.String),
  employeeFirstName: S.NullOr(S.String),
  employeeName: S.NullOr(S.String),
  periodStart: S.NullOr(IsoDate),
  periodEnd: S.NullOr(IsoDate),
  destination: S.Literal('EMPLOYEE_SAFE', 'EMPLOYER_SAFE'),
  depositedAt: IsoDate,
  keywords: S.Array(S.String),
  additionalIndexes: S.Array(DocumentMeta),
  path: S.NullOr(S.String),
  organizationId: Id,
  employeeId: S.NullOr(Id),
  sha256: S.String,
});
export type HrDocument = typeof HrDocument.Type;

/* ---------------------------------------------------------------- campaigns */

export const CampaignStatusSchema = S.Literal(...CAMPAIGN_STATUSES);
export const DispatchedDocStatusSchema = S.Literal(...DISPATCHED_DOC_STATUSES);

export const Campaign = S.Struct({
  id: Id,
  name: S.String,
  docName: S.String,
  siret: S.String,
  codeSignature: S.NullOr(S.String),
  canRetry: S.Boolean,
  canDelete: S.Boolean,
  organizationId: Id,
  status: CampaignStatusSchema,
  creationDate: IsoDate,
  sendDate: S.NullOr(IsoDate),
  documentCount: S.Number,
  mainDocType: S.String,
  /** The label of `mainDocType` (« Bulletin de paie »), where the answer carries it (the lists). */
  docTypeLabel: opt(S.String),
  recipientsCount: S.Number,
  review: S.Boolean,
  automaticRecipients: S.Boolean,
  onRefuse: S.Boolean,
  onError: S.Boolean,
  usersToNotify: S.Array(Id),
  counts: S.Record({ key: S.String, value: S.Number }),
  pagesTotal: S.Number,
  pagesSplit: S.Number,
  ignoredPages: S.Number,
  /** Why the split job stopped (an error key, e.g. error.campaign.no-page-matched), while IN_ERROR after a split. */
  splitError: opt(S.NullOr(S.String)),
  /**
   * Present while its split or dispatch waits for a worker: its place in the queue (1 = next) and
   * how many wait. The screens say « en attente » instead of showing a progress that does not move.
   */
  waiting: opt(S.Struct({ position: S.Number, of: S.Number })),
});
export type Campaign = typeof Campaign.Type;
export type CampaignWaiting = NonNullable<Campaign['waiting']>;

export const CampaignListBody = S.Struct({
  status: opt(List(CampaignStatusSchema)),
  subStatus: opt(Text(M.code)),
  search: opt(Text(M.search)),
  offset: opt(S.Number.pipe(S.int(), S.nonNegative())),
  limit: opt(S.Number.pipe(S.int(), S.between(1, 200))),
  /** The list's persisted sort (field: name, creationDate, sendDate, status, recipientsCount). */
  order: opt(S.Struct({ field: Text(M.code), sens: S.Literal('asc', 'desc') })),
});

export const CampaignCreateJson = S.Struct({
  name: Filled(M.name),
  docName: opt(Text(M.name)),
  docIds: IdList(Id),
  groupIds: IdList(Id),
  empIds: IdList(Id),
  review: S.Boolean,
  onRefuse: S.Boolean,
  onError: S.Boolean,
  usersToNotify: IdList(Uuid),
  docTypeCode: Filled(M.code),
  automaticRecipients: S.Boolean,
  files: opt(List(S.Struct({ name: Text(M.fileName), docTypeCode: Text(M.code) }))),
});
export type CampaignCreateJson = typeof CampaignCreateJson.Type;

export const DispatchedDocument = S.Struct({
  id: Id,
  campaignId: Id,
  employeeId: S.NullOr(Id),
  recipientName: S.NullOr(S.String),
  status: DispatchedDocStatusSchema,
  reason: S.NullOr(S.String),
  failureCause: S.NullOr(S.Literal(...DISPATCH_FAILURE_CAUSES)),
  documentId: S.NullOr(Id),
  pages: S.Array(S.Number),
  postal: S.NullOr(
    S.Struct({
      status: S.Literal(...POSTAL_STATUSES),
      dispatchDate: S.NullOr(IsoDate),
      receptionDate: S.NullOr(IsoDate),
      returnDate: S.NullOr(IsoDate),
      foldStatus: S.NullOr(S.String),
    }),
  ),
});
export type DispatchedDocument = typeof DispatchedDocument.Type;

/* ---------------------------------------------------------------- signbooks */

export const Signatory = S.Struct({
  id: Id,
  type: S.Literal(...SIGNATORY_TYPES),
  employeeId: S.NullOr(Id),
  userId: S.NullOr(Id),
  name: S.String,
  firstname: S.String,
  email: S.NullOr(S.String),
  phone: S.NullOr(S.String),
  state: S.Literal(...SIGNATORY_STATES),
  signatureDate: S.NullOr(IsoDate),
  external: S.NullOr(S.Struct({ eDocPersoCreated: S.Boolean, archiveToEdocPerso: S.Boolean, date: S.NullOr(IsoDate) })),
});
export type Signatory = typeof Signatory.Type;
export const SignbookStep = S.Struct({ index: S.Number, signatories: S.Array(Signatory) });

export const Signbook = S.Struct({
  id: Id,
  name: S.String,
  templateId: S.NullOr(Id),
  organizationId: Id,
  sendToPersonalSafe: S.Boolean,
  complete: S.Boolean,
  status: S.Literal(...SIGNBOOK_STATUSES),
  documents: S.Array(S.Struct({ id: Id, name: S.String, typeCode: S.String })),
  creationDate: IsoDate,
  currentStep: S.Number,
  steps: S.Array(SignbookStep),
});
export type Signbook = typeof Signbook.Type;

export const SignbookTemplate = S.Struct({
  id: Id,
  name: S.String,
  stepCount: S.Number,
  docTypes: S.Array(S.String),
  organizationId: Id,
  steps: S.Array(S.Struct({ signatoryType: S.Literal(...SIGNATORY_TYPES) })),
});
export type SignbookTemplate = typeof SignbookTemplate.Type;

export const SignatureCodeRequest = S.Struct({
  mode: S.Literal(...SIGNATURE_CODE_MODES),
  phone: opt(Text(M.phone)),
  email: opt(Text(M.email)),
});
export const SignBody = S.Struct({ codeSignature: S.String.pipe(S.minLength(6), S.maxLength(M.code)) });
export const SignInParam = S.Struct({ paramName: Text(M.code), paramValue: Text(M.token) });

/* ---------------------------------------------------------------- users, rights */

export const OrgAccess = S.Struct({ orgId: Id, domain: DomainSchema, includeChildren: S.Boolean });
export const User = S.Struct({
  id: Id,
  login: S.String,
  firstName: S.String,
  lastName: S.String,
  email: S.NullOr(S.String),
  rootOrgs: S.Array(S.Struct({ domain: DomainSchema, orgId: Id })),
  visibleOrgs: S.Array(OrgAccess),
  features: S.Array(FeatureSchema),
  userGroupIds: S.Array(Id),
  linkedToMicrosoft: S.Boolean,
  isFreeTrial: S.Boolean,
  signatureV3: S.Boolean,
});
export type User = typeof User.Type;

/** Body of `users.list` (every field optional): search by login, name or e-mail, paged. */
export const USER_SORT_FIELDS = ['login', 'lastName', 'firstName', 'email'] as const;
export const UserSearchBody = S.Struct({
  search: opt(Text(M.search)),
  offset: opt(S.Number.pipe(S.int(), S.nonNegative())),
  limit: opt(S.Number.pipe(S.int(), S.between(1, 200))),
  /** Default: last name, first name ascending. */
  order: opt(S.Struct({ field: S.Literal(...USER_SORT_FIELDS), sens: S.Literal('asc', 'desc') })),
});
export type UserSearchBody = typeof UserSearchBody.Type;

export const UserGroup = S.Struct({ id: Id, name: S.String, features: S.Array(FeatureSchema) });
export type UserGroup = typeof UserGroup.Type;

export const Rule = S.Struct({
  id: Id,
  name: S.String,
  features: S.Array(FeatureSchema),
  periodStart: S.NullOr(IsoDate),
  periodEnd: S.NullOr(IsoDate),
  docTypes: S.Array(S.String),
  organizationIds: S.Array(Id),
  employeeIds: S.Array(Id),
  employeeGroupIds: S.Array(Id),
  metaKey: S.NullOr(S.String),
  metaValue: S.NullOr(S.String),
});
export type Rule = typeof Rule.Type;

/**
 * The figures of the company (root of the session's base organisation) that the server enforces:
 * the same function answers this call, the dashboard, employee creation and the dispatch job.
 */
export const SubscriptionStats = S.Struct({
  nbDispatchedDocs: S.Number,
  docLimit: S.Number,
  nbEmps: S.Number,
  empLimit: S.Number,
  endOfTrialPeriod: S.NullOr(IsoDate),
  /** The company is on a limited free trial (its limits above apply). */
  trial: S.Boolean,
  /** The trial's end date is past: no employee or document is created any more. */
  trialOver: S.Boolean,
  /** Signbooks and social signers are part of the company's subscription (seed 000 §6). */
  signatureSubscribed: S.Boolean,
});
export type SubscriptionStats = typeof SubscriptionStats.Type;

/* ---------------------------------------------------------------- shell */

/** Side navigation badge counts for the current organisation (pushed as `badges.updated`). */
export const BadgeCounts = S.Struct({
  employees: S.Struct({ all: S.Number, active: S.Number, inactive: S.Number, toValidate: S.Number }),
  campaigns: S.Struct({
    validation: S.Number,
    finalized: S.Number,
    errorRetry: S.Number,
    errorDelete: S.Number,
    splitting: S.Number,
    dispatching: S.Number,
    refused: S.Number,
  }),
  /** One count per signbook list (SIGNBOOK_LIST_STATUSES); `error` signbooks are also in `inProgress`. */
  signbooks: S.Struct({ inProgress: S.Number, toSign: S.Number, done: S.Number, refused: S.Number, error: S.Number }),
});
export type BadgeCounts = typeof BadgeCounts.Type;

export const DashboardData = S.Struct({
  quickAccess: S.Struct({ signbooks: S.Number, campaigns: S.Number, organizations: S.Number, documents: S.Number }),
  statistics: S.Struct({
    documentsToSign: S.Number,
    waitingSignbooks: S.Number,
    activeEmployees: S.Number,
    payslips: S.Number,
  }),
  /** One entry per domain the user may enter, legacy first, with campaigns awaiting a check. */
  domains: S.Array(S.Struct({ domain: DomainSchema, campaignsToCheck: S.Number, orgName: S.String })),
  subscription: SubscriptionStats,
});
export type DashboardData = typeof DashboardData.Type;

export const Alert = S.Struct({
  id: S.String,
  message: S.String,
  type: S.Literal(...ALERT_TYPES),
  time: S.Number,
  mode: S.Literal(...ALERT_MODES),
  button: opt(S.Struct({ label: S.String, to: S.String, params: opt(S.Record({ key: S.String, value: S.String })) })),
  percentage: opt(S.Number),
  variant: opt(S.String),
  values: opt(S.Record({ key: S.String, value: S.Union(S.String, S.Number) })),
  /** What the alert is about: a newer alert on the same topic replaces it (machines/alerts). */
  topic: opt(S.String),
});
export type Alert = typeof Alert.Type;

export const Notification = S.Struct({
  id: S.String,
  text: S.String,
  percentage: S.Number,
  type: S.String,
  state: S.Literal(...NOTIFICATION_STATES),
  cancelToken: S.NullOr(S.String),
  values: opt(S.Record({ key: S.String, value: S.Union(S.String, S.Number) })),
});
export type Notification = typeof Notification.Type;

export const OutboxMessage = S.Struct({
  id: Id,
  channel: S.Literal('email', 'sms', 'voicemail'),
  to: S.String,
  subject: S.String,
  body: S.String,
  createdAt: IsoDate,
});
export type OutboxMessage = typeof OutboxMessage.Type;

export const Paged = <A, I, R>(item: S.Schema<A, I, R>) => S.Struct({ count: S.Number, items: S.Array(item) });
