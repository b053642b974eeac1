/**
 * The device cookie (OWASP "device cookies" against lockout abuse): after a successful login the
 * browser keeps a random token for that account, in an HttpOnly, SameSite=Strict cookie readable
 * only by the user service. One cookie per account (its name carries a digest of the login), so
 * several people sharing a browser each keep theirs.
 */
import { createHash } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Config } from '../config.ts';

const ONE_YEAR_S = 365 * 24 * 3600;

export const deviceCookieName = (login: string): string =>
  `pd_device_${createHash('sha256').update(login.trim().toLowerCase()).digest('hex').slice(0, 16)}`;

export const deviceCookieOptions = (config: Pick<Config, 'publicUrl'>): CookieSerializeOptions => ({
  httpOnly: true,
  sameSite: 'strict',
  secure: config.publicUrl.startsWith('https:'),
  path: '/api/user',
  maxAge: ONE_YEAR_S,
});
