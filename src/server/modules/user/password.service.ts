/** Password lost → e-mailed reset link → new password; and the profile's password change. */
import { ERROR_KEYS, SEED_TEXTS } from '../../../contract/keys.ts';
import { checkPasswordRules, hashPassword, verifyPassword } from '../../auth/password.ts';
import { revokeUserSessions } from '../../auth/sessions.ts';
import { type Budget, forgiveAttempts, spendAttempt } from '../../auth/throttle.ts';
import { digest, newToken } from '../../auth/tokens.ts';
import type { Db } from '../../db/db.ts';
import { ApiFailure } from '../../http/errors.ts';
import type { MailPort } from '../../ports/mail.ts';

const RESET_TTL_S = 3600;
/** Reset requests from one address: beyond this, 429 (a flood of mails is a nuisance and a probe). */
const RESET_REQUESTS_PER_IP: Budget = { limit: 20, windowS: 3600 };
/** Reset mails to one address: beyond this, silently none (no mail bombing of a colleague). */
const RESET_MAILS_PER_ADDRESS: Budget = { limit: 5, windowS: 3600 };
/** Wrong old passwords on a password change: a stolen session cannot guess the password. */
const OLD_PASSWORD_TRIES: Budget = { limit: 5, windowS: 15 * 60 };

const tooMany = () =>
  new ApiFailure(429, ERROR_KEYS.authTooManyRequests, 'Trop de tentatives. Merci de patienter avant de réessayer.');

const rulesOrThrow = (password: string, confirmation: string): void => {
  const key = checkPasswordRules(password, confirmation);
  if (key) throw new ApiFailure(400, key);
};

export const resetLink = (publicUrl: string, token: string): string => `${publicUrl}/token-reinitialization/${token}`;

/** Always silent about whether the address exists: the caller answers the same either way. */
export async function passwordLost(
  db: Db,
  mail: MailPort,
  publicUrl: string,
  email: string,
  ip: string,
): Promise<void> {
  if (!(await spendAttempt(db, `password-lost:ip:${ip}`, RESET_REQUESTS_PER_IP))) throw tooMany();
  const address = email.trim().toLowerCase();
  if (!(await spendAttempt(db, `password-lost:to:${address}`, RESET_MAILS_PER_ADDRESS))) return;
  const { rows } = await db.query<{ id: string; first_name: string; email: string }>(
    `SELECT id, first_name, email FROM directory.users WHERE lower(email) = $1 AND active`,
    [address],
  );
  const user = rows[0];
  if (!user) return;
  const token = newToken();
  const outboxId = await db.tx(async (q) => {
    await q.query(
      `INSERT INTO directory.password_reset_tokens (token_hash, user_id, expires_at)
       VALUES ($1, $2, now() + make_interval(secs => $3))`,
      [digest(token), user.id, RESET_TTL_S],
    );
    return mail.send(
      {
        to: user.email,
        for: { userId: user.id },
        subject: 'Réinitialisation de votre mot de passe',
        body: [
          `Bonjour ${user.first_name},`,
          '',
          'Pour choisir un nouveau mot de passe, ouvrez ce lien (valable une heure) :',
          resetLink(publicUrl, token),
          '',
          "Si vous n'êtes pas à l'origine de cette demande, ignorez simplement ce message.",
        ].join('\n'),
      },
      q,
    );
  });
  await mail.deliver(outboxId);
}

/** Returns the ids of the sessions it revoked (every session of the user). */
export async function reinitWithToken(
  db: Db,
  input: { token: string; password: string; confirmation: string },
): Promise<string[]> {
  const expired = new ApiFailure(410, ERROR_KEYS.reinitTokenExpired, SEED_TEXTS.resetTokenExpired);
  const { rows } = await db.query<{ user_id: string; usable: boolean }>(
    `SELECT user_id, used_at IS NULL AND expires_at > now() AS usable
       FROM directory.password_reset_tokens WHERE token_hash = $1`,
    [digest(input.token)],
  );
  const row = rows[0];
  if (!row?.usable) throw expired;
  rulesOrThrow(input.password, input.confirmation);
  const hash = await hashPassword(input.password);
  return db.tx(async (q) => {
    const claimed = await q.query(
      `UPDATE directory.password_reset_tokens SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING 1`,
      [digest(input.token)],
    );
    if (claimed.rows.length === 0) throw expired;
    await q.query(
      `UPDATE directory.users SET password_hash = $2, failed_logins = 0, blocked_until = NULL WHERE id = $1`,
      [row.user_id, hash],
    );
    return revokeUserSessions(q, row.user_id, 'password-reset');
  });
}

/** Returns the ids of the user's other sessions, revoked: a changed password ends them. */
export async function changePassword(
  db: Db,
  session: { userId: string; id: string },
  input: { oldPassword: string; password: string; confirmation: string },
): Promise<string[]> {
  const budget = `password-change:${session.userId}`;
  // Counted before the check, so parallel guesses cannot overrun the budget.
  if (!(await spendAttempt(db, budget, OLD_PASSWORD_TRIES))) throw tooMany();
  const { rows } = await db.query<{ password_hash: string }>(
    `SELECT password_hash FROM directory.users WHERE id = $1`,
    [session.userId],
  );
  if (!(await verifyPassword(input.oldPassword, rows[0]?.password_hash ?? ''))) {
    throw new ApiFailure(400, ERROR_KEYS.passwordIncorrect);
  }
  await forgiveAttempts(db, budget);
  rulesOrThrow(input.password, input.confirmation);
  const hash = await hashPassword(input.password);
  return db.tx(async (q) => {
    await q.query(`UPDATE directory.users SET password_hash = $2 WHERE id = $1`, [session.userId, hash]);
    return revokeUserSessions(q, session.userId, 'password-changed', session.id);
  });
}
