/**
 * `/assets/alerts.js`, the alerts control's script (same origin, loaded with `defer`). It shows the
 * state the browser is in: unsupported, notifications blocked, ready to subscribe, or subscribed.
 * Subscribing registers /sw.js, subscribes with the page's VAPID key (`data-alerts-key`), keeps the
 * filters in the Cache API (alerts-store.ts) with the page's language, its words for notifications
 * and its own address, then POSTs the subscription with the filters (the server's welcome arrives
 * before its answer, and is worded from what is kept; a refusal forgets it). The service worker
 * reads them to word and link each notification, and when the push service renews the subscription.
 * A subscription already there is shown and POSTed again, so the server keeps it. Failures are said
 * in the status line, in the page's words (`data-alerts-text`). Every state is in the markup
 * (server/site/pages/alerts-control.ts), hidden, so the script only switches between them.
 */
import type { NotificationWords, StoredFilters } from '../shared/alerts-store.js';
import { CACHE, FILTERS_KEY, SUBSCRIPTIONS } from '../shared/alerts-store.js';
import { fill } from '../shared/fill.js';
import { keyBytes } from '../shared/key-bytes.js';

const supported = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

function existingSubscription(): Promise<PushSubscription | null> {
  return navigator.serviceWorker
    .getRegistration('/')
    .then((registration) => (registration ? registration.pushManager.getSubscription() : null));
}

function reasonOf(error: unknown): string {
  const message = typeof error === 'object' && error !== null && 'message' in error ? error.message : null;
  return typeof message === 'string' && message ? message : String(error);
}

function parsed<T>(value: string | null, fallback: T): T {
  try {
    return (JSON.parse(value ?? 'null') as T | null) ?? fallback;
  } catch {
    return fallback;
  }
}

function storedFilters(): Promise<StoredFilters | null> {
  if (!('caches' in window)) return Promise.resolve(null);
  return caches
    .open(CACHE)
    .then((cache) => cache.match(FILTERS_KEY))
    .then((response) => (response ? (response.json() as Promise<StoredFilters>) : null))
    .catch(() => null);
}

function storeFilters(filters: StoredFilters): Promise<void> {
  if (!('caches' in window)) return Promise.resolve();
  return caches
    .open(CACHE)
    .then((cache) => {
      const body = JSON.stringify(filters);
      return cache.put(FILTERS_KEY, new Response(body, { headers: { 'Content-Type': 'application/json' } }));
    })
    .catch(() => {});
}

function forgetFilters(): Promise<unknown> {
  if (!('caches' in window)) return Promise.resolve();
  return caches.delete(CACHE).catch(() => {});
}

/** The control: shows the browser's state and turns alerts on, over to this page's filters, or off. */
function control(section: HTMLElement): void {
  const part = <T extends HTMLElement>(selector: string): T => section.querySelector<T>(selector)!;
  const status = part('[data-alerts-status]');
  const current = part('[data-alerts-current]');
  const switchButton = part<HTMLButtonElement>('[data-alerts-action="switch"]');
  const text = parsed<Record<string, string>>(section.getAttribute('data-alerts-text') || '{}', {});

  /** The page's words for a message, its {placeholders} filled. */
  function words(key: string, values?: Record<string, unknown>): string {
    return fill(text[key] || key, values);
  }

  const pageFilters: StoredFilters = {
    audience: section.getAttribute('data-audience'),
    window: section.getAttribute('data-window'),
    label: section.getAttribute('data-label'),
    // The page's language: the service worker opens event pages in it and, with these words (none
    // on an English page, whose notifications are the server's text), words the notifications.
    lang: document.documentElement.lang,
    notification: parsed<NotificationWords | null>(section.getAttribute('data-alerts-notification'), null),
    page: location.pathname + location.search,
  };

  function show(state: string): void {
    for (const element of section.querySelectorAll<HTMLElement>('[data-alerts-state]')) {
      element.hidden = element.getAttribute('data-alerts-state') !== state;
    }
  }
  function say(message: string): void {
    status.textContent = message;
  }

  /** The server's problem detail, or the status, as an Error. */
  function refused(response: Response): Promise<Error> {
    return (response.json() as Promise<{ detail?: string } | null>).then(
      (problem) =>
        new Error(problem?.detail ? problem.detail : words('serverAnswered', { status: response.status })),
      () => new Error(words('serverAnswered', { status: response.status })),
    );
  }
  function send(method: string, body: unknown): Promise<string> {
    return fetch(SUBSCRIPTIONS, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    }).then((response) => {
      if (!response.ok)
        return refused(response).then((error) => {
          throw error;
        });
      // Read to the end: a body left unread is aborted, and shows as a failed request.
      return response.text();
    });
  }
  function post(subscription: PushSubscription, filters: StoredFilters): Promise<string> {
    return send('POST', {
      subscription: subscription.toJSON(),
      audience: filters.audience,
      window: filters.window,
    });
  }

  function subscribed(filters: StoredFilters): void {
    current.textContent = filters.label || pageFilters.label || '';
    // A subscription made for other filters than this page's can move to these.
    switchButton.hidden = filters.audience === pageFilters.audience && filters.window === pageFilters.window;
    show('subscribed');
  }
  function ready(): void {
    show(Notification.permission === 'denied' ? 'denied' : 'ready');
  }

  function switchFilters(): void {
    say(words('switching'));
    existingSubscription()
      .then((subscription) => {
        if (!subscription) {
          ready();
          return;
        }
        return post(subscription, pageFilters)
          .then(() => storeFilters(pageFilters))
          .then(() => {
            subscribed(pageFilters);
            say(words('switched', { filters: pageFilters.label }));
          });
      })
      .catch((error: unknown) => {
        say(words('switchFailed', { reason: reasonOf(error) }));
      });
  }

  function subscribe(): void {
    say(words('turningOn'));
    Notification.requestPermission()
      .then((permission) => {
        if (permission !== 'granted') {
          ready();
          say(words(permission === 'denied' ? 'notAllowed' : 'dismissed'));
          return;
        }
        return navigator.serviceWorker
          .register('/sw.js', { scope: '/' })
          .then(() => navigator.serviceWorker.ready)
          .then((registration) =>
            registration.pushManager.subscribe({
              userVisibleOnly: true,
              applicationServerKey: keyBytes(section.getAttribute('data-alerts-key') ?? ''),
            }),
          )
          .then((subscription) =>
            // Kept first: the server sends its welcome before it answers, and the service worker
            // words that notification, and links it to this page, from what is kept.
            storeFilters(pageFilters)
              .then(() => post(subscription, pageFilters))
              .catch((error: unknown) =>
                // The server did not keep it: do not leave a subscription nothing sends to.
                Promise.all([forgetFilters(), subscription.unsubscribe().catch(() => false)]).then(() => {
                  throw error;
                }),
              ),
          )
          .then(() => {
            subscribed(pageFilters);
            say(words('on'));
          });
      })
      .catch((error: unknown) => {
        say(words('onFailed', { reason: reasonOf(error) }));
      });
  }

  function unsubscribe(): void {
    say(words('stopping'));
    existingSubscription()
      .then((subscription) => {
        if (!subscription) return;
        return send('DELETE', { endpoint: subscription.endpoint }).then(() => subscription.unsubscribe());
      })
      .then(() => forgetFilters())
      .then(() => {
        ready();
        say(words('off'));
      })
      .catch((error: unknown) => {
        say(words('offFailed', { reason: reasonOf(error) }));
      });
  }

  part('[data-alerts-action="subscribe"]').addEventListener('click', subscribe);
  part('[data-alerts-action="unsubscribe"]').addEventListener('click', unsubscribe);
  switchButton.addEventListener('click', switchFilters);

  if (!supported) {
    show('unsupported');
    return;
  }
  existingSubscription()
    .then((subscription) => {
      if (!subscription) {
        ready();
        return;
      }
      return storedFilters().then((filters) => {
        const kept = filters || pageFilters;
        subscribed(kept);
        // Renew it on the server, with the filters it was made for; a page in the same language
        // brings the notifications' words up to date.
        return post(subscription, kept).then(() => {
          if (!filters) return storeFilters(kept);
          if (filters.lang === pageFilters.lang) {
            filters.notification = pageFilters.notification;
            return storeFilters(filters);
          }
        });
      });
    })
    .catch((error: unknown) => {
      say(words('failed', { reason: reasonOf(error) }));
    });
}

/** On an event page (where a notification leads): a note shown only to a subscribed browser. */
const note = document.querySelector<HTMLElement>('[data-alerts-note]');
if (note && supported) {
  existingSubscription().then(
    (subscription) => {
      if (subscription) note.hidden = false;
    },
    () => {},
  );
}
const section = document.querySelector<HTMLElement>('[data-alerts-key]');
if (section) control(section);
