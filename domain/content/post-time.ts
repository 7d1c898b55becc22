/**
 * Decodes the publication time that social platforms encode in post ids, so that `announced_at` and
 * `posted_at` are read from the post itself rather than typed by hand.
 */

const TWITTER_EPOCH_MS = 1288834974657n;
const TID_ALPHABET = '234567abcdefghijklmnopqrstuvwxyz';

export type PostId =
  | { platform: 'x'; id: string }
  | { platform: 'bluesky'; id: string }
  | { platform: 'other' };

const X_HOSTS = new Set(['x.com', 'www.x.com', 'twitter.com', 'www.twitter.com', 'mobile.twitter.com']);
const BSKY_HOSTS = new Set(['bsky.app', 'www.bsky.app']);

/** Finds the post id in an X/Twitter status URL or a Bluesky post URL; `null` when the URL is on such a platform but is not a post. */
export function parsePostUrl(url: string): PostId | null {
  const parsed = URL.parse(url);
  if (!parsed) return null;
  const segments = parsed.pathname.split('/').filter(Boolean);
  if (X_HOSTS.has(parsed.hostname)) {
    // `/<handle>/status/<id>`, `/i/status/<id>` and `/i/web/status/<id>`
    const prefix = segments.slice(0, -2).join('/');
    const [status, id] = segments.slice(-2);
    const known = segments.length === 3 || prefix === 'i/web';
    return known && status === 'status' && id !== undefined && /^[1-9][0-9]{0,19}$/.test(id)
      ? { platform: 'x', id }
      : null;
  }
  if (BSKY_HOSTS.has(parsed.hostname)) {
    const [profile, , post, rkey] = segments;
    return profile === 'profile' && post === 'post' && rkey !== undefined && isTid(rkey)
      ? { platform: 'bluesky', id: rkey }
      : null;
  }
  return { platform: 'other' };
}

function isTid(rkey: string): boolean {
  return /^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/.test(rkey);
}

/** Milliseconds since the Unix epoch encoded in an X/Twitter snowflake id. */
export function decodeSnowflake(id: string): number {
  return Number((BigInt(id) >> 22n) + TWITTER_EPOCH_MS);
}

/** Milliseconds since the Unix epoch encoded in a Bluesky TID record key (microseconds, truncated). */
export function decodeTid(rkey: string): number {
  let value = 0n;
  for (const char of rkey) value = (value << 5n) | BigInt(TID_ALPHABET.indexOf(char));
  return Number((value >> 10n) / 1000n);
}

/** The time a post URL encodes, or `null` when its platform encodes none. */
export function decodePostTime(post: PostId): number | null {
  switch (post.platform) {
    case 'x':
      return decodeSnowflake(post.id);
    case 'bluesky':
      return decodeTid(post.id);
    case 'other':
      return null;
  }
}
