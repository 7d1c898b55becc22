/**
 * `/sw.js`, the service worker the alerts control registers (scope `/`). It shows each push message
 * as a notification, opens (or focuses) the event's page when one is clicked, and when the push
 * service replaces a subscription it subscribes again and POSTs the new one with the filters the
 * page kept in the Cache API (cache "alerts", `/alerts/filters.json`), removing the old endpoint.
 * It handles no fetch: pages and files load as they would without it.
 */
export const SERVICE_WORKER_JS = `'use strict';
var CACHE = 'alerts';
var FILTERS_KEY = '/alerts/filters.json';
var SUBSCRIPTIONS = '/alerts/subscriptions';

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
    self.registration.showNotification(alert.title || 'Usage-limit reset', {
      body: alert.body || '',
      tag: alert.tag,
      data: { url: url },
    }),
  );
});

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
