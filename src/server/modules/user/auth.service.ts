/**
 * Login, domain and organisation switches. Login protection (SECURITY.md): 5 failures block the
 * account for 30 minutes — counted atomically before any password check, so parallel guesses cannot
 * overrun it — and mail its owner a one-time unlock link; a browser that logged in to the account
 * before (device cookie) is counted apart and never refused for its address; 20 failures from one
 * address in 10 minutes refuse that address to untrusted browsers. Unknown logins cost the same
 * scrypt and get the same answers. Messages the login screen shows as they are come in French from here.
 */
import { type DomainId, LIMITS } from '../../../contract/constants.ts';
import type { CurrentUser, LoginResponse } from '../../../contract/entities.ts';
import { ERROR_KEYS, SEED_TEXTS } from '../../../contract/keys.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { visibleOrgIds, isUuid } from '../../auth/scope.ts';
import { type SessionContext, type TokenPair, createSession, loadSession, renewAccess } from '../../auth/sessions.ts';
import { digest, newToken } from '../../auth/tokens.ts';
import type { Config } from '../../config.ts';
import { type Db, type Queryable, schemaOf } from '../../db/db.ts';
import { ApiFailure, notFound } from '../../http/errors.ts';
import type { MailPort } from '../../ports/mail.ts';
import { rootsOf } from '../hrdesk/service.ts';
import { USER_COLUMNS, type UserRow, currentUser, loginResponse } from './view.ts';

/** Failed logins from one address within the window before it is refused outright (untrusted clients only). */
export const IP_FAILURE_LIMIT = 20;
const IP_WINDOW_MIN = 10;
/** Devices remembered per account (the oldest are forgotten). */
const DEVICES_PER_USER = 20;
const UNLOCK_TTL_S = 24 * 3600;

export const BLOCKED_MESSAGE =
  "Votre compte est bloqué après 5 tentatives infructueuses. Patientez 30 minutes, ou suivez le lien de déblocage envoyé à l'adresse e-mail du compte.";
const TOO_MANY_MESSAGE = 'Trop de tentatives de connexion depuis cette adresse. Réessayez dans quelques minutes.';

interface LoginUserRow extends UserRow {
  password_hash: string;
  active: boolean;
}

/** A user created by an administrator has no password until they set one from the mailed link. */
const hasPassword = (hash: string): boolean => hash.startsWith('scrypt$');

export interface LoginInput {
  readonly login: string;
  readonly password: string;
  readonly ip: string;
  /** The device cookie this browser holds for this login, if any. */
  readonly device?: string | undefined;
}

export interface LoginResult {
  readonly body: LoginResponse;
  readonly tokens: TokenPair;
  /** A device token to hand to the browser (its first successful login to this account). */
  readonly newDevice?: string;
}

const record = (db: Queryable, login: string, ip: string, success: boolean) =>
  db.query(`INSERT INTO directory.login_attempts (login, ip, success) VALUES ($1, $2, $3)`, [login, ip, success]);

/** A hash of nothing anyone knows: an unknown login costs the same scrypt as a known one. */
let dummyHash: Promise<string> | null = null;
const dummy = (): Promise<string> => (dummyHash ??= hashPassword(newToken()));

/** Where a login's failures are counted: on the trusted device when the browser holds one, else the account. */
type Counter =
  | { readonly table: 'directory.users'; readonly key: string }
  | {
      readonly table: 'directory.trusted_devices';
      readonly key: string;
    };
const keyColumn = (c: Counter) => (c.table === 'directory.users' ? 'id' : 'token_hash');

/**
 * Takes one attempt from the counter in ONE statement, before any password is checked: parallel
 * guesses cannot all slip in before the fifth failure is counted. An expired block starts afresh.
 * False when the counter is blocked (or five attempts are already counted or in flight).
 */
async function reserveAttempt(db: Queryable, counter: Counter): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE ${counter.table}
        SET failed_logins = CASE WHEN blocked_until <= now() THEN 1 ELSE failed_logins + 1 END,
            blocked_until = CASE WHEN blocked_until <= now() THEN NULL ELSE blocked_until END
      WHERE ${keyColumn(counter)} = $1
        AND (blocked_until IS NULL OR blocked_until <= now())
        AND (failed_logins < $2 OR blocked_until <= now())
      RETURNING 1`,
    [counter.key, LIMITS.failedLoginsBeforeBlock],
  );
  return rows.length > 0;
}

/** After a wrong password: blocks the counter once five failures are counted (`justBlocked`: by this call). */
async function blockIfSpent(db: Queryable, counter: Counter): Promise<{ blocked: boolean; justBlocked: boolean }> {
  const key = keyColumn(counter);
  const { rows } = await db.query<{ blocked: boolean; just: boolean }>(
    `WITH prev AS (SELECT ${key} AS k, blocked_until, failed_logins FROM ${counter.table} WHERE ${key} = $1 FOR UPDATE),
          spent AS (SELECT k, (blocked_until IS NULL AND failed_logins >= $2) AS now_blocked FROM prev)
     UPDATE ${counter.table} t
        SET blocked_until = CASE WHEN spent.now_blocked THEN now() + make_interval(secs => $3) ELSE t.blocked_until END,
            failed_logins = CASE WHEN spent.now_blocked THEN 0 ELSE t.failed_logins END
       FROM spent WHERE t.${key} = spent.k
     RETURNING coalesce(t.blocked_until > now(), false) AS blocked, spent.now_blocked AS just`,
    [counter.key, LIMITS.failedLoginsBeforeBlock, LIMITS.accountBlockMs / 1000],
  );
  return { blocked: rows[0]?.blocked === true, justBlocked: rows[0]?.just === true };
}

/** After the right password: clears the counter unless a block landed meanwhile (then false: a block holds). */
async function clearUnlessBlocked(db: Queryable, counter: Counter): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE ${counter.table} SET failed_logins = 0
      WHERE ${keyColumn(counter)} = $1 AND (blocked_until IS NULL OR blocked_until <= now()) RETURNING 1`,
    [counter.key],
  );
  return rows.length > 0;
}

export async function login(db: Queryable, config: Config, mail: MailPort, input: LoginInput): Promise<LoginResult> {
  const { rows } = await db.query<LoginUserRow>(
    `SELECT ${USER_COLUMNS}, u.password_hash, u.active FROM directory.users u WHERE u.login = $1`,
    [input.login],
  );
  // A deactivated account is answered exactly like an unknown login: same scrypt, same answers.
  const user = rows[0]?.active ? rows[0] : undefined;
  const deviceHash = user && input.device ? digest(input.device) : null;
  const trusted = deviceHash
    ? (
        await db.query(`SELECT 1 FROM directory.trusted_devices WHERE token_hash = $1 AND user_id = $2`, [
          deviceHash,
          user!.id,
        ])
      ).rows.length > 0
    : false;

  // A browser this account logged in from before is never refused for the address it comes from.
  if (!trusted) {
    const { rows: recent } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM directory.login_attempts
        WHERE ip = $1 AND NOT success AND at > now() - make_interval(mins => $2)`,
      [input.ip, IP_WINDOW_MIN],
    );
    if ((recent[0]?.n ?? 0) >= IP_FAILURE_LIMIT) {
      throw new ApiFailure(429, ERROR_KEYS.authTooManyRequests, TOO_MANY_MESSAGE);
    }
  }
  const badCredentials = new ApiFailure(401, ERROR_KEYS.authBadCredentials, SEED_TEXTS.loginDefaultError);
  const blocked = new ApiFailure(423, ERROR_KEYS.authBlocked, BLOCKED_MESSAGE);

  if (!user) {
    // Same work and same answers as for a real account, so neither timing nor the block tells.
    await verifyPassword(input.password, await dummy());
    const { rows: failures } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM directory.login_attempts
        WHERE login = $1 AND NOT success AND at > now() - make_interval(secs => $2)`,
      [input.login, LIMITS.accountBlockMs / 1000],
    );
    await record(db, input.login, input.ip, false);
    if ((failures[0]?.n ?? 0) + 1 >= LIMITS.failedLoginsBeforeBlock) throw blocked;
    throw badCredentials;
  }

  const counter: Counter = trusted
    ? { table: 'directory.trusted_devices', key: deviceHash! }
    : { table: 'directory.users', key: user.id };
  if (!(await reserveAttempt(db, counter))) {
    await record(db, input.login, input.ip, false);
    throw blocked;
  }
  // No password set yet: the same scrypt against a hash nobody knows, and a refusal.
  const usable = hasPassword(user.password_hash);
  if (!(await verifyPassword(input.password, usable ? user.password_hash : await dummy())) || !usable) {
    await record(db, input.login, input.ip, false);
    const outcome = await blockIfSpent(db, counter);
    if (outcome.justBlocked && !trusted) await mailUnlockLink(db, config, mail, user.id);
    throw outcome.blocked ? blocked : badCredentials;
  }
  if (!(await clearUnlessBlocked(db, counter))) {
    await record(db, input.login, input.ip, false);
    throw blocked;
  }
  await record(db, input.login, input.ip, true);

  const { body, tokens } = await openSession(db, config, user);
  if (trusted) {
    await db.query(`UPDATE directory.trusted_devices SET last_used_at = now() WHERE token_hash = $1`, [deviceHash]);
    return { body, tokens };
  }
  return { body, tokens, newDevice: await trustDevice(db, user.id) };
}

/** How a single sign-on session was opened, and the provider's id token for its logout. */
export interface SsoOrigin {
  readonly kind: 'oidc' | 'cas' | 'edoc';
  readonly idToken?: string | undefined;
}

/**
 * Opens a session for a user whose identity is established (password, or single sign-on). Several
 * domains: the session starts in the first (legacy first); the client then offers the choice.
 */
export async function openSession(
  db: Queryable,
  config: Config,
  user: UserRow,
  sso?: SsoOrigin,
): Promise<{ body: LoginResponse; tokens: TokenPair; sessionId: string }> {
  const [root] = await rootsOf(db, user.id);
  if (!root) throw new ApiFailure(403, ERROR_KEYS.authDomainDenied);
  const { sessionId, tokens } = await createSession(db, config, {
    userId: user.id,
    domain: root.domain,
    orgId: root.orgId,
  });
  if (sso) {
    await db.query(`UPDATE directory.sessions SET sso_kind = $2, sso_id_token = $3 WHERE id = $1`, [
      sessionId,
      sso.kind,
      sso.idToken ?? null,
    ]);
  }
  await db.query(`UPDATE directory.users SET last_login_at = now() WHERE id = $1`, [user.id]);
  // The session's effective rights, read by the same query every later call reads them with.
  const session = await reloaded(db, sessionId);
  return { body: await loginResponse(db, user, session), tokens, sessionId };
}

/** Remembers this browser for the account; keeps the newest devices only. */
async function trustDevice(db: Queryable, userId: string): Promise<string> {
  const token = newToken();
  await db.query(`INSERT INTO directory.trusted_devices (token_hash, user_id) VALUES ($1, $2)`, [
    digest(token),
    userId,
  ]);
  await db.query(
    `DELETE FROM directory.trusted_devices WHERE user_id = $1 AND token_hash NOT IN (
       SELECT token_hash FROM directory.trusted_devices WHERE user_id = $1 ORDER BY last_used_at DESC LIMIT $2)`,
    [userId, DEVICES_PER_USER],
  );
  return token;
}

export const unlockLink = (publicUrl: string, token: string): string => `${publicUrl}/account-unlock/${token}`;

/** Mails the owner a one-time link that lifts the block (nothing when the account has no e-mail). */
async function mailUnlockLink(db: Queryable, config: Config, mail: MailPort, userId: string): Promise<void> {
  const { rows } = await db.query<{ email: string | null; first_name: string }>(
    `SELECT email, first_name FROM directory.users WHERE id = $1`,
    [userId],
  );
  const owner = rows[0];
  if (!owner?.email) return;
  const token = newToken();
  await db.query(
    `INSERT INTO directory.unlock_tokens (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [digest(token), userId, UNLOCK_TTL_S],
  );
  const id = await mail.send(
    {
      to: owner.email,
      for: { userId },
      subject: 'Votre compte a été bloqué',
      body: [
        `Bonjour ${owner.first_name},`,
        '',
        'Cinq tentatives de connexion à votre compte viennent d’échouer : il est bloqué pour 30 minutes.',
        'Si c’était vous, vous pouvez le débloquer tout de suite avec ce lien (valable 24 heures, une seule fois) :',
        unlockLink(config.publicUrl, token),
        '',
        'Si ce n’était pas vous, quelqu’un essaie peut-être de deviner votre mot de passe : débloquez votre compte',
        'puis changez votre mot de passe depuis votre profil. Votre navigateur habituel reste autorisé.',
      ].join('\n'),
    },
    db,
  );
  await mail.deliver(id);
}

/** Lifts the block of the link's account (one use); 410 when the link is unknown, used or expired. */
export async function unlockAccount(db: Db, token: string): Promise<void> {
  const used = await db.tx(async (q) => {
    const { rows } = await q.query<{ user_id: string }>(
      `UPDATE directory.unlock_tokens SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
      [digest(token)],
    );
    const userId = rows[0]?.user_id;
    if (!userId) return false;
    await q.query(`UPDATE directory.users SET failed_logins = 0, blocked_until = NULL WHERE id = $1`, [userId]);
    await q.query(`DELETE FROM directory.unlock_tokens WHERE user_id = $1 AND used_at IS NULL`, [userId]);
    return true;
  });
  if (!used) throw new ApiFailure(410, ERROR_KEYS.unlockTokenExpired);
}

export async function switchDomain(
  db: Queryable,
  config: Config,
  session: SessionContext,
  domain: DomainId,
): Promise<{ body: CurrentUser; access: string }> {
  const root = (await rootsOf(db, session.userId)).find((r) => r.domain === domain);
  if (!root) throw new ApiFailure(403, ERROR_KEYS.authDomainDenied);
  await db.query(`UPDATE directory.sessions SET domain = $2, base_org_id = $3, current_org_id = $3 WHERE id = $1`, [
    session.id,
    domain,
    root.orgId,
  ]);
  const access = await renewAccess(db, config, session.id);
  return { body: await currentUser(db, await reloaded(db, session.id)), access };
}

export async function switchOrganization(db: Queryable, session: SessionContext, orgId: string): Promise<CurrentUser> {
  if (!isUuid(orgId) || !(await visibleOrgIds(db, session)).includes(orgId)) throw notFound();
  const { rows } = await db.query(
    `SELECT 1 FROM ${schemaOf(session.domain)}.campaigns WHERE created_by = $1 AND status = 'SPLITTING' LIMIT 1`,
    [session.userId],
  );
  if (rows.length > 0) throw new ApiFailure(409, ERROR_KEYS.orgSwitchWhileSplitting);
  await db.query(`UPDATE directory.sessions SET current_org_id = $2 WHERE id = $1`, [session.id, orgId]);
  return currentUser(db, await reloaded(db, session.id));
}

async function reloaded(db: Queryable, sessionId: string): Promise<SessionContext> {
  const session = await loadSession(db, sessionId);
  if (!session) throw new ApiFailure(401, ERROR_KEYS.authInvalidToken);
  return session;
}
