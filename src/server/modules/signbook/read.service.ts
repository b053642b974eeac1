/**
 * Reading signbooks: the lists of seed 000 §2 (in progress, to sign = the session user's inbox,
 * waiting for others, done…), one signbook, and its document — which a signatory of a later step
 * may not read before the steps ahead are complete (409), nor anyone outside its scope (404).
 */
import { SIGNBOOK_LIST_STATUSES } from '../../../contract/enums.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import type { SignbookListBody, SignbookPage, SignbookView, SignSession } from '../../../contract/signbook.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { isUuid, visibleSubtree } from '../../auth/scope.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { likeContains } from '../../db/like.ts';
import { ApiFailure } from '../../http/errors.ts';
import { type SignbookRow, type Who, mySignatory, rowsByIds, scopedRow, snapshotOf, viewsOf } from './repo.ts';
import { readFile } from '../../files/store.ts';

/** Rows of each list: one table shared with the badges (hrdesk/service.ts) and the web. */
export { SIGNBOOK_LIST_STATUSES };

/** Signbooks of `orgId` (default: the current organisation) and its visible descendants, newest first. */
export async function listSignbooks(
  db: Queryable,
  session: SessionContext,
  body: SignbookListBody,
  orgId: string = session.currentOrgId,
): Promise<SignbookPage> {
  const s = schemaOf(session.domain);
  if (!isUuid(orgId)) throw new ApiFailure(404, ERROR_KEYS.notFound);
  const orgs = await visibleSubtree(db, session, orgId);
  if (!orgs.length) throw new ApiFailure(404, ERROR_KEYS.notFound);
  const where = ['b.organization_id = ANY($1::uuid[])'];
  const params: unknown[] = [orgs];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  const statuses = body.subStatus ? ['IN_PROGRESS'] : body.status ? SIGNBOOK_LIST_STATUSES[body.status] : null;
  if (statuses) add('b.status = ANY(?::text[])', statuses);
  if (body.subStatus) {
    params.push(session.userId);
    const mineNow = `EXISTS (SELECT 1 FROM ${s}.signatories g WHERE g.signbook_id = b.id AND g.user_id = $${params.length}
                       AND g.state = 'waiting' AND g.step_index = b.current_step)`;
    where.push(body.subStatus === 'to-sign' ? mineNow : `NOT ${mineNow}`);
  }
  if (body.search?.trim()) add(`b.name ILIKE ?`, likeContains(body.search.trim()));
  const [{ rows }, counted] = await Promise.all([
    db.query<{ id: string }>(
      `SELECT b.id FROM ${s}.signbooks b WHERE ${where.join(' AND ')}
        ORDER BY b.created_at DESC, b.id LIMIT ${body.limit ?? 20} OFFSET ${body.offset ?? 0}`,
      params,
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${s}.signbooks b WHERE ${where.join(' AND ')}`, params),
  ]);
  const byId = new Map(
    (
      await rowsByIds(
        db,
        session.domain,
        rows.map((r) => r.id),
      )
    ).map((r) => [r.id, r]),
  );
  const ordered = rows.map((r) => byId.get(r.id)).filter((r): r is SignbookRow => r !== undefined);
  return { count: counted.rows[0]?.n ?? 0, items: await viewsOf(db, session, ordered) };
}

/** The signbook for the caller; a signatory of a later step gets 409 (nothing of the document). */
export async function getSignbook(db: Queryable, session: Who, id: string): Promise<SignbookView> {
  const { row, signatories } = await scopedRow(db, session, id);
  assertMayRead(row, signatories, session);
  return (await viewsOf(db, session, [row]))[0]!;
}

function assertMayRead(row: SignbookRow, signatories: Parameters<typeof snapshotOf>[1], who: Who): void {
  const mine = mySignatory(signatories, who);
  if (!mine || row.status !== 'IN_PROGRESS' || mine.state !== 'waiting') return;
  if (mine.step_index > snapshotOf(row, signatories).context.currentStep) {
    throw new ApiFailure(409, ERROR_KEYS.signbookDocumentNotYet);
  }
}

/** The PDF to read (the sealed one once complete). */
export async function signbookDocument(
  db: Queryable,
  session: Who,
  id: string,
): Promise<{ name: string; content: Buffer }> {
  const { row, signatories } = await scopedRow(db, session, id);
  assertMayRead(row, signatories, session);
  const fileId = row.signed_file_id ?? row.file_id;
  const file = fileId ? await readFile(db, session.domain, fileId) : null;
  if (!file) throw new ApiFailure(404, ERROR_KEYS.notFound);
  return { name: file.name, content: file.bytes };
}

/** `GET /edocsign/session`: the signing session of seed 001 §7.7 (ours: the API session itself). */
export async function signSession(db: Queryable, session: SessionContext): Promise<SignSession> {
  const { rows } = await db.query<{ email: string | null }>(`SELECT email FROM directory.users WHERE id = $1`, [
    session.userId,
  ]);
  return { eDocSignVersion: 'v3', token: { sessionId: session.id }, hasEmail: Boolean(rows[0]?.email) };
}
