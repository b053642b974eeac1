import { createHash, randomBytes } from 'node:crypto';

/** Opaque bearer value: 32 random bytes, base64url. Only its digest is ever stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const digest = (token: string): string => createHash('sha256').update(token).digest('hex');
