/**
 * Signing links for signatories without an account (employees, externals): a random token mailed
 * when their step starts, stored only as its SHA-256; `{domain}.{random}` so the lookup knows which
 * schema to read. Holding the link is the capability: it acts as that one signatory, nothing more.
 */
import { createHash, randomBytes } from 'node:crypto';
import { DOMAINS, type DomainId } from '../../../contract/constants.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { ApiFailure } from '../../http/errors.ts';
import type { Who } from './repo.ts';

/** The digest a link is stored as (never the link itself). */
export const linkHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A fresh link token for the signatory (replacing any earlier one). */
export async function issueGuestToken(q: Queryable, domain: DomainId, signatoryId: string): Promise<string> {
  const token = `${domain}.${randomBytes(32).toString('base64url')}`;
  await q.query(`UPDATE ${schemaOf(domain)}.signatories SET access_token_hash = $2 WHERE id = $1`, [
    signatoryId,
    linkHash(token),
  ]);
  return token;
}

/** The guest behind a link and the signbook it opens; 404 for an unknown or malformed token. */
export async function guestOf(q: Queryable, token: string): Promise<{ who: Who; signbookId: string }> {
  const domain = DOMAINS.find((d) => token.startsWith(`${d}.`));
  if (domain) {
    const { rows } = await q.query<{ id: string; signbook_id: string }>(
      `SELECT id, signbook_id FROM ${schemaOf(domain)}.signatories WHERE access_token_hash = $1`,
      [linkHash(token)],
    );
    const row = rows[0];
    if (row) return { who: { userId: '', domain, signatoryId: row.id }, signbookId: row.signbook_id };
  }
  throw new ApiFailure(404, ERROR_KEYS.notFound);
}
