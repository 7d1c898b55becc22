import { LRUCache } from 'lru-cache';
import type * as WebPushModule from 'web-push';
import { checkPublicHost } from '../../outbound/public-host.js';

type WebPush = (typeof WebPushModule)['default'];

/** The VAPID identity alerts are signed with (RFC 8292). */
export interface Vapid {
  readonly subject: string;
  readonly publicKey: string;
  readonly privateKey: string;
}

/** How long a signed VAPID JWT is used (RFC 8292 allows at most 24 hours), and its lifetime. */
const VAPID_REUSE_MS = 11 * 3_600_000;
const VAPID_LIFETIME_S = 12 * 3600;
/**
 * Push-service origins a process keeps a signed header for: the browsers' services are a handful,
 * but a wildcard host (`https://*.notify.windows.com`) lets each subscription name another origin.
 */
const MAX_AUDIENCES = 256;

const signed = new WeakMap<Vapid, LRUCache<string, string>>();

/** How many push-service origins have a signed header kept for `vapid`. */
export function signedAudiences(vapid: Vapid): number {
  return signed.get(vapid)?.size ?? 0;
}

/**
 * The `Authorization: vapid t=…, k=…` header for a push service (the JWT's `aud` is its origin),
 * signed once and reused until an hour before it expires: signing costs about twice as much CPU as
 * encrypting a message, and a fan-out sends thousands of messages to a handful of services. An https
 * origin is signed for only once its name resolved to public addresses (./outbound/public-host.ts): a name
 * that reaches nothing costs no signature and no place in the cache. Plain http is taken only for
 * an origin the operator names (a test's push service), so it is not resolved first.
 */
export async function vapidAuthorization(
  webpush: WebPush,
  vapid: Vapid,
  endpoint: string,
  now: number,
): Promise<string> {
  const url = new URL(endpoint);
  const audience = url.origin;
  let byAudience = signed.get(vapid);
  if (!byAudience)
    signed.set(
      vapid,
      (byAudience = new LRUCache<string, string>({ max: MAX_AUDIENCES, ttl: VAPID_REUSE_MS })),
    );
  const cached = byAudience.get(audience);
  if (cached !== undefined) return cached;
  if (url.protocol === 'https:') await checkPublicHost(url);
  const { Authorization } = webpush.getVapidHeaders(
    audience,
    vapid.subject,
    vapid.publicKey,
    vapid.privateKey,
    'aes128gcm',
    Math.floor(now / 1000) + VAPID_LIFETIME_S,
  );
  byAudience.set(audience, Authorization);
  return Authorization;
}
