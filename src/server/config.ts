/**
 * Runtime configuration, read once from the environment (docs/architecture.md "Runtime").
 * Tests build a config with `loadConfig({ ... })` instead of touching process.env.
 */
import { MAX_LENGTH } from '../contract/constants.ts';
import { isValidEmail, siretError } from '../contract/validation.ts';
import { checkPasswordRules } from './auth/password.ts';
import type { FirstAdmin } from './db/seed/bootstrap.ts';

export type Role = 'all' | 'api' | 'worker';
export type PushAdapterKind = 'postgres' | 'redis' | 'none';

export interface Config {
  readonly port: number;
  readonly host: string;
  /** PGlite directory, or `memory://`. Ignored when `databaseUrl` is set. */
  readonly dataDir: string;
  readonly databaseUrl: string | null;
  /**
   * DATABASE_POOL_MAX: connections this process keeps to PostgreSQL (1 to 200, default 10). Several nodes
   * share the database's cores: their pools together should not ask it for many more statements at once
   * than it has cores to run (docs/deploy.md « Several machines »).
   */
  readonly databasePoolMax: number;
  /** FILES_DIR: stored files' bytes (default: DATA_DIR/files on PGlite, the database on PostgreSQL). */
  readonly filesDir: string | null;
  readonly seed: 'demo' | 'none';
  readonly smtpUrl: string | null;
  readonly accessTokenTtlS: number;
  readonly refreshTokenTtlS: number;
  /**
   * A refresh token presented again within this many seconds of its rotation is tolerated
   * (the browser fires parallel calls with the same expired token); later it counts as reuse.
   */
  readonly refreshReuseGraceS: number;
  /**
   * SIGNATURE_CODE_TTL_S: how long a signature code is valid once sent (seconds, 10 to 3600; default
   * 600, the seed's 10 minutes). The server refuses it as expired after that, on its own clock.
   */
  readonly signatureCodeTtlS: number;
  readonly role: Role;
  /**
   * PUSH_ADAPTER: how push reaches the clients of other nodes. `postgres` (the default with
   * DATABASE_URL): socket.io's PostgreSQL adapter; `redis` (the default when REDIS_URL is set too):
   * socket.io's Redis Streams adapter; `none`: this process's clients only (PGlite always).
   */
  readonly pushAdapter: PushAdapterKind;
  /** REDIS_URL (`redis://` or `rediss://`): push across nodes through Redis instead of PostgreSQL. */
  readonly redisUrl: string | null;
  /**
   * SEED=none: the first company and its administrator, made on a directory with no user yet
   * (db/seed/bootstrap.ts). All of ADMIN_LOGIN, ADMIN_PASSWORD, ADMIN_EMAIL, COMPANY_NAME,
   * COMPANY_SIRET and COMPANY_CITY, or none (null).
   */
  readonly firstAdmin: FirstAdmin | null;
  /** Base of the links written in e-mails; never taken from the request's Host header. */
  readonly publicUrl: string;
  /** Built SPA directory. */
  readonly webDir: string;
  readonly version: string;
  /**
   * NODE_ENV=production: no demo conveniences (no in-app outbox, no messages echoed on the console),
   * whatever else is configured.
   */
  readonly production: boolean;
  /**
   * The demo outbox: outgoing messages readable in the app by their own recipient (a session its own
   * messages, a guest signing link its signatory's) and echoed on the server's console. Only outside
   * production and while no SMTP server is configured; otherwise its routes do not exist.
   */
  readonly demoOutbox: boolean;
  /** TRUST_PROXY: take the client address from X-Forwarded-For (only behind a reverse proxy you run). */
  readonly trustProxy: boolean;
  /** Single sign-on (docs/operations.md « Single sign-on »): each part null when not configured. */
  readonly sso: SsoConfig;
}

export interface OidcConfig {
  /** Issuer URL (discovery at `<issuer>/.well-known/openid-configuration`). */
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string | null;
  /** Shown on the button: « Continuer avec un compte Microsoft » for every OpenID provider (seed's wording). */
  readonly label: string;
}

export interface EdocConfig {
  /** The portal's published keys, or a PEM public key given in configuration. */
  readonly jwksUrl: string | null;
  readonly publicKey: string | null;
  readonly issuer: string;
  readonly audience: string;
  readonly algorithms: readonly string[];
}

export interface SsoConfig {
  readonly oidc: OidcConfig | null;
  /** CAS server base URL (`<CAS_URL>/login`, `<CAS_URL>/p3/serviceValidate`). */
  readonly casUrl: string | null;
  /** CAS_URL set: unauthenticated users are sent to the CAS login (seed 000 §2); the demo's CAS is only offered. */
  readonly casRedirect: boolean;
  readonly edoc: EdocConfig | null;
  /** SSO_DEMO: start the local demo identity provider (OpenID + CAS) and point the settings above at it. */
  readonly demo: boolean;
  readonly demoPort: number;
  /** SPECIAL_LOGIN_HOSTS: hosts whose unauthenticated visitors go to `/Login-am` (seed 000 §2). */
  readonly specialLoginHosts: readonly string[];
  /** Time allowed to each call to a provider before the login fails (seconds). */
  readonly timeoutS: number;
}

type Env = Record<string, string | undefined>;

const int = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
};

/** A signature code must live long enough to be read and typed, and not so long that it outlives its purpose. */
export const SIGNATURE_CODE_TTL_LIMITS_S = { min: 10, max: 3600, fallback: 600 } as const;

const signatureCodeTtlOf = (value: string | undefined): number => {
  const { min, max, fallback } = SIGNATURE_CODE_TTL_LIMITS_S;
  const ttl = int(value, fallback, 'SIGNATURE_CODE_TTL_S');
  if (ttl < min || ttl > max)
    throw new Error(`SIGNATURE_CODE_TTL_S must be between ${min} and ${max} seconds, got "${value}"`);
  return ttl;
};

export const DATABASE_POOL_MAX_LIMITS = { min: 1, max: 200, fallback: 10 } as const;

const databasePoolMaxOf = (value: string | undefined): number => {
  const { min, max, fallback } = DATABASE_POOL_MAX_LIMITS;
  const n = int(value, fallback, 'DATABASE_POOL_MAX');
  if (n < min || n > max) throw new Error(`DATABASE_POOL_MAX must be between ${min} and ${max}, got "${value}"`);
  return n;
};

const roleOf = (value: string | undefined): Role => {
  if (value === undefined || value === '') return 'all';
  if (value === 'all' || value === 'api' || value === 'worker') return value;
  throw new Error(`ROLE must be all, api or worker, got "${value}"`);
};

/** REDIS_URL checked at startup: a typo fails here with the reason, not as push silently lost later. */
const redisUrlOf = (value: string | undefined): string | null => {
  if (value === undefined || value.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`REDIS_URL must be a URL such as redis://127.0.0.1:6379, got "${value}"`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    throw new Error(`REDIS_URL must start with redis:// or rediss:// (TLS), got "${url.protocol}//…"`);
  if (!url.hostname) throw new Error(`REDIS_URL names no host, got "${value}"`);
  if (url.pathname.length > 1 && !/^\/\d+$/.test(url.pathname))
    throw new Error(`REDIS_URL's path must be a database number (redis://host:6379/0), got "${url.pathname}"`);
  return url.toString();
};

const pushAdapterOf = (env: Env, redisUrl: string | null): PushAdapterKind => {
  const asked = env.PUSH_ADAPTER ?? '';
  if (asked !== '' && asked !== 'postgres' && asked !== 'redis' && asked !== 'none')
    throw new Error(`PUSH_ADAPTER must be postgres, redis or none, got "${asked}"`);
  if (asked === 'redis' && !redisUrl)
    throw new Error('PUSH_ADAPTER=redis needs REDIS_URL (for example redis://127.0.0.1:6379)');
  // Several nodes need PostgreSQL (PGlite is one process): without DATABASE_URL there is no one to push to.
  if (asked === 'none' || !env.DATABASE_URL) return 'none';
  if (asked === 'postgres') return 'postgres';
  return redisUrl ? 'redis' : 'postgres';
};

const flag = (value: string | undefined): boolean => value !== undefined && /^(1|true|yes|on)$/i.test(value.trim());

const ssoOf = (env: Env, port: number, publicUrl: string): SsoConfig => {
  const tenant = env.MS_TENANT_ID || '';
  const issuer = env.OIDC_ISSUER || (tenant ? `https://login.microsoftonline.com/${tenant}/v2.0` : '');
  const clientId = env.OIDC_CLIENT_ID || env.MS_CLIENT_ID || '';
  const edocIssuer = env.EDOC_ISSUER || '';
  const edocKeys = env.EDOC_JWKS_URL || env.EDOC_PUBLIC_KEY;
  return {
    oidc:
      issuer && clientId
        ? {
            issuer: issuer.replace(/\/$/, ''),
            clientId,
            clientSecret: env.OIDC_CLIENT_SECRET || env.MS_CLIENT_SECRET || null,
            label: env.OIDC_LABEL || 'Microsoft',
          }
        : null,
    casUrl: env.CAS_URL ? env.CAS_URL.replace(/\/$/, '') : null,
    casRedirect: Boolean(env.CAS_URL),
    edoc:
      edocIssuer && edocKeys
        ? {
            jwksUrl: env.EDOC_JWKS_URL || null,
            publicKey: env.EDOC_PUBLIC_KEY ? env.EDOC_PUBLIC_KEY.replace(/\\n/g, '\n') : null,
            issuer: edocIssuer,
            audience: env.EDOC_AUDIENCE || publicUrl,
            algorithms: (env.EDOC_ALGORITHMS || 'RS256,PS256,ES256,EdDSA').split(',').map((a) => a.trim()),
          }
        : null,
    demo: flag(env.SSO_DEMO),
    demoPort: int(env.SSO_DEMO_PORT, port + 1, 'SSO_DEMO_PORT'),
    timeoutS: int(env.SSO_TIMEOUT_S, 10, 'SSO_TIMEOUT_S'),
    specialLoginHosts: (env.SPECIAL_LOGIN_HOSTS || '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  };
};

const FIRST_ADMIN_REQUIRED = [
  'ADMIN_LOGIN',
  'ADMIN_PASSWORD',
  'ADMIN_EMAIL',
  'COMPANY_NAME',
  'COMPANY_SIRET',
  'COMPANY_CITY',
] as const;

/** The first administrator named by the environment, checked as the app checks the same fields. */
const firstAdminOf = (env: Env): FirstAdmin | null => {
  const given = FIRST_ADMIN_REQUIRED.filter((name) => (env[name] ?? '').trim() !== '');
  if (given.length === 0) return null;
  const missing = FIRST_ADMIN_REQUIRED.filter((name) => !given.includes(name));
  if (missing.length > 0)
    throw new Error(`The first administrator needs ${FIRST_ADMIN_REQUIRED.join(', ')}: ${missing.join(', ')} missing`);
  const value = (name: string) => (env[name] ?? '').trim();
  if (value('ADMIN_LOGIN').length > MAX_LENGTH.login || /\s/.test(value('ADMIN_LOGIN')))
    throw new Error(`ADMIN_LOGIN must be one word of at most ${MAX_LENGTH.login} characters (the login form's limit)`);
  const password = env.ADMIN_PASSWORD ?? '';
  if (checkPasswordRules(password, password) !== null)
    throw new Error(
      'ADMIN_PASSWORD must have at least 8 characters, an uppercase letter and a digit or a symbol (the app’s own rule)',
    );
  if (!isValidEmail(value('ADMIN_EMAIL')))
    throw new Error(`ADMIN_EMAIL is not an e-mail address, got "${value('ADMIN_EMAIL')}"`);
  const siret = value('COMPANY_SIRET').replace(/\s/g, '');
  if (siretError(siret) !== null)
    throw new Error(`COMPANY_SIRET must be a valid SIRET (14 digits, Luhn key), got "${value('COMPANY_SIRET')}"`);
  return {
    login: value('ADMIN_LOGIN'),
    password,
    email: value('ADMIN_EMAIL'),
    firstName: value('ADMIN_FIRST_NAME') || 'Administrateur',
    lastName: value('ADMIN_LAST_NAME') || value('COMPANY_NAME'),
    company: { name: value('COMPANY_NAME'), siret, city: value('COMPANY_CITY') },
  };
};

export const loadConfig = (env: Env = process.env, overrides: Partial<Config> = {}): Config => {
  const port = int(env.PORT, 8080, 'PORT');
  const production = (overrides.production ?? env.NODE_ENV === 'production') === true;
  const smtpUrl = overrides.smtpUrl !== undefined ? overrides.smtpUrl : env.SMTP_URL || null;
  const publicUrl = (overrides.publicUrl ?? (env.PUBLIC_URL || `http://localhost:${port}`)).replace(/\/$/, '');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: env.DATA_DIR || './data',
    databaseUrl: env.DATABASE_URL || null,
    databasePoolMax: databasePoolMaxOf(env.DATABASE_POOL_MAX),
    filesDir: env.FILES_DIR || null,
    seed: env.SEED === 'none' ? 'none' : 'demo',
    firstAdmin: firstAdminOf(env),
    smtpUrl,
    accessTokenTtlS: int(env.ACCESS_TOKEN_TTL_S, 900, 'ACCESS_TOKEN_TTL_S'),
    refreshTokenTtlS: int(env.REFRESH_TOKEN_TTL_S, 43_200, 'REFRESH_TOKEN_TTL_S'),
    refreshReuseGraceS: int(env.REFRESH_REUSE_GRACE_S, 30, 'REFRESH_REUSE_GRACE_S'),
    signatureCodeTtlS: signatureCodeTtlOf(env.SIGNATURE_CODE_TTL_S),
    role: roleOf(env.ROLE),
    pushAdapter: pushAdapterOf(env, redisUrlOf(env.REDIS_URL)),
    redisUrl: redisUrlOf(env.REDIS_URL),
    publicUrl,
    webDir: env.WEB_DIR || 'dist/web',
    version: env.APP_VERSION || '0.1.0',
    production,
    demoOutbox: !production && !smtpUrl,
    trustProxy: flag(env.TRUST_PROXY),
    sso: ssoOf(env, port, publicUrl),
    ...overrides,
  };
};
