/**
 * Single sign-on logins (issue 16): OpenID Connect (Microsoft), CAS and the safe portal's token.
 * Each establishes an identity with its provider (src/server/auth/sso/), then matches an existing
 * active account — never creates one — and opens the same session as a password login.
 * - OpenID: only accounts flagged « e-mail lié à un compte Microsoft ou de groupe »; first by the
 *   provider's subject recorded at an earlier login, else by the verified e-mail (then the subject
 *   is recorded). Anything else: the keyed « no linked account » refusal.
 * - CAS: the account whose login is the CAS user.
 * - Safe portal: the account whose login is the token's `sub`; each `jti` once.
 */
import type { LoginResponse } from '../../../contract/entities.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { casFailure, casLoginUrl, validateTicket } from '../../auth/sso/cas.ts';
import { createEdocVerifier, edocInvalid } from '../../auth/sso/edoc.ts';
import { type OidcClient, createOidcClient } from '../../auth/sso/oidc.ts';
import type { TokenPair } from '../../auth/sessions.ts';
import type { Config } from '../../config.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { ApiFailure } from '../../http/errors.ts';
import { openSession } from './auth.service.ts';
import { USER_COLUMNS, type UserRow } from './view.ts';

/** What the login screen needs to know: which single sign-on entries work here. */
export interface SsoSettings {
  readonly microsoft: { readonly label: string } | null;
  readonly casLoginUrl: string | null;
  readonly casRedirect: boolean;
  readonly edoc: boolean;
  /** The providers are the local demo one (the screens say so). */
  readonly demo: boolean;
  readonly specialLogin: boolean;
}

export const ssoUnavailable = (): ApiFailure =>
  new ApiFailure(
    501,
    ERROR_KEYS.authSsoUnavailable,
    "La connexion par authentification unique n'est pas disponible : aucun fournisseur n'est configuré sur ce serveur.",
  );

const notLinked = (): ApiFailure =>
  new ApiFailure(
    403,
    ERROR_KEYS.authSsoNotLinked,
    "Aucun compte n'est lié à cette identité Microsoft. Demandez à votre administrateur de lier votre e-mail à votre compte, ou connectez-vous avec votre identifiant et votre mot de passe.",
  );

export interface SsoLogin {
  readonly body: LoginResponse;
  readonly tokens: TokenPair;
}

/** The providers of one server, built once from its configuration (discovery and keys are cached inside). */
export class SingleSignOn {
  private readonly oidc: OidcClient | null;
  private readonly edoc: ((token: string) => Promise<{ login: string; jti: string; exp: number }>) | null;

  constructor(private readonly config: Config) {
    const { sso, publicUrl } = config;
    this.oidc = sso.oidc ? createOidcClient(sso.oidc, `${publicUrl}/auto-login-ms`, sso.timeoutS) : null;
    this.edoc = sso.edoc ? createEdocVerifier(sso.edoc, sso.timeoutS) : null;
  }

  /** `host`: the request's host name (it only picks which login page this browser is shown). */
  settings(host: string): SsoSettings {
    const { sso, publicUrl } = this.config;
    return {
      microsoft: sso.oidc ? { label: sso.oidc.label } : null,
      casLoginUrl: sso.casUrl ? casLoginUrl(sso.casUrl, publicUrl) : null,
      casRedirect: sso.casUrl !== null && sso.casRedirect,
      edoc: sso.edoc !== null,
      demo: sso.demo,
      specialLogin: sso.specialLoginHosts.includes(host.toLowerCase()),
    };
  }

  async startMicrosoft(db: Queryable): Promise<{ url: string; browser: string }> {
    if (!this.oidc) throw ssoUnavailable();
    return this.oidc.start(db);
  }

  async loginMicrosoft(db: Db, query: Record<string, string>, browser: string | undefined): Promise<SsoLogin> {
    if (!this.oidc) throw ssoUnavailable();
    const identity = await this.oidc.complete(db, query, browser);
    const subject = `${this.config.sso.oidc!.issuer}#${identity.subject}`;
    return db.tx(async (q) => {
      const bySubject = await q.query<UserRow>(
        `SELECT ${USER_COLUMNS} FROM directory.users u WHERE u.oidc_subject = $1 AND u.linked_to_microsoft AND u.active`,
        [subject],
      );
      let user = bySubject.rows[0];
      if (!user && identity.email) {
        // Exactly one linked, active account with this e-mail, not yet bound to another subject.
        const byEmail = await q.query<UserRow>(
          `SELECT ${USER_COLUMNS} FROM directory.users u
            WHERE lower(u.email) = $1 AND u.linked_to_microsoft AND u.active AND u.oidc_subject IS NULL`,
          [identity.email],
        );
        if (byEmail.rows.length === 1) {
          user = byEmail.rows[0];
          await q.query(`UPDATE directory.users SET oidc_subject = $2 WHERE id = $1`, [user!.id, subject]);
        }
      }
      if (!user) throw notLinked();
      return openSession(q, this.config, user, { kind: 'oidc', idToken: identity.idToken });
    });
  }

  /** The provider's logout URL for a session opened through it (RP-initiated logout), else null. */
  async endSessionUrl(db: Queryable, sessionId: string): Promise<string | null> {
    const { rows } = await db.query<{ sso_kind: string | null; sso_id_token: string | null }>(
      `SELECT sso_kind, sso_id_token FROM directory.sessions WHERE id = $1`,
      [sessionId],
    );
    const back = `${this.config.publicUrl}/login`;
    const { casUrl } = this.config.sso;
    // CAS: its logout ends the single sign-on session, then offers the way back (protocol 3.0 `service`).
    if (rows[0]?.sso_kind === 'cas' && casUrl) return `${casUrl}/logout?service=${encodeURIComponent(back)}`;
    if (rows[0]?.sso_kind !== 'oidc' || !this.oidc) return null;
    return this.oidc.endSessionUrl(rows[0].sso_id_token, back);
  }

  async loginCas(db: Db, ticket: string): Promise<SsoLogin> {
    const { casUrl, timeoutS } = this.config.sso;
    if (!casUrl) throw ssoUnavailable();
    const identity = await validateTicket(casUrl, this.config.publicUrl, ticket, timeoutS);
    return db.tx(async (q) => {
      await useOnce(q, `cas:${ticket}`, Math.floor(Date.now() / 1000) + 24 * 3600, casFailure);
      const user = await activeByLogin(q, identity.user);
      if (!user) throw casFailure();
      return openSession(q, this.config, user, { kind: 'cas' });
    });
  }

  async loginEdoc(db: Db, token: string): Promise<SsoLogin> {
    if (!this.edoc) throw ssoUnavailable();
    const claims = await this.edoc(token);
    return db.tx(async (q) => {
      await useOnce(q, `edoc:${claims.jti}`, claims.exp + 120, edocInvalid);
      const user = await activeByLogin(q, claims.login);
      if (!user) throw edocInvalid();
      return openSession(q, this.config, user, { kind: 'edoc' });
    });
  }
}

async function activeByLogin(q: Queryable, login: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM directory.users u WHERE u.login = $1 AND u.active`,
    [login],
  );
  return rows[0];
}

/** Records a one-time identifier; throws `refusal()` when it was already used. */
async function useOnce(q: Queryable, id: string, expiresAtS: number, refusal: () => ApiFailure): Promise<void> {
  await q.query(`DELETE FROM directory.sso_used_ids WHERE expires_at < now()`);
  const { rows } = await q.query(
    `INSERT INTO directory.sso_used_ids (id, expires_at) VALUES ($1, to_timestamp($2))
     ON CONFLICT (id) DO NOTHING RETURNING 1`,
    [id, expiresAtS],
  );
  if (rows.length === 0) throw refusal();
}
