/**
 * OpenID Connect relying party (Microsoft Entra ID is one configuration of it), through the
 * certified `openid-client` v6: authorization code flow with PKCE, `state` and `nonce`. What the
 * browser must come back with lives server-side in `directory.sso_requests` (only the state's
 * digest, single use, ten minutes), bound to the browser that started it by an httpOnly cookie, so
 * a code obtained by someone else cannot be completed in this browser (login CSRF).
 */
import * as client from 'openid-client';
import { ERROR_KEYS, SEED_TEXTS } from '../../../contract/keys.ts';
import type { OidcConfig } from '../../config.ts';
import type { Queryable } from '../../db/db.ts';
import { ApiFailure } from '../../http/errors.ts';
import { digest, newToken } from '../tokens.ts';

/** A login started and not completed within this time must start again. */
export const SSO_REQUEST_TTL_S = 600;
export const SSO_FLOW_COOKIE = 'sso-flow';
/** Logins in flight at once (ten minutes each), across all users: past it a start is refused (429). */
const MAX_OPEN_REQUESTS = 10_000;

export const microsoftFailure = (cause?: unknown): ApiFailure => {
  const failure = new ApiFailure(401, ERROR_KEYS.authMicrosoftFailure, SEED_TEXTS.microsoftFailure);
  if (cause !== undefined) (failure as { cause?: unknown }).cause = cause;
  return failure;
};

/** What the provider vouched for: the subject, and the e-mail when it says the e-mail is verified. */
export interface OidcIdentity {
  readonly subject: string;
  readonly email: string | null;
  readonly idToken: string | undefined;
}

export interface OidcClient {
  /** Where to send the browser; `browser` is the value of the flow cookie to hand it. */
  start(db: Queryable): Promise<{ url: string; browser: string }>;
  /** Completes the login from the callback's query; refuses a state unknown, used, expired or of another browser. */
  complete(db: Queryable, query: Record<string, string>, browser: string | undefined): Promise<OidcIdentity>;
  /** The provider's logout URL (RP-initiated logout), when it publishes one. */
  endSessionUrl(idToken: string | null, postLogoutRedirect: string): Promise<string | null>;
}

export function createOidcClient(settings: OidcConfig, redirectUri: string, timeoutS: number): OidcClient {
  let discovered: Promise<client.Configuration> | null = null;
  const configuration = (): Promise<client.Configuration> => {
    discovered ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret ? { client_secret: settings.clientSecret } : undefined,
        settings.clientSecret ? client.ClientSecretPost(settings.clientSecret) : client.None(),
        {
          timeout: timeoutS,
          // Plain http only for a provider on this machine (the demo provider, the tests).
          ...(isLocalHttp(settings.issuer) ? { execute: [client.allowInsecureRequests] } : {}),
        },
      )
      .catch((error: unknown) => {
        discovered = null; // a provider down now may be up at the next attempt
        throw error;
      });
    return discovered;
  };

  return {
    async start(db) {
      const config = await configuration().catch((e: unknown) => {
        throw microsoftFailure(e);
      });
      const state = client.randomState();
      const nonce = client.randomNonce();
      const verifier = client.randomPKCECodeVerifier();
      const browser = newToken();
      // Attempts nobody completed are gone once expired; a flood of starts is refused before it fills the table.
      await db.query(`DELETE FROM directory.sso_requests WHERE expires_at < now()`);
      const { rows: open } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM directory.sso_requests`);
      if ((open[0]?.n ?? 0) >= MAX_OPEN_REQUESTS) throw new ApiFailure(429, ERROR_KEYS.authTooManyRequests);
      await db.query(
        `INSERT INTO directory.sso_requests (state_hash, nonce, code_verifier, browser_hash, expires_at)
         VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
        [digest(state), nonce, verifier, digest(browser), SSO_REQUEST_TTL_S],
      );
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        // Microsoft: let a person with several accounts pick one (other providers may not know the value).
        ...(isMicrosoft(settings.issuer) ? { prompt: 'select_account' } : {}),
      });
      return { url: url.href, browser };
    },

    async complete(db, query, browser) {
      const state = query.state;
      if (!state || !query.code) throw microsoftFailure();
      // Single use: the row is claimed by this call or by none.
      const { rows } = await db.query<{ nonce: string; code_verifier: string; browser_hash: string }>(
        `UPDATE directory.sso_requests SET used_at = now()
          WHERE state_hash = $1 AND used_at IS NULL AND expires_at > now()
        RETURNING nonce, code_verifier, browser_hash`,
        [digest(state)],
      );
      const request = rows[0];
      if (!request || !browser || digest(browser) !== request.browser_hash) throw microsoftFailure();
      const config = await configuration().catch((e: unknown) => {
        throw microsoftFailure(e);
      });
      const callback = new URL(redirectUri);
      for (const [k, v] of Object.entries(query)) callback.searchParams.set(k, v);
      try {
        const tokens = await client.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: request.code_verifier,
          expectedState: state,
          expectedNonce: request.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new Error('no id token');
        let email = verifiedEmail(claims);
        // Many providers give the e-mail at the userinfo endpoint only (for the same subject, checked).
        if (!email && config.serverMetadata().userinfo_endpoint) {
          email = verifiedEmail(await client.fetchUserInfo(config, tokens.access_token, claims.sub));
        }
        return { subject: claims.sub, email, idToken: tokens.id_token };
      } catch (error) {
        throw microsoftFailure(error);
      }
    },

    async endSessionUrl(idToken, postLogoutRedirect) {
      const config = await configuration().catch(() => null);
      if (!config?.serverMetadata().end_session_endpoint) return null;
      return client.buildEndSessionUrl(config, {
        client_id: settings.clientId,
        post_logout_redirect_uri: postLogoutRedirect,
        ...(idToken ? { id_token_hint: idToken } : {}),
      }).href;
    },
  };
}

const isMicrosoft = (issuer: string): boolean => new URL(issuer).hostname === 'login.microsoftonline.com';

const isLocalHttp = (url: string): boolean => /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/.test(url);

/**
 * The e-mail the provider vouches for: `email_verified: true` (OpenID Connect), or Microsoft Entra
 * ID's `xms_edov` (the e-mail's domain is verified by the tenant). Anything else matches nobody.
 */
function verifiedEmail(claims: client.IDToken | client.UserInfoResponse): string | null {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email) return null;
  return claims.email_verified === true || claims.xms_edov === true ? email : null;
}
