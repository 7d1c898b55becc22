import { z } from 'zod';
import { AudienceFilter, WindowFilter } from './enums.js';
import { CONTENT_LIMITS } from './limits.js';

/**
 * base64url (RFC 4648 §5) text of exactly `bytes` bytes, unpadded as browsers write it or padded:
 * `first` constrains its first character (the top six bits of the first byte).
 */
function base64urlOf(bytes: number, first = '[A-Za-z0-9_-]') {
  const characters = Math.ceil((bytes * 4) / 3);
  const padding = (4 - (characters % 4)) % 4;
  return z.string().regex(new RegExp(`^${first}[A-Za-z0-9_-]{${characters - 1}}(={${padding}})?$`), {
    error: `must be base64url of exactly ${bytes} bytes`,
  });
}

/** The browser's public key: an uncompressed P-256 point, 65 bytes whose first is 0x04 (RFC 8291 §3.1). */
export const PushP256dh = base64urlOf(65, 'B');
/** The authentication secret: 16 bytes (RFC 8291 §3.2). */
export const PushAuth = base64urlOf(16);

/** A push endpoint: where the browser's push service takes messages for one subscription. */
export const PushEndpoint = z.url({ protocol: /^https?$/ }).max(CONTENT_LIMITS.url);

/** `PushSubscription.toJSON()` as a browser sends it; nothing else is taken. */
export const PushSubscriptionJson = z.strictObject({
  endpoint: PushEndpoint,
  expirationTime: z.number().int().min(0).nullable().optional(),
  keys: z.strictObject({ p256dh: PushP256dh, auth: PushAuth }),
});

/** `POST /alerts/subscriptions`: a subscription and the filters it wants alerts for. */
export const AlertSubscriptionRequest = z.strictObject({
  subscription: PushSubscriptionJson,
  audience: AudienceFilter.default('all'),
  window: WindowFilter.default('any'),
});

/** `DELETE /alerts/subscriptions`: the endpoint whose subscription goes. */
export const AlertUnsubscribeRequest = z.strictObject({ endpoint: PushEndpoint });

export type PushSubscriptionJson = z.infer<typeof PushSubscriptionJson>;
export type AlertSubscriptionRequest = z.infer<typeof AlertSubscriptionRequest>;
export type AlertUnsubscribeRequest = z.infer<typeof AlertUnsubscribeRequest>;
