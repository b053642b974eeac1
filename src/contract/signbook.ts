/**
 * Signbooks (seed 000 §3, §5; seed 001 §7.7): what the server answers and accepts for templates,
 * signbooks, signature codes and signing. `SignbookView` extends the `Signbook` entity (so the
 * `signbook.updated` push carries it) with what the screens need for the session's user.
 */
import { Schema as S } from 'effect';
import { MAX_LENGTH as M } from './constants.ts';
import { Signbook, SignbookTemplate } from './entities.ts';
import { SIGNATORY_TYPES, SIGNATURE_CODE_MODES } from './enums.ts';
import { Filled, Id, IdList, List, Text } from './fields.ts';

const IsoDate = S.String;
const opt = S.optional;

/**
 * Signing limits: a code of this many digits, locked after this many wrong tries. How long it is valid
 * is the server's setting (SIGNATURE_CODE_TTL_S, 10 minutes by default); the screens read the code's
 * `expiresAt`.
 */
export const SIGNATURE_CODE = {
  digits: 6,
  maxTries: 5,
  /** New codes a signatory may ask for within an hour (each resets the tries). */
  maxRequestsPerHour: 10,
} as const;

/* ------------------------------------------------------------------ templates */

export const TemplateSignatory = S.Struct({
  userId: opt(S.NullOr(Id)),
  employeeId: opt(S.NullOr(Id)),
  name: opt(Text(M.personName)),
  firstName: opt(Text(M.personName)),
  /** Required (seed 000 §5): a template signatory without e-mail is refused. */
  email: opt(S.NullOr(Text(M.email))),
  /** Social signers: ids of the users authorised to sign before it (one must precede it). */
  authorizedUserIds: opt(IdList(Id)),
});
export type TemplateSignatory = typeof TemplateSignatory.Type;

export const TemplateStep = S.Struct({
  signatoryType: S.Literal(...SIGNATORY_TYPES),
  signatories: List(TemplateSignatory),
});
export type TemplateStep = typeof TemplateStep.Type;

/** A document a template carries; `content` is base64 and required (seed 000 §5). */
export const TemplateDocumentInput = S.Struct({
  name: Text(M.fileName),
  typeCode: Text(M.code),
  content: opt(Text(M.base64File)),
});

/** `POST /sign-workflow-template` and `PUT /sign-workflow-template/{id}` (extensions). */
export const TemplateBody = S.Struct({
  name: Filled(M.name),
  organizationId: opt(Id),
  docTypes: List(Text(M.code)),
  steps: List(TemplateStep).pipe(S.minItems(1)),
  documents: opt(List(TemplateDocumentInput)),
});
export type TemplateBody = typeof TemplateBody.Type;

/** `GET /sign-workflow-template/{id}` and the items of the template list. */
export const TemplateView = S.Struct({
  ...SignbookTemplate.fields,
  steps: S.Array(TemplateStep),
  documents: S.Array(S.Struct({ id: Id, name: S.String, typeCode: S.String })),
  creationDate: IsoDate,
});
export type TemplateView = typeof TemplateView.Type;

/** `POST /sign-workflow-templates` (list). */
export const TemplateListBody = S.Struct({ organizationId: opt(Id), search: opt(Text(M.search)) });
export type TemplateListBody = typeof TemplateListBody.Type;
export const TemplatePage = S.Struct({ count: S.Number, items: S.Array(TemplateView) });
export type TemplatePage = typeof TemplatePage.Type;

/* ------------------------------------------------------------------ signbooks */

/** Which list (seed 000 §2): in-progress / done, sub-status to-sign (inbox) or waiting-for-others. */
export const SignbookListBody = S.Struct({
  status: opt(S.Literal('in-progress', 'done', 'refused', 'error', 'draft')),
  subStatus: opt(S.Literal('to-sign', 'waiting-for-others')),
  search: opt(Text(M.search)),
  offset: opt(S.Number.pipe(S.int(), S.nonNegative())),
  limit: opt(S.Number.pipe(S.int(), S.between(1, 200))),
});
export type SignbookListBody = typeof SignbookListBody.Type;

/** The audit of a sealed signbook: hashes of the document before and after sealing. */
export const SealInfo = S.Struct({
  sha256Before: S.NullOr(S.String),
  sha256After: S.NullOr(S.String),
  sealedAt: S.NullOr(IsoDate),
  /** Why the last sealing failed (IN_ERROR: retry with `signbooks.retrySeal`). */
  error: S.NullOr(S.String),
});
export type SealInfo = typeof SealInfo.Type;

export const SignbookView = S.Struct({
  ...Signbook.fields,
  organizationName: S.String,
  docTypeCode: S.NullOr(S.String),
  createdBy: S.NullOr(Id),
  completedAt: S.NullOr(IsoDate),
  /** The session user is a signatory of the current step who has not signed yet. */
  canSign: S.Boolean,
  /** The session user is a signatory of a later step: the document is not theirs to read yet. */
  waitingForPreviousSteps: S.Boolean,
  /** The signatory row of the session user, when they are one. */
  mySignatoryId: S.NullOr(Id),
  /** Refusal, when a signatory refused: who and why. */
  refusal: S.NullOr(S.Struct({ signatoryId: Id, reason: S.String })),
  seal: SealInfo,
  /** A signature code is pending for the session user: its channel and expiry (never the code). */
  pendingCode: S.NullOr(
    S.Struct({ mode: S.Literal(...SIGNATURE_CODE_MODES), expiresAt: IsoDate, triesLeft: S.Number, locked: S.Boolean }),
  ),
});
export type SignbookView = typeof SignbookView.Type;

export const SignbookPage = S.Struct({ count: S.Number, items: S.Array(SignbookView) });
export type SignbookPage = typeof SignbookPage.Type;

/** Signatories of a new signbook, per step: employees or users (or an external with an e-mail). */
export const NewSignatory = S.Struct({
  type: S.Literal(...SIGNATORY_TYPES),
  employeeId: opt(Id),
  userId: opt(Id),
  name: opt(Text(M.personName)),
  firstName: opt(Text(M.personName)),
  email: opt(Text(M.email)),
  phone: opt(Text(M.phone)),
  /** Social signers: the users authorised to sign for it; one must sign before it (seed 000 §5). */
  authorizedUserIds: opt(IdList(Id)),
});
export type NewSignatory = typeof NewSignatory.Type;

/** The `json` part of `POST /sign-workflow/upload` (multipart, plus one PDF `file` part). */
export const SignbookUploadJson = S.Struct({
  name: Filled(M.name),
  templateId: opt(Id),
  organizationId: opt(Id),
  docTypeCode: opt(Text(M.code)),
  sendToPersonalSafe: opt(S.Boolean),
  /** Keep as a draft (not started); default false: step 1's signatories are asked at once. */
  draft: opt(S.Boolean),
  steps: List(S.Struct({ signatories: List(NewSignatory).pipe(S.minItems(1)) })).pipe(S.minItems(1)),
});
export type SignbookUploadJson = typeof SignbookUploadJson.Type;

/** Warnings of a created signbook (seed 000 §5): signatories without signing right, rights unverifiable. */
export const SignbookCreated = S.Struct({
  signbook: SignbookView,
  warnings: S.Array(S.Struct({ key: S.String, signatoryIndex: S.Number, stepIndex: S.Number })),
});
export type SignbookCreated = typeof SignbookCreated.Type;

/** `PUT /sign-workflows/{id}`: name and flag; `start: true` starts a draft. */
export const SignbookUpdateBody = S.Struct({
  name: opt(Filled(M.name)),
  sendToPersonalSafe: opt(S.Boolean),
  start: opt(S.Boolean),
});
export type SignbookUpdateBody = typeof SignbookUpdateBody.Type;

/**
 * `POST /sign-workflow/recover-signature-code/{workflowId}`. A code by e-mail always goes to the
 * signatory's recorded address (`email` is accepted but not used: the code authenticates the person
 * the signbook names); by SMS or voice, to `phone` when given, else to the phone of the code still
 * pending (a "new code" after a reload), else to the recorded phone.
 * A new request replaces the pending code and resets its tries.
 */
export const RecoverCodeBody = S.Struct({
  mode: S.Literal(...SIGNATURE_CODE_MODES),
  phone: opt(Text(M.phone)),
  email: opt(Text(M.email)),
});
export type RecoverCodeBody = typeof RecoverCodeBody.Type;
export const RecoverCodeAnswer = S.Struct({
  mode: S.Literal(...SIGNATURE_CODE_MODES),
  /** Where it went, masked (`c•••@example.fr`, `•• •• •• 90`). */
  to: S.String,
  expiresAt: IsoDate,
  /** True when it went to the in-app outbox (no SMTP / provider configured). */
  outbox: S.Boolean,
});
export type RecoverCodeAnswer = typeof RecoverCodeAnswer.Type;

/** `POST /sign-workflow/sign/{workflowId}`. */
export const SignWorkflowBody = S.Struct({ codeSignature: Text(M.code) });
export type SignWorkflowBody = typeof SignWorkflowBody.Type;

/** `POST /sign-workflow/refuse/{workflowId}` (extension): a reason is required. */
export const RefuseSignbookBody = S.Struct({ reason: Filled(M.text) });
export type RefuseSignbookBody = typeof RefuseSignbookBody.Type;

/** `GET /edocsign/session` (seed 001 §7.7). */
export const SignSession = S.Struct({
  eDocSignVersion: S.String,
  token: S.Struct({ sessionId: S.String }),
  /** The user has an e-mail: without one the signbook menu is unusable (seed 000 §2). */
  hasEmail: S.Boolean,
});
export type SignSession = typeof SignSession.Type;

/* ------------------------------------------------------------------ social signers */

/** A user as the social-signer list shows them. */
export const SocialSignerPerson = S.Struct({
  userId: Id,
  name: S.String,
  firstName: S.String,
  email: S.NullOr(S.String),
});
export type SocialSignerPerson = typeof SocialSignerPerson.Type;

/**
 * `POST /sign-workflow-social-signers` (extension, seed 000 §2 `signatories.social.index`): the users
 * the visible organisations' templates name as social signer (a step of type `socialSigner`), each with
 * the users authorised to sign before it (the union over those templates), the templates, whether it
 * has the signing right, and how many signbooks in progress it still has to sign as social signer.
 */
export const SocialSigner = S.Struct({
  ...SocialSignerPerson.fields,
  hasSigningRight: S.Boolean,
  authorizedUsers: S.Array(SocialSignerPerson),
  templates: S.Array(S.Struct({ id: Id, name: S.String, organizationId: Id, organizationName: S.String })),
  signbooksInProgress: S.Number,
});
export type SocialSigner = typeof SocialSigner.Type;
export const SocialSignerListBody = S.Struct({ search: opt(Text(M.search)) });
export type SocialSignerListBody = typeof SocialSignerListBody.Type;
export const SocialSignerPage = S.Struct({ count: S.Number, items: S.Array(SocialSigner) });
export type SocialSignerPage = typeof SocialSignerPage.Type;
