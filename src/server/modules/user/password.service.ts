/** Password lost → e-mailed reset link → new password; and the profile's password change. */
import { ERROR_KEYS, SEED_TEXTS } from '../../../contract/keys.ts';
import { checkPasswordRules, hashPassword, verifyPassword } from '../../auth/password.ts';
import { revokeUserSessions } from '../../auth/sessions.ts';
import { digest, newToken } from '../../auth/tokens.ts';
import type { Db } from '../../db/db.ts';
import { ApiFailure } from '../../http/errors.ts';
import type { MailPort } from '../../ports/mail.ts';

const RESET_TTL_S = 3600;

const rulesOrThrow = (password: string, confirmation: string): void => {
  const key = checkPasswordRules(password, confirmation);
  if (key) throw new ApiFailure(400, key);
};

export const resetLink = (publicUrl: string, token: string): string => `${publicUrl}/token-reinitialization/${token}`;

/** Always silent about whether the address exists: the caller answers the same either way. */
export async function passwordLost(db: Db, mail: MailPort, publicUrl: string, email: string): Promise<void> {
  const { rows } = await db.query<{ id: string; first_name: string; email: string }>(
    `SELECT id, first_name, email FROM directory.users WHERE lower(email) = lower($1)`,
    [email.trim()],
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
  void mail.deliver(outboxId);
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
  const { rows } = await db.query<{ password_hash: string }>(
    `SELECT password_hash FROM directory.users WHERE id = $1`,
    [session.userId],
  );
  if (!(await verifyPassword(input.oldPassword, rows[0]?.password_hash ?? ''))) {
    throw new ApiFailure(400, ERROR_KEYS.passwordIncorrect);
  }
  rulesOrThrow(input.password, input.confirmation);
  const hash = await hashPassword(input.password);
  return db.tx(async (q) => {
    await q.query(`UPDATE directory.users SET password_hash = $2 WHERE id = $1`, [session.userId, hash]);
    return revokeUserSessions(q, session.userId, 'password-changed', session.id);
  });
}
