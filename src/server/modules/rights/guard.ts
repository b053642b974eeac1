/**
 * The guards every change of rights runs inside its transaction, after the change and before the
 * commit (a refusal rolls the whole change back):
 * - no privilege escalation: nobody gains a flag its author does not hold;
 * - no self-lockout: the author keeps UserAccess (and their account);
 * - never the last administrator: a company that had an active user able to administer rights keeps one;
 * - no widening of one's own documents: an author whom access rules limit cannot change which rules
 *   apply to them or what those rules let through (rules combine with OR: one more rule, or an
 *   emptier one, would lift the limit); another administrator may.
 * Changes of rights are serialised by one advisory lock, so two administrators removing each other's
 * rights at once cannot both pass the last-administrator check.
 */
import type { Feature } from '../../../contract/features.ts';
import { effectiveFeaturesOf, effectiveFeaturesSql, ruleCriteriaOf } from '../../auth/rights.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { featureNotHeld, lastAdmin, ownDocumentRules, selfLockout } from './errors.ts';

/** Arbitrary constant shared by every process changing rights. */
const RIGHTS_LOCK = 727_011;

/** First statement of every rights transaction: reads of the state to change come after it. */
export const lockRights = async (q: Queryable): Promise<void> => {
  await q.query('SELECT pg_advisory_xact_lock($1)', [RIGHTS_LOCK]);
};

/** The flags of `next` that `previous` lacks. */
export const added = (previous: readonly string[], next: readonly Feature[]): Feature[] =>
  next.filter((f) => !previous.includes(f));

/** Whether an active user rooted in `companyId` holds UserAccess in the domain. */
async function hasActiveAdmin(q: Queryable, session: SessionContext, companyId: string): Promise<boolean> {
  const s = schemaOf(session.domain);
  const { rows } = await q.query<{ ok: boolean }>(
    `WITH RECURSIVE tree(id) AS (
       SELECT $1::uuid UNION SELECT o.id FROM ${s}.organizations o JOIN tree t ON o.parent_id = t.id
     )
     SELECT EXISTS (
       SELECT 1 FROM directory.user_org_access a JOIN directory.users u ON u.id = a.user_id
        WHERE a.domain = $2 AND a.is_root AND u.active AND a.org_id IN (SELECT id FROM tree)
          AND 'UserAccess' = ANY(${effectiveFeaturesSql('u.id', '$2')})) AS ok`,
    [companyId, session.domain],
  );
  return rows[0]?.ok === true;
}

/** The companies of the roots of `userIds` in the domain. */
async function companiesOf(q: Queryable, session: SessionContext, userIds: readonly string[]): Promise<string[]> {
  const s = schemaOf(session.domain);
  const { rows } = await q.query<{ c: string | null }>(
    `SELECT DISTINCT ${s}.company_of(a.org_id) AS c FROM directory.user_org_access a
      WHERE a.user_id = ANY($1::uuid[]) AND a.domain = $2 AND a.is_root`,
    [userIds, session.domain],
  );
  return rows.map((r) => r.c).filter((c): c is string => c !== null);
}

/**
 * Runs `change` between a reading of the rights of `affected` (the users whose rights it may move,
 * the author always among them) and the guards above. Call after `lockRights`, in the same transaction.
 */
export interface GuardScope {
  /** The company whose groups or rules change (the administrator's). */
  readonly companyId: string;
  /** The users whose rights the change may move. */
  readonly affected: Iterable<string>;
  /** Flags the change adds to the user, group or rule it edits: its author must hold them, members or not. */
  readonly granted?: Iterable<Feature>;
}

export async function guarded<T>(
  q: Queryable,
  session: SessionContext,
  { companyId, affected, granted = [] }: GuardScope,
  change: () => Promise<T>,
): Promise<T> {
  const users = [...new Set([...affected, session.userId])];
  const before = await effectiveFeaturesOf(q, users, session.domain);
  const held: ReadonlySet<Feature> = before.get(session.userId) ?? new Set();
  for (const feature of granted) if (!held.has(feature)) throw featureNotHeld();
  const companies = [...new Set([companyId, ...(await companiesOf(q, session, users))])];
  const administered = new Map<string, boolean>();
  for (const c of companies) administered.set(c, await hasActiveAdmin(q, session, c));

  const ownRules = JSON.stringify(await ruleCriteriaOf(q, session.userId, session.domain));
  const result = await change();
  if (ownRules !== '[]' && JSON.stringify(await ruleCriteriaOf(q, session.userId, session.domain)) !== ownRules)
    throw ownDocumentRules();

  const after = await effectiveFeaturesOf(q, users, session.domain);
  for (const user of users) {
    const had = before.get(user) ?? new Set();
    for (const feature of after.get(user) ?? []) if (!had.has(feature) && !held.has(feature)) throw featureNotHeld();
  }
  if (held.has('UserAccess') && !after.get(session.userId)?.has('UserAccess')) throw selfLockout();
  for (const [c, had] of administered) if (had && !(await hasActiveAdmin(q, session, c))) throw lastAdmin();
  return result;
}
