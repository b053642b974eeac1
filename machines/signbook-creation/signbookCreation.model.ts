/**
 * The signbook rules of seed 000 §5 on the signatories being chosen, pure so they are tested without
 * rendering: a signatory without e-mail is refused; a user without the signing right gives a warning,
 * and so does a profile that cannot read rights; a social signer needs, before it, someone of its
 * authorised-users list. Also the upload's `steps` and the template's `steps` built from the drafts.
 */
import type { SignatoryType } from '../../src/contract/enums.ts';
import { ALERT_KEYS, ERROR_KEYS } from '../../src/contract/keys.ts';
import type { NewSignatory, SignbookCreated, SignbookUploadJson, TemplateStep } from '../../src/contract/signbook.ts';
import { EMAIL_PATTERN } from '../../src/contract/validation.ts';

export interface DraftSignatory {
  /** Unique within the draft (`employee:…`, `user:…`, `external:…`). */
  readonly key: string;
  readonly type: SignatoryType;
  readonly employeeId?: string;
  readonly userId?: string;
  readonly name: string;
  readonly firstName: string;
  readonly email: string | null;
  readonly phone?: string | null;
  /** A user's features, when the profile could read them (null: unknown). */
  readonly features?: readonly string[] | null;
  /** Social signers: users allowed to sign for it (one must come before it). */
  readonly authorizedUserIds?: readonly string[];
}

export interface DraftStep {
  readonly signatoryType: SignatoryType;
  readonly signatories: readonly DraftSignatory[];
}

/** Why a signatory cannot be added (a key), or null. */
export const refusalOf = (s: Pick<DraftSignatory, 'email'>): string | null =>
  s.email?.trim() && EMAIL_PATTERN.test(s.email.trim()) ? null : ERROR_KEYS.signbookSignatoryWithoutEmail;

/** The warning a user signatory carries: no signing right, or rights the profile cannot read. */
export const rightsWarningOf = (s: DraftSignatory, canReadRights: boolean): string | null => {
  if (s.type !== 'user' && s.type !== 'socialSigner') return null;
  if (!canReadRights) return ERROR_KEYS.signbookRightsUnverifiable;
  // Unknown features (a template read back): the server checks again when the signbook is created.
  if (!s.features) return null;
  return s.features.includes('ParaphList') ? null : ERROR_KEYS.signbookNoSigningRight;
};

/** Positions (step, index) of social signers with none of their authorised users before them. */
export const socialSignerProblems = (steps: readonly DraftStep[]): { step: number; index: number }[] => {
  const before = new Set<string>();
  const problems: { step: number; index: number }[] = [];
  steps.forEach((step, s) =>
    step.signatories.forEach((g, i) => {
      if (g.type === 'socialSigner' && !(g.authorizedUserIds ?? []).some((id) => before.has(id)))
        problems.push({ step: s, index: i });
      if (g.userId) before.add(g.userId);
    }),
  );
  return problems;
};

/** Keys of what still blocks sending (empty: ready). */
export const draftProblems = (d: { name: string; file: unknown; steps: readonly DraftStep[] }): string[] => {
  const problems: string[] = [];
  if (!d.name.trim()) problems.push('signbooks.create.problems.name');
  if (!d.file) problems.push('signbooks.create.problems.file');
  if (!d.steps.length || d.steps.some((s) => s.signatories.length === 0))
    problems.push('signbooks.create.problems.emptyStep');
  if (d.steps.some((s) => s.signatories.some((g) => refusalOf(g))))
    problems.push(ERROR_KEYS.signbookSignatoryWithoutEmail);
  if (socialSignerProblems(d.steps).length) problems.push(ERROR_KEYS.signbookSocialSignerOrder);
  return problems;
};

export const toUploadSteps = (steps: readonly DraftStep[]): { signatories: NewSignatory[] }[] =>
  steps.map((step) => ({
    signatories: step.signatories.map((g) => ({
      type: g.type,
      ...(g.employeeId ? { employeeId: g.employeeId } : {}),
      ...(g.userId ? { userId: g.userId } : {}),
      ...(g.type === 'external'
        ? { name: g.name, firstName: g.firstName, email: g.email ?? '', ...(g.phone ? { phone: g.phone } : {}) }
        : {}),
      ...(g.type === 'socialSigner' ? { authorizedUserIds: [...(g.authorizedUserIds ?? [])] } : {}),
    })),
  }));

export const toTemplateSteps = (steps: readonly DraftStep[]): TemplateStep[] =>
  steps.map((step) => ({
    signatoryType: step.signatoryType,
    signatories: step.signatories.map((g) => ({
      userId: g.userId ?? null,
      employeeId: g.employeeId ?? null,
      name: g.name,
      firstName: g.firstName,
      email: g.email,
      ...(g.authorizedUserIds ? { authorizedUserIds: [...g.authorizedUserIds] } : {}),
    })),
  }));

/** A template's steps as drafts (creation from a template, template editing). */
export const fromTemplateSteps = (steps: readonly TemplateStep[]): DraftStep[] =>
  steps.map((step, s) => ({
    signatoryType: step.signatoryType,
    signatories: step.signatories.map((g, i) => ({
      key: g.userId
        ? `user:${g.userId}`
        : g.employeeId
          ? `employee:${g.employeeId}`
          : `external:${s}.${i}:${g.email ?? ''}`,
      type: step.signatoryType,
      ...(g.userId ? { userId: g.userId } : {}),
      ...(g.employeeId ? { employeeId: g.employeeId } : {}),
      name: g.name ?? '',
      firstName: g.firstName ?? '',
      email: g.email ?? null,
      features: null,
      ...(g.authorizedUserIds ? { authorizedUserIds: g.authorizedUserIds } : {}),
    })),
  }));

/** Moves step `from` one place up or down (steps are strictly ordered). */
export const moveStep = <T>(steps: readonly T[], from: number, by: -1 | 1): T[] => {
  const to = from + by;
  if (to < 0 || to >= steps.length) return [...steps];
  const next = [...steps];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
};

/* ------------------------------------------------------------------ the creation machine's pure helpers */

/** The draft as the creation machine holds it (structural, so this file needs no machine type). */
interface CreationDraft {
  readonly name: string;
  readonly orgId: string;
  readonly template: { readonly id: string; readonly docTypes: readonly string[] } | null;
  readonly docType: string;
  readonly toSafe: boolean;
  readonly steps: readonly DraftStep[];
}

/** The `json` part of `signbooks.upload`. */
export const toUploadJson = (d: CreationDraft): SignbookUploadJson => ({
  name: d.name.trim(),
  ...(d.template ? { templateId: d.template.id } : {}),
  ...(d.orgId ? { organizationId: d.orgId } : {}),
  ...(d.docType ? { docTypeCode: d.docType } : {}),
  sendToPersonalSafe: d.toSafe,
  steps: toUploadSteps(d.steps),
});

/** The document types offered: a template with types narrows the organisation's to them. */
export const allowedDocTypes = <T extends { readonly code: string }>(
  types: readonly T[],
  template: CreationDraft['template'],
): readonly T[] => (template?.docTypes.length ? types.filter((d) => template.docTypes.includes(d.code)) : types);

/** The key shown for a failed sending: the server's, else the seed's creation alert. */
export const creationFailureOf = (error: unknown): string => {
  const key = (error as { key?: unknown } | null)?.key;
  return typeof key === 'string' && key ? key : ALERT_KEYS.signature.createError;
};

/** One warning alert per signatory the server warned about (no signing right, rights unverifiable). */
export const warningAlertsOf = (created: SignbookCreated): { type: 'warning'; key: string; detail?: string }[] =>
  created.warnings.map((w) => {
    const g = created.signbook.steps[w.stepIndex]?.signatories[w.signatoryIndex];
    return { type: 'warning' as const, key: w.key, ...(g ? { detail: `${g.firstname} ${g.name}` } : {}) };
  });
