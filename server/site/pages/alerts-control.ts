import type { FilterSet } from '../../../domain/filters.js';
import type { SafeHtml } from '../html.js';
import { html } from '../html.js';
import { FEED_PATHS } from '../site-info.js';
import type { Lang } from '../i18n/lang.js';
import { DEFAULT_LOCALE } from '../i18n/locales.js';

/** Where the alerts are explained and controlled, and where what they store is listed. */
export const ALERTS_PATH = '/alerts';
export const PRIVACY_PATH = '/privacy';
/** The service worker: at the root, so its scope is the whole site. */
export const SERVICE_WORKER_PATH = '/sw.js';
/** The control's script, a same-origin file under /assets/ (hashed by assets.ts). */
export const ALERTS_JS_PATH = '/assets/alerts.js';

export interface AlertsOptions {
  /** The VAPID public key (base64url) push subscriptions are made with; null when alerts are off. */
  readonly publicKey: string | null;
}

/** `?audience=&window=` with the defaults left out: '' for every reset. */
function filterQuery(filters: FilterSet): string {
  const query = new URLSearchParams();
  if (filters.audience !== 'all') query.set('audience', filters.audience);
  if (filters.window !== 'any') query.set('window', filters.window);
  const search = query.toString();
  return search ? `?${search}` : '';
}

/** What a reader can follow instead of alerts: the feeds, and the calendar of these filters. */
function elsewhere(lang: Lang, filters: FilterSet): SafeHtml {
  return lang.t.alerts.elsewhere(
    html`<a href="${FEED_PATHS.rss}">RSS</a>`,
    html`<a href="${FEED_PATHS.atom}">Atom</a>`,
    html`<a href="${FEED_PATHS.json}">JSON Feed</a>`,
    html`<a href="/calendar.ics${filterQuery(filters)}">${lang.t.alerts.calendar}</a>`,
  );
}

/** The id of the heading that names the alerts control: its own, or on /alerts the page's. */
export const ALERTS_HEADING_ID = 'alerts-heading';

/**
 * The alerts control for one filter combination. Rendered right without JavaScript: when alerts are
 * off it says so; when on, that they need JavaScript and notifications. Every state the script can
 * show is in the markup, hidden, so the script only switches between them (ALERTS_JS); what it says
 * in its status line comes, in the page's language, from `data-alerts-text`.
 */
export function alertsControl(
  lang: Lang,
  filters: FilterSet,
  label: string,
  alerts: AlertsOptions,
  /** On /alerts itself: no link to that page, and the page's heading (`ALERTS_HEADING_ID`) names it. */
  onAlertsPage = false,
): SafeHtml {
  const { t } = lang;
  const heading = onAlertsPage ? '' : html`<h2 id="${ALERTS_HEADING_ID}">${t.alerts.heading}</h2>`;
  if (alerts.publicKey === null) {
    return html`<section class="card alerts" aria-labelledby="${ALERTS_HEADING_ID}">
      ${heading}
      <p>${t.alerts.off} ${elsewhere(lang, filters)}</p>
    </section>`;
  }
  return html`<section
    class="card alerts"
    aria-labelledby="${ALERTS_HEADING_ID}"
    data-alerts-key="${alerts.publicKey}"
    data-audience="${filters.audience}"
    data-window="${filters.window}"
    data-label="${label}"
    data-alerts-text="${JSON.stringify(t.alerts.script)}"
    ${
      lang.locale === DEFAULT_LOCALE
        ? ''
        : html` data-alerts-notification="${JSON.stringify({ ...t.alerts.notification, windows: t.labels.window })}"`
    }
  >
    ${heading}
    <div data-alerts-state="nojs">
      <p>
        ${t.alerts.needsScript} ${elsewhere(lang, filters)}
        ${onAlertsPage ? '' : html`<a href="${lang.href(`${ALERTS_PATH}${filterQuery(filters)}`)}">${t.alerts.about}</a>.`}
      </p>
    </div>
    <div data-alerts-state="unsupported" hidden>
      <p>${t.alerts.unsupported} ${elsewhere(lang, filters)}</p>
    </div>
    <div data-alerts-state="denied" hidden>
      <p>${t.alerts.denied}</p>
      <p>${elsewhere(lang, filters)}</p>
    </div>
    <div data-alerts-state="ready" hidden>
      <p>${t.alerts.ready(label)}</p>
      <p>
        <button type="button" class="action" data-alerts-action="subscribe">
          ${t.alerts.subscribe(label)}
        </button>
      </p>
    </div>
    <div data-alerts-state="subscribed" hidden>
      <p>${t.alerts.subscribed(html`<strong data-alerts-current>${label}</strong>`)}</p>
      <p>
        <button type="button" class="action" data-alerts-action="switch" hidden>
          ${t.alerts.switchTo(label)}
        </button>
        <button type="button" class="action" data-alerts-action="unsubscribe">${t.alerts.stop}</button>
      </p>
    </div>
    <p class="alerts-status small" role="status" aria-live="polite" data-alerts-status></p>
  </section>`;
}

/** On an event page (where a notification leads): shown by the script only to a subscribed browser. */
export function alertsNote(lang: Lang): SafeHtml {
  return html`<p class="alerts-note small" data-alerts-note hidden>
    ${lang.t.alerts.note} <a href="${lang.href(ALERTS_PATH)}">${lang.t.alerts.stop}</a>
  </p>`;
}

/**
 * `fill(message, values)`: a message's `{name}` placeholders filled from `values`, an unknown name
 * left as written. The control's script and the service worker (service-worker.ts) both carry it.
 */
export const FILL_JS = `function fill(message, values) {
    return String(message).replace(/\\{(\\w+)\\}/g, function (all, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name) ? values[name] : all;
    });
  }`;

/**
 * The control's script (same origin, loaded with `defer`). It shows the state the browser is in:
 * unsupported, notifications blocked, ready to subscribe, or subscribed. Subscribing registers
 * /sw.js, subscribes with the page's VAPID key and POSTs the subscription with the filters; the
 * filters are kept in the Cache API (cache "alerts") with the page's language and its words for
 * notifications, which the service worker reads to word and link each notification, and when the
 * push service renews the subscription. A subscription already there is shown and POSTed again, so
 * the server keeps it. Failures are said in the status line.
 */
export const ALERTS_JS = `(function () {
  'use strict';
  var CACHE = 'alerts';
  var FILTERS_KEY = '/alerts/filters.json';
  var SUBSCRIPTIONS = '/alerts/subscriptions';
  var control = document.querySelector('[data-alerts-key]');
  var note = document.querySelector('[data-alerts-note]');
  var supported = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

  function existingSubscription() {
    return navigator.serviceWorker.getRegistration('/').then(function (registration) {
      return registration ? registration.pushManager.getSubscription() : null;
    });
  }

  if (note && supported) {
    existingSubscription().then(function (subscription) {
      if (subscription) note.hidden = false;
    }, function () {});
  }
  if (!control) return;

  var status = control.querySelector('[data-alerts-status]');
  var current = control.querySelector('[data-alerts-current]');
  var text = {};
  try {
    text = JSON.parse(control.getAttribute('data-alerts-text') || '{}');
  } catch (error) {}
  ${FILL_JS}
  /** The page's words for a message, its {placeholders} filled. */
  function words(key, values) {
    return fill(text[key] || key, values);
  }
  function reasonOf(error) {
    return error && error.message ? error.message : String(error);
  }
  var pageFilters = {
    audience: control.getAttribute('data-audience'),
    window: control.getAttribute('data-window'),
    label: control.getAttribute('data-label'),
    // The page's language: the service worker opens event pages in it and, with these words (none
    // on an English page, whose notifications are the server's text), words the notifications.
    lang: document.documentElement.lang,
    notification: notificationWords(),
  };
  function notificationWords() {
    try {
      return JSON.parse(control.getAttribute('data-alerts-notification') || 'null');
    } catch (error) {
      return null;
    }
  }

  function show(state) {
    var states = control.querySelectorAll('[data-alerts-state]');
    for (var i = 0; i < states.length; i += 1) {
      states[i].hidden = states[i].getAttribute('data-alerts-state') !== state;
    }
  }
  function say(text) {
    status.textContent = text;
  }
  function keyBytes(base64url) {
    var base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
    while (base64.length % 4) base64 += '=';
    var raw = atob(base64);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }
  function storedFilters() {
    if (!('caches' in window)) return Promise.resolve(null);
    return caches.open(CACHE).then(function (cache) {
      return cache.match(FILTERS_KEY);
    }).then(function (response) {
      return response ? response.json() : null;
    }).catch(function () {
      return null;
    });
  }
  function storeFilters(filters) {
    if (!('caches' in window)) return Promise.resolve();
    return caches.open(CACHE).then(function (cache) {
      var body = JSON.stringify(filters);
      return cache.put(FILTERS_KEY, new Response(body, { headers: { 'Content-Type': 'application/json' } }));
    }).catch(function () {});
  }
  function forgetFilters() {
    if (!('caches' in window)) return Promise.resolve();
    return caches.delete(CACHE).catch(function () {});
  }
  /** The server's problem detail, or the status, as an Error. */
  function refused(response) {
    return response.json().then(function (problem) {
      return new Error(problem && problem.detail ? problem.detail : words('serverAnswered', { status: response.status }));
    }, function () {
      return new Error(words('serverAnswered', { status: response.status }));
    });
  }
  function send(method, body) {
    return fetch(SUBSCRIPTIONS, {
      method: method,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    }).then(function (response) {
      if (!response.ok) return refused(response).then(function (error) { throw error; });
      // Read to the end: a body left unread is aborted, and shows as a failed request.
      return response.text();
    });
  }
  function post(subscription, filters) {
    return send('POST', { subscription: subscription.toJSON(), audience: filters.audience, window: filters.window });
  }
  var switchButton = control.querySelector('[data-alerts-action="switch"]');
  function subscribed(filters) {
    current.textContent = filters.label || pageFilters.label;
    // A subscription made for other filters than this page's can move to these.
    switchButton.hidden = filters.audience === pageFilters.audience && filters.window === pageFilters.window;
    show('subscribed');
  }
  function switchFilters() {
    say(words('switching'));
    existingSubscription().then(function (subscription) {
      if (!subscription) {
        ready();
        return;
      }
      return post(subscription, pageFilters).then(function () {
        return storeFilters(pageFilters);
      }).then(function () {
        subscribed(pageFilters);
        say(words('switched', { filters: pageFilters.label }));
      });
    }).catch(function (error) {
      say(words('switchFailed', { reason: reasonOf(error) }));
    });
  }
  function ready() {
    show(Notification.permission === 'denied' ? 'denied' : 'ready');
  }

  function subscribe() {
    say(words('turningOn'));
    Notification.requestPermission().then(function (permission) {
      if (permission !== 'granted') {
        ready();
        say(words(permission === 'denied' ? 'notAllowed' : 'dismissed'));
        return;
      }
      return navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(function () {
        return navigator.serviceWorker.ready;
      }).then(function (registration) {
        return registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(control.getAttribute('data-alerts-key')),
        });
      }).then(function (subscription) {
        return post(subscription, pageFilters).then(function () {
          return storeFilters(pageFilters);
        }, function (error) {
          // The server did not keep it: do not leave a subscription nothing sends to.
          return subscription.unsubscribe().then(function () { throw error; }, function () { throw error; });
        });
      }).then(function () {
        subscribed(pageFilters);
        say(words('on'));
      });
    }).catch(function (error) {
      say(words('onFailed', { reason: reasonOf(error) }));
    });
  }

  function unsubscribe() {
    say(words('stopping'));
    existingSubscription().then(function (subscription) {
      if (!subscription) return;
      return send('DELETE', { endpoint: subscription.endpoint }).then(function () {
        return subscription.unsubscribe();
      });
    }).then(function () {
      return forgetFilters();
    }).then(function () {
      ready();
      say(words('off'));
    }).catch(function (error) {
      say(words('offFailed', { reason: reasonOf(error) }));
    });
  }

  control.querySelector('[data-alerts-action="subscribe"]').addEventListener('click', subscribe);
  control.querySelector('[data-alerts-action="unsubscribe"]').addEventListener('click', unsubscribe);
  switchButton.addEventListener('click', switchFilters);

  if (!supported) {
    show('unsupported');
    return;
  }
  existingSubscription().then(function (subscription) {
    if (!subscription) {
      ready();
      return;
    }
    return storedFilters().then(function (filters) {
      var kept = filters || pageFilters;
      subscribed(kept);
      // Renew it on the server, with the filters it was made for; a page in the same language
      // brings the notifications' words up to date.
      return post(subscription, kept).then(function () {
        if (!filters) return storeFilters(kept);
        if (filters.lang === pageFilters.lang) {
          filters.notification = pageFilters.notification;
          return storeFilters(filters);
        }
      });
    });
  }).catch(function (error) {
    say(words('failed', { reason: reasonOf(error) }));
  });
})();
`;
