/**
 * Alert and error keys. The seed's keys (seed 001 §8) are kept exactly as written, typos
 * included (`dispactchedDoc`, `gloablSearch`, `invalideCode`), because they are the contract.
 * Server error keys (`error.*`) are ours: every non-2xx answer carries one (see `ApiError`).
 */

export const ALERT_KEYS = {
  sessionExpired: 'alert.login.warning.session-expired',
  campaigns: {
    allError: 'alert.campaigns.messages.all.error',
    updateFailure: 'alert.campaign.update.failure',
    deleteCoupleFailure: 'alert.campaign.delete.couple.failure',
    refuseDocumentsFailure: 'alert.campaign.refuse.documents.failure',
    canceledFailure: 'alert.campaign.canceled.failure',
    sendFailure: 'alert.campaign.send.failure',
    getDispatchedDocsFailure: 'alert.campaign.get.dispatchedDocs.failure',
    failedDocGetFailure: 'alert.campaign.failedDoc.get.failure',
    dispatchCreationError: 'alert.dispatch.creation.error',
    /** Ours: the seed names the failure key only. */
    dispatchCreationSuccess: 'alert.dispatch.creation.success',
    dispatchedDocRetryFailure: 'campaign.dispactchedDoc.retry.failure',
    dispatchedDocSendFailure: 'campaign.dispactchedDoc.send.failure',
    updateSuccess: 'alert.campaign.update.success',
    cancelSuccess: 'alert.campaign.canceled.success',
    deleteSuccess: 'alert.campaign.delete.success',
    refuseSuccess: 'alert.campaign.refuse.success',
    validationInProgress: 'alert.campaign.validation.inProgress',
    retryInProgress: 'alert.campaign.retry.inProgress',
    retryableFailed: 'alert.campaigns.retryable.failed',
    /** What replaces « … en cours » when the campaign gets there (web/app/outcomes.ts). */
    outcome: {
      dispatched: 'alert.campaign.outcome.dispatched',
      error: 'alert.campaign.outcome.error',
      refused: 'alert.campaign.outcome.refused',
    },
  },
  employees: {
    createError: 'alert.employees.create.error',
    updateError: 'alert.employees.update.error',
    deleteError: 'alert.employees.delete.error',
    toValidateError: 'alert.employees.toValidate.error',
    reminderError: 'alert.employees.toolbar.reminder.error',
    activationMailError: 'alert.employees.toolbar.activationMail.error',
    dsnUploadError: 'employees.messages.dsnUpload.error',
    globalSearchError: 'alert.employees.messages.gloablSearch.error',
    missOrgaError: 'employees.messages.create.miss.orga.error',
    createSuccess: 'alert.employees.create.success',
    updateSuccess: 'alert.employees.update.success',
    deleteSuccess: 'alert.employees.delete.success',
    reminderSuccess: 'alert.employees.toolbar.reminder.success',
    toValidateWarning: 'alert.employees.toValidate.warning',
  },
  groups: {
    allError: 'alert.employees.groups.messages.all.error',
    getError: 'alert.employees.groups.messages.get.error',
    createError: 'alert.employees.group.create.error',
    updateError: 'alert.employees.group.update.error',
    deleteError: 'alert.employees.group.delete.error',
    createSuccess: 'alert.employees.group.create.success',
    updateSuccess: 'alert.employees.group.update.success',
    deleteSuccess: 'alert.employees.group.delete.success',
  },
  organizations: {
    updateError: 'organizations.messages.update.error',
    confGetFailure: 'alert.organizations.conf.get.failure',
    confUpdateFailure: 'alert.organizations.conf.update.failure',
    createSuccess: 'alert.organizations.create.success',
    updateSuccess: 'alert.organizations.update.success',
    confUpdateSuccess: 'alert.organizations.conf.update.success',
    switchFailure: 'alert.organizations.switch.failure',
  },
  masks: { getError: 'masks.get.error', postError: 'masks.post.error', postSuccess: 'masks.post.success' },
  users: {
    reinitPasswordError: 'api.reinitPassword.error',
    passwordChangeError: 'user.messages.passwordChange.error',
    reinitTokenFail: 'alert.reinit.token-fail',
    passwordChangeSuccess: 'user.messages.passwordChange.success',
    reinitPasswordSuccess: 'api.reinitPassword.success',
    passwordLostSent: 'api.passwordLost.success',
  },
  signature: {
    invalidCode: 'signworkflow.signatureFrame.invalideCode',
    forgottenCodeFailure: 'alert.signworkflow.forgottenCode.request.failure',
    createError: 'alert.signworkflows.create.error',
    deleteError: 'alert.signworkflows.delete.error',
    sidenavAlert: 'alert.sidenav.signworkflows.alert',
    codeValid: 'alert.signworkflow.code.valid',
  },
  login: {
    failure: 'alert.login.failure',
    domainFailure: 'alert.login.domain.failure',
    microsoftFailure: 'alert.login.microsoft.failure',
  },
  reminderNeedsEmail: 'alert.employees.reminder.needsEmail',
  /**
   * Rights administration (seed 001 §8: api.*Rule.error, api.*UserGroup(s).error, api.*User(s).error;
   * success alerts for rule, user and user group create and update). The seed names the pattern; the
   * verbs are ours: get (one), getAll (list), create, update, delete.
   */
  rights: {
    getRulesError: 'api.getRules.error',
    getRuleError: 'api.getRule.error',
    createRuleError: 'api.createRule.error',
    updateRuleError: 'api.updateRule.error',
    deleteRuleError: 'api.deleteRule.error',
    createRuleSuccess: 'api.createRule.success',
    updateRuleSuccess: 'api.updateRule.success',
    deleteRuleSuccess: 'api.deleteRule.success',
    getUserGroupsError: 'api.getUserGroups.error',
    getUserGroupError: 'api.getUserGroup.error',
    createUserGroupError: 'api.createUserGroup.error',
    updateUserGroupError: 'api.updateUserGroup.error',
    deleteUserGroupError: 'api.deleteUserGroup.error',
    createUserGroupSuccess: 'api.createUserGroup.success',
    updateUserGroupSuccess: 'api.updateUserGroup.success',
    deleteUserGroupSuccess: 'api.deleteUserGroup.success',
    getUsersError: 'api.getUsers.error',
    getUserError: 'api.getUser.error',
    createUserError: 'api.createUser.error',
    updateUserError: 'api.updateUser.error',
    deleteUserError: 'api.deleteUser.error',
    createUserSuccess: 'api.createUser.success',
    updateUserSuccess: 'api.updateUser.success',
    deleteUserSuccess: 'api.deleteUser.success',
    /** A user with history is deactivated rather than deleted (ours). */
    deleteUserDeactivated: 'api.deleteUser.deactivated',
    deactivateUserSuccess: 'api.deactivateUser.success',
    reactivateUserSuccess: 'api.reactivateUser.success',
    /** « Envoyer un mot de passe généré »: the link is on its way (ours; the failure is api.reinitPassword.error). */
    passwordLinkSent: 'api.reinitPassword.sent',
  },
} as const;

/** The seed's literal French texts, used as the French translation of their keys. */
export const SEED_TEXTS = {
  loginDefaultError: "Erreur d'identification, vérifiez votre login et votre mot de passe",
  resetTokenExpired: 'La procédure a expiré. Merci de recommencer',
  microsoftFailure: 'La connexion via Microsoft a échoué',
  reminderNeedsEmail: 'Pour envoyer un rappel, veuillez saisir un email',
  noNotification: "Vous n'avez pas de notification",
  required: 'Champ obligatoire',
  badFormat: 'Format incorrect',
  numSecuLength: 'Le numéro doit comporter 15 chiffres',
  payrollManagedOrg: "Vous n'avez pas les droits pour effectuer ces modifications...",
} as const;

/** Error keys answered by the server in `ApiError.key`. */
export const ERROR_KEYS = {
  authMissingToken: 'error.auth.missing-token',
  authInvalidToken: 'error.auth.invalid-token',
  authExpiredToken: 'error.auth.expired-token',
  authRefreshReused: 'error.auth.refresh-reused',
  authBadCredentials: 'error.auth.bad-credentials',
  authBlocked: 'error.auth.blocked',
  /** The unlock link of a blocked account is unknown, used or older than 24 hours (410). */
  unlockTokenExpired: 'error.unlock.token-expired',
  authTooManyRequests: 'error.auth.too-many-requests',
  authDomainDenied: 'error.auth.domain-denied',
  featureForbidden: 'error.feature.forbidden',
  orgForbidden: 'error.org.forbidden',
  forbidden: 'error.forbidden',
  orgSwitchWhileSplitting: 'error.org.switch-while-splitting',
  /** Organisation create/update/conf: `fields` holds one key per wrong field, `errors` the French texts. */
  orgInvalid: 'error.organization.invalid',
  orgSiretTaken: 'error.organization.siret-taken',
  /** Identity edits of an organisation whose data a payroll system manages (SEED_TEXTS.payrollManagedOrg). */
  orgPayrollManaged: 'error.organization.payroll-managed',
  /** A parent that is the organisation itself or one of its descendants. */
  orgParentCycle: 'error.organization.parent-cycle',
  /** Organisation update: moving it away from a parent the caller does not see (403; it would leave the company). */
  orgParentOutOfReach: 'error.organization.parent-out-of-reach',
  /** A user to notify who does not see the organisation. */
  orgUserNotVisible: 'error.organization.user-not-visible',
  companyNotFound: 'error.company.not-found',
  companyRegisterUnavailable: 'error.company.register-unavailable',
  notFound: 'error.not-found',
  badRequest: 'error.validation.body',
  /** A NUL character in a string of the body, query or path (400; `errors` names where). */
  nulByte: 'error.validation.nul-byte',
  /** JSON nested deeper than any body of the contract (400), refused before it is decoded. */
  tooDeep: 'error.validation.too-deep',
  /** A stored file's bytes are missing from FILES_DIR / DATA_DIR (503): the operator must restore them. */
  fileMissing: 'error.file.missing',
  passwordRules: 'error.password.rules',
  passwordMismatch: 'error.password.mismatch',
  passwordIncorrect: 'error.password.incorrect',
  reinitTokenExpired: 'error.reinit.token-expired',
  illegalTransition: 'error.workflow.illegal-transition',
  payloadTooLarge: 'error.upload.too-large',
  notPdf: 'error.upload.not-pdf',
  /** A PDF protected by a password: its pages cannot be read. */
  pdfEncrypted: 'error.upload.encrypted',
  /** A PDF whose structure is broken or cut short (truncated download). */
  pdfDamaged: 'error.upload.damaged',
  /** A PDF without a single page. */
  pdfEmpty: 'error.upload.empty',
  /** A certified PDF (DocMDP) or one a signature locks: the seal's audit page and signature would break it. */
  pdfCertified: 'error.upload.certified',
  /** A mask zone that does not lie inside the sample page it was drawn on. */
  maskZoneOutsidePage: 'error.mask.zone-outside-page',
  /** A mask for a document type the domain does not know. */
  maskUnknownDocType: 'error.mask.unknown-doc-type',
  /** A mask saved without any sample PDF to check its zone on. */
  maskSampleRequired: 'error.mask.sample-required',
  /** Automatic recipients need a document type with a mask (seed 000 §5). */
  campaignMaskRequired: 'error.campaign.mask-required',
  /** Manual recipients are forbidden for a document type with a mask (seed 000 §5). */
  campaignManualWithMask: 'error.campaign.manual-forbidden-with-mask',
  /** Chosen recipients without an e-mail address; `errors` names them. */
  campaignRecipientWithoutEmail: 'error.campaign.recipient-without-email',
  /** A manual campaign with no employee and no group member. */
  campaignNoRecipient: 'error.campaign.no-recipient',
  /** A campaign without any document. */
  campaignNoDocument: 'error.campaign.no-document',
  /** Split job: no page of a source matched an employee through the mask (the campaign goes IN_ERROR). */
  campaignNoPageMatched: 'error.campaign.no-page-matched',
  /** Split: no page of the file has any text (a scan): nothing can be read, whatever the mask. */
  campaignNoText: 'error.campaign.no-text',
  /** A merged PDF of more parts than `MERGE_LIMIT` (400). */
  campaignMergeTooMany: 'error.campaign.merge-too-many',
  /** Nothing to merge: no chosen document has a stored part (404). */
  campaignNothingToMerge: 'error.campaign.nothing-to-merge',
  /** The campaign has no ignored page to download (404). */
  campaignNoIgnoredPages: 'error.campaign.no-ignored-pages',
  /** The dispatched document has no stored file to show (404). */
  campaignDocWithoutFile: 'error.campaign.document-without-file',
  /** Signbooks: a signatory of a later step, before the steps ahead are complete (409). */
  signbookNotYourTurn: 'error.signbook.not-your-turn',
  /** The caller is not a signatory of this signbook (403). */
  signbookNotSignatory: 'error.signbook.not-signatory',
  /** The caller already signed this signbook (409). */
  signbookAlreadySigned: 'error.signbook.already-signed',
  /** A signatory (or template signatory) without e-mail (400, seed 000 §5). */
  signbookSignatoryWithoutEmail: 'error.signbook.signatory-without-email',
  /** A template document without content (400, seed 000 §5). */
  signbookTemplateDocumentEmpty: 'error.signbook.template-document-empty',
  /** The document is not of the template's required type (400). */
  signbookWrongDocType: 'error.signbook.wrong-doc-type',
  /** Steps or signatory types that differ from the template's (400). */
  signbookTemplateMismatch: 'error.signbook.template-mismatch',
  /** Exactly one document is required (400). */
  signbookOneDocument: 'error.signbook.one-document',
  /** A social signer without one of its authorised users before it (400). */
  signbookSocialSignerOrder: 'error.signbook.social-signer-order',
  /** A signatory of a step that is not theirs reads the document to sign (409). */
  signbookDocumentNotYet: 'error.signbook.document-not-yet',
  /** No code was asked for, or it was replaced (400). */
  signatureCodeMissing: 'error.signature-code.missing',
  /** The code's 10 minutes are over: ask for a new one (400). */
  signatureCodeExpired: 'error.signature-code.expired',
  /** Five wrong tries: the code is locked; ask for a new one (423). */
  signatureCodeLocked: 'error.signature-code.locked',
  /** Too many codes asked for within the hour (429): wait before asking again. */
  signatureCodeTooMany: 'error.signature-code.too-many-requests',
  /** SMS or voice message without a phone number (400). */
  signatureCodeNoPhone: 'error.signature-code.no-phone',
  /** Warning: a signatory without the signing right (seed 000 §5). */
  signbookNoSigningRight: 'warning.signbook.no-signing-right',
  /** Warning: rights cannot be verified because of profile restrictions (seed 000 §5). */
  signbookRightsUnverifiable: 'warning.signbook.rights-unverifiable',
  internal: 'error.internal',
  /** `GET /api/ready`: the database, the job queue or the stored files' folder is not reachable (503). */
  notReady: 'error.not-ready',
  /** Another group of the same organisation already has this name (409). */
  groupNameTaken: 'error.group.name-taken',
  /** A chosen member is not an active employee of the group's organisation or its sub-organisations (400). */
  groupMemberOutsideOrg: 'error.group.member-outside-org',
  /** Rights screens: a user, user group or rule form with wrong fields (400; `fields` names them). */
  rightsInvalid: 'error.rights.invalid',
  /** The change would leave the company without any active user able to administer rights (409). */
  rightsLastAdmin: 'error.rights.last-admin',
  /** The change would take rights administration from its author, or deactivate or delete them (409). */
  rightsSelfLockout: 'error.rights.self-lockout',
  /** The change would give someone a right its author does not hold (403). */
  rightsFeatureNotHeld: 'error.rights.feature-not-held',
  /** Rights: a change that moves the access rules limiting its own author's documents (403): another administrator's to make. */
  rightsOwnDocumentRules: 'error.rights.own-document-rules',
  /** A user who sees organisations the administrator does not: only someone who sees them may change them (403). */
  rightsUserOutOfReach: 'error.rights.user-out-of-reach',
  /** Another user has this login (409). */
  rightsLoginTaken: 'error.rights.login-taken',
  /** Another user has this e-mail address (409). */
  rightsEmailTaken: 'error.rights.email-taken',
  /** « Envoyer un mot de passe généré » needs the user's e-mail (400, seed 000 §5). */
  rightsPasswordNeedsEmail: 'error.rights.password-needs-email',
  /** A deactivated user gets no password link (409): reactivate them first. */
  rightsUserInactive: 'error.rights.user-inactive',
  /** Another user group of the company has this name (409). */
  userGroupNameTaken: 'error.user-group.name-taken',
  /** A user group that access rules target cannot be deleted (409, seed 000 §5). */
  userGroupUsedByRules: 'error.user-group.used-by-rules',
  /** Another access rule of the company has this name (409). */
  ruleNameTaken: 'error.rule.name-taken',
  /** Signbooks and social signers need the company's signature subscription (403, seed 000 §6). */
  signatureNotSubscribed: 'error.subscription.signature',
  /** The company's free trial is over: no employee or document is created any more (403). */
  trialOver: 'error.subscription.trial-over',
  /** Rights administration: the user, group or rule changed since the form read it (409; reload). */
  rightsConflict: 'error.rights.conflict',
  /** Documents upload: no organisation chosen (400, seed 000 §5). */
  documentOrganizationRequired: 'error.document.organization-required',
  /** Documents upload: a slip without its document type (400, seed 000 §5; `fields` names the slip). */
  documentTypeRequired: 'error.document.type-required',
  /** Documents upload: a document type the domain does not know (400). */
  documentUnknownType: 'error.document.unknown-type',
  /** Documents upload: a slip for an employee's safe without its employee (400, seed 000 §5). */
  documentEmployeeRequired: 'error.document.employee-required',
  /** Documents upload: the employee is not one of the organisation's company that the session sees (400). */
  documentEmployeeNotFound: 'error.document.employee-not-found',
  /** Documents upload: a slip without its file, or a file no slip names (400). */
  documentFileMissing: 'error.document.file-missing',
  /** Documents upload: the session's access rules would not let it see the document it deposits (403). */
  documentOutsideRules: 'error.document.outside-rules',
  /** Documents zip: more documents than `DOCUMENT_ARCHIVE_MAX_DOCUMENTS` (400): narrow the filter. */
  documentArchiveTooMany: 'error.document.archive-too-many',
  /** Documents upload: more slips or files than `DOCUMENT_UPLOAD_MAX_SLIPS` in one deposit (400). */
  documentTooManySlips: 'error.document.too-many-slips',
  /** A route of a later issue: registered (auth and feature checks apply) but not served yet. */
  /** A route of the contract whose capability arrives with a later issue (answered 501). */
  notAvailableYet: 'error.not-available-yet',
  /** Microsoft / document-safe single sign-on: no provider is configured on this server. */
  authSsoUnavailable: 'error.auth.sso-unavailable',
  /** The OpenID login failed: state unknown, used or of another browser, code refused, token invalid, provider down (401). */
  authMicrosoftFailure: 'error.auth.microsoft-failure',
  /** The provider vouched for someone, but no account is linked to that identity (403). */
  authSsoNotLinked: 'error.auth.sso-not-linked',
  /** The CAS ticket was refused (invalid, replayed, for another service) or CAS is down (401). */
  authCasFailure: 'error.auth.cas-failure',
  /** The safe portal's token is invalid: signature, algorithm, issuer, audience, not yet valid, replayed (401). */
  authEdocInvalid: 'error.auth.edoc-invalid',
  /** The safe portal's token has expired: the seed's « offer expired », answered 501. */
  authOfferExpired: 'error.auth.offer-expired',
  /* Client-side failures (no answer from the server), set by the web API client. */
  timeout: 'error.timeout',
  network: 'error.network',
  aborted: 'error.aborted',
} as const;
export type ErrorKey = (typeof ERROR_KEYS)[keyof typeof ERROR_KEYS];

/** Alert text tidying of seed 001 §8.5: 'interne' removed, 'utilisateur externe' becomes 'salarié'. */
export const tidyAlertText = (text: string): string =>
  text
    .replace(/utilisateur externe/g, 'salarié')
    .replace(/utilisateurs externes/g, 'salariés')
    .replace(/\s*\binterne\b/g, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
