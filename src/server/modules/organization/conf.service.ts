/**
 * Organisation configuration: distribution mode, users to notify (only users who see the
 * organisation), signature subscription, a specific stylesheet (https only) and the document
 * types the organisation uses (`doc_type_conf`: `[{code, enabled}]`; a type not listed is enabled).
 */
import type { NotifiableUser, OrgDocTypeConf, OrganizationConf } from '../../../contract/entities.ts';
import type { DistributionMode } from '../../../contract/enums.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { VALIDATION_KEYS } from '../../../contract/validation.ts';
import { isUuid, visibleOrgIds } from '../../auth/scope.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { type Db, type Queryable, schemaOf } from '../../db/db.ts';
import { notFound } from '../../http/errors.ts';
import { maskedDocTypes } from '../masks/service.ts';
import { fieldsFailure } from './failures.ts';

interface ConfRow {
  distribution_mode: DistributionMode;
  users_to_notify: string[];
  subscribe_to_signature: boolean;
  extra_options: { specificCSSUrl?: string };
  doc_type_conf: { code: string; enabled: boolean }[];
}

async function assertVisible(q: Queryable, session: SessionContext, id: string): Promise<void> {
  if (!isUuid(id) || !(await visibleOrgIds(q, session)).includes(id)) throw notFound();
}

/** Users whose access reaches the organisation: a row on it, or an including row on an ancestor. */
export async function notifiableUsers(
  q: Queryable,
  session: Pick<SessionContext, 'domain'>,
  orgId: string,
): Promise<NotifiableUser[]> {
  const s = schemaOf(session.domain);
  const { rows } = await q.query<{ id: string; first_name: string; last_name: string; email: string | null }>(
    `WITH RECURSIVE up(id, depth) AS (
       SELECT $1::uuid, 0
       UNION ALL
       SELECT o.parent_id, up.depth + 1 FROM ${s}.organizations o JOIN up ON o.id = up.id WHERE o.parent_id IS NOT NULL
     )
     SELECT DISTINCT u.id, u.first_name, u.last_name, u.email
       FROM up JOIN directory.user_org_access a ON a.org_id = up.id AND a.domain = $2
       JOIN directory.users u ON u.id = a.user_id
      WHERE up.depth = 0 OR a.include_children
      ORDER BY u.last_name, u.first_name, u.id`,
    [orgId, session.domain],
  );
  return rows.map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, email: r.email }));
}

async function docTypes(q: Queryable, session: SessionContext, stored: ConfRow['doc_type_conf']) {
  const s = schemaOf(session.domain);
  const { rows } = await q.query<{ code: string; label: string }>(
    `SELECT code, label FROM ${s}.doc_types ORDER BY label, code`,
  );
  const enabled = new Map(stored.map((d) => [d.code, d.enabled]));
  return rows.map((r): Omit<OrgDocTypeConf, 'hasMask'> => ({
    code: r.code,
    label: r.label,
    enabled: enabled.get(r.code) ?? true,
  }));
}

async function confRow(q: Queryable, session: SessionContext, id: string): Promise<ConfRow> {
  const s = schemaOf(session.domain);
  const { rows } = await q.query<ConfRow>(
    `SELECT distribution_mode, users_to_notify, subscribe_to_signature, extra_options, doc_type_conf
       FROM ${s}.organizations WHERE id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) throw notFound();
  return row;
}

async function confOf(q: Queryable, session: SessionContext, id: string): Promise<OrganizationConf> {
  const row = await confRow(q, session, id);
  const css = row.extra_options.specificCSSUrl;
  return {
    distributionMode: row.distribution_mode,
    usersToNotify: row.users_to_notify,
    subscribeToSignature: row.subscribe_to_signature,
    extraOptions: css ? { specificCSSUrl: css } : {},
    docTypes: (await docTypes(q, session, row.doc_type_conf)).map(({ code, enabled }) => ({ code, enabled })),
    notifiableUsers: await notifiableUsers(q, session, id),
  };
}

export async function getConf(db: Queryable, session: SessionContext, id: string): Promise<OrganizationConf> {
  await assertVisible(db, session, id);
  return confOf(db, session, id);
}

export async function getDocTypeConf(db: Queryable, session: SessionContext, id: string): Promise<OrgDocTypeConf[]> {
  await assertVisible(db, session, id);
  const row = await confRow(db, session, id);
  const masked = await maskedDocTypes(db, session.domain, id);
  return (await docTypes(db, session, row.doc_type_conf)).map((d) => ({ ...d, hasMask: masked.has(d.code) }));
}

const isHttpsUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
};

export async function updateConf(
  db: Pick<Db, 'tx'>,
  session: SessionContext,
  id: string,
  body: OrganizationConf,
): Promise<OrganizationConf> {
  return db.tx(async (q) => {
    await assertVisible(q, session, id);
    const fields: Record<string, string> = {};
    const allowed = new Set((await notifiableUsers(q, session, id)).map((u) => u.id));
    if (body.usersToNotify.some((u) => !allowed.has(u))) fields.usersToNotify = ERROR_KEYS.orgUserNotVisible;
    const css = body.extraOptions.specificCSSUrl?.trim() ?? '';
    if (css !== '' && !isHttpsUrl(css)) fields.specificCSSUrl = VALIDATION_KEYS.format;
    const current = await confRow(q, session, id);
    let storedDocTypes = current.doc_type_conf;
    if (body.docTypes) {
      const known = new Set((await docTypes(q, session, [])).map((d) => d.code));
      if (body.docTypes.some((d) => !known.has(d.code))) fields.docTypes = VALIDATION_KEYS.format;
      storedDocTypes = body.docTypes.map(({ code, enabled }) => ({ code, enabled }));
    }
    if (Object.keys(fields).length > 0) throw fieldsFailure(400, ERROR_KEYS.orgInvalid, fields);
    const s = schemaOf(session.domain);
    await q.query(
      `UPDATE ${s}.organizations SET distribution_mode = $2, users_to_notify = $3::uuid[],
         subscribe_to_signature = $4, extra_options = $5::jsonb, doc_type_conf = $6::jsonb, updated_at = now()
       WHERE id = $1`,
      [
        id,
        body.distributionMode,
        [...new Set(body.usersToNotify)],
        body.subscribeToSignature,
        JSON.stringify({ ...current.extra_options, specificCSSUrl: css === '' ? undefined : css }),
        JSON.stringify(storedDocTypes),
      ],
    );
    return confOf(q, session, id);
  });
}
