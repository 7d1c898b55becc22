import { randomBytes } from 'node:crypto';
import { hashToken } from '../token-hash.js';

/**
 * The tokens of email alerts: one in a confirmation link (double opt-in), one in every alert's
 * unsubscribe link. A token is 32 random bytes in base64url (43 characters, 256 bits: never guessed);
 * the mail carries it and the store keeps only its SHA-256 (base64url), so a copy of the store sends
 * no one to a working link. A token arriving at an endpoint is hashed with `hashToken` (../token-hash.ts)
 * and looked up by that hash.
 */

/** Random bytes in a token. */
const TOKEN_BYTES = 32;

/** The shape of a token in a link: 43 base64url characters. Anything else is refused unhashed. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new token for a link, and its hash for the store. */
export function newToken(): { readonly token: string; readonly hash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashToken(token, 'base64url') };
}
