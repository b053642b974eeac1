/** Organisations, always through `visibleOrgIds`: an id the session cannot see is a 404. */
import type { Organization, OrganizationSearchBody } from '../../../contract/entities.ts';
import { LIMITS } from '../../../contract/constants.ts';
import { isUuid, visibleOrgIds } from '../../auth/scope.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { likeContains } from '../../db/like.ts';
import { notFound } from '../../http/errors.ts';

export interface OrgRow {
  id: string;
  name: string;
  siret: string;
  street: string | null;
  zip_code: string | null;
  city: string;
  country: string | null;
  parent_id: string | null;
  reference: string | null;
  billing_reference: string | null;
  internal_folder_code: string | null;
  paye_domain_id: string | null;
  children_count: number;
}

export const toOrganization = (r: OrgRow): Organization => ({
  id: r.id,
  name: r.name,
  siret: r.siret,
  street: r.street,
  zipCode: r.zip_code,
  city: r.city,
  country: r.country,
  parentId: r.parent_id,
  reference: r.reference,
  billingReference: r.billing_reference,
  internalFolderCode: r.internal_folder_code,
  payeDomainId: r.paye_domain_id,
  isRoot: r.parent_id === null,
  childrenCount: r.children_count,
});

/** Columns of `Organization`; `$1` must be the visible ids (children are counted among them). */
export const columns = (s: string) => `o.id, o.name, o.siret, o.street, o.zip_code, o.city, o.country, o.parent_id,
  o.reference, o.billing_reference, o.internal_folder_code, o.paye_domain_id,
  (SELECT count(*)::int FROM ${s}.organizations c WHERE c.parent_id = o.id AND c.id = ANY($1::uuid[])) AS children_count`;

/** Folds case and the common French accents, so "societe" finds "Société". */
export const folded = (expr: string) =>
  `translate(lower(${expr}), 'àâäáãéèêëíìîïóòôöõúùûüçñÿ', 'aaaaaeeeeiiiiooooouuuucny')`;

export async function getOrganization(db: Queryable, session: SessionContext, id: string): Promise<Organization> {
  const visible = await visibleOrgIds(db, session);
  if (!isUuid(id) || !visible.includes(id)) throw notFound();
  const s = schemaOf(session.domain);
  const { rows } = await db.query<OrgRow>(`SELECT ${columns(s)} FROM ${s}.organizations o WHERE o.id = $2`, [
    visible,
    id,
  ]);
  const row = rows[0];
  if (!row) throw notFound();
  return toOrganization(row);
}

/** Visible ancestors, from the top down; the invisible ones are left out rather than revealed. */
export async function ancestors(db: Queryable, session: SessionContext, id: string): Promise<Organization[]> {
  const visible = await visibleOrgIds(db, session);
  if (!isUuid(id) || !visible.includes(id)) throw notFound();
  const s = schemaOf(session.domain);
  const { rows } = await db.query<OrgRow & { depth: number }>(
    `WITH RECURSIVE up(id, depth) AS (
       SELECT parent_id, 1 FROM ${s}.organizations WHERE id = $2 AND parent_id IS NOT NULL
       UNION ALL
       SELECT o.parent_id, up.depth + 1 FROM ${s}.organizations o JOIN up ON o.id = up.id WHERE o.parent_id IS NOT NULL
     )
     SELECT ${columns(s)}, up.depth FROM up JOIN ${s}.organizations o ON o.id = up.id
      WHERE o.id = ANY($1::uuid[]) ORDER BY up.depth DESC`,
    [visible, id],
  );
  return rows.map(toOrganization);
}

export async function eligible(db: Queryable, session: SessionContext): Promise<Organization[]> {
  const visible = await visibleOrgIds(db, session);
  const s = schemaOf(session.domain);
  const { rows } = await db.query<OrgRow>(
    `SELECT ${columns(s)} FROM ${s}.organizations o WHERE o.id = ANY($1::uuid[]) ORDER BY o.name, o.id`,
    [visible],
  );
  return rows.map(toOrganization);
}

export async function search(
  db: Queryable,
  session: SessionContext,
  body: OrganizationSearchBody,
): Promise<{ count: number; items: Organization[] }> {
  const visible = await visibleOrgIds(db, session);
  const s = schemaOf(session.domain);
  const term = body.search?.trim() ? likeContains(body.search.trim().toLowerCase()) : null;
  const where = `o.id = ANY($1::uuid[]) AND ($2::text IS NULL
      OR ${folded('o.name')} LIKE ${folded('$2::text')}
      OR replace(o.siret, ' ', '') LIKE replace($2::text, ' ', '')
      OR lower(coalesce(o.reference, '')) LIKE $2::text)`;
  const { rows: counted } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${s}.organizations o WHERE ${where}`,
    [visible, term],
  );
  const { rows } = await db.query<OrgRow>(
    `SELECT ${columns(s)} FROM ${s}.organizations o WHERE ${where} ORDER BY o.name, o.id OFFSET $3 LIMIT $4`,
    [visible, term, body.offset ?? 0, body.limit ?? LIMITS.defaultPageSize],
  );
  return { count: counted[0]?.n ?? 0, items: rows.map(toOrganization) };
}
