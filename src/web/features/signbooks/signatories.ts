/**
 * The signbook rules of seed 000 §5 on the signatories being chosen, pure so they are tested without
 * rendering: a signatory without e-mail is refused; a user without the signing right gives a warning,
 * and so does a profile that cannot read rights; a social signer needs, before it, someone of its
 * authorised-users list. Also the upload's `steps` and the template's `steps` built from the drafts.
 */
import type { SignatoryType } from '../../../contract/enums.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import type { NewSignatory, TemplateStep } from '../../../contract/signbook.ts';
import { EMAIL_PATTERN } from '../../../contract/validation.ts';

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
