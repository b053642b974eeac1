/**
 * The safe portal's token (`/auto-Login-edoc`): a signed JWT checked with `jose` against the
 * portal's published keys (JWKS URL) or a public key in configuration. Algorithm allow-list (never
 * `none`, never a symmetric key), issuer, audience, expiry and not-before (a minute of clock
 * skew), and a `jti`; its `sub` is the product login. The `jti` is used once (the caller records it).
 */
import { type JWTPayload, createLocalJWKSet, createRemoteJWKSet, errors, importSPKI, jwtVerify, type JWK } from 'jose';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import type { EdocConfig } from '../../config.ts';
import { ApiFailure } from '../../http/errors.ts';

export const edocInvalid = (): ApiFailure => new ApiFailure(401, ERROR_KEYS.authEdocInvalid);
/** Seed 001 §8: « offer expired (code 501 on token login) ». */
export const offerExpired = (): ApiFailure =>
  new ApiFailure(
    501,
    ERROR_KEYS.authOfferExpired,
    'Votre offre a expiré : la connexion depuis le coffre-fort n’est plus possible.',
  );

export interface EdocClaims {
  readonly login: string;
  readonly jti: string;
  /** Seconds since the epoch: the `jti` is remembered until then. */
  readonly exp: number;
}

type KeyGetter = Parameters<typeof jwtVerify>[1];

export function createEdocVerifier(settings: EdocConfig, timeoutS: number): (token: string) => Promise<EdocClaims> {
  const asymmetric = settings.algorithms.filter((a) => /^(RS|PS|ES)\d{3}$|^EdDSA$|^Ed25519$/.test(a));
  let keys: Promise<KeyGetter> | null = null;
  const keyGetter = (): Promise<KeyGetter> => {
    keys ??= (async (): Promise<KeyGetter> => {
      if (settings.jwksUrl) return createRemoteJWKSet(new URL(settings.jwksUrl), { timeoutDuration: timeoutS * 1000 });
      const pem = settings.publicKey ?? '';
      if (pem.trim().startsWith('{')) return createLocalJWKSet({ keys: [JSON.parse(pem) as JWK] });
      const alg = asymmetric[0] ?? 'RS256';
      return (await importSPKI(pem, alg)) as unknown as KeyGetter;
    })();
    return keys;
  };

  return async (token) => {
    if (typeof token !== 'string' || token.length > 8192) throw edocInvalid();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, await keyGetter(), {
        algorithms: asymmetric,
        issuer: settings.issuer,
        audience: settings.audience,
        clockTolerance: 60,
        requiredClaims: ['exp', 'jti', 'sub', 'iat'],
        maxTokenAge: '1h',
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw offerExpired();
      throw edocInvalid();
    }
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') {
      throw edocInvalid();
    }
    return { login: payload.sub, jti: payload.jti, exp: payload.exp };
  };
}
