import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The tokens of email alerts: one in a confirmation link (double opt-in), one in every alert's
 * unsubscribe link. A token is 32 random bytes in base64url (43 characters, 256 bits: never guessed);
 * the mail carries it and the store keeps only its SHA-256 (base64url), so a copy of the store sends
 * no one to a working link. A token arriving at an endpoint is hashed with `hashToken` and looked up
 * by that hash; `tokenMatches` compares a hash in constant time when a row is read by something else.
 */

/** Random bytes in a token. */
export const TOKEN_BYTES = 32;

/** The shape of a token in a link: 43 base64url characters. Anything else is refused unhashed. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The SHA-256 of a token, base64url (43 characters): what the store keeps and looks up. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/** A new token for a link, and its hash for the store. */
export function newToken(): { readonly token: string; readonly hash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashToken(token) };
}

/**
 * Whether `token` is the one whose hash is `hash`, in time that does not depend on where they
 * differ. A token not of the link's shape never matches.
 */
export function tokenMatches(token: string, hash: string): boolean {
  if (!TOKEN_PATTERN.test(token)) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = createHash('sha256').update(token, 'utf8').digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
