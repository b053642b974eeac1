/**
 * Writes what the split produces, in batches (one transaction per batch): part files, dispatched
 * documents NEEDS_DISPATCHING, ignored pages, and the campaign's page counters. A source that is not
 * split_done is first wiped of its half-written rows, so a re-run after a crash never duplicates.
 */
import { randomUUID } from 'node:crypto';
import type { DomainId } from '../../../contract/constants.ts';
import { type Db, type Queryable, schemaOf } from '../../db/db.ts';
import { type NewFile, insertFiles, removeFiles } from '../../files/store.ts';

export interface SplitPart {
  employeeId: string;
  /** 1-based pages of the source. */
  pages: number[];
  identifier: string | null;
  /** New part bytes, or the id of an existing file (manual campaigns send the source whole). */
  bytes?: Uint8Array;
  /** The new bytes' SHA-256 when already computed (by the PDF worker). */
  sha256?: string;
  fileId?: string;
  name: string;
}
export interface IgnoredPage {
  page: number;
  text: string;
}

/** The campaign left SPLITTING (canceled) while the job ran: the job ends without writing more. */
export class SplitStopped extends Error {
  constructor() {
    super('campaign no longer splitting');
  }
}

/** Parts per transaction. */
export const PARTS_PER_TX = 100;

/** Removes what an interrupted run left for this source (its parts' files too, never the source's own file). */
export async function wipeSource(
  q: Queryable,
  domain: DomainId,
  campaignId: string,
  source: { id: string; file_id: string },
): Promise<void> {
  const s = schemaOf(domain);
  const { rows } = await q.query<{ file_id: string | null }>(
    `DELETE FROM ${s}.dispatched_docs WHERE campaign_id = $1 AND source_id = $2 RETURNING file_id`,
    [campaignId, source.id],
  );
  const files = rows.map((r) => r.file_id).filter((id): id is string => !!id && id !== source.file_id);
  await removeFiles(q, domain, files);
  await q.query(`DELETE FROM ${s}.campaign_ignored_pages WHERE source_id = $1`, [source.id]);
  await syncIgnored(q, domain, campaignId);
}

/** `campaigns.ignored_pages` mirrors `campaign_ignored_pages` (the campaign's `ignoredPages` count). */
async function syncIgnored(q: Queryable, domain: DomainId, campaignId: string): Promise<void> {
  const s = schemaOf(domain);
  await q.query(
    `UPDATE ${s}.campaigns SET ignored_pages = coalesce((
       SELECT array_agg(i.page ORDER BY src.position, i.page) FROM ${s}.campaign_ignored_pages i
         JOIN ${s}.campaign_sources src ON src.id = i.source_id WHERE i.campaign_id = $1), '{}')
      WHERE id = $1`,
    [campaignId],
  );
}

const placeholders = (rows: number, cols: number, casts: readonly string[] = []): string =>
  Array.from(
    { length: rows },
    (_, r) => `(${Array.from({ length: cols }, (_, c) => `$${r * cols + c + 1}${casts[c] ?? ''}`).join(', ')})`,
  ).join(', ');

const DOC_CASTS = ['::uuid', '::uuid', '::uuid', '::uuid', '::int[]', '::uuid', '::text'];
const IGNORED_CASTS = ['::uuid', '::uuid', '::int', '::text'];

/** One batch: parts and ignored pages in one transaction, then `pages_split`. */
export async function storeBatch(
  db: Db,
  domain: DomainId,
  campaignId: string,
  sourceId: string,
  parts: readonly SplitPart[],
  ignored: readonly IgnoredPage[],
  pagesSplit: number,
): Promise<void> {
  const s = schemaOf(domain);
  await db.tx(async (q) => {
    // A campaign canceled while splitting stops here: nothing more is written for it.
    const { rows: held } = await q.query<{ status: string }>(
      `SELECT status FROM ${s}.campaigns WHERE id = $1 FOR UPDATE`,
      [campaignId],
    );
    if (held[0]?.status !== 'SPLITTING') throw new SplitStopped();
    const docs: unknown[] = [];
    const files: NewFile[] = [];
    for (const part of parts) {
      let fileId = part.fileId;
      if (part.bytes) {
        fileId = randomUUID();
        files.push({ id: fileId, name: part.name, bytes: part.bytes, sha256: part.sha256 });
      }
      docs.push(randomUUID(), campaignId, part.employeeId, fileId, part.pages, sourceId, part.identifier);
    }
    await insertFiles(q, domain, files);
    if (docs.length)
      await q.query(
        `INSERT INTO ${s}.dispatched_docs (id, campaign_id, employee_id, status, file_id, pages, source_id, identifier)
         SELECT v.id, v.campaign_id, v.employee_id, 'NEEDS_DISPATCHING', v.file_id, v.pages, v.source_id, v.identifier
           FROM (VALUES ${placeholders(docs.length / 7, 7, DOC_CASTS)}) AS v(id, campaign_id, employee_id, file_id, pages, source_id, identifier)`,
        docs,
      );
    if (ignored.length) {
      const values = ignored.flatMap((p) => [campaignId, sourceId, p.page, p.text]);
      await q.query(
        `INSERT INTO ${s}.campaign_ignored_pages (campaign_id, source_id, page, read_text)
         SELECT v.c, v.s, v.p, v.t FROM (VALUES ${placeholders(ignored.length, 4, IGNORED_CASTS)}) AS v(c, s, p, t)`,
        values,
      );
      await syncIgnored(q, domain, campaignId);
    }
    await q.query(`UPDATE ${s}.campaigns SET pages_split = $2 WHERE id = $1`, [campaignId, pagesSplit]);
  });
}
