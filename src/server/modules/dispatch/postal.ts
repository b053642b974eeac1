/**
 * Paper dispatch, SIMULATED (seed 000 §4: PAPER_DISPATCHED counts as dispatched). No print
 * provider is connected: a document of an employee who asked for paper (`employees.paper_dispatch`,
 * migration 0011) is marked POSTED the day the job handles it, and a postal-information refresh
 * (`GET /dispatch/{id}/editiqueInfos`) moves posted letters to RECEIVED once `DELIVERY_DAYS` have
 * passed, dating the reception. Nothing else (print, fold, return) is simulated.
 */
import type { DomainId } from '../../../contract/constants.ts';
import type { EditiqueInfos } from '../../../contract/dispatch.ts';
import type { PostalStatus } from '../../../contract/enums.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { visibleCampaignRow } from './read.service.ts';

/** Simulated postal delay between posting and reception. */
export const DELIVERY_DAYS = 2;
const isoDay = (d: Date): string => d.toISOString().slice(0, 10);

/** The postal record of a letter posted today (jsonb text for `dispatched_docs.postal`). */
export const paperPosted = (now: Date = new Date()): string =>
  JSON.stringify({
    status: 'POSTED',
    dispatchDate: isoDay(now),
    receptionDate: null,
    returnDate: null,
    foldStatus: 'PLI_STANDARD',
  });

/** Letters posted `DELIVERY_DAYS` ago or more are received (dated dispatch + delay); returns how many moved. */
export async function advancePostal(q: Queryable, domain: DomainId, campaignId: string, now = new Date()) {
  const { rows } = await q.query(
    `UPDATE ${schemaOf(domain)}.dispatched_docs d
        SET postal = d.postal || jsonb_build_object('status', 'RECEIVED',
              'receptionDate', to_char((d.postal->>'dispatchDate')::date + $3::int, 'YYYY-MM-DD')),
            updated_at = now()
      WHERE d.campaign_id = $1 AND d.postal->>'status' = 'POSTED'
        AND (d.postal->>'dispatchDate')::date + $3::int <= $2::date RETURNING d.id`,
    [campaignId, isoDay(now), DELIVERY_DAYS],
  );
  return rows.length;
}

interface PostalRow {
  id: string;
  recipient_name: string | null;
  postal: null | {
    status: PostalStatus;
    dispatchDate: string | null;
    receptionDate: string | null;
    returnDate: string | null;
    foldStatus: string | null;
  };
}

export async function editiqueInfos(
  db: Queryable,
  session: Pick<SessionContext, 'userId' | 'domain'>,
  campaignId: string,
  now = new Date(),
): Promise<EditiqueInfos> {
  await visibleCampaignRow(db, session, campaignId);
  const s = schemaOf(session.domain);
  await advancePostal(db, session.domain, campaignId, now);
  const { rows } = await db.query<PostalRow>(
    `SELECT d.id, CASE WHEN e.id IS NULL THEN NULL ELSE e.first_name || ' ' || e.name END AS recipient_name, d.postal
       FROM ${s}.dispatched_docs d LEFT JOIN ${s}.employees e ON e.id = d.employee_id
      WHERE d.campaign_id = $1 AND (d.postal IS NOT NULL OR d.status = 'PAPER_DISPATCHED')
      ORDER BY e.sort_name NULLS LAST, e.sort_first, d.id`,
    [campaignId],
  );
  const byStatus: Record<string, number> = {};
  const documents = rows.map((r) => {
    const p: Partial<PostalRow['postal']> = r.postal ?? { status: 'PENDING' };
    const status = p.status ?? 'PENDING';
    byStatus[status] = (byStatus[status] ?? 0) + 1;
    return {
      id: r.id,
      recipientName: r.recipient_name,
      status,
      dispatchDate: p.dispatchDate ?? null,
      receptionDate: p.receptionDate ?? null,
      returnDate: p.returnDate ?? null,
      foldStatus: p.foldStatus ?? null,
    };
  });
  return {
    campaignId,
    paperCount: rows.length,
    byStatus,
    documents,
    refreshedAt: new Date(now.getTime() - (now.getTime() % 1000)).toISOString(),
    simulated: true,
  };
}
