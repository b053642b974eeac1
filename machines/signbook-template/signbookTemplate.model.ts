/** Pure helpers of the template page: what blocks saving, the body sent, a failure's key. */
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import type { TemplateBody } from '../../src/contract/signbook.ts';
import { type DraftStep, refusalOf, toTemplateSteps } from '../signbook-creation/signbookCreation.model.ts';

/** Keys of what still blocks saving (empty: ready): a name, no empty step, every signatory with an e-mail. */
export const templateProblems = (d: { name: string; steps: readonly DraftStep[] }): string[] => [
  ...(d.name.trim() ? [] : ['validation.required']),
  ...(d.steps.length && d.steps.every((s) => s.signatories.length) ? [] : ['signbooks.create.problems.emptyStep']),
  ...(d.steps.some((s) => s.signatories.some((g) => refusalOf(g))) ? [ERROR_KEYS.signbookSignatoryWithoutEmail] : []),
];

export const toTemplateBody = (d: {
  name: string;
  orgId: string;
  docTypes: readonly string[];
  steps: readonly DraftStep[];
}): TemplateBody => ({
  name: d.name.trim(),
  organizationId: d.orgId,
  docTypes: [...d.docTypes],
  steps: toTemplateSteps(d.steps),
});

/** The server's key, else the internal error's. */
export const templateFailureOf = (error: unknown): string => {
  const key = (error as { key?: unknown } | null)?.key;
  return typeof key === 'string' && key ? key : ERROR_KEYS.internal;
};
