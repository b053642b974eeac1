/**
 * The trail of rights changes (issue 11 point 7): who (their name kept as text), when, in which
 * domain and company, what (action, subject) and the fields that changed, before and after.
 */
import { randomUUID } from 'node:crypto';
import type { RightsChange } from '../../../contract/rights.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import type { Queryable } from '../../db/db.ts';

export type Snapshot = Record<string, unknown>;
type Action = RightsChange['action'];
type Subject = RightsChange['subject'];

/** Lists compare as sets: their order carries no meaning in a snapshot. */
const canonical = (value: unknown): string =>
  JSON.stringify(Array.isArray(value) ? [...value].map((v) => JSON.stringify(v)).sort() : value);

/** The fields of `after` that differ from `before`, each side restricted to them (null: nothing changed). */
export function changedFields(before: Snapshot, after: Snapshot): { before: Snapshot; after: Snapshot } | null {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => canonical(before[key]) !== canonical(after[key]),
  );
  if (keys.length === 0) return null;
  const pick = (from: Snapshot) => Object.fromEntries(keys.filter((k) => k in from).map((k) => [k, from[k]]));
  return { before: pick(before), after: pick(after) };
}

export interface ChangeRecord {
  readonly action: Action;
  readonly subject: Subject;
  readonly subjectId: string;
  readonly subjectName: string;
  readonly companyId: string | null;
  readonly before: Snapshot | null;
  readonly after: Snapshot | null;
}

export async function recordChange(q: Queryable, session: SessionContext, change: ChangeRecord): Promise<void> {
  await q.query(
    `INSERT INTO directory.rights_changes (id, domain, company_id, actor_id, actor_name, action, subject, subject_id,
                                           subject_name, before, after)
     SELECT $1, $2, $3, u.id, trim(u.first_name || ' ' || u.last_name), $5, $6, $7, $8, $9::jsonb, $10::jsonb
       FROM directory.users u WHERE u.id = $4`,
    [
      randomUUID(),
      session.domain,
      change.companyId,
      session.userId,
      change.action,
      change.subject,
      change.subjectId,
      change.subjectName,
      change.before === null ? null : JSON.stringify(change.before),
      change.after === null ? null : JSON.stringify(change.after),
    ],
  );
}

interface ChangeRow {
  id: string;
  at: string;
  domain: RightsChange['domain'];
  actor_id: string | null;
  actor_name: string;
  action: Action;
  subject: Subject;
  subject_id: string;
  subject_name: string;
  before: Snapshot | null;
  after: Snapshot | null;
}

/**
 * The changes that concern a user in the session's domain, newest first: those of the user, and
 * those of groups and rules that added or removed them (their lists narrowed to this user).
 * `mask` hides from a user's own changes what the reader does not see (organisations).
 */
export async function changesOfUser(
  q: Queryable,
  session: SessionContext,
  userId: string,
  mask: (snapshot: Snapshot) => Snapshot,
  limit = 200,
): Promise<RightsChange[]> {
  const { rows } = await q.query<ChangeRow>(
    `SELECT id, at, domain, actor_id, actor_name, action, subject, subject_id, subject_name, before, after
       FROM directory.rights_changes
      WHERE domain = $2 AND ((subject = 'user' AND subject_id = $1)
         OR (subject IN ('userGroup', 'rule') AND (
              coalesce(before->'memberIds', '[]') ? $1::text OR coalesce(after->'memberIds', '[]') ? $1::text
           OR coalesce(before->'userIds', '[]') ? $1::text OR coalesce(after->'userIds', '[]') ? $1::text)))
      ORDER BY at DESC, id DESC LIMIT $3`,
    [userId, session.domain, limit],
  );
  // A group's or rule's change as it concerns this user: its name, its flags, and their membership.
  const narrow = (snapshot: Snapshot | null): Snapshot | null => {
    if (snapshot === null) return null;
    const out: Snapshot = {};
    for (const key of ['name', 'features']) if (key in snapshot) out[key] = snapshot[key];
    for (const key of ['memberIds', 'userIds'])
      if (Array.isArray(snapshot[key])) out[key] = (snapshot[key] as unknown[]).filter((id) => id === userId);
    return out;
  };
  const membershipMoved = (row: ChangeRow): boolean => {
    if (row.subject === 'user' || row.before === null || row.after === null) return true;
    const [before, after] = [narrow(row.before)!, narrow(row.after)!];
    return ['memberIds', 'userIds'].some((key) => canonical(before[key] ?? []) !== canonical(after[key] ?? []));
  };
  return rows.filter(membershipMoved).map((row) => {
    const view = row.subject === 'user' ? (s: Snapshot | null) => (s === null ? null : mask(s)) : narrow;
    return {
      id: row.id,
      at: row.at,
      domain: row.domain,
      actor: { id: row.actor_id, name: row.actor_name },
      action: row.action,
      subject: row.subject,
      subjectId: row.subject_id,
      subjectName: row.subject_name,
      before: view(row.before),
      after: view(row.after),
    };
  });
}
