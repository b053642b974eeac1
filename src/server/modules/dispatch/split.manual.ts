/**
 * Manual campaigns (no mask): every source file goes WHOLE to every recipient — the chosen employees
 * and the active members of the chosen groups — one dispatched document per (recipient, file),
 * sharing the source's stored file (no copy).
 */
import type { DomainId } from '../../../contract/constants.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { pageCountInWorker } from '../../pdf/worker/calls.ts';
import type { SourceRun } from './split.source.ts';
import { PARTS_PER_TX, type SplitPart, storeBatch } from './split.store.ts';

export async function manualRecipients(
  q: Queryable,
  domain: DomainId,
  campaignId: string,
  orgIds: readonly string[],
): Promise<string[]> {
  const s = schemaOf(domain);
  const { rows } = await q.query<{ id: string }>(
    `SELECT id FROM (
       SELECT unnest(c.emp_ids) AS id FROM ${s}.campaigns c WHERE c.id = $1
       UNION
       SELECT m.employee_id FROM ${s}.campaigns c
         JOIN ${s}.employee_group_members m ON m.group_id = ANY(c.group_ids)
         JOIN ${s}.employees e ON e.id = m.employee_id
        WHERE c.id = $1 AND e.active_org_ids && $2::uuid[]
     ) r ORDER BY id`,
    [campaignId, orgIds],
  );
  return rows.map((r) => r.id);
}

/** Returns the source's page count (the file is checked: a bad PDF throws `PdfProblem`). */
export async function splitManualSource(run: SourceRun, recipients: readonly string[]): Promise<number> {
  const pages = await pageCountInWorker(run.bytes);
  await run.opened(pages);
  const all = Array.from({ length: pages }, (_, i) => i + 1);
  for (let from = 0; from < recipients.length || from === 0; from += PARTS_PER_TX) {
    const parts: SplitPart[] = recipients.slice(from, from + PARTS_PER_TX).map((employeeId) => ({
      employeeId,
      pages: all,
      identifier: null,
      fileId: run.source.file_id,
      name: run.source.name,
    }));
    const done = from + PARTS_PER_TX >= recipients.length;
    await storeBatch(
      run.db,
      run.domain,
      run.campaignId,
      run.source.id,
      parts,
      [],
      run.pagesBefore + (done ? pages : 0),
    );
    run.progressed();
    if (done) break;
  }
  return pages;
}
