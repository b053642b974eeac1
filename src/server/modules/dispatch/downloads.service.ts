/**
 * Campaign downloads: one document's part (the document page's viewer), the treatment report
 * (CSV for a French spreadsheet, like `employees.csv`), the ignored pages cut out of the sources,
 * and the merged PDF of chosen documents. PDFs are composed one source at a time (pdf/compose.ts).
 */
import type { MergeDocsBody } from '../../../contract/dispatch.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { isUuid } from '../../auth/scope.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { ApiFailure } from '../../http/errors.ts';
import { frenchText } from '../../http/french.ts';
import { composePdf, type ComposePart } from '../../pdf/compose.ts';
import { csvCell, frenchDate } from '../employee/csv.ts';
import { visibleDoc } from './docs.service.ts';
import { statusesOf, visibleCampaignRow } from './read.service.ts';
import { readFile, readFiles } from '../../files/store.ts';

type Session = Pick<SessionContext, 'userId' | 'domain'>;

/** Most parts one merged PDF may hold; beyond, the caller narrows the choice (400). */
export const MERGE_LIMIT = 5_000;
const BATCH = 50;

async function fileBytes(q: Queryable, session: Session, fileId: string): Promise<Uint8Array> {
  const file = await readFile(q, session.domain, fileId);
  if (!file) throw new ApiFailure(404, ERROR_KEYS.campaignDocWithoutFile);
  return file.bytes;
}

/** The stored part of one document (the split part, else the deposited document's file). */
export async function docFile(q: Queryable, session: Session, id: string): Promise<Uint8Array> {
  const doc = await visibleDoc(q, session, id);
  if (!doc.file_id) throw new ApiFailure(404, ERROR_KEYS.campaignDocWithoutFile);
  return fileBytes(q, session, doc.file_id);
}

export const REPORT_HEADERS = ['Destinataire', 'Identifiant lu', 'Pages', 'Statut', 'Motif', 'Cause', 'Date'] as const;

interface ReportRow {
  recipient: string | null;
  identifier: string | null;
  pages: number[];
  status: string;
  reason: string | null;
  failure_cause: string | null;
  updated_at: string | Date;
}

const line = (cells: readonly string[]): string => `${cells.map(csvCell).join(';')}\r\n`;

/** `rapport-<campaign>.csv`: one line per document, French labels, UTF-8 with BOM, `;`, CRLF. */
export async function treatmentReport(
  q: Queryable,
  session: Session,
  campaignId: string,
): Promise<{ name: string; csv: string }> {
  const campaign = await visibleCampaignRow(q, session, campaignId);
  const s = schemaOf(session.domain);
  const { rows } = await q.query<ReportRow>(
    `SELECT CASE WHEN e.id IS NULL THEN NULL ELSE e.first_name || ' ' || e.name END AS recipient, d.identifier,
            d.pages, d.status, d.reason, d.failure_cause, d.updated_at
       FROM ${s}.dispatched_docs d LEFT JOIN ${s}.employees e ON e.id = d.employee_id
      WHERE d.campaign_id = $1 ORDER BY e.sort_name NULLS LAST, e.sort_first, d.id`,
    [campaignId],
  );
  let csv = `\uFEFF${line(REPORT_HEADERS)}`;
  for (const r of rows) {
    csv += line([
      r.recipient ?? frenchText('campaigns.docs.unknownRecipient'),
      r.identifier ?? '',
      r.pages.join(', '),
      frenchText(`campaigns.docStatus.${r.status}`),
      r.reason ?? '',
      r.failure_cause ? frenchText(`campaigns.failureCause.${r.failure_cause}`) : '',
      frenchDate(new Date(r.updated_at).toISOString()),
    ]);
  }
  return { name: `rapport-${fileSafe(campaign.name)}.csv`, csv };
}

/** A file name from a campaign name: letters, digits, dashes (accents kept, quotes and slashes gone). */
export const fileSafe = (name: string): string =>
  name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'campagne';

/** `GET /dispatch/{id}/ignored-pages`: the pages no employee was found on, cut from their sources in order. */
export async function ignoredPages(q: Queryable, session: Session, campaignId: string): Promise<Uint8Array> {
  await visibleCampaignRow(q, session, campaignId);
  const s = schemaOf(session.domain);
  const { rows } = await q.query<{ file_id: string; pages: number[] }>(
    `SELECT src.file_id, array_agg(i.page ORDER BY i.page) AS pages
       FROM ${s}.campaign_ignored_pages i JOIN ${s}.campaign_sources src ON src.id = i.source_id
      WHERE i.campaign_id = $1 GROUP BY src.id, src.file_id, src.position ORDER BY src.position`,
    [campaignId],
  );
  if (rows.length === 0) throw new ApiFailure(404, ERROR_KEYS.campaignNoIgnoredPages);
  async function* parts(): AsyncGenerator<ComposePart> {
    for (const r of rows) yield { bytes: await fileBytes(q, session, r.file_id), pages: r.pages };
  }
  return composePdf(parts());
}

/** `POST /dispatch/{id}/dispatched-docs/merge`: the chosen documents' parts in one PDF, in recipient order. */
export async function mergeDocs(
  q: Queryable,
  session: Session,
  campaignId: string,
  body: MergeDocsBody,
): Promise<Uint8Array> {
  await visibleCampaignRow(q, session, campaignId);
  const s = schemaOf(session.domain);
  const statuses = statusesOf(body.status);
  if (body.docIds && !body.docIds.every(isUuid)) throw new ApiFailure(404, ERROR_KEYS.notFound);
  const params: unknown[] = [campaignId];
  let filter = 'd.campaign_id = $1 AND coalesce(d.file_id, doc.file_id) IS NOT NULL';
  if (statuses.length) filter += ` AND d.status = ANY($${params.push(statuses)}::text[])`;
  if (body.docIds?.length) filter += ` AND d.id = ANY($${params.push(body.docIds)}::uuid[])`;
  const { rows } = await q.query<{ file_id: string }>(
    `SELECT coalesce(d.file_id, doc.file_id) AS file_id
       FROM ${s}.dispatched_docs d LEFT JOIN ${s}.employees e ON e.id = d.employee_id
       LEFT JOIN ${s}.documents doc ON doc.id = d.document_id
      WHERE ${filter} ORDER BY e.sort_name NULLS LAST, e.sort_first, d.id LIMIT ${MERGE_LIMIT + 1}`,
    params,
  );
  if (rows.length > MERGE_LIMIT) throw new ApiFailure(400, ERROR_KEYS.campaignMergeTooMany);
  if (rows.length === 0) throw new ApiFailure(404, ERROR_KEYS.campaignNothingToMerge);
  async function* parts(): AsyncGenerator<ComposePart> {
    for (let i = 0; i < rows.length; i += BATCH) {
      const ids = rows.slice(i, i + BATCH).map((r) => r.file_id);
      const byId = await readFiles(q, session.domain, ids);
      for (const id of ids) {
        const bytes = byId.get(id);
        if (bytes) yield { bytes };
      }
    }
  }
  return composePdf(parts());
}
