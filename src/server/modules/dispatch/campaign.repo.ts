/** Campaign rows → `Campaign`, and the per-status counts the campaign page and list show. */
import type { DomainId } from '../../../contract/constants.ts';
import type { Campaign, CampaignWaiting } from '../../../contract/entities.ts';
import {
  COUNTED_AS_DISPATCHED,
  COUNTED_AS_NOT_DISPATCHED,
  type CampaignStatus,
  type DispatchedDocStatus,
} from '../../../contract/enums.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import {
  type CampaignSnapshot,
  type PersistedCampaignState,
  restoreSnapshot,
  snapshotFor,
} from '../../../../machines/campaign/index.ts';

export interface CampaignRow {
  id: string;
  organization_id: string;
  org_name: string;
  siret: string;
  name: string;
  doc_name: string;
  status: CampaignStatus;
  machine_state: PersistedCampaignState | null;
  doc_type_code: string;
  /** The type's label, where the query reads it (the lists). */
  doc_type_label?: string | null;
  review: boolean;
  automatic_recipients: boolean;
  on_refuse: boolean;
  on_error: boolean;
  users_to_notify: string[];
  can_retry: boolean;
  can_delete: boolean;
  recipients_count: number;
  pages_total: number;
  pages_split: number;
  ignored_pages: number[];
  split_error?: string | null;
  created_at: string;
  sent_at: string | null;
  /** Who created the campaign: the depositor of its documents in the archive. */
  created_by?: string | null;
}

export const CAMPAIGN_COLUMNS = `c.id, c.organization_id, o.name AS org_name, o.siret, c.name, c.doc_name, c.status,
  c.machine_state, c.doc_type_code, c.review, c.automatic_recipients, c.on_refuse, c.on_error, c.users_to_notify,
  c.can_retry, c.can_delete, c.recipients_count, c.pages_total, c.pages_split, c.ignored_pages, c.split_error, c.created_at, c.sent_at, c.created_by`;

export type Counts = Record<string, number>;

/** Failed documents a new attempt may fix (the safe did not answer). */
export const RETRYABLE_SQL = `(d.status = 'NOT_DISPATCHED' AND d.failure_cause = 'EDOCPERSO_ERROR')`;
/** Failed for good: only deleting them ends the campaign's error. */
export const DELETABLE_SQL = `(d.status IN ('CANT_CREATE_DOC_ERROR', 'CANT_CREATE_EMP_ERROR')
  OR (d.status = 'NOT_DISPATCHED' AND d.failure_cause IN ('NO_DOC_FOUND', 'NO_DOC_AND_NO_EMP_FOUND')))`;

/** The machine's snapshot of a row: the stored one, else rebuilt from the status (demo rows). */
export const snapshotOfRow = (row: Pick<CampaignRow, 'machine_state' | 'status' | 'can_retry' | 'can_delete'>) =>
  row.machine_state
    ? restoreSnapshot(row.machine_state)
    : snapshotFor(row.status, { canRetry: row.can_retry, canDelete: row.can_delete });

export type { CampaignSnapshot };

export async function countsByCampaign(
  q: Queryable,
  domain: DomainId,
  ids: readonly string[],
): Promise<Map<string, Counts>> {
  const { rows } = await q.query<{ campaign_id: string; status: DispatchedDocStatus; n: number }>(
    `SELECT campaign_id, status, n FROM ${schemaOf(domain)}.campaign_doc_counts
      WHERE campaign_id = ANY($1::uuid[]) AND n > 0`,
    [ids],
  );
  const out = new Map<string, Counts>(ids.map((id) => [id, { ALL_DISPATCHED: 0, ALL_NOT_DISPATCHED: 0 }]));
  for (const row of rows) {
    const counts = out.get(row.campaign_id);
    if (counts) addCount(counts, row.status, row.n);
  }
  return out;
}

const addCount = (counts: Counts, status: DispatchedDocStatus, n: number): void => {
  counts[status] = n;
  if (COUNTED_AS_DISPATCHED.includes(status)) counts.ALL_DISPATCHED = (counts.ALL_DISPATCHED ?? 0) + n;
  if (COUNTED_AS_NOT_DISPATCHED.includes(status)) counts.ALL_NOT_DISPATCHED = (counts.ALL_NOT_DISPATCHED ?? 0) + n;
};

/**
 * The documents' counts by status of the campaign row `c`, as one JSON object ({ status: n }), for a
 * select list: a list page reads its campaigns and their counts in one round trip (issue 17). The
 * counts are kept by the documents' triggers (migration 0038): a few index probes whatever the
 * campaign's size, where counting its documents cost ~5 ms per 50,000.
 */
export const countsJsonSql = (schema: string, campaignId: string): string =>
  `(SELECT coalesce(json_object_agg(x.status, x.n), '{}'::json) FROM ${schema}.campaign_doc_counts x
     WHERE x.campaign_id = ${campaignId} AND x.n > 0)`;

/** The counts `countsJsonSql` read, as `countsByCampaign` gives them. */
export const countsFromJson = (json: Record<string, number> | null): Counts => {
  const counts: Counts = { ALL_DISPATCHED: 0, ALL_NOT_DISPATCHED: 0 };
  for (const [status, n] of Object.entries(json ?? {})) addCount(counts, status as DispatchedDocStatus, n);
  return counts;
};

const documentTotal = (counts: Counts): number =>
  Object.entries(counts)
    .filter(([key]) => !key.startsWith('ALL_'))
    .reduce((sum, [, n]) => sum + n, 0);

/** The campaign jobs that can wait in the queue (split, then dispatch). */
const CAMPAIGN_JOBS = ['campaign.split', 'campaign.dispatch'];

/**
 * Campaigns among `ids` whose split or dispatch job waits for a worker (pg-boss states created and
 * retry), each with its place among all waiting campaign jobs (1 = next) and their number. Empty
 * when no queue was ever started in this database (apps without jobs).
 */
const QUEUE_TABLE_SEEN = new WeakSet<object>();

export async function waitingPositions(q: Queryable, ids: readonly string[]): Promise<Map<string, CampaignWaiting>> {
  if (ids.length === 0) return new Map();
  // The queue's table exists once the job queue has started, and then stays: asked until seen, per
  // database (its file store is the same object in and out of a transaction).
  if (!QUEUE_TABLE_SEEN.has(q.files)) {
    const { rows: exists } = await q.query<{ ok: boolean }>(`SELECT to_regclass('pgboss.job') IS NOT NULL AS ok`);
    if (!exists[0]?.ok) return new Map();
    QUEUE_TABLE_SEEN.add(q.files);
  }
  const { rows } = await q.query<{ id: string; position: number; total: number }>(
    `SELECT w.id, w.position, w.total FROM (
       SELECT j.data->>'campaignId' AS id,
              row_number() OVER (ORDER BY j.created_on, j.id)::int AS position,
              count(*) OVER ()::int AS total
         FROM pgboss.job j
        WHERE j.name = ANY($1::text[]) AND j.state IN ('created', 'retry')
     ) w WHERE w.id = ANY($2::text[])`,
    [CAMPAIGN_JOBS, ids],
  );
  return new Map(rows.map((r) => [r.id, { position: r.position, of: r.total }]));
}

export const toCampaign = (row: CampaignRow, counts: Counts, waiting?: CampaignWaiting): Campaign => ({
  id: row.id,
  name: row.name,
  docName: row.doc_name,
  siret: row.siret,
  codeSignature: null,
  canRetry: row.can_retry,
  canDelete: row.can_delete,
  organizationId: row.organization_id,
  status: row.status,
  creationDate: row.created_at,
  sendDate: row.sent_at,
  documentCount: documentTotal(counts),
  mainDocType: row.doc_type_code,
  ...(row.doc_type_label ? { docTypeLabel: row.doc_type_label } : {}),
  recipientsCount: row.recipients_count,
  review: row.review,
  automaticRecipients: row.automatic_recipients,
  onRefuse: row.on_refuse,
  onError: row.on_error,
  usersToNotify: row.users_to_notify,
  counts,
  pagesTotal: row.pages_total,
  pagesSplit: row.pages_split,
  ignoredPages: row.ignored_pages.length,
  splitError: row.split_error ?? null,
  ...(waiting ? { waiting } : {}),
});

/** One campaign by id, without scope (jobs); `lock` takes the row for the caller's transaction. */
export async function campaignRow(
  q: Queryable,
  domain: DomainId,
  id: string,
  lock = false,
): Promise<CampaignRow | null> {
  const s = schemaOf(domain);
  const { rows } = await q.query<CampaignRow>(
    `SELECT ${CAMPAIGN_COLUMNS} FROM ${s}.campaigns c JOIN ${s}.organizations o ON o.id = c.organization_id
      WHERE c.id = $1${lock ? ' FOR UPDATE OF c' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function campaignById(q: Queryable, domain: DomainId, id: string): Promise<Campaign | null> {
  const row = await campaignRow(q, domain, id);
  if (!row) return null;
  return toCampaign(row, (await countsByCampaign(q, domain, [id])).get(id) ?? {});
}
