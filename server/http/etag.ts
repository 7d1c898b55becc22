import { createHash } from 'node:crypto';

const GENERATED_AT = Buffer.from('"generated_at":"');
const QUOTE = 0x22;
/** Characters of the hash an entity tag carries: `W/"` + these + `"`. */
export const ETAG_HASH_LENGTH = 27;

/**
 * The ETag is derived from the body without its `meta.generated_at` values (a batch of tRPC calls has
 * one per call), the one value that differs between processes for the same content and request. Weak,
 * because the bytes of that field may differ. Hashes the bytes around those fields rather than a copy.
 */
export function etagFor(body: Buffer): string {
  const hash = createHash('sha256');
  let from = 0;
  for (;;) {
    const start = body.indexOf(GENERATED_AT, from);
    const end = start === -1 ? -1 : body.indexOf(QUOTE, start + GENERATED_AT.length);
    if (end === -1) break;
    hash.update(body.subarray(from, start));
    from = end + 1;
  }
  hash.update(body.subarray(from));
  return `W/"${hash.digest('base64url').slice(0, ETAG_HASH_LENGTH)}"`;
}
