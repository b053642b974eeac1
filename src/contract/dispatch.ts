/**
 * Bodies and answers of the dispatch service's lifecycle calls (seed 001 §7.2) that the seed leaves
 * unshaped; `Campaign` and `DispatchedDocument` themselves live in `entities.ts`.
 */
import { Schema as S } from 'effect';
import { MAX_LENGTH as M } from './constants.ts';
import { Campaign, DispatchedDocument } from './entities.ts';
import { DISPATCHED_DOC_FILTERS, DISPATCHED_DOC_STATUSES, POSTAL_STATUSES } from './enums.ts';
import { Filled, Id, IdList, List, Uuid } from './fields.ts';

/** Sort fields `CampaignListBody.order.field` honours; any other falls back to creationDate. */
export const CAMPAIGN_SORT_FIELDS = ['creationDate', 'sendDate', 'name', 'status', 'recipientsCount'] as const;
export type CampaignSortField = (typeof CAMPAIGN_SORT_FIELDS)[number];

/** `POST /dispatchs` answer: the page, the total, and the organisations the page names. */
export const CampaignPage = S.Struct({
  dispatchs: S.Array(Campaign),
  count: S.Number,
  orgs: S.Array(S.Struct({ id: Id, name: S.String })),
});
export type CampaignPage = typeof CampaignPage.Type;

export const DispatchedDocsBody = S.Struct({
  /** Statuses and/or the ALL_DISPATCHED / ALL_NOT_DISPATCHED filters; absent or empty: every document. */
  status: S.optional(List(S.Literal(...DISPATCHED_DOC_STATUSES, ...DISPATCHED_DOC_FILTERS))),
  offset: S.optional(S.Number.pipe(S.int(), S.nonNegative())),
  limit: S.optional(S.Number.pipe(S.int(), S.between(1, 200))),
});
export type DispatchedDocsBody = typeof DispatchedDocsBody.Type;

export const DispatchedDocPage = S.Struct({ count: S.Number, items: S.Array(DispatchedDocument) });
export type DispatchedDocPage = typeof DispatchedDocPage.Type;

/** `GET /dispatch/validate/{id}`: the recipient count first, then distribution has started. */
export const ValidateAnswer = S.Struct({ recipientsCount: S.Number, campaign: Campaign });
export type ValidateAnswer = typeof ValidateAnswer.Type;

/** `POST /dispatch/refuseDispatch`: the campaign id, as `id` or (older clients) `dispatchId`. */
export const RefuseDispatchBody = S.Struct({ id: S.optional(Id), dispatchId: S.optional(Id) });

/** `POST /dispatched-docs/refuse`: documents of one campaign awaiting validation, with the reason. */
export const RefuseDocumentsBody = S.Struct({
  ids: IdList(Id).pipe(S.minItems(1)),
  reason: S.String.pipe(S.minLength(1), S.maxLength(500)),
});

export const DeleteDispatchedDocsBody = S.Struct({ dispatchedDocIds: IdList(Id).pipe(S.minItems(1)) });

export const CampaignUpdateBody = S.Struct({
  name: S.optional(Filled(M.name)),
  docName: S.optional(Filled(M.name)),
  onRefuse: S.optional(S.Boolean),
  onError: S.optional(S.Boolean),
  usersToNotify: S.optional(IdList(Uuid)),
});
export type CampaignUpdateBody = typeof CampaignUpdateBody.Type;

/* ---- campaign extras: one document, downloads, postal (issue 3 scope 3, 5, 6) ---- */

/** `GET /dispatched-doc/{id}` (extension): the document page's facts. */
export const DispatchedDocDetail = S.Struct({
  ...DispatchedDocument.fields,
  campaignName: S.String,
  /** What the mask read on the part's pages (null for manual campaigns and demo rows). */
  identifier: S.NullOr(S.String),
  /** The source PDF the part was cut from. */
  sourceName: S.NullOr(S.String),
  hasFile: S.Boolean,
  updatedAt: S.String,
});
export type DispatchedDocDetail = typeof DispatchedDocDetail.Type;

/** `POST /dispatch/{id}/dispatched-docs/merge`: documents by filter and/or by id (none: every document). */
export const MergeDocsBody = S.Struct({
  status: S.optional(List(S.Literal(...DISPATCHED_DOC_STATUSES, ...DISPATCHED_DOC_FILTERS))),
  docIds: S.optional(IdList(Id)),
});
export type MergeDocsBody = typeof MergeDocsBody.Type;

/** `GET /dispatch/{id}/editiqueInfos`: paper counts and each paper document's postal record (simulated). */
export const EditiqueInfos = S.Struct({
  campaignId: Id,
  paperCount: S.Number,
  byStatus: S.Record({ key: S.String, value: S.Number }),
  documents: S.Array(
    S.Struct({
      id: Id,
      recipientName: S.NullOr(S.String),
      status: S.Literal(...POSTAL_STATUSES),
      dispatchDate: S.NullOr(S.String),
      receptionDate: S.NullOr(S.String),
      returnDate: S.NullOr(S.String),
      foldStatus: S.NullOr(S.String),
    }),
  ),
  refreshedAt: S.String,
  /** Always true here: no real print provider is connected (see dispatch/README.md). */
  simulated: S.Boolean,
});
export type EditiqueInfos = typeof EditiqueInfos.Type;

/** `GET /dispatch/{id}/ignored-pages/list`: each page no employee was found on, with what was read there. */
export const IgnoredPageItem = S.Struct({
  sourceId: Id,
  sourceName: S.String,
  /** 1-based page of the source PDF. */
  page: S.Number,
  /** The text read in the mask's zone (the identifier that matched nobody), '' when nothing was read. */
  readText: S.String,
});
export type IgnoredPageItem = typeof IgnoredPageItem.Type;
export const IgnoredPagesAnswer = S.Struct({ items: S.Array(IgnoredPageItem) });
export type IgnoredPagesAnswer = typeof IgnoredPagesAnswer.Type;

/** `POST /dispatch/{id}/ignored-pages/assign`: gives an ignored page to an employee before validation. */
export const AssignIgnoredPageBody = S.Struct({ sourceId: Uuid, page: S.Number, employeeId: Uuid });
export type AssignIgnoredPageBody = typeof AssignIgnoredPageBody.Type;
