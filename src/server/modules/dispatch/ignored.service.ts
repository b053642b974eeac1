/**
 * Ignored pages (issue 15 §2): pages of a source whose identifier matched nobody. The campaign page
 * lists them with what was read on each (`campaign_ignored_pages.read_text`) and, before validation,
 * gives one to an employee: the page is cut from its source into a part file and becomes a pending
 * document of that employee (NEEDS_DISPATCHING, identifier = what was read), the ignored page goes,
 * and the campaign's counters (`ignored_pages`, `recipients_count`) follow in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import type { AssignIgnoredPageBody, IgnoredPagesAnswer } from '../../../contract/dispatch.ts';
import type { Campaign } from '../../../contract/entities.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { isUuid, visibleOrgIds } from '../../auth/scope.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { insertFiles, readFile } from '../../files/store.ts';
import { ApiFailure } from '../../http/errors.ts';
import type { Deps } from '../../http/routes.ts';
import { composePdf } from '../../pdf/compose.ts';
import { campaignById } from './campaign.repo.ts';
import { publishCampaign } from './push.ts';
import { visibleCampaignRow } from './read.service.ts';
import { orgSubtree } from './split.mask.ts';

type Session = Pick<SessionContext, 'userId' | 'domain'>;

export async function listIgnoredPages(
  q: Queryable,
  session: Session,
  campaignId: string,
): Promise<IgnoredPagesAnswer> {
  await visibleCampaignRow(q, session, campaignId);
  const s = schemaOf(session.domain);
  const { rows } = await q.query<{ source_id: string; source_name: string; page: number; read_text: string }>(
    `SELECT i.source_id, src.name AS source_name, i.page, i.read_text
       FROM ${s}.campaign_ignored_pages i JOIN ${s}.campaign_sources src ON src.id = i.source_id
      WHERE i.campaign_id = $1 ORDER BY src.position, i.page`,
    [campaignId],
  );
  return {
    items: rows.map((r) => ({ sourceId: r.source_id, sourceName: r.source_name, page: r.page, readText: r.read_text })),
  };
}

export async function assignIgnoredPage(
  deps: Deps,
  session: Session,
  campaignId: string,
  body: AssignIgnoredPageBody,
): Promise<Campaign> {
  const s = schemaOf(session.domain);
  if (!isUuid(body.employeeId) || !isUuid(body.sourceId)) throw new ApiFailure(404, ERROR_KEYS.notFound);
  await deps.db.tx(async (q) => {
    const row = await visibleCampaignRow(q, session, campaignId, true);
    // Only before validation: after it, the documents are the distribution's.
    if (row.status !== 'NEEDS_VALIDATION') throw new ApiFailure(409, ERROR_KEYS.illegalTransition);
    const { rows: pages } = await q.query<{ read_text: string; file_id: string; name: string }>(
      `SELECT i.read_text, src.file_id, src.name FROM ${s}.campaign_ignored_pages i
         JOIN ${s}.campaign_sources src ON src.id = i.source_id
        WHERE i.campaign_id = $1 AND i.source_id = $2 AND i.page = $3 FOR UPDATE OF i`,
      [campaignId, body.sourceId, body.page],
    );
    const page = pages[0];
    if (!page) throw new ApiFailure(404, ERROR_KEYS.notFound);
    // An employee of the campaign's organisation (or below) that the session sees, as the split would match.
    const visible = await visibleOrgIds(q, session);
    const subtree = (await orgSubtree(q, session.domain, row.organization_id)).filter((id) => visible.includes(id));
    const { rows: employees } = await q.query<{ id: string }>(
      `SELECT e.id FROM ${s}.employees e WHERE e.id = $1 AND EXISTS (SELECT 1 FROM ${s}.employee_organizations eo
          WHERE eo.employee_id = e.id AND eo.organization_id = ANY($2::uuid[]))`,
      [body.employeeId, subtree],
    );
    if (!employees[0]) throw new ApiFailure(404, ERROR_KEYS.notFound);
    const source = await readFile(q, session.domain, page.file_id);
    if (!source) throw new ApiFailure(404, ERROR_KEYS.campaignDocWithoutFile);
    const bytes = await composePdf([{ bytes: source.bytes, pages: [body.page] }]);
    const fileId = randomUUID();
    await insertFiles(q, session.domain, [{ id: fileId, name: `${page.name}-p${body.page}.pdf`, bytes }]);
    await q.query(
      `INSERT INTO ${s}.dispatched_docs (id, campaign_id, employee_id, status, file_id, pages, source_id, identifier)
       VALUES ($1, $2, $3, 'NEEDS_DISPATCHING', $4, $5::int[], $6, $7)`,
      [randomUUID(), campaignId, body.employeeId, fileId, [body.page], body.sourceId, page.read_text || null],
    );
    await q.query(`DELETE FROM ${s}.campaign_ignored_pages WHERE source_id = $1 AND page = $2`, [
      body.sourceId,
      body.page,
    ]);
    await q.query(
      `UPDATE ${s}.campaigns c SET
         ignored_pages = coalesce((SELECT array_agg(i.page ORDER BY src.position, i.page) FROM ${s}.campaign_ignored_pages i
           JOIN ${s}.campaign_sources src ON src.id = i.source_id WHERE i.campaign_id = c.id), '{}'),
         recipients_count = (SELECT count(DISTINCT employee_id)::int FROM ${s}.dispatched_docs d WHERE d.campaign_id = c.id)
       WHERE c.id = $1`,
      [campaignId],
    );
  });
  await publishCampaign(deps, session.domain, campaignId);
  const campaign = await campaignById(deps.db, session.domain, campaignId);
  if (!campaign) throw new ApiFailure(404, ERROR_KEYS.notFound);
  return campaign;
}
