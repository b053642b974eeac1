/**
 * Creating and editing organisations. The field rules are validation.ts's; the rest is here:
 * the parent must be visible (and, on edit, outside the organisation's own subtree), a SIRET is
 * used once per domain, payroll-managed organisations refuse identity edits, and the creator
 * keeps seeing what they created.
 */
import { randomUUID } from 'node:crypto';
import type { AutoVisuBody, Organization, OrganizationInput } from '../../../contract/entities.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { hasErrors, organizationFieldErrors } from '../../../contract/validation.ts';
import { isUuid, visibleOrgIds } from '../../auth/scope.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { type Db, type Queryable, schemaOf } from '../../db/db.ts';
import { ApiFailure, notFound } from '../../http/errors.ts';
import { frenchText } from '../../http/french.ts';
import { fieldsFailure, payrollManaged } from './failures.ts';
import { getOrganization } from './service.ts';
import { subtreeIds } from './tree.service.ts';

interface Clean {
  name: string;
  siret: string;
  street: string | null;
  zipCode: string | null;
  city: string;
  country: string | null;
  reference: string | null;
  billingReference: string | null;
  internalFolderCode: string | null;
}

const trimmed = (value: string | null | undefined): string | null => {
  const v = value?.trim() ?? '';
  return v === '' ? null : v;
};

/** The SIRET as stored and compared: no spaces, the Monegasque letter upper-case. */
export const compactSiret = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

function cleanInput(input: OrganizationInput): Clean {
  const errors = organizationFieldErrors(input);
  if (hasErrors(errors)) throw fieldsFailure(400, ERROR_KEYS.orgInvalid, errors);
  return {
    name: trimmed(input.name) ?? '',
    siret: compactSiret(input.siret ?? ''),
    street: trimmed(input.street),
    zipCode: trimmed(input.zipCode),
    city: trimmed(input.city) ?? '',
    country: trimmed(input.country) ?? 'France',
    reference: trimmed(input.reference),
    billingReference: trimmed(input.billingReference),
    internalFolderCode: trimmed(input.internalFolderCode),
  };
}

/** Fails with 409 when another organisation of the domain holds this SIRET. Call inside the transaction. */
async function assertSiretFree(q: Queryable, session: SessionContext, siret: string, self: string | null) {
  const s = schemaOf(session.domain);
  // Serialises concurrent creations of the same SIRET without a unique index (see migration 0004).
  await q.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`${s}:siret:${siret}`]);
  const { rows } = await q.query<{ id: string }>(
    `SELECT id FROM ${s}.organizations WHERE upper(replace(siret, ' ', '')) = $1 AND ($2::uuid IS NULL OR id <> $2)
      LIMIT 1`,
    [siret, self],
  );
  if (rows[0]) throw fieldsFailure(409, ERROR_KEYS.orgSiretTaken, { siret: ERROR_KEYS.orgSiretTaken });
}

/** When the creator's access does not reach `orgId` through an ancestor, they get their own access row. */
async function ensureVisible(q: Queryable, session: SessionContext, orgId: string): Promise<void> {
  if ((await visibleOrgIds(q, session)).includes(orgId)) return;
  await grantSubtree(q, session, orgId);
}

async function grantSubtree(q: Queryable, session: SessionContext, orgId: string): Promise<void> {
  await q.query(
    `INSERT INTO directory.user_org_access (user_id, domain, org_id, is_root, include_children)
     VALUES ($1, $2, $3, false, true)
     ON CONFLICT (user_id, domain, org_id) DO UPDATE SET include_children = true`,
    [session.userId, session.domain, orgId],
  );
}

export async function createOrganization(
  db: Pick<Db, 'tx'>,
  session: SessionContext,
  input: OrganizationInput,
): Promise<Organization> {
  const clean = cleanInput(input);
  const parentId = trimmed(input.parentId);
  return db.tx(async (q) => {
    if (parentId !== null) {
      const visible = await visibleOrgIds(q, session);
      if (!isUuid(parentId) || !visible.includes(parentId)) throw notFound();
    }
    await assertSiretFree(q, session, clean.siret, null);
    const id = randomUUID();
    const s = schemaOf(session.domain);
    await q.query(
      `INSERT INTO ${s}.organizations (id, name, siret, street, zip_code, city, country, parent_id, reference,
         billing_reference, internal_folder_code, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        id,
        clean.name,
        clean.siret,
        clean.street,
        clean.zipCode,
        clean.city,
        clean.country,
        parentId,
        clean.reference,
        clean.billingReference,
        clean.internalFolderCode,
        session.userId,
      ],
    );
    await ensureVisible(q, session, id);
    return getOrganization(q, session, id);
  });
}

export async function updateOrganization(
  db: Pick<Db, 'tx'>,
  session: SessionContext,
  id: string,
  input: OrganizationInput,
): Promise<Organization> {
  return db.tx(async (q) => {
    const visible = await visibleOrgIds(q, session);
    if (!isUuid(id) || !visible.includes(id)) throw notFound();
    const s = schemaOf(session.domain);
    const { rows } = await q.query<{ parent_id: string | null; paye_domain_id: string | null }>(
      `SELECT parent_id, paye_domain_id FROM ${s}.organizations WHERE id = $1 FOR UPDATE`,
      [id],
    );
    const current = rows[0];
    if (!current) throw notFound();
    if (current.paye_domain_id !== null) throw payrollManaged();
    const clean = cleanInput(input);
    // Absent keeps the parent; null makes the organisation top-level.
    const parentId = input.parentId === undefined ? current.parent_id : trimmed(input.parentId);
    // Moved (or made top-level, a company of its own): only by someone who sees where it is taken from.
    // One who sees a branch alone would otherwise detach it from its company and out of its administrators' sight.
    if (parentId !== current.parent_id && current.parent_id !== null && !visible.includes(current.parent_id))
      throw new ApiFailure(403, ERROR_KEYS.orgParentOutOfReach, frenchText(ERROR_KEYS.orgParentOutOfReach), undefined, {
        parentId: ERROR_KEYS.orgParentOutOfReach,
      });
    if (parentId !== null && parentId !== current.parent_id) {
      if (!isUuid(parentId) || !visible.includes(parentId)) throw notFound();
      if ((await subtreeIds(q, session, id)).includes(parentId)) throw new ApiFailure(400, ERROR_KEYS.orgParentCycle);
    }
    await assertSiretFree(q, session, clean.siret, id);
    await q.query(
      `UPDATE ${s}.organizations SET name = $2, siret = $3, street = $4, zip_code = $5, city = $6, country = $7,
         parent_id = $8, reference = $9, billing_reference = $10, internal_folder_code = $11, updated_at = now()
       WHERE id = $1`,
      [
        id,
        clean.name,
        clean.siret,
        clean.street,
        clean.zipCode,
        clean.city,
        clean.country,
        parentId,
        clean.reference,
        clean.billingReference,
        clean.internalFolderCode,
      ],
    );
    await ensureVisible(q, session, id);
    return getOrganization(q, session, id);
  });
}

/**
 * Visibility on an organisation the user created (and its subtree), e.g. after an access change
 * hid it. Someone else's organisation is answered as it is when visible, else 404.
 */
export async function autoVisu(db: Pick<Db, 'tx'>, session: SessionContext, body: AutoVisuBody): Promise<Organization> {
  return db.tx(async (q) => {
    if (!isUuid(body.orgId)) throw notFound();
    const s = schemaOf(session.domain);
    const { rows } = await q.query<{ created_by: string | null }>(
      `SELECT created_by FROM ${s}.organizations WHERE id = $1`,
      [body.orgId],
    );
    const row = rows[0];
    if (!row) throw notFound();
    if (row.created_by === session.userId) {
      const visible = new Set(await visibleOrgIds(q, session));
      const hidden = (await subtreeIds(q, session, body.orgId)).some((id) => !visible.has(id));
      if (hidden) await grantSubtree(q, session, body.orgId);
    }
    return getOrganization(q, session, body.orgId);
  });
}
