/**
 * The campaign rules of seed 000 §5, checked against the database before anything is written:
 * a type with a mask for automatic recipients, none for manual ones, at least one document, chosen
 * employees, groups, documents and users visible to the session, and manual recipients with e-mail.
 */
import type { CampaignCreateJson } from '../../../contract/entities.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { isUuid } from '../../auth/scope.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { ApiFailure, notFound } from '../../http/errors.ts';
import { notifiableUsers } from '../organization/conf.service.ts';
import { param, visibleIdsWhere, whereSql } from '../documents/query.ts';

type Session = SessionContext;

const fieldFailure = (key: string, field: string, errors?: readonly string[]) =>
  new ApiFailure(400, key, undefined, errors, { [field]: key });

/** Document types that have a mask for `orgId` or one of its ancestors. */
export async function maskedTypes(q: Queryable, session: Session, codes: readonly string[]): Promise<Set<string>> {
  const s = schemaOf(session.domain);
  const { rows } = await q.query<{ doc_type: string }>(
    `WITH RECURSIVE up(id) AS (
       SELECT $1::uuid
       UNION ALL
       SELECT o.parent_id FROM ${s}.organizations o JOIN up ON o.id = up.id WHERE o.parent_id IS NOT NULL
     )
     SELECT DISTINCT m.doc_type FROM ${s}.masks m JOIN up ON m.org_id = up.id WHERE m.doc_type = ANY($2::text[])`,
    [session.currentOrgId, codes],
  );
  return new Set(rows.map((r) => r.doc_type));
}

export async function checkDocTypes(
  q: Queryable,
  session: Session,
  codes: readonly string[],
  automatic: boolean,
): Promise<void> {
  const distinct = [...new Set(codes)];
  const { rows } = await q.query<{ code: string }>(
    `SELECT code FROM ${schemaOf(session.domain)}.doc_types WHERE code = ANY($1::text[])`,
    [distinct],
  );
  if (rows.length !== distinct.length) throw fieldFailure(ERROR_KEYS.badRequest, 'docTypeCode');
  const masked = await maskedTypes(q, session, distinct);
  if (automatic && distinct.some((code) => !masked.has(code)))
    throw fieldFailure(ERROR_KEYS.campaignMaskRequired, 'docTypeCode');
  if (!automatic && distinct.some((code) => masked.has(code)))
    throw fieldFailure(ERROR_KEYS.campaignManualWithMask, 'docTypeCode');
}

export interface SafeDocument {
  readonly id: string;
  readonly fileId: string;
  readonly typeCode: string;
  readonly name: string;
}

/**
 * Documents already in the safe (`docIds`), each one the session sees — in an organisation it sees
 * and let through by its access rules (the archive's predicate) — and holding a file; else 404.
 */
export async function safeDocuments(
  q: Queryable,
  session: Session,
  visible: readonly string[],
  docIds: readonly string[],
): Promise<SafeDocument[]> {
  if (!docIds.length) return [];
  const ids = [...new Set(docIds.map((id) => id.toLowerCase()))];
  if (!ids.every(isUuid)) throw notFound();
  const where = await visibleIdsWhere(q, session, ids);
  where.conditions.push(`d.organization_id = ANY(${param(where, visible)}::uuid[])`);
  const { rows } = await q.query<{ id: string; file_id: string | null; type_code: string; description: string }>(
    `SELECT d.id, d.file_id, d.type_code, d.description FROM ${where.schema}.documents d WHERE ${whereSql(where)}`,
    where.params,
  );
  if (rows.length !== ids.length) throw notFound();
  if (rows.some((r) => r.file_id === null)) throw fieldFailure(ERROR_KEYS.campaignNoDocument, 'docIds');
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const r = byId.get(id)!;
    return { id, fileId: r.file_id!, typeCode: r.type_code, name: r.description };
  });
}

interface Recipient {
  id: string;
  name: string;
  first_name: string;
  email: string | null;
}

/**
 * The recipients chosen by hand: employees ∪ members of the groups (active in a visible
 * organisation). A foreign employee or group is a 404, as everywhere else.
 */
export async function chosenRecipients(
  q: Queryable,
  session: Session,
  visible: readonly string[],
  json: Pick<CampaignCreateJson, 'empIds' | 'groupIds'>,
): Promise<Recipient[]> {
  const s = schemaOf(session.domain);
  const empIds = [...new Set(json.empIds)];
  const groupIds = [...new Set(json.groupIds)];
  if (!empIds.every(isUuid) || !groupIds.every(isUuid)) throw notFound();
  const { rows: employees } = await q.query<Recipient>(
    `SELECT id, name, first_name, nullif(trim(email), '') AS email FROM ${s}.employees
      WHERE id = ANY($1::uuid[]) AND org_ids && $2::uuid[]`,
    [empIds, visible],
  );
  if (employees.length !== empIds.length) throw notFound();
  const { rows: groups } = await q.query<{ id: string }>(
    `SELECT id FROM ${s}.employee_groups WHERE id = ANY($1::uuid[]) AND org_id = ANY($2::uuid[])`,
    [groupIds, visible],
  );
  if (groups.length !== groupIds.length) throw notFound();
  const { rows: members } = await q.query<Recipient>(
    `SELECT DISTINCT e.id, e.name, e.first_name, nullif(trim(e.email), '') AS email
       FROM ${s}.employee_group_members m JOIN ${s}.employees e ON e.id = m.employee_id
      WHERE m.group_id = ANY($1::uuid[]) AND e.active_org_ids && $2::uuid[]`,
    [groupIds, visible],
  );
  const all = new Map<string, Recipient>();
  for (const r of [...employees, ...members]) all.set(r.id, r);
  return [...all.values()];
}

/** Manual recipients: at least one, and every one reachable by e-mail (the names are listed). */
export function checkManualRecipients(recipients: readonly Recipient[]): void {
  if (!recipients.length) throw fieldFailure(ERROR_KEYS.campaignNoRecipient, 'empIds');
  const without = recipients
    .filter((r) => !r.email)
    .map((r) => `${r.first_name} ${r.name}`)
    .sort((a, b) => a.localeCompare(b, 'fr'));
  if (without.length) throw fieldFailure(ERROR_KEYS.campaignRecipientWithoutEmail, 'empIds', without);
}

/**
 * Everyone to notify sees the campaign's organisation (creation: the current one; an update: the
 * campaign's own), else 400 on `usersToNotify` and nothing is written.
 */
export async function checkUsersToNotify(
  q: Queryable,
  session: Pick<Session, 'domain'>,
  userIds: readonly string[],
  orgId: string,
): Promise<void> {
  if (!userIds.length) return;
  const allowed = new Set((await notifiableUsers(q, session, orgId)).map((u) => u.id));
  if (userIds.some((id) => !allowed.has(id))) throw fieldFailure(ERROR_KEYS.orgUserNotVisible, 'usersToNotify');
}
