/**
 * Whether a URL a user registers may be a webhook target, and of which kind, before anything is
 * sent to it. The rules keep a target to what can be reached safely from a public server: https on
 * port 443 (no plain http, no other port of some host), no credentials (they would be stored and
 * logged with the URL), no fragment (it is never sent, so it means a mistake), a bounded length, and
 * a host that is a DNS name or an IP literal, a literal being refused at once when it is not public.
 * A name is checked when a message is sent, after it is resolved (`postWebhook`): what it resolves to
 * can change after it is registered.
 *
 * An operator may allow origins (`ALERTS_WEBHOOK_ORIGINS`: a test's receiver, an internal relay);
 * a URL on one of them may use http, any port and any address.
 *
 * The kind picks the body a message is sent as: `discord` and `slack` are those services' incoming
 * webhooks (their own JSON, no signature read), `generic` gets signed Standard Webhooks messages.
 */
import { canonicalEndpoint } from '../../domain/alerts.js';
import { isPublicAddress } from './address.js';

type WebhookKind = 'generic' | 'discord' | 'slack';

export type WebhookTarget = { readonly ok: true; readonly url: URL; readonly kind: WebhookKind };

export type ParsedWebhookTarget = WebhookTarget | { readonly ok: false; readonly reason: string };

/** The longest URL taken, as typed and once normalised. */
const MAX_WEBHOOK_URL_LENGTH = 2048;

/** A DNS name as the URL parser leaves it (lower case, IDNs in punycode): dot-separated labels. */
const LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;

/** The URL's host without the brackets of an IPv6 literal. */
export function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/** Whether the host is an IP literal (the URL parser writes IPv4 dotted and IPv6 in brackets). */
export function isIpLiteral(url: URL): boolean {
  return url.hostname.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(url.hostname);
}

/** Whether `url`'s origin is one of `allowedOrigins` (each read as a URL; unreadable ones match nothing). */
export function isAllowedOrigin(url: URL, allowedOrigins: readonly string[]): boolean {
  return allowedOrigins.some((origin) => URL.canParse(origin) && new URL(origin).origin === url.origin);
}

function kindOf(url: URL): WebhookKind {
  const host = url.hostname;
  if ((host === 'discord.com' || host === 'discordapp.com') && url.pathname.startsWith('/api/webhooks/')) {
    return 'discord';
  }
  if (host === 'hooks.slack.com' && url.pathname.startsWith('/services/')) return 'slack';
  return 'generic';
}

/**
 * Reads a webhook URL: the target (the parsed URL and its kind) or why it is refused, in one line
 * that names the rule. `allowedOrigins` are origins (`http://127.0.0.1:9100`) exempt from the https,
 * port and address rules.
 */
export function parseWebhookTarget(text: string, allowedOrigins: readonly string[]): ParsedWebhookTarget {
  if (text.length > MAX_WEBHOOK_URL_LENGTH) {
    return { ok: false, reason: `the URL is longer than ${MAX_WEBHOOK_URL_LENGTH} characters` };
  }
  if (!URL.canParse(text)) return { ok: false, reason: 'the URL is not a valid absolute URL' };
  // One form per resource (RFC 3986 §6.2.2-6.2.3, as push endpoints are kept): `…/hook?` and
  // `…/%68ook` are `…/hook`, so the "registered already" check finds every spelling of it.
  const written = new URL(text);
  const url = new URL(canonicalEndpoint(text));
  if (written.href.length > MAX_WEBHOOK_URL_LENGTH) {
    return { ok: false, reason: `the URL is longer than ${MAX_WEBHOOK_URL_LENGTH} characters` };
  }
  const allowed = isAllowedOrigin(url, allowedOrigins);
  if (!allowed && url.protocol !== 'https:') return { ok: false, reason: 'the URL must use https' };
  if (!allowed && url.port !== '') return { ok: false, reason: 'the URL must use port 443' };
  if (written.username !== '' || written.password !== '') {
    return { ok: false, reason: 'the URL must not carry a user name or password' };
  }
  if (text.includes('#')) return { ok: false, reason: 'the URL must not have a fragment' };
  if (isIpLiteral(url)) {
    if (!allowed && !isPublicAddress(hostOf(url))) {
      return { ok: false, reason: `the host ${url.hostname} is not a public address` };
    }
  } else if (url.hostname.length > 253 || !url.hostname.split('.').every((label) => LABEL.test(label))) {
    return { ok: false, reason: 'the host must be a DNS name or an IP address' };
  }
  return { ok: true, url, kind: kindOf(url) };
}
