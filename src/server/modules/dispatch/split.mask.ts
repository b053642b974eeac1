/** What the split job needs to know about a campaign's organisation: its mask per document type, its employees' orgs. */
import type { DomainId } from '../../../contract/constants.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import type { Identifier, Zone } from '../../pdf/index.ts';

export interface SplitMask {
  identifier: Identifier;
  grouping: 'onePerPage' | 'consecutivePages';
  zone: Zone;
}

/** The mask of `docType` of the campaign's organisation, else of its nearest ancestor that has one. */
export async function maskFor(
  q: Queryable,
  domain: DomainId,
  orgId: string,
  docType: string,
): Promise<SplitMask | null> {
  const s = schemaOf(domain);
  const { rows } = await q.query<SplitMask>(
    `WITH RECURSIVE up(id, parent_id, depth) AS (
       SELECT id, parent_id, 0 FROM ${s}.organizations WHERE id = $1
       UNION ALL SELECT o.id, o.parent_id, up.depth + 1 FROM ${s}.organizations o JOIN up ON o.id = up.parent_id
     )
     SELECT m.identifier, m.grouping, m.zone FROM ${s}.masks m JOIN up ON up.id = m.org_id
      WHERE m.doc_type = $2 ORDER BY up.depth, m.created_at DESC LIMIT 1`,
    [orgId, docType],
  );
  return rows[0] ?? null;
}

/** The organisation and its descendants, nearest first (whose employees a campaign can reach). */
export async function orgSubtree(q: Queryable, domain: DomainId, orgId: string): Promise<string[]> {
  const s = schemaOf(domain);
  const { rows } = await q.query<{ id: string }>(
    `WITH RECURSIVE t(id, depth) AS (
       SELECT id, 0 FROM ${s}.organizations WHERE id = $1
       UNION ALL SELECT c.id, t.depth + 1 FROM ${s}.organizations c JOIN t ON c.parent_id = t.id
     ) SELECT id FROM t ORDER BY depth, id`,
    [orgId],
  );
  return rows.map((r) => r.id);
}
