/**
 * Signing a webhook message as the Standard Webhooks specification (standardwebhooks.com) writes it,
 * with the `standardwebhooks` package: headers `webhook-id` (the same on every try of one message,
 * so a receiver can drop a duplicate), `webhook-timestamp` (seconds, the time of this try) and
 * `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the
 * secret's bytes). The alerts' webhooks and the curator's lead webhook sign alike.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret as Standard Webhooks writes it: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** A new message id (`msg_` and 16 random bytes, base64url), for `webhook-id`. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/**
 * The headers of one signed try: `webhook-id`, `webhook-timestamp` (`timestampSeconds`, Unix
 * seconds), `webhook-signature` over exactly `body` (send these bytes, UTF-8, unchanged) and the
 * JSON content type. Throws when `secret` is no `whsec_` base64 secret.
 */
export function signedHeaders(
  secret: string,
  id: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  const signature = new Webhook(secret).sign(id, new Date(timestampSeconds * 1000), body);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(timestampSeconds)),
    'webhook-signature': signature,
    'content-type': 'application/json',
  };
}
