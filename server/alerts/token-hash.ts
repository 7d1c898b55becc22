import { createHash } from 'node:crypto';

/**
 * The SHA-256 of a bearer token (an email link's, a webhook's): what a store keeps of it, so that a
 * copy of the store opens nothing. Email rows keep it in base64url and webhook rows in hex, as their
 * columns always have; the hash is the same.
 */
export function hashToken(token: string, encoding: 'base64url' | 'hex'): string {
  return createHash('sha256').update(token, 'utf8').digest(encoding);
}
