/** Status and cause enumerations of seed 000 §4 (union of all readings). */

export const CAMPAIGN_STATUSES = [
  'SPLITTING',
  'NEEDS_VALIDATION',
  'NEEDS_CLIENT_VALIDATION',
  'NEEDS_DISPATCHING',
  'DRAFT',
  'DISPATCHING',
  'DISPATCHED',
  'DISPATCHED_WAIT_CUSTOMER_DISPATCHING',
  'IN_ERROR',
  'CANCELED',
  'REFUSED',
  'EDITIQUE_ERROR',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** URL status segments of `/campaigns/status/{status}` and the statuses each one lists. */
export const CAMPAIGN_URL_STATUSES = {
  validation: ['NEEDS_VALIDATION', 'NEEDS_CLIENT_VALIDATION'],
  draft: ['DRAFT'],
  finalized: ['DISPATCHED', 'DISPATCHED_WAIT_CUSTOMER_DISPATCHING'],
  error: ['IN_ERROR', 'EDITIQUE_ERROR'],
  splitting: ['SPLITTING'],
  dispatching: ['DISPATCHING', 'NEEDS_DISPATCHING'],
  refused: ['REFUSED', 'CANCELED'],
} as const satisfies Record<string, readonly CampaignStatus[]>;
export type CampaignUrlStatus = keyof typeof CAMPAIGN_URL_STATUSES;
export const CAMPAIGN_URL_STATUS_KEYS = Object.keys(CAMPAIGN_URL_STATUSES) as CampaignUrlStatus[];
/** Sub-statuses of the error status (`/campaigns/status/error/subStatus/{subStatus}`); `error-retry` also appears as a status value. */
export const CAMPAIGN_ERROR_SUB_STATUSES = ['error-retry', 'error-delete'] as const;
export type CampaignErrorSubStatus = (typeof CAMPAIGN_ERROR_SUB_STATUSES)[number];

export const DISPATCHED_DOC_STATUSES = [
  'NEEDS_DISPATCHING',
  'NEEDS_DISPATCHING_BY_CUSTOMER',
  'DISPATCHING',
  'CANT_AUTO_ATTACH_EMP_TO_ORG',
  'WAITING_FOR_USER_REGISTRATION',
  'DISPATCHED',
  'DISPATCHED_BY_CUSTOMER',
  'REFUSED_BY_CUSTOMER',
  'PAPER_DISPATCHED',
  'NOT_DISPATCHED',
  'REFUSED',
  'CANCELED',
  'CANT_CREATE_EMP_ERROR',
  'CANT_CREATE_DOC_ERROR',
] as const;
export type DispatchedDocStatus = (typeof DISPATCHED_DOC_STATUSES)[number];
/** Filter values that stand for a group of statuses. */
export const DISPATCHED_DOC_FILTERS = ['ALL_DISPATCHED', 'ALL_NOT_DISPATCHED'] as const;
export type DispatchedDocFilter = (typeof DISPATCHED_DOC_FILTERS)[number];

export const COUNTED_AS_DISPATCHED: readonly DispatchedDocStatus[] = [
  'DISPATCHED_BY_CUSTOMER',
  'PAPER_DISPATCHED',
  'DISPATCHED',
];
export const COUNTED_AS_NOT_DISPATCHED: readonly DispatchedDocStatus[] = [
  'DISPATCHING',
  'NEEDS_DISPATCHING_BY_CUSTOMER',
  'WAITING_FOR_USER_REGISTRATION',
  'NEEDS_DISPATCHING',
  'CANT_AUTO_ATTACH_EMP_TO_ORG',
  'CANCELED',
  'NOT_DISPATCHED',
  'REFUSED',
  'REFUSED_BY_CUSTOMER',
  // Failed for good (subscription limit, employee not created): not distributed either, so that
  // « Distribués » + « Non distribués » is every document.
  'CANT_CREATE_EMP_ERROR',
  'CANT_CREATE_DOC_ERROR',
];

export const DISPATCH_FAILURE_CAUSES = [
  'EDOCPERSO_ERROR',
  'EMP_BPE_REFUSAL',
  'NO_DOC_FOUND',
  'NO_EMP_FOUND',
  'NO_DOC_AND_NO_EMP_FOUND',
] as const;
export type DispatchFailureCause = (typeof DISPATCH_FAILURE_CAUSES)[number];

/** Paper (postal) publishing status of a dispatched document. */
export const POSTAL_STATUSES = ['PENDING', 'PRINTED', 'POSTED', 'RECEIVED', 'RETURNED', 'EDITIQUE_ERROR'] as const;
export type PostalStatus = (typeof POSTAL_STATUSES)[number];

/** Signatory states: `undefined` in the seed means waiting. */
export const SIGNATORY_STATES = ['signed', 'refused', 'waiting'] as const;
export type SignatoryState = (typeof SIGNATORY_STATES)[number];
export const SIGNATORY_TYPES = ['employee', 'user', 'external', 'socialSigner'] as const;
export type SignatoryType = (typeof SIGNATORY_TYPES)[number];

export const SIGNBOOK_STATUSES = ['DRAFT', 'IN_PROGRESS', 'SEALING', 'COMPLETE', 'REFUSED', 'IN_ERROR'] as const;
export type SignbookStatus = (typeof SIGNBOOK_STATUSES)[number];
/**
 * URL statuses of `/signworkflows/status/{status}` and sub-statuses. Seed 000 §2 names
 * `in-progress` and `done` only; `refused` and `error` are an extension (issue 15): a signbook a
 * signer refused, or whose sealing failed, must be findable in a list of its own; so must a draft,
 * which « En cours » does not list (one opened from the whole list sat under « En cours »).
 */
export const SIGNBOOK_URL_STATUSES = ['in-progress', 'done', 'refused', 'error', 'draft'] as const;
export type SignbookUrlStatus = (typeof SIGNBOOK_URL_STATUSES)[number];
/**
 * The signbook statuses each list shows — the server's list query, the side-navigation badges and
 * the web's item paths read this one table. "In progress" = not finished: being signed, being
 * sealed, or sealing failed (IN_ERROR stays there until a retry seals it or it is deleted, and is
 * also listed on its own under `error`).
 */
export const SIGNBOOK_LIST_STATUSES = {
  'in-progress': ['IN_PROGRESS', 'SEALING', 'IN_ERROR'],
  done: ['COMPLETE'],
  refused: ['REFUSED'],
  error: ['IN_ERROR'],
  draft: ['DRAFT'],
} as const satisfies Record<SignbookUrlStatus | 'draft', readonly SignbookStatus[]>;
export const SIGNBOOK_SUB_STATUSES = ['to-sign', 'waiting-for-others'] as const;
export type SignbookSubStatus = (typeof SIGNBOOK_SUB_STATUSES)[number];
/** Signing list statuses of seed 001 §7.7. */
export const SIGNING_LIST_STATUSES = ['inbox', 'waiting-for-others'] as const;
export type SigningListStatus = (typeof SIGNING_LIST_STATUSES)[number];

export const SIGNATURE_CODE_MODES = ['sms', 'email', 'voicemail'] as const;
export type SignatureCodeMode = (typeof SIGNATURE_CODE_MODES)[number];

/** Employee list URL statuses (`/employees/status/{status}`). */
export const EMPLOYEE_URL_STATUSES = ['active', 'inactive', 'to-validate'] as const;
export type EmployeeUrlStatus = (typeof EMPLOYEE_URL_STATUSES)[number];

export const SAFE_STATUSES = ['NOT_CREATED', 'NOT_FINALISED', 'FINALISED'] as const;
export type SafeStatus = (typeof SAFE_STATUSES)[number];
export const BPE_AGREEMENTS = ['ACCEPTED', 'REFUSED'] as const;
export type BpeAgreement = (typeof BPE_AGREEMENTS)[number];

export const DISTRIBUTION_MODES = ['WITH_VERIFICATION', 'WITHOUT_VERIFICATION'] as const;
export type DistributionMode = (typeof DISTRIBUTION_MODES)[number];

/** Where a mask reads the employee, and how pages group. */
export const MASK_IDENTIFIERS = ['registrationNumber', 'numSecu', 'email', 'nameAndBirthDate'] as const;
export type MaskIdentifier = (typeof MASK_IDENTIFIERS)[number];
export const MASK_PAGE_GROUPINGS = ['onePerPage', 'consecutivePages'] as const;
export type MaskPageGrouping = (typeof MASK_PAGE_GROUPINGS)[number];

export const ALERT_TYPES = ['success', 'error', 'info', 'warning'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
/** `automatic` alerts vanish after 16 s; `manual` ones stay until closed. */
export const ALERT_MODES = ['automatic', 'manual'] as const;
export type AlertMode = (typeof ALERT_MODES)[number];

export const NOTIFICATION_STATES = ['running', 'done', 'error', 'canceled'] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];
