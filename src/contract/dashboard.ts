/**
 * The dashboard's charts (issue 15 §11): one call, `shell.dashboardCharts`, answers the operator's
 * questions over the current organisation and its descendants, each chart only from what the
 * session may see:
 * - documents deposited per month by type — the archive's access rules (the same predicate as the
 *   documents list), feature DocSearch;
 * - the last campaigns' outcome — visible organisations, feature DocListDispatch;
 * - signbooks by status and the average time to complete — visible organisations, feature ParaphList;
 * - active employees without a personal safe, per organisation — visible organisations, feature EmpList.
 * A chart the session may not see is `null` (the page does not draw it).
 */
import { Schema as S } from 'effect';
import type { DispatchedDocStatus } from './enums.ts';
import { SIGNBOOK_STATUSES } from './enums.ts';

/** How many months the documents chart covers, the current one included. */
export const CHART_MONTHS = 12;
/** How many campaigns the outcome chart shows, newest first. */
export const CHART_CAMPAIGNS = 6;
/** How many organisations the safes chart shows (those with the most employees without a safe). */
export const CHART_ORGANIZATIONS = 10;

/** The campaign outcome's buckets: every dispatched document falls in exactly one. */
export const CAMPAIGN_OUTCOMES = ['distributed', 'waitingSafe', 'inError', 'other'] as const;
export type CampaignOutcome = (typeof CAMPAIGN_OUTCOMES)[number];
export const OUTCOME_STATUSES: Record<Exclude<CampaignOutcome, 'other'>, readonly DispatchedDocStatus[]> = {
  distributed: ['DISPATCHED', 'DISPATCHED_BY_CUSTOMER', 'PAPER_DISPATCHED'],
  waitingSafe: ['WAITING_FOR_USER_REGISTRATION'],
  inError: ['NOT_DISPATCHED', 'CANT_AUTO_ATTACH_EMP_TO_ORG', 'CANT_CREATE_EMP_ERROR', 'CANT_CREATE_DOC_ERROR'],
};

export const DocumentsPerMonth = S.Struct({
  /** `YYYY-MM`, oldest first, every month of the window (empty months included). */
  months: S.Array(S.String),
  /** The types present in the window, most documents first. */
  types: S.Array(S.Struct({ code: S.String, label: S.String })),
  /** One entry per month and type that has documents. */
  counts: S.Array(S.Struct({ month: S.String, typeCode: S.String, count: S.Number })),
});
export type DocumentsPerMonth = typeof DocumentsPerMonth.Type;

export const CampaignOutcomeRow = S.Struct({
  id: S.String,
  name: S.String,
  status: S.String,
  createdAt: S.String,
  total: S.Number,
  distributed: S.Number,
  waitingSafe: S.Number,
  inError: S.Number,
  other: S.Number,
});
export type CampaignOutcomeRow = typeof CampaignOutcomeRow.Type;

export const SignbookFigures = S.Struct({
  byStatus: S.Array(S.Struct({ status: S.Literal(...SIGNBOOK_STATUSES), count: S.Number })),
  /** Completed signbooks, and the mean hours from creation to completion (null: none completed). */
  completed: S.Number,
  averageHoursToComplete: S.NullOr(S.Number),
});
export type SignbookFigures = typeof SignbookFigures.Type;

export const SafesByOrganization = S.Struct({
  organizationId: S.String,
  name: S.String,
  /** Active employees of the organisation. */
  active: S.Number,
  /** Among them: no safe at all, and a safe opened but not activated. */
  noSafe: S.Number,
  notActivated: S.Number,
});
export type SafesByOrganization = typeof SafesByOrganization.Type;

export const DashboardCharts = S.Struct({
  documents: S.NullOr(DocumentsPerMonth),
  campaigns: S.NullOr(S.Array(CampaignOutcomeRow)),
  signbooks: S.NullOr(SignbookFigures),
  safes: S.NullOr(S.Array(SafesByOrganization)),
});
export type DashboardCharts = typeof DashboardCharts.Type;
