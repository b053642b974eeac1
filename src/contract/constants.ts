/**
 * Business constants of seed 000 §9 and seed 001 §9. Plain values only (no runtime
 * dependencies) so the browser bundle can import them for free.
 */

/** The `{product}` segment of the user-directory paths (`{product}-user/login`, …). */
export const PRODUCT = 'rh' as const;

/** The seed's two databases. The legacy domain sorts first wherever domains are listed. */
export const DOMAINS = ['legacy', 'main'] as const;
export type DomainId = (typeof DOMAINS)[number];
export const LEGACY_DOMAIN: DomainId = 'legacy';
export const sortDomains = <T extends { domain: DomainId }>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => DOMAINS.indexOf(a.domain) - DOMAINS.indexOf(b.domain));

export const LOCALES = ['fr', 'en', 'es', 'pt', 'de', 'nl'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'fr';

export const TIMEOUTS = {
  /** Every call unless listed as long. */
  defaultMs: 40_000,
  /** Binary downloads, uploads, validate, retry, account creation, reminder, activation mail. */
  longMs: 600_000,
  /** Script chunk loading. */
  chunkMs: 120_000,
} as const;

/** The page sizes a list offers (its size chooser); the server plans a first page of these sizes once (employees list). */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

export const LIMITS = {
  uploadMaxBytes: 10 * 1024 * 1024,
  numSecuLength: 15,
  siretLength: 14,
  passwordMinLength: 8,
  failedLoginsBeforeBlock: 5,
  accountBlockMs: 30 * 60 * 1000,
  defaultPageSize: 20,
  employeeBadgeMax: 100,
  signatureCodeMinLength: 6,
} as const;

/**
 * Longest value each kind of request field accepts (characters; items for lists). The contract's
 * body schemas enforce them (a longer value is a 400 naming the field) and the forms give them to
 * their inputs as `maxLength`. Generous for real data; small enough that no request stores a novel.
 */
export const MAX_LENGTH = {
  /** Ids are uuids (36 characters); codes used as ids stay well under 64. */
  id: 64,
  /** A person's name or first name. */
  personName: 100,
  /** The name of a thing: organisation, campaign, group, template, mask, document. */
  name: 200,
  /** An uploaded file's name (most file systems stop at 255). */
  fileName: 255,
  /** `YYYY-MM-DD` or an ISO date-time. */
  date: 32,
  login: 100,
  password: 200,
  /** RFC 5321's longest forward path. */
  email: 254,
  phone: 30,
  /** 15 characters and the spaces typed between their groups (`1 85 05 78 006 084 36`). */
  numSecu: 21,
  /** 14 digits and spaces, or the Monegasque identifier. */
  siret: 20,
  postalCode: 20,
  street: 200,
  city: 100,
  country: 100,
  /** Matricules, organisation references and folder codes. */
  reference: 100,
  /** Document-type codes, sort fields, statuses, signature codes, locales. */
  code: 64,
  search: 200,
  /** Free text typed by a person: a refusal reason. */
  text: 1_000,
  url: 2_000,
  /** Opaque tokens and cursors: reset and guest links, keyset cursors. */
  token: 1_024,
  /** Ids in one request: recipients, documents, group members, users to notify. */
  idList: 10_000,
  /** Any other list: steps, signatories, document types, statuses. */
  list: 1_000,
  /** A whole uploaded file in base64 (a template's document). */
  base64File: Math.ceil(LIMITS.uploadMaxBytes / 3) * 4,
} as const;

export const ALERT_TIMINGS = {
  successMs: 5_000,
  automaticMs: 16_000,
  snackbarMs: 4_000,
  loaderDelayMs: 300,
  paperStepMs: 300,
  paperAlertRemoveMs: 3_000,
} as const;

export const LAYOUT = {
  mobileBreakpointPx: 600,
  headerPx: 70,
  headerMobilePx: 54,
  sideSheetPx: 400,
  drawerPx: 240,
  drawerMiniPx: 60,
  notificationsPanelPx: 300,
} as const;

export const DOWNLOAD_NAMES = {
  mergedDocuments: 'documents.pdf',
  documentsArchive: 'documents.zip',
  employeesCsv: 'employees.csv',
  activationLetter: 'activation.pdf',
  attestation: (filename: string) => `attestation_${filename}.pdf`,
} as const;

/** Total pages: count / limit rounded up, at least 1. */
export const totalPages = (count: number, limit: number): number => Math.max(1, Math.ceil(count / Math.max(1, limit)));

/** Free trial: floor of the millisecond difference over a day, at least 0. */
export const trialDaysLeft = (endOfTrialPeriod: string | number | Date, now: Date = new Date()): number =>
  Math.max(0, Math.floor((new Date(endOfTrialPeriod).getTime() - now.getTime()) / 86_400_000));

export const remainingDocuments = (docLimit: number, nbDispatchedDocs: number): number =>
  Math.max(0, docLimit - nbDispatchedDocs);

export const remainingEmployees = (empLimit: number, nbEmps: number): number => Math.max(0, empLimit - nbEmps);
