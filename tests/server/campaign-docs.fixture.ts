/**
 * Test campaigns inserted straight into a seeded database (the way the split job leaves them):
 * a campaign in a chosen status with its machine snapshot, documents with stored PDF parts, and
 * optional sources with ignored pages. Real rows, real PDFs; no mocks.
 */
import { createHash, randomUUID } from 'node:crypto';
import { persist, snapshotFor } from '../../machines/campaign/index.ts';
import type { CampaignStatus } from '../../src/contract/enums.ts';
import type { Queryable } from '../../src/server/db/db.ts';
import { findOrg } from '../../src/server/db/seed/orgs.ts';
import { minimalPdf } from '../../src/server/db/seed/pdf.ts';
import { composePdf } from '../../src/server/pdf/compose.ts';

export interface DocSpec {
  readonly employeeId: string | null;
  readonly status: string;
  readonly failureCause?: string | null;
  readonly withFile?: boolean;
}

export async function storeFile(q: Queryable, bytes: Uint8Array, name = 'part.pdf', s = 'dom_main'): Promise<string> {
  const id = randomUUID();
  await q.query(
    `INSERT INTO ${s}.files (id, name, mime, size, sha256, content) VALUES ($1, $2, 'application/pdf', $3, $4, $5)`,
    [id, name, bytes.length, createHash('sha256').update(bytes).digest('hex'), bytes],
  );
  return id;
}

/** A PDF of `n` pages, page i reading `${label} i`. */
export const pagesPdf = (n: number, label = 'Page'): Promise<Uint8Array> =>
  composePdf(Array.from({ length: n }, (_, i) => ({ bytes: minimalPdf([`${label} ${i + 1}`]) })));

/** Active employees of a demo organisation, by name order. */
export async function employeesOf(q: Queryable, orgName: string, n: number, s = 'dom_main'): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT e.id FROM ${s}.employees e JOIN ${s}.employee_organizations eo ON eo.employee_id = e.id
      WHERE eo.organization_id = $1 AND eo.active ORDER BY e.sort_name, e.sort_first, e.id LIMIT $2`,
    [findOrg(s === 'dom_main' ? 'main' : 'legacy', orgName).id, n],
  );
  return rows.map((r) => r.id);
}

export async function insertCampaign(
  q: Queryable,
  spec: {
    orgName: string;
    status: CampaignStatus;
    canRetry?: boolean;
    canDelete?: boolean;
    docs: readonly DocSpec[];
    name?: string;
  },
): Promise<{ campaignId: string; docIds: string[] }> {
  const campaignId = randomUUID();
  const snapshot = snapshotFor(spec.status, { canRetry: spec.canRetry ?? false, canDelete: spec.canDelete ?? false });
  await q.query(
    `INSERT INTO dom_main.campaigns (id, organization_id, name, doc_name, status, machine_state, doc_type_code,
       can_retry, can_delete, recipients_count)
     VALUES ($1, $2, $3, 'Bulletin de paie', $4, $5::jsonb, 'BULLETIN_PAIE', $6, $7, $8)`,
    [
      campaignId,
      findOrg('main', spec.orgName).id,
      spec.name ?? `Campagne de test ${campaignId.slice(0, 8)}`,
      spec.status,
      JSON.stringify(persist(snapshot)),
      snapshot.context.canRetry,
      snapshot.context.canDelete,
      spec.docs.length,
    ],
  );
  const docIds: string[] = [];
  for (const [i, d] of spec.docs.entries()) {
    const id = randomUUID();
    const fileId = d.withFile === false ? null : await storeFile(q, minimalPdf([`Bulletin ${i + 1}`]));
    await q.query(
      `INSERT INTO dom_main.dispatched_docs (id, campaign_id, employee_id, status, failure_cause, file_id, pages)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [id, campaignId, d.employeeId, d.status, d.failureCause ?? null, fileId, [i + 1]],
    );
    docIds.push(id);
  }
  return { campaignId, docIds };
}
