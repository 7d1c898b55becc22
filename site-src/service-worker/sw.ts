/**
 * `/sw.js`, the service worker the alerts control registers (scope `/`). It shows each push message
 * as a notification, worded in the language of the page the alerts were turned on from (its words
 * are kept with the filters), and opens (or focuses) the event's page in that language when one is
 * clicked; the welcome a new subscription gets first opens the page alerts were turned on from.
 * When the push service replaces a subscription it subscribes again and POSTs the new one with the
 * filters the page kept in the Cache API (alerts-store.ts), removing the old endpoint. It handles
 * no fetch: pages and files load as they would without it.
 */
import type { StoredFilters } from '../shared/alerts-store.js';
import { CACHE, FILTERS_KEY, SUBSCRIPTIONS } from '../shared/alerts-store.js';
import { fill } from '../shared/fill.js';
import { keyBytes } from '../shared/key-bytes.js';

declare const self: ServiceWorkerGlobalScope;
/**
 * Each language's path prefix (`{"en":"","ja":"/ja",…}`), for opening event pages in the reader's
 * language: filled in when the file is built, from domain/locales.ts.
 */
declare const LOCALE_PREFIXES: Readonly<Record<string, string>>;

/** A push message's JSON, as the server sends it (server/alerts/): an alert, or the welcome. */
interface Alert {
  /** `welcome` for the first message a new subscription gets (server/alerts/push/welcome.ts). */
  kind?: string;
  title?: string;
  body?: string;
  url?: unknown;
  tag?: string;
  reason?: string;
  parts?: AlertParts;
}
interface EventWords {
  subject?: string;
  audience?: string;
}
interface AlertParts extends EventWords {
  announced_at?: string | null;
  announced_on?: string | null;
  windows?: string[];
  /** The event's own words by language, when it has them. */
  translated?: Readonly<Record<string, EventWords>>;
}

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  let alert: Alert = {};
  try {
    alert = event.data ? (event.data.json() as Alert) : {};
  } catch {
    alert = { body: event.data ? event.data.text() : '' };
  }
  const url = typeof alert.url === 'string' ? alert.url : self.registration.scope;
  const welcome = alert.kind === 'welcome';
  event.waitUntil(
    storedFilters()
      .catch(() => null)
      .then((filters) => {
        const worded = welcome ? welcomeWords(alert, filters) : inWords(alert, filters);
        const options: NotificationOptions = {
          body: worded.body,
          tag: alert.tag,
          data: { url: (welcome && keptPage(filters)) || inLanguage(url, filters) },
        };
        if (worded.lang) options.lang = worded.lang;
        return self.registration.showNotification(worded.title || 'Usage-limit reset', options);
      }),
  );
});

/** A page of this site in the language the alerts were turned on in; any other address as it is. */
function inLanguage(url: string, filters: StoredFilters | null): string {
  try {
    const lang = filters?.lang;
    const prefix =
      lang !== undefined && Object.prototype.hasOwnProperty.call(LOCALE_PREFIXES, lang)
        ? LOCALE_PREFIXES[lang]
        : '';
    const parsed = new URL(url);
    if (!prefix || parsed.origin !== self.location.origin) return url;
    return parsed.origin + prefix + parsed.pathname + parsed.search + parsed.hash;
  } catch {
    return url;
  }
}

/** The page alerts were turned on from, when the control kept one of this site; null otherwise. */
function keptPage(filters: StoredFilters | null): string | null {
  try {
    const page = filters?.page ? new URL(filters.page, self.location.origin) : null;
    return page && page.origin === self.location.origin ? page.href : null;
  } catch {
    return null;
  }
}

/** The welcome in the words the page kept (its language's); the server's English without them. */
function welcomeWords(
  alert: Alert,
  filters: StoredFilters | null,
): { title: string | undefined; body: string; lang: string | null | undefined } {
  const words = filters?.notification?.welcome;
  if (words?.title && words.body) return { title: words.title, body: words.body, lang: filters?.lang };
  return { title: alert.title, body: alert.body || '', lang: null };
}

/**
 * The notification's title and body in the words the page kept with the filters (its language's),
 * from the alert's parts; the server's own text when there are none (an English page, or an alert
 * without parts), or when anything is amiss.
 */
function inWords(
  alert: Alert,
  filters: StoredFilters | null,
): { title: string | undefined; body: string; lang: string | null | undefined } {
  const sent = { title: alert.title, body: alert.body || '', lang: null };
  const words = filters?.notification;
  const parts = alert.parts;
  if (!words || !parts || !words.title || typeof words.title[String(alert.reason)] !== 'string') return sent;
  try {
    const lang = filters.lang;
    const day: Intl.DateTimeFormatOptions = {
      timeZone: 'UTC',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    };
    let when = words.unknownTime;
    if (parts.announced_at) {
      const clock: Intl.DateTimeFormatOptions = {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        ...day,
      };
      when = `${new Intl.DateTimeFormat(lang, clock).format(new Date(parts.announced_at))} UTC`;
    } else if (parts.announced_on) {
      when = fill(words.dateOnly, {
        day: new Intl.DateTimeFormat(lang, day).format(new Date(`${parts.announced_on}T00:00:00Z`)),
      });
    }
    // The event's own words in the page's language when the alert carries them, else as curated.
    const local = (lang !== undefined && parts.translated?.[lang]) || parts;
    const windows = (parts.windows || []).map((name) => words.windows?.[name] || name);
    return {
      title: fill(words.title[String(alert.reason)], { title: local.subject }),
      body: fill(words.body, {
        when,
        audience: local.audience,
        // A missing `windows` throws here, as it always did: the server's text is sent instead.
        windows: windows.length > 0 ? windows.join(words.and) : words.windows!.unspecified,
      }),
      lang,
    };
  } catch {
    return sent;
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: string } | null;
  const url = data?.url || self.registration.scope;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (client.url === url && 'focus' in client) return client.focus();
      }
      return self.clients.openWindow(url);
    }),
  );
});

/** The filters the page kept; every reset when there are none. */
function storedFilters(): Promise<StoredFilters> {
  return caches
    .open(CACHE)
    .then((cache) => cache.match(FILTERS_KEY))
    .then((response) =>
      response ? (response.json() as Promise<StoredFilters>) : { audience: 'all', window: 'any' },
    );
}

function send(method: string, body: unknown): Promise<Response> {
  return fetch(SUBSCRIPTIONS, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

self.addEventListener('pushsubscriptionchange', (event) => {
  const old = event.oldSubscription;
  const key: Promise<BufferSource> = old?.options?.applicationServerKey
    ? Promise.resolve(old.options.applicationServerKey)
    : fetch('/alerts/vapid-public-key')
        .then((response) => response.json() as Promise<{ key: string }>)
        .then((body) => keyBytes(body.key));
  event.waitUntil(
    Promise.all([key, storedFilters()]).then(([applicationServerKey, filters]) => {
      const renewed = event.newSubscription
        ? Promise.resolve(event.newSubscription)
        : self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
      return renewed.then((subscription) =>
        send('POST', {
          subscription: subscription.toJSON(),
          audience: filters.audience,
          window: filters.window,
        }).then(() => {
          if (old && old.endpoint !== subscription.endpoint)
            return send('DELETE', { endpoint: old.endpoint });
        }),
      );
    }),
  );
});
