/**
 * One-time signature codes: 6 random digits (crypto.randomInt), never stored — an HMAC-SHA-256 under
 * the domain's secret with a per-code salt; valid SIGNATURE_CODE_TTL_S (10 minutes by default); after 5 wrong tries the code is locked
 * until a new one is asked for (which resets the tries). One pending code per signatory.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { DomainId } from '../../../contract/constants.ts';
import type { SignatureCodeMode } from '../../../contract/enums.ts';
import { ALERT_KEYS, ERROR_KEYS } from '../../../contract/keys.ts';
import { SIGNATURE_CODE } from '../../../contract/signbook.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { ApiFailure } from '../../http/errors.ts';
import { codeSecret } from '../../signing/material.ts';

const hmac = (secret: Buffer, salt: string, signatoryId: string, code: string): string =>
  createHmac('sha256', secret).update(`${salt}:${signatoryId}:${code}`).digest('hex');

export const newCode = (): string =>
  String(randomInt(0, 10 ** SIGNATURE_CODE.digits)).padStart(SIGNATURE_CODE.digits, '0');

/**
 * Stores a fresh code for the signatory (replacing any other), valid `ttlS` seconds (the server's
 * SIGNATURE_CODE_TTL_S), and returns it with its expiry.
 */
export async function issueCode(
  q: Queryable,
  domain: DomainId,
  target: { signbookId: string; signatoryId: string; channel: SignatureCodeMode; destination: string },
  ttlS: number,
  now: Date = new Date(),
): Promise<{ code: string; expiresAt: Date }> {
  const code = newCode();
  const salt = randomBytes(16).toString('hex');
  const expiresAt = new Date(now.getTime() + ttlS * 1000);
  const hash = hmac(await codeSecret(q, domain), salt, target.signatoryId, code);
  const windowStart = new Date(now.getTime() - 3_600_000).toISOString();
  const { rows } = await q.query<{ requests: number }>(
    `SELECT requests FROM ${schemaOf(domain)}.signature_codes WHERE signatory_id = $1 AND window_started_at > $2`,
    [target.signatoryId, windowStart],
  );
  if ((rows[0]?.requests ?? 0) >= SIGNATURE_CODE.maxRequestsPerHour) {
    throw new ApiFailure(429, ERROR_KEYS.signatureCodeTooMany);
  }
  await q.query(
    `INSERT INTO ${schemaOf(domain)}.signature_codes
       (signatory_id, signbook_id, channel, destination, salt, code_hash, expires_at, tries, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8)
     ON CONFLICT (signatory_id) DO UPDATE SET channel = $3, destination = $4, salt = $5, code_hash = $6,
       expires_at = $7, tries = 0, created_at = $8,
       requests = CASE WHEN signature_codes.window_started_at > $9 THEN signature_codes.requests + 1 ELSE 1 END,
       window_started_at = CASE WHEN signature_codes.window_started_at > $9
                                THEN signature_codes.window_started_at ELSE $8::timestamptz END`,
    [
      target.signatoryId,
      target.signbookId,
      target.channel,
      target.destination,
      salt,
      hash,
      expiresAt.toISOString(),
      now.toISOString(),
      windowStart,
    ],
  );
  return { code, expiresAt };
}

export type CodeCheck =
  | { readonly ok: true; readonly channel: SignatureCodeMode }
  /** `counted`: the wrong try was recorded; the caller commits it, then answers `failure`. */
  | { readonly ok: false; readonly failure: ApiFailure };

/** Checks `code` for the signatory; a wrong one counts a try. The code is consumed on success. */
export async function checkCode(
  q: Queryable,
  domain: DomainId,
  signatoryId: string,
  code: string,
  now: Date = new Date(),
): Promise<CodeCheck> {
  const table = `${schemaOf(domain)}.signature_codes`;
  const { rows } = await q.query<{
    salt: string;
    code_hash: string;
    expires_at: string;
    tries: number;
    channel: SignatureCodeMode;
  }>(`SELECT salt, code_hash, expires_at, tries, channel FROM ${table} WHERE signatory_id = $1 FOR UPDATE`, [
    signatoryId,
  ]);
  const row = rows[0];
  if (!row) return { ok: false, failure: new ApiFailure(400, ERROR_KEYS.signatureCodeMissing) };
  if (row.tries >= SIGNATURE_CODE.maxTries)
    return { ok: false, failure: new ApiFailure(423, ERROR_KEYS.signatureCodeLocked) };
  if (new Date(row.expires_at).getTime() <= now.getTime()) {
    return { ok: false, failure: new ApiFailure(400, ERROR_KEYS.signatureCodeExpired) };
  }
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(hmac(await codeSecret(q, domain), row.salt, signatoryId, code.trim()), 'hex');
  if (!timingSafeEqual(expected, given)) {
    await q.query(`UPDATE ${table} SET tries = tries + 1 WHERE signatory_id = $1`, [signatoryId]);
    return { ok: false, failure: new ApiFailure(400, ALERT_KEYS.signature.invalidCode) };
  }
  await q.query(`DELETE FROM ${table} WHERE signatory_id = $1`, [signatoryId]);
  return { ok: true, channel: row.channel };
}

/** `c•••@example.fr`, `•• •• •• •• 90`: enough for the signer to recognise, not to harvest. */
export const maskDestination = (channel: SignatureCodeMode, to: string): string =>
  channel === 'email'
    ? to.replace(/^(.)[^@]*(@.*)$/, '$1•••$2')
    : `${'•'.repeat(Math.max(0, to.replace(/\D/g, '').length - 2))}${to.replace(/\D/g, '').slice(-2)}`;
