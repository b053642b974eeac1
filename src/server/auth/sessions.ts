/**
 * Sessions and the token protocol of docs/architecture.md "Auth protocol": an opaque access token
 * (short-lived) and a rotating refresh token; both stored as SHA-256 only. A refresh token used
 * twice (after a short grace for the browser's parallel calls) revokes the whole session.
 */
import { randomUUID } from 'node:crypto';
import type { DomainId } from '../../contract/constants.ts';
import type { Feature } from '../../contract/features.ts';
import { ERROR_KEYS } from '../../contract/keys.ts';
import type { Config } from '../config.ts';
import type { Db, Queryable } from '../db/db.ts';
import { ApiFailure } from '../http/errors.ts';
import { toFeatures } from './rights.ts';
import { digest, newToken } from './tokens.ts';

export interface SessionContext {
  readonly id: string;
  readonly userId: string;
  readonly login: string;
  readonly domain: DomainId;
  readonly baseOrgId: string;
  readonly currentOrgId: string;
  readonly features: ReadonlySet<Feature>;
  /** `directory.scope_version` when the session was read: scopes computed at this version still hold. */
  readonly scopeVersion?: string;
  /** Seconds left, when read, before the session's access token expires (sockets close then). */
  readonly accessSecondsLeft?: number;
}

export interface TokenPair {
  readonly access: string;
  readonly refresh: string;
}

export interface Authenticated {
  readonly session: SessionContext;
  /** Set when this call rotated the tokens: the answer must carry them. */
  readonly rotated?: TokenPair;
}

type TtlConfig = Pick<Config, 'accessTokenTtlS' | 'refreshTokenTtlS' | 'refreshReuseGraceS'>;

interface SessionRow {
  id: string;
  user_id: string;
  login: string;
  domain: DomainId;
  base_org_id: string;
  current_org_id: string;
  revoked: boolean;
  expired: boolean;
  features: string[];
  scope_version: string;
  access_seconds_left: number;
}

/**
 * Read on every call: the session with its effective rights in its domain (auth/rights.ts), so a
 * change of rights holds from the next call on; a deactivated user's sessions are over. One plain
 * statement, prepared, by the access token's digest or the session id. Every change of rights bumps
 * `directory.scope_version`, so flags computed at version v still hold while the version is v: a caller
 * holding them for this session's user, domain and the current version passes them and the union is
 * not computed again (features come back NULL). Still read from the database on every call, so it
 * holds on every node; the cache only saves the union.
 *
 * On PostgreSQL a plain statement, prepared: the PL/pgSQL function `directory.session_read` (migration
 * 0026) reads the same, but its three statements and the set it returned cost PostgreSQL about twice
 * the read's own time (pgbench, one client, alternated: 0.22–0.27 against 0.18–0.22 ms a call, where
 * `SELECT 1` takes 0.14–0.15). On PGlite, which plans every statement as it comes (`prepared` is
 * ignored there), the function stays: its statements' plans are kept, and planning the plain join
 * each call cost more (0.73–0.79 against 0.41–0.48 ms a call, 2,000 calls alternated).
 */
const sessionRead = (by: 's.access_hash = $1::text' | 's.id = $1::uuid'): string =>
  `SELECT s.id, s.user_id, u.login, s.domain, s.base_org_id, s.current_org_id,
          s.revoked_at IS NOT NULL OR NOT u.active AS revoked, s.access_expires_at <= now() AS expired,
          extract(epoch FROM s.access_expires_at - now())::float8 AS access_seconds_left,
          CASE WHEN s.user_id = $2::uuid AND s.domain = $3::text AND sv.v = $4::bigint THEN NULL
               ELSE directory.effective_features(s.user_id, s.domain) END AS features,
          sv.v::text AS scope_version
     FROM directory.sessions s JOIN directory.users u ON u.id = s.user_id
    CROSS JOIN directory.scope_version sv
    WHERE ${by} AND sv.id = 1`;
const SESSION_BY_ACCESS = sessionRead('s.access_hash = $1::text');
const SESSION_BY_ID = sessionRead('s.id = $1::uuid');
const FUNCTION_BY_ACCESS = 'SELECT * FROM directory.session_read($1, NULL, $2, $3, $4)';
const FUNCTION_BY_ID = 'SELECT * FROM directory.session_read(NULL, $1, $2, $3, $4)';
/** The plain statement on PostgreSQL; the function elsewhere (PGlite, or a transaction's `Queryable`). */
const onPostgres = (db: Queryable): boolean => (db as Partial<Pick<Db, 'kind'>>).kind === 'postgres';

interface CachedRights {
  readonly userId: string;
  readonly domain: string;
  readonly version: string;
  readonly features: string[];
}

/** Effective flags by access-token digest, at the scope version they were computed at (bounded, oldest out first). */
const rightsCache = new Map<string, CachedRights>();
const RIGHTS_CACHE_MAX = 10_000;

function rememberRights(key: string, row: SessionRow): void {
  rightsCache.delete(key);
  rightsCache.set(key, { userId: row.user_id, domain: row.domain, version: row.scope_version, features: row.features });
  if (rightsCache.size > RIGHTS_CACHE_MAX) rightsCache.delete(rightsCache.keys().next().value as string);
}

async function readByAccess(db: Queryable, access: string): Promise<SessionRow | undefined> {
  const key = digest(access);
  const cached = rightsCache.get(key);
  const { rows } = await db.query<SessionRow>(
    onPostgres(db) ? SESSION_BY_ACCESS : FUNCTION_BY_ACCESS,
    [key, cached?.userId ?? null, cached?.domain ?? null, cached?.version ?? null],
    { prepared: true },
  );
  const row = rows[0];
  if (!row) {
    rightsCache.delete(key);
    return undefined;
  }
  if (row.features === null && cached) return { ...row, features: cached.features };
  rememberRights(key, row);
  return row;
}

const toContext = (row: SessionRow): SessionContext => ({
  id: row.id,
  userId: row.user_id,
  login: row.login,
  domain: row.domain,
  baseOrgId: row.base_org_id,
  currentOrgId: row.current_org_id,
  features: new Set(toFeatures(row.features)),
  scopeVersion: row.scope_version,
  accessSecondsLeft: Number(row.access_seconds_left),
});

const unauthorized = (key: string): ApiFailure => new ApiFailure(401, key);

export async function loadSession(db: Queryable, sessionId: string): Promise<SessionContext | null> {
  const row = await loadRow(db, sessionId);
  return row && !row.revoked ? toContext(row) : null;
}

export async function createSession(
  db: Queryable,
  ttl: TtlConfig,
  init: { userId: string; domain: DomainId; orgId: string },
): Promise<{ sessionId: string; tokens: TokenPair }> {
  const sessionId = randomUUID();
  const tokens = { access: newToken(), refresh: newToken() };
  await db.query(
    `INSERT INTO directory.sessions (id, user_id, domain, base_org_id, current_org_id, access_hash, access_expires_at)
     VALUES ($1, $2, $3, $4, $4, $5, now() + make_interval(secs => $6))`,
    [sessionId, init.userId, init.domain, init.orgId, digest(tokens.access), ttl.accessTokenTtlS],
  );
  await insertRefresh(db, ttl, sessionId, tokens.refresh);
  return { sessionId, tokens };
}

async function insertRefresh(db: Queryable, ttl: TtlConfig, sessionId: string, refresh: string): Promise<void> {
  await db.query(
    `INSERT INTO directory.refresh_tokens (token_hash, session_id, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [digest(refresh), sessionId, ttl.refreshTokenTtlS],
  );
}

/** New access token for the same session (after a domain switch the old one must stop working). */
export async function renewAccess(db: Queryable, ttl: TtlConfig, sessionId: string): Promise<string> {
  const access = newToken();
  await db.query(
    `UPDATE directory.sessions SET access_hash = $2, access_expires_at = now() + make_interval(secs => $3),
            last_seen_at = now() WHERE id = $1`,
    [sessionId, digest(access), ttl.accessTokenTtlS],
  );
  return access;
}

export async function revokeSession(db: Queryable, sessionId: string, reason: string): Promise<void> {
  await db.query(
    `UPDATE directory.sessions SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL`,
    [sessionId, reason],
  );
}

/** Revokes every live session of a user; returns their ids so their sockets can be closed. */
export async function revokeUserSessions(
  db: Queryable,
  userId: string,
  reason: string,
  exceptSessionId?: string,
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE directory.sessions SET revoked_at = now(), revoked_reason = $2
      WHERE user_id = $1 AND revoked_at IS NULL AND ($3::uuid IS NULL OR id <> $3::uuid) RETURNING id`,
    [userId, reason, exceptSessionId ?? null],
  );
  return rows.map((r) => r.id);
}

/**
 * Checks an access token, rotating both tokens when it has expired and the refresh token is good.
 * Throws a 401 `ApiFailure` with the key the client shows; `onRevoked` hears of a session revoked
 * here (refresh token reuse) so its sockets can be closed.
 */
export async function authenticate(
  db: Queryable,
  ttl: TtlConfig,
  access: string | undefined,
  refresh: string | undefined,
  onRevoked: (sessionId: string) => void = () => undefined,
): Promise<Authenticated> {
  if (!access) throw unauthorized(ERROR_KEYS.authMissingToken);
  const byAccess = await readByAccess(db, access);
  if (byAccess?.revoked) throw unauthorized(ERROR_KEYS.authInvalidToken);
  if (byAccess && !byAccess.expired) return { session: toContext(byAccess) };

  const failKey = byAccess ? ERROR_KEYS.authExpiredToken : ERROR_KEYS.authInvalidToken;
  if (!refresh) throw unauthorized(failKey);
  const { rows: tokens } = await db.query<{ session_id: string; used: boolean; in_grace: boolean; expired: boolean }>(
    `SELECT session_id, used_at IS NOT NULL AS used,
            coalesce(used_at > now() - make_interval(secs => $2), false) AS in_grace,
            expires_at <= now() AS expired
       FROM directory.refresh_tokens WHERE token_hash = $1`,
    [digest(refresh), ttl.refreshReuseGraceS],
  );
  const token = tokens[0];
  if (!token || (byAccess && token.session_id !== byAccess.id)) throw unauthorized(failKey);
  const session = byAccess ?? (await loadRow(db, token.session_id));
  if (!session || session.revoked) throw unauthorized(ERROR_KEYS.authInvalidToken);

  if (token.used) {
    if (token.in_grace) return { session: toContext(session) };
    await revokeSession(db, session.id, 'refresh-reused');
    onRevoked(session.id);
    throw unauthorized(ERROR_KEYS.authRefreshReused);
  }
  if (token.expired) throw unauthorized(ERROR_KEYS.authExpiredToken);

  const claimed = await db.query(
    `UPDATE directory.refresh_tokens SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL RETURNING 1`,
    [digest(refresh)],
  );
  // A parallel call rotated first: this one rides on the same session without new tokens.
  if (claimed.rows.length === 0) return { session: toContext(session) };
  const next = { access: await renewAccess(db, ttl, session.id), refresh: newToken() };
  await insertRefresh(db, ttl, session.id, next.refresh);
  return { session: toContext(session), rotated: next };
}

async function loadRow(db: Queryable, sessionId: string): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>(
    onPostgres(db) ? SESSION_BY_ID : FUNCTION_BY_ID,
    [sessionId, null, null, null],
    {
      prepared: true,
    },
  );
  return rows[0];
}
