import { createHash } from 'node:crypto';
import type { Locale } from '../../../domain/locales.js';
import { localePath } from '../../../domain/locales.js';

/**
 * The addresses email alerts link to, and their mails' Message-IDs. The endpoints that answer these
 * paths are the wiring's; these are the paths the mails promise.
 *
 * - `EMAIL_CONFIRM_PATH`: a page with a button that confirms the subscription (a GET never
 *   confirms: mail scanners open links). In the subscriber's language, as every page: `/ja/…`.
 * - `EMAIL_UNSUBSCRIBE_PATH`: the unsubscribe link. A GET shows a page with a button; a POST with
 *   the body `List-Unsubscribe=One-Click` unsubscribes at once (RFC 8058, what a mail client's
 *   own unsubscribe button sends to the `List-Unsubscribe` URL).
 */
export const EMAIL_CONFIRM_PATH = '/alerts/email/confirm';
export const EMAIL_UNSUBSCRIBE_PATH = '/alerts/email/unsubscribe';

/** `https://host` from a base URL, without a trailing slash (a path in it is kept). */
function base(origin: string): string {
  return origin.replace(/\/+$/, '');
}

/** A page of the site in a language, with the token as its query: `https://host/ja/alerts/email/confirm?token=…`. */
function tokenLink(origin: string, locale: Locale, path: string, token: string): string {
  return `${base(origin)}${localePath(locale, path)}?token=${encodeURIComponent(token)}`;
}

/** The link of a confirmation mail. */
export function confirmUrlFor(origin: string, locale: Locale, token: string): string {
  return tokenLink(origin, locale, EMAIL_CONFIRM_PATH, token);
}

/** The unsubscribe link of an alert's mail (also its `List-Unsubscribe`). */
export function unsubscribeUrlFor(origin: string, locale: Locale, token: string): string {
  return tokenLink(origin, locale, EMAIL_UNSUBSCRIBE_PATH, token);
}

/**
 * The Message-ID of one alert's mail to one subscription: the same for the same pair, so a mail sent
 * again after a crash carries the same id and the recipient's mail system can drop the copy.
 * `alertKey` is the ledger's key (domain/alerts.ts `alertKey`), `domain` the sending domain.
 */
export function alertMessageId(alertKey: string, subscriptionId: number | string, domain: string): string {
  const digest = createHash('sha256').update(`${alertKey}\n${subscriptionId}`).digest('hex').slice(0, 40);
  return `<alert.${digest}@${domain}>`;
}
