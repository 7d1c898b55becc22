import { LOCALES, localePrefix } from '../i18n/locales.js';
import { FILL_JS } from './alerts-control.js';

/** Each language's path prefix, for the worker to open event pages in the reader's language. */
const PREFIXES = JSON.stringify(Object.fromEntries(LOCALES.map((locale) => [locale, localePrefix(locale)])));

/**
 * `/sw.js`, the service worker the alerts control registers (scope `/`). It shows each push message
 * as a notification, worded in the language of the page the alerts were turned on from (its words
 * are kept with the filters), and opens (or focuses) the event's page in that language when one is
 * clicked. When the push service replaces a subscription it subscribes again and POSTs the new one
 * with the filters the page kept in the Cache API (cache "alerts", `/alerts/filters.json`), removing
 * the old endpoint.
 * It handles no fetch: pages and files load as they would without it.
 */
export const SERVICE_WORKER_JS = `'use strict';
var CACHE = 'alerts';
var FILTERS_KEY = '/alerts/filters.json';
var SUBSCRIPTIONS = '/alerts/subscriptions';
var PREFIXES = ${PREFIXES};

self.addEventListener('install', function () {
  self.skipWaiting();
});

self.addEventListener('activate', function (event) {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', function (event) {
  var alert = {};
  try {
    alert = event.data ? event.data.json() : {};
  } catch (error) {
    alert = { body: event.data ? event.data.text() : '' };
  }
  var url = typeof alert.url === 'string' ? alert.url : self.registration.scope;
  event.waitUntil(
    storedFilters().catch(function () {
      return null;
    }).then(function (filters) {
      var worded = inWords(alert, filters);
      var options = { body: worded.body, tag: alert.tag, data: { url: inLanguage(url, filters) } };
      if (worded.lang) options.lang = worded.lang;
      return self.registration.showNotification(worded.title || 'Usage-limit reset', options);
    }),
  );
});

/** A page of this site in the language the alerts were turned on in; any other address as it is. */
function inLanguage(url, filters) {
  try {
    var prefix = filters && Object.prototype.hasOwnProperty.call(PREFIXES, filters.lang) ? PREFIXES[filters.lang] : '';
    var parsed = new URL(url);
    if (!prefix || parsed.origin !== self.location.origin) return url;
    return parsed.origin + prefix + parsed.pathname + parsed.search + parsed.hash;
  } catch (error) {
    return url;
  }
}

${FILL_JS}

/**
 * The notification's title and body in the words the page kept with the filters (its language's),
 * from the alert's parts; the server's own text when there are none (an English page, or an alert
 * without parts), or when anything is amiss.
 */
function inWords(alert, filters) {
  var sent = { title: alert.title, body: alert.body || '', lang: null };
  var words = filters && filters.notification;
  var parts = alert.parts;
  if (!words || !parts || !words.title || typeof words.title[alert.reason] !== 'string') return sent;
  try {
    var lang = filters.lang;
    var day = { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' };
    var when = words.unknownTime;
    if (parts.announced_at) {
      var clock = Object.assign({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, day);
      when = new Intl.DateTimeFormat(lang, clock).format(new Date(parts.announced_at)) + ' UTC';
    } else if (parts.announced_on) {
      when = fill(words.dateOnly, {
        day: new Intl.DateTimeFormat(lang, day).format(new Date(parts.announced_on + 'T00:00:00Z')),
      });
    }
    // The event's own words in the page's language when the alert carries them, else as curated.
    var local = (parts.translated && parts.translated[lang]) || parts;
    var windows = (parts.windows || []).map(function (name) {
      return (words.windows && words.windows[name]) || name;
    });
    return {
      title: fill(words.title[alert.reason], { title: local.subject }),
      body: fill(words.body, {
        when: when,
        audience: local.audience,
        windows: windows.length > 0 ? windows.join(words.and) : words.windows.unspecified,
      }),
      lang: lang,
    };
  } catch (error) {
    return sent;
  }
}

self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var url = (event.notification.data && event.notification.data.url) || self.registration.scope;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
      for (var i = 0; i < windows.length; i += 1) {
        if (windows[i].url === url && 'focus' in windows[i]) return windows[i].focus();
      }
      return self.clients.openWindow(url);
    }),
  );
});

function keyBytes(base64url) {
  var base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  while (base64.length % 4) base64 += '=';
  var raw = atob(base64);
  var bytes = new Uint8Array(raw.length);
  for (var i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function storedFilters() {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(FILTERS_KEY);
  }).then(function (response) {
    return response ? response.json() : { audience: 'all', window: 'any' };
  });
}

function send(method, body) {
  return fetch(SUBSCRIPTIONS, {
    method: method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

self.addEventListener('pushsubscriptionchange', function (event) {
  var old = event.oldSubscription;
  var key = old && old.options && old.options.applicationServerKey
    ? Promise.resolve(old.options.applicationServerKey)
    : fetch('/alerts/vapid-public-key').then(function (response) {
        return response.json();
      }).then(function (body) {
        return keyBytes(body.key);
      });
  event.waitUntil(
    Promise.all([key, storedFilters()]).then(function (found) {
      var renewed = event.newSubscription
        ? Promise.resolve(event.newSubscription)
        : self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: found[0] });
      return renewed.then(function (subscription) {
        return send('POST', {
          subscription: subscription.toJSON(),
          audience: found[1].audience,
          window: found[1].window,
        }).then(function () {
          if (old && old.endpoint !== subscription.endpoint) return send('DELETE', { endpoint: old.endpoint });
        });
      });
    }),
  );
});
`;
