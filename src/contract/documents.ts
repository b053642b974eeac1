/**
 * The documents archive (issue 12; seed 000 §3 Document, §2 `/documents`, `/documents/{docId}`,
 * §5 uploaded documents, §6 DocSearch and access rules; seed 001 §7.3): the bodies and answers of
 * the document calls.
 *
 * One document = one row deposited into a safe, whoever put it there: a campaign's dispatch, a
 * sealed signbook sent to the safe, or an upload from the documents screen. Its file lives in the
 * file store; its SHA-256 is computed once, at deposit, and never changes.
 *
 * What a session sees: the documents of the organisations it sees that its access rules' document
 * criteria let through (`src/server/auth/document-visibility.ts`), in every call below — the list,
 * its count, the detail, the PDF, the preview, the certificate and the zip. Any other id answers
 * 404, exactly like an id that does not exist.
 */
import { Schema as S } from 'effect';
import { MAX_LENGTH as M } from './constants.ts';
import { DocumentMeta, HrDocument } from './entities.ts';
import { Id, IdList, List, Text, Uuid } from './fields.ts';

const opt = S.optional;
const IsoDay = Text(M.date);

/** Where a document was deposited (seed 000 §3: the employee's safe or the employer's). */
export const DOCUMENT_DESTINATIONS = ['EMPLOYEE_SAFE', 'EMPLOYER_SAFE'] as const;
export type DocumentDestination = (typeof DOCUMENT_DESTINATIONS)[number];

/** What deposited it: a campaign's dispatch, a sealed signbook, or an upload on the documents screen. */
export const DOCUMENT_SOURCES = ['campaign', 'signbook', 'upload'] as const;
export type DocumentSource = (typeof DOCUMENT_SOURCES)[number];

export const DOCUMENT_READ_FILTERS = ['read', 'unread'] as const;

/** Columns the list sorts by (the URL carries `sort=<field>` and `dir=asc|desc`). */
export const DOCUMENT_SORT_FIELDS = ['depositedAt', 'description', 'typeCode', 'employeeName', 'periodStart'] as const;
export type DocumentSortField = (typeof DOCUMENT_SORT_FIELDS)[number];

/** The upload's limits (seed 000 §5): PDF only, checked by content, at most 10 MB a document. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** How many slips one upload call carries at most. */
export const DOCUMENT_UPLOAD_MAX_SLIPS = 20;
/** Documents per page of the list (seed 000 §9: 20 by default). */
export const DOCUMENT_PAGE_SIZE = 20;

/**
 * The list's filters (`POST /docs`), every one optional and combined with AND; each list is OR
 * within itself. `organizationIds` take each organisation with its whole subtree. `search` is a
 * full-text search (French) over description, keywords, metadata values and the employee's names.
 */
export const DocumentFilter = S.Struct({
  search: opt(Text(M.search)),
  /** The document's period overlaps [periodStart, periodEnd] (documents without a period: their emission, else deposit, day). */
  periodStart: opt(S.NullOr(IsoDay)),
  periodEnd: opt(S.NullOr(IsoDay)),
  typeCodes: opt(List(Text(M.code))),
  organizationIds: opt(IdList(Uuid)),
  employeeIds: opt(IdList(Uuid)),
  employeeGroupIds: opt(IdList(Uuid)),
  destination: opt(S.NullOr(S.Literal(...DOCUMENT_DESTINATIONS))),
  source: opt(S.NullOr(S.Literal(...DOCUMENT_SOURCES))),
  metaKey: opt(S.NullOr(Text(M.name))),
  metaValue: opt(S.NullOr(Text(M.text))),
  /** Documents carrying every one of these keywords. */
  keywords: opt(List(Text(M.name))),
  read: opt(S.NullOr(S.Literal(...DOCUMENT_READ_FILTERS))),
});
export type DocumentFilter = typeof DocumentFilter.Type;

export const DocumentSearchBody = S.Struct({
  ...DocumentFilter.fields,
  order: opt(S.Struct({ field: S.Literal(...DOCUMENT_SORT_FIELDS), sens: S.Literal('asc', 'desc') })),
  offset: opt(S.Number.pipe(S.int(), S.nonNegative())),
  limit: opt(S.Number.pipe(S.int(), S.between(1, 100))),
});
export type DocumentSearchBody = typeof DocumentSearchBody.Type;

/** Who or what deposited a document. */
export const DocumentOrigin = S.Struct({
  source: S.Literal(...DOCUMENT_SOURCES),
  /** The campaign or signbook id; null for an upload. */
  id: S.NullOr(Id),
  /** The campaign's or signbook's name; null for an upload. */
  name: S.NullOr(S.String),
  /** The user who deposited it (the uploader, the campaign's validator, the signbook's creator), when known. */
  userId: S.NullOr(Id),
  userName: S.NullOr(S.String),
});
export type DocumentOrigin = typeof DocumentOrigin.Type;

/** A row of the list: the seed's Document plus what the screen shows beside it. */
export const DocumentSummary = S.Struct({
  ...HrDocument.fields,
  typeLabel: S.String,
  organizationName: S.String,
  /** The stored file's name (`…pdf`), the certificate is saved as `attestation_{fileName}`. */
  fileName: S.String,
  size: S.Number,
  readAt: S.NullOr(S.String),
  origin: DocumentOrigin,
});
export type DocumentSummary = typeof DocumentSummary.Type;

/**
 * The list's answer. `count` is exact up to `VISIBLE_COUNT_CAP` (1,000: fifty pages, and what a
 * capped count costs at a million documents, docs/operations.md « Documents archive »);
 * `countCapped` says the total is above it (the screen reads « plus de 1 000 »). A broad full-text
 * search (walked by days, server documents/broad-search.ts) counts up to `BROAD_COUNT_CAP` (200):
 * « plus de 200 ».
 */
export const DocumentPage = S.Struct({
  count: S.Number,
  countCapped: S.Boolean,
  items: S.Array(DocumentSummary),
});
export type DocumentPage = typeof DocumentPage.Type;

/** `GET /doc/{id}`: the row, its page count and where it went. */
export const DocumentDetail = S.Struct({
  ...DocumentSummary.fields,
  pageCount: S.NullOr(S.Number),
  employeeEmail: S.NullOr(S.String),
});
export type DocumentDetail = typeof DocumentDetail.Type;

/** `GET /docs/senders`: who deposited the documents the session sees, most documents first. */
export const DocumentSender = S.Struct({
  source: S.Literal(...DOCUMENT_SOURCES),
  userId: S.NullOr(Id),
  name: S.String,
  count: S.Number,
});
export type DocumentSender = typeof DocumentSender.Type;
export const DocumentSenders = S.Array(DocumentSender);

/**
 * `GET /docs/stats`: the dashboard's documents card and payslip statistic, over what the session
 * sees (counts capped like the list's).
 */
export const DocumentStats = S.Struct({
  total: S.Number,
  unread: S.Number,
  /** Documents of a payslip type (the dashboard's payslip statistic counts the same way). */
  payslips: S.Number,
  byType: S.Array(S.Struct({ typeCode: S.String, label: S.String, count: S.Number })),
  lastDepositAt: S.NullOr(S.String),
  capped: S.Boolean,
});
export type DocumentStats = typeof DocumentStats.Type;

/**
 * One slip of an upload (seed 000 §5, seed 001 §7.3): the multipart carries a file part per slip,
 * named by the slip's `id` (its label is `{typeCode}:{description}`), and one json part `data`
 * holding an `UploadDocumentsBody`. A slip is for an employee's safe (employee required) or for
 * the employer's safe (no employee).
 */
export const UploadSlip = S.Struct({
  /** The client's id of the slip: the name of its file part. */
  id: Text(M.id),
  typeCode: Text(M.code),
  description: Text(M.text),
  destination: S.Literal(...DOCUMENT_DESTINATIONS),
  employeeId: S.NullOr(Uuid),
  periodStart: opt(S.NullOr(IsoDay)),
  periodEnd: opt(S.NullOr(IsoDay)),
  emissionDate: opt(S.NullOr(IsoDay)),
  keywords: opt(List(Text(M.name))),
  metaDatas: opt(List(DocumentMeta)),
});
export type UploadSlip = typeof UploadSlip.Type;

export const UploadDocumentsBody = S.Struct({
  organizationId: Uuid,
  slips: List(UploadSlip, DOCUMENT_UPLOAD_MAX_SLIPS),
});
export type UploadDocumentsBody = typeof UploadDocumentsBody.Type;

/** The upload's answer: the documents created, in the slips' order (all or none are stored). */
export const UploadDocumentsResult = S.Struct({
  documents: S.Array(S.Struct({ slipId: S.String, document: DocumentSummary })),
});
export type UploadDocumentsResult = typeof UploadDocumentsResult.Type;

/**
 * `POST /doc/pdf/archive` → `documents.zip`: either a selection (`ids`) or everything a filter
 * finds (`filter`), at most `DOCUMENT_ARCHIVE_MAX_DOCUMENTS` documents. The zip holds the PDFs and
 * `manifest.csv` (name, employee, period, SHA-256). Ids the session may not see are skipped and
 * counted in the manifest's last line, never named.
 */
export const DOCUMENT_ARCHIVE_MAX_DOCUMENTS = 20_000;
export const DocumentArchiveBody = S.Struct({
  ids: opt(IdList(Uuid)),
  filter: opt(DocumentFilter),
});
export type DocumentArchiveBody = typeof DocumentArchiveBody.Type;
