import { ECDH } from 'node:crypto';
import { z } from 'zod';
import { canonicalEndpoint, UNSAFE_IN_ENDPOINT } from '../alerts.js';
import { AudienceFilter, TRANSLATION_LANGUAGES, WindowFilter } from './enums.js';
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

/**
 * Whether an uncompressed key is a point on P-256: a key the sender's crypto would refuse never gets
 * stored. Text of another length or first byte is left to the pattern, which names it once.
 */
function isP256Point(text: string): boolean {
  const bytes = Buffer.from(text, 'base64url');
  if (bytes.length !== 65 || bytes[0] !== 4) return true;
  try {
    ECDH.convertKey(bytes, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/** The browser's public key: an uncompressed P-256 point, 65 bytes whose first is 0x04 (RFC 8291 §3.1). */
const PushP256dh = base64urlOf(65, 'B').refine(isP256Point, {
  error: 'must be a point on the P-256 curve',
});
/** The authentication secret: 16 bytes (RFC 8291 §3.2). */
const PushAuth = base64urlOf(16);

/**
 * A push endpoint: where the browser's push service takes messages for one subscription. What a
 * browser gives is plain ASCII; text with control characters, spaces or bidirectional marks is
 * refused, and the rest is kept in one canonical form (domain/alerts.ts `canonicalEndpoint`), so
 * every spelling of an endpoint is one subscription.
 */
const PushEndpoint = z
  .string()
  .max(CONTENT_LIMITS.url)
  .refine((value) => !UNSAFE_IN_ENDPOINT.test(value), {
    error: 'must contain no control characters, spaces or bidirectional marks',
  })
  .pipe(z.url({ protocol: /^https?$/ }))
  .transform(canonicalEndpoint)
  .pipe(z.string().max(CONTENT_LIMITS.url));

/** `PushSubscription.toJSON()` as a browser sends it; nothing else is taken. */
const PushSubscriptionJson = z.strictObject({
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

/**
 * `POST /alerts/webhooks` as JSON: the URL to send alerts to and the filters it wants. The URL is
 * text here; its rules (https, port 443, a public host, its length) are the server's target rules,
 * which name the one it breaks.
 */
export const WebhookRequest = z.strictObject({
  url: z.string(),
  audience: AudienceFilter.default('all'),
  window: WindowFilter.default('any'),
});

/** The languages of the site's pages: the page a form is sent from answers in its own. */
const PageLanguage = z.enum(['en', ...TRANSLATION_LANGUAGES] as const);

/** `POST /alerts/webhooks` as an HTML form: the same fields and the language of the page it came from. */
export const WebhookFormRequest = WebhookRequest.extend({ lang: PageLanguage });

type PushSubscriptionJson = z.infer<typeof PushSubscriptionJson>;
export type AlertSubscriptionRequest = z.infer<typeof AlertSubscriptionRequest>;
export type AlertUnsubscribeRequest = z.infer<typeof AlertUnsubscribeRequest>;
export type WebhookRequest = z.infer<typeof WebhookRequest>;
export type WebhookFormRequest = z.infer<typeof WebhookFormRequest>;

/** The site's languages (domain/locales.ts `LOCALES`): the language of an email's mails. */
export const MailLocale = z.enum(['en', 'ja', 'ko', 'zh-CN', 'zh-TW']);

/** Longest address SMTP carries (RFC 5321 §4.5.3.1.3, a path of 256 less its brackets). */
const EMAIL_MAX_LENGTH = 254;

/**
 * An address in one form: trimmed, its domain in lower case (the local part is the mailbox's own
 * and may be case-sensitive), so `Ann@Example.COM ` and `Ann@example.com` are one subscription.
 */
function normalizeEmail(address: string): string {
  const at = address.lastIndexOf('@');
  return `${address.slice(0, at)}@${address.slice(at + 1).toLowerCase()}`;
}

/** An email address as a form or a program gives it: one mailbox, `local@domain`, nothing else. */
const EmailAddress = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email({ error: 'must be an email address (name@example.com)' }))
  .transform(normalizeEmail);

/**
 * `POST /alerts/email`: the address to alert, the filters, and the language of its mails (the page
 * the form was sent from; English when absent). As JSON or as the page's form.
 */
export const EmailSubscriptionRequest = z.strictObject({
  email: EmailAddress,
  audience: AudienceFilter.default('all'),
  window: WindowFilter.default('any'),
  lang: MailLocale.default('en'),
});

export type EmailSubscriptionRequest = z.infer<typeof EmailSubscriptionRequest>;
