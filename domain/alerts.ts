import type { EventTranslations } from './content/translations.js';
import type { FilterSet } from './filters.js';
import { filterKey, matchesFilters } from './filters.js';
import type { EventStatus, ResetSummary } from './schemas/index.js';
import { AUDIENCE_FILTERS, WINDOW_FILTERS } from './schemas/index.js';

/**
 * What happened to the event the alert is about: newly confirmed, newly announced, or corrected
 * (sent only when the curator asks, `content:revise --alert`).
 */
export type AlertReason = 'confirmed' | 'announced' | 'corrected';

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
  /**
   * What the title and body are made of, for a reader's service worker to word them in the language
   * the alerts were turned on in: the event's title and audience as curated (clipped like the
   * title), its time or date, and its windows.
   */
  readonly parts: AlertParts;
}

interface AlertParts {
  readonly subject: string;
  readonly audience: string;
  /**
   * The title and audience in each page language the event is translated into (from its current
   * revision), as many languages as the payload's bound leaves room for; a reader's service worker
   * uses its language's, else the English ones.
   */
  readonly translated?: Readonly<Record<string, { readonly subject: string; readonly audience: string }>>;
  readonly announced_at: string | null;
  readonly announced_on: string | null;
  readonly windows: readonly string[];
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
export function alertPayload(
  event: ResetSummary,
  reason: AlertReason,
  translations: EventTranslations | null = null,
): AlertPayload {
  const lead = { confirmed: 'Confirmed', announced: 'Announced', corrected: 'Corrected' }[reason];
  const payload = {
    title: clip(`${lead}: ${event.title}`, 300),
    body: clip(
      `${whenOf(event)}. For: ${event.audience.statement}. Windows: ${windowsOf(event)}.`,
      ALERT_PAYLOAD_MAX_BYTES / 3,
    ),
    url: event.url,
    tag: `${event.id}:${reason}`,
    event_id: event.id,
    reason,
    parts: {
      subject: clip(event.title, 300),
      audience: clip(event.audience.statement, ALERT_PAYLOAD_MAX_BYTES / 4),
      announced_at: event.announced_at,
      announced_on: event.announced_at === null ? event.announced_on : null,
      windows: event.windows,
    },
  };
  return translations === null ? payload : withTranslations(payload, translations);
}

const bytesOf = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/** The payload with each translation's title and audience added, in language order, while it fits. */
function withTranslations(payload: AlertPayload, translations: EventTranslations): AlertPayload {
  const translated: Record<string, { subject: string; audience: string }> = {};
  let fitted = payload;
  for (const [language, translation] of Object.entries(translations)) {
    if (!translation) continue;
    translated[language] = {
      subject: clip(translation.title, 300),
      audience: clip(translation.statement, ALERT_PAYLOAD_MAX_BYTES / 4),
    };
    const candidate = { ...payload, parts: { ...payload.parts, translated: { ...translated } } };
    if (bytesOf(candidate) > ALERT_PAYLOAD_MAX_BYTES) {
      delete translated[language];
      continue;
    }
    fitted = candidate;
  }
  return fitted;
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
    // A wildcard names hosts, not ports: 443 only, so no subscription sends to another service of theirs.
    if (wildcard)
      return url.protocol === 'https:' && url.port === '' && url.hostname.endsWith(`.${wildcard[1]}`);
    return url.origin === new URL(entry).origin;
  });
}

/** Control and format characters (C0, DEL, C1, bidirectional marks, zero-width ones) and white space. */
export const UNSAFE_IN_ENDPOINT = /[\p{Cc}\p{Cf}\s]/u;

/** Escapes of unreserved characters other than the dot (RFC 3986 §2.3), which mean the character. */
const ESCAPE = /%[0-9A-Fa-f]{2}/g;
const UNRESERVED = /^[A-Za-z0-9_~-]$/;

/** A path or query with escaped unreserved characters written plainly and other escapes in upper case. */
function normalizeEscapes(text: string): string {
  return text.replace(ESCAPE, (escape) => {
    const char = String.fromCharCode(parseInt(escape.slice(1), 16));
    return UNRESERVED.test(char) ? char : escape.toUpperCase();
  });
}

/**
 * The one form of a push endpoint that is stored and looked up: the WHATWG URL serialization (host
 * in lower case and, for a non-ASCII name, in its ASCII form; no default port; the path
 * percent-encoded) without userinfo or fragment, which a push request never sends, without an empty
 * query (`…/s1?`), and with escapes normalized as RFC 3986 §6.2.2 does (`%64` is `d`; a dot stays
 * escaped, so no path segment changes meaning).
 */
export function canonicalEndpoint(endpoint: string): string {
  const url = new URL(endpoint);
  url.username = '';
  url.password = '';
  url.hash = '';
  url.pathname = normalizeEscapes(url.pathname);
  url.search = normalizeEscapes(url.search);
  return url.href;
}

/** The push services of Chrome, Firefox, Edge and Safari. */
export const DEFAULT_PUSH_SERVICES = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://*.notify.windows.com',
  'https://web.push.apple.com',
] as const;

/** What the publication ledger last saw of an event. */
export interface LedgerEntry {
  readonly status: EventStatus;
  readonly revision: number;
}

/** A curator's word on one revision of an event: no alert for it, or an alert although it is a correction. */
export interface LedgerMark {
  readonly eventId: string;
  readonly revision: number;
  readonly mode: 'silent' | 'alert';
}

interface LedgerAlert {
  readonly key: string;
  readonly event: ResetSummary;
  readonly reason: AlertReason;
  /** `filterKey` of every filter pair the event matches: whose subscriptions get it. */
  readonly matching: readonly string[];
}

export interface PublicationDecision {
  /** Ledger rows to write: each usage reset whose status or revision the ledger has not seen. */
  readonly entries: readonly (LedgerEntry & { readonly eventId: string })[];
  readonly alerts: readonly LedgerAlert[];
}

const ALERTING: ReadonlySet<EventStatus> = new Set(['confirmed', 'announced']);

/** Every filter pair the alerts control offers. */
export const ALERT_FILTERS: readonly FilterSet[] = AUDIENCE_FILTERS.flatMap((audience) =>
  WINDOW_FILTERS.map((window) => ({ audience, window })),
);

/** The key that makes an alert unique: once per event and reason, a correction once per revision. */
function alertKey(eventId: string, reason: AlertReason, revision: number): string {
  return reason === 'corrected' ? `${eventId}:corrected:${revision}` : `${eventId}:${reason}`;
}

/**
 * The publication ledger's rule (docs/product-decisions.md §15). For each usage reset of a content
 * set, against what the ledger last saw of it:
 *
 * - never seen, first published before the ledger began: history, recorded without an alert;
 * - never seen, or seen with another status, and now `confirmed` or `announced`: an alert of that
 *   reason, unless the curator marked this revision (or, for a new event, any earlier one) silent;
 * - seen with the same status at an older revision: a correction, alerted only when the curator
 *   marked this revision `alert`;
 * - an older revision than the ledger's (a process still serving older content): nothing.
 */
export function decidePublication(
  events: readonly ResetSummary[],
  ledger: ReadonlyMap<string, LedgerEntry>,
  marks: readonly LedgerMark[],
  startedAt: number,
): PublicationDecision {
  const entries: (LedgerEntry & { eventId: string })[] = [];
  const alerts: LedgerAlert[] = [];
  const markOf = (id: string, revision: number) =>
    marks.find((mark) => mark.eventId === id && mark.revision === revision)?.mode;
  for (const event of events) {
    if (event.kind !== 'usage_reset') continue;
    const seen = ledger.get(event.id);
    if (
      seen &&
      (event.revision < seen.revision ||
        (event.revision === seen.revision && event.event_status === seen.status))
    )
      continue;
    entries.push({ eventId: event.id, status: event.event_status, revision: event.revision });
    const mark = markOf(event.id, event.revision);
    let reason: AlertReason | null = null;
    if (!seen) {
      // Content times are to the second: an event published in the ledger's first second is not history.
      const history = Date.parse(event.first_published_at) < Math.floor(startedAt / 1000) * 1000;
      const silenced = marks.some(
        (m) => m.eventId === event.id && m.mode === 'silent' && m.revision <= event.revision,
      );
      if (!history && !silenced && ALERTING.has(event.event_status))
        reason = event.event_status as AlertReason;
    } else if (event.event_status !== seen.status) {
      if (mark !== 'silent' && ALERTING.has(event.event_status)) reason = event.event_status as AlertReason;
    } else if (mark === 'alert' && ALERTING.has(event.event_status)) {
      reason = 'corrected';
    }
    if (reason === null) continue;
    alerts.push({
      key: alertKey(event.id, reason, event.revision),
      event,
      reason,
      matching: ALERT_FILTERS.filter((filters) => matchesFilters(event, filters)).map(filterKey),
    });
  }
  return { entries, alerts };
}
