/**
 * Login (account block after repeated failures, per-address rate limit), domain and organisation
 * switches, logout. Messages the login screen shows as they are come in French from here.
 */
import { type DomainId, LIMITS } from '../../../contract/constants.ts';
import type { CurrentUser, LoginResponse } from '../../../contract/entities.ts';
import { type Feature, isFeature } from '../../../contract/features.ts';
import { ERROR_KEYS, SEED_TEXTS } from '../../../contract/keys.ts';
import { verifyPassword } from '../../auth/password.ts';
import { visibleOrgIds, isUuid } from '../../auth/scope.ts';
import { type SessionContext, type TokenPair, createSession, loadSession, renewAccess } from '../../auth/sessions.ts';
import type { Config } from '../../config.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { ApiFailure, notFound } from '../../http/errors.ts';
import { rootsOf } from '../hrdesk/service.ts';
import { USER_COLUMNS, type UserRow, currentUser, loginResponse } from './view.ts';

/** Failed logins from one address within the window before it is refused outright. */
export const IP_FAILURE_LIMIT = 20;
const IP_WINDOW_MIN = 10;

export const BLOCKED_MESSAGE =
  'Votre compte est bloqué après 5 tentatives de connexion infructueuses. Veuillez patienter 30 minutes avant de réessayer.';
const TOO_MANY_MESSAGE = 'Trop de tentatives de connexion depuis cette adresse. Réessayez dans quelques minutes.';

interface LoginUserRow extends UserRow {
  password_hash: string;
  blocked: boolean;
  features: string[];
  group_features: string[];
}

const record = (db: Queryable, login: string, ip: string, success: boolean) =>
  db.query(`INSERT INTO directory.login_attempts (login, ip, success) VALUES ($1, $2, $3)`, [login, ip, success]);

export async function login(
  db: Queryable,
  config: Config,
  input: { login: string; password: string; ip: string },
): Promise<{ body: LoginResponse; tokens: TokenPair }> {
  const { rows: recent } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM directory.login_attempts
      WHERE ip = $1 AND NOT success AND at > now() - make_interval(mins => $2)`,
    [input.ip, IP_WINDOW_MIN],
  );
  if ((recent[0]?.n ?? 0) >= IP_FAILURE_LIMIT) {
    throw new ApiFailure(429, ERROR_KEYS.authTooManyRequests, TOO_MANY_MESSAGE);
  }
  const { rows } = await db.query<LoginUserRow>(
    `SELECT ${USER_COLUMNS}, u.password_hash, coalesce(u.blocked_until > now(), false) AS blocked, u.features,
            ARRAY(SELECT f FROM directory.user_group_members m
                    JOIN directory.user_groups g ON g.id = m.group_id, unnest(g.features) f
                   WHERE m.user_id = u.id) AS group_features
       FROM directory.users u WHERE u.login = $1`,
    [input.login],
  );
  const user = rows[0];
  const badCredentials = new ApiFailure(401, ERROR_KEYS.authBadCredentials, SEED_TEXTS.loginDefaultError);
  if (!user) {
    await record(db, input.login, input.ip, false);
    throw badCredentials;
  }
  if (user.blocked) {
    await record(db, input.login, input.ip, false);
    throw new ApiFailure(423, ERROR_KEYS.authBlocked, BLOCKED_MESSAGE);
  }
  if (!(await verifyPassword(input.password, user.password_hash))) {
    await record(db, input.login, input.ip, false);
    const { rows: counted } = await db.query<{ blocked: boolean }>(
      `UPDATE directory.users
          SET failed_logins = CASE WHEN failed_logins + 1 >= $2 THEN 0 ELSE failed_logins + 1 END,
              blocked_until = CASE WHEN failed_logins + 1 >= $2 THEN now() + make_interval(secs => $3) ELSE blocked_until END
        WHERE id = $1 RETURNING blocked_until > now() AS blocked`,
      [user.id, LIMITS.failedLoginsBeforeBlock, LIMITS.accountBlockMs / 1000],
    );
    if (counted[0]?.blocked) throw new ApiFailure(423, ERROR_KEYS.authBlocked, BLOCKED_MESSAGE);
    throw badCredentials;
  }
  await db.query(`UPDATE directory.users SET failed_logins = 0, blocked_until = NULL WHERE id = $1`, [user.id]);
  await record(db, input.login, input.ip, true);

  // Several domains: the session starts in the first (legacy first); the client then offers the choice.
  const [root] = await rootsOf(db, user.id);
  if (!root) throw new ApiFailure(403, ERROR_KEYS.authDomainDenied);
  const { tokens } = await createSession(db, config, { userId: user.id, domain: root.domain, orgId: root.orgId });
  const features = new Set<Feature>([...user.features, ...user.group_features].filter(isFeature));
  const body = await loginResponse(db, user, { domain: root.domain, baseOrgId: root.orgId, features });
  return { body, tokens };
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
