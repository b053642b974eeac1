/**
 * CAS protocol 3.0 client: the login URL with this product's service URL, and the server-side
 * validation of a service ticket at `<CAS_URL>/p3/serviceValidate`. The answer is XML, parsed
 * without any document type (a DOCTYPE or entity declaration is refused outright: no XXE, no
 * entity expansion); the user is `cas:authenticationSuccess/cas:user`.
 */
import { XMLParser } from 'fast-xml-parser';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { ApiFailure } from '../../http/errors.ts';

export const casFailure = (): ApiFailure => new ApiFailure(401, ERROR_KEYS.authCasFailure);

/** The product's page CAS sends the browser back to, with `?ticket=`. */
export const casServiceUrl = (publicUrl: string): string => `${publicUrl}/autologin`;

export const casLoginUrl = (casUrl: string, publicUrl: string): string =>
  `${casUrl}/login?service=${encodeURIComponent(casServiceUrl(publicUrl))}`;

export interface CasIdentity {
  readonly user: string;
  readonly attributes: Readonly<Record<string, unknown>>;
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  processEntities: true,
  htmlEntities: false,
  parseTagValue: false,
  trimValues: true,
});

/** Reads a serviceValidate answer; null unless it is an authentication success naming a user. */
export function parseServiceResponse(xml: string): CasIdentity | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return null;
  let doc: unknown;
  try {
    doc = parser.parse(xml);
  } catch {
    return null;
  }
  const response = (doc as { serviceResponse?: { authenticationSuccess?: unknown } }).serviceResponse;
  const success = response?.authenticationSuccess as { user?: unknown; attributes?: unknown } | undefined;
  const user = typeof success?.user === 'string' ? success.user.trim() : '';
  if (!user) return null;
  const attributes = typeof success?.attributes === 'object' && success.attributes ? success.attributes : {};
  return { user, attributes: attributes as Record<string, unknown> };
}

/** Validates `ticket` for this product's service at the CAS server; throws the keyed CAS failure otherwise. */
export async function validateTicket(
  casUrl: string,
  publicUrl: string,
  ticket: string,
  timeoutS: number,
): Promise<CasIdentity> {
  if (!/^ST-[\w.-]{1,256}$/.test(ticket)) throw casFailure();
  const url = `${casUrl}/p3/serviceValidate?service=${encodeURIComponent(casServiceUrl(publicUrl))}&ticket=${encodeURIComponent(ticket)}`;
  let text: string;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutS * 1000), redirect: 'error' });
    if (!res.ok) throw casFailure();
    text = await res.text();
  } catch {
    throw casFailure();
  }
  const identity = parseServiceResponse(text);
  if (!identity) throw casFailure();
  return identity;
}
