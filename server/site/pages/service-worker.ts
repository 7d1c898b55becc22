import { LOCALES, localePrefix } from '../i18n/locales.js';

/** Each language's path prefix, for the worker to open event pages in the reader's language. */
const PREFIXES = JSON.stringify(Object.fromEntries(LOCALES.map((locale) => [locale, localePrefix(locale)])));

/**
 * `/sw.js`, the service worker the alerts control registers (scope `/`). It shows each push message
 * as a notification, opens (or focuses) the event's page when one is clicked, in the language of the
 * page the alerts were turned on from (kept with the filters), and when the push
 * service replaces a subscription it subscribes again and POSTs the new one with the filters the
 * page kept in the Cache API (cache "alerts", `/alerts/filters.json`), removing the old endpoint.
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
    inLanguage(url).then(function (target) {
      return self.registration.showNotification(alert.title || 'Usage-limit reset', {
        body: alert.body || '',
        tag: alert.tag,
        data: { url: target },
      });
    }),
  );
});

/** A page of this site in the language the alerts were turned on in; any other address as it is. */
function inLanguage(url) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(FILTERS_KEY);
  }).then(function (response) {
    return response ? response.json() : null;
  }).then(function (filters) {
    var prefix = filters && Object.prototype.hasOwnProperty.call(PREFIXES, filters.lang) ? PREFIXES[filters.lang] : '';
    var parsed = new URL(url);
    if (!prefix || parsed.origin !== self.location.origin) return url;
    return parsed.origin + prefix + parsed.pathname + parsed.search + parsed.hash;
  }).catch(function () {
    return url;
  });
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
