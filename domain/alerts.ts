import type { ResetSummary } from './schemas/index.js';

/** What happened to the event the alert is about. */
export type AlertReason = 'confirmed' | 'announced';

/** The JSON a notification carries (the service worker shows it; the page it opens is `url`). */
export interface AlertPayload {
  readonly title: string;
  readonly body: string;
  /** The event's page. */
  readonly url: string;
  /** One notification per event and reason: a second copy replaces the first on the device. */
  readonly tag: string;
  readonly event_id: string;
  readonly reason: AlertReason;
}

/**
 * Plaintext bytes an alert may take. A push message is at most 4,096 bytes (RFC 8030 §7.2); aes128gcm
 * adds 103 of its own (RFC 8291 §4), and the rest is kept free.
 */
export const ALERT_PAYLOAD_MAX_BYTES = 3072;

const WINDOW_NAMES: Readonly<Record<string, string>> = {
  five_hour: 'five-hour',
  weekly: 'weekly',
  other: 'other',
  unspecified: 'unspecified',
};

/** When, as every page says it: the UTC time when exact, the date alone when only that is known. */
function whenOf(event: ResetSummary): string {
  if (event.announced_at !== null) return `${event.announced_at.slice(0, 16).replace('T', ' ')} UTC`;
  if (event.announced_on !== null) return `${event.announced_on} (date only)`;
  return 'time unknown';
}

function windowsOf(event: ResetSummary): string {
  const names = event.windows.map((window) => WINDOW_NAMES[window] ?? window);
  return names.length === 0 ? 'unspecified' : names.join(' and ');
}

/** Cuts `text` to at most `max` UTF-8 bytes, on a character boundary, marking the cut. */
function clip(text: string, max: number): string {
  if (new TextEncoder().encode(text).length <= max) return text;
  let out = '';
  for (const character of text) {
    if (new TextEncoder().encode(`${out}${character}…`).length > max) break;
    out += character;
  }
  return `${out}…`;
}

/**
 * The alert for one event: its title, when (no time is invented for a date-only event), for whom and
 * which windows, and its page. Within `ALERT_PAYLOAD_MAX_BYTES` whatever the content's lengths.
 */
export function alertPayload(event: ResetSummary, reason: AlertReason): AlertPayload {
  const lead = reason === 'announced' ? 'Announced' : 'Confirmed';
  const payload = {
    title: clip(`${lead}: ${event.title}`, 300),
    body: clip(
      `${whenOf(event)}. For: ${event.audience.statement}. Windows: ${windowsOf(event)}.`,
      ALERT_PAYLOAD_MAX_BYTES / 2,
    ),
    url: event.url,
    tag: `${event.id}:${reason}`,
    event_id: event.id,
    reason,
  };
  return payload;
}

/**
 * Whether a push endpoint is on a known push service. `allowed` holds origins: `https://host` (also
 * `https://*.example.com` for every subdomain), or `http://host:port`, which allows that one origin
 * over plain http (a test's push service).
 */
export function isKnownPushService(endpoint: string, allowed: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  return allowed.some((entry) => {
    const wildcard = /^https:\/\/\*\.([^/]+)$/.exec(entry);
    if (wildcard) return url.protocol === 'https:' && url.hostname.endsWith(`.${wildcard[1]}`);
    return url.origin === new URL(entry).origin;
  });
}

/** The push services of Chrome, Firefox, Edge and Safari. */
export const DEFAULT_PUSH_SERVICES = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://*.notify.windows.com',
  'https://web.push.apple.com',
] as const;
