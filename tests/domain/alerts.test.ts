import { createECDH, ECDH } from 'node:crypto';
import test from 'ava';
import fc from 'fast-check';
import {
  ALERT_PAYLOAD_MAX_BYTES,
  DEFAULT_PUSH_SERVICES,
  alertPayload,
  canonicalEndpoint,
  isKnownPushService,
} from '../../domain/alerts.js';
import { AlertSubscriptionRequest, AlertUnsubscribeRequest } from '../../domain/schemas/alerts.js';
import { CONTENT_LIMITS } from '../../domain/schemas/index.js';
import { catalogOf, dateEvent, exactEvent } from '../helpers/events.js';
import { holds } from '../helpers/arbitraries.js';

const catalog = catalogOf([
  exactEvent('2025-03-03-weekly-reset', '2025-03-03T14:05:09Z', { windows: ['weekly', 'five_hour'] }),
  dateEvent('2025-04-02-status-page-reset', '2025-04-02'),
]);
const record = (id: string) => catalog.byId.get(id)!;

/** A subscription as a browser's `PushSubscription.toJSON()` writes it. */
const browserSubscription = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bH',
  expirationTime: null,
  keys: {
    p256dh: ECDH.convertKey(
      createECDH('prime256v1').generateKeys(),
      'prime256v1',
      undefined,
      'base64url',
      'uncompressed',
    ) as string,
    auth: 'AAAAAAAAAAAAAAAAAAAAAA',
  },
};

test('an alert says what, when in UTC, for whom and which windows, and links the event page', (t) => {
  const payload = alertPayload(record('2025-03-03-weekly-reset'), 'confirmed');
  t.regex(payload.title, /^Confirmed: /);
  t.regex(payload.body, /^2025-03-03 14:05 UTC\. For: .+\. Windows: weekly and five-hour\.$/);
  t.is(payload.url, record('2025-03-03-weekly-reset').url);
  t.is(payload.tag, '2025-03-03-weekly-reset:confirmed');
});

test('a date-only event’s alert gives its date and no time', (t) => {
  const payload = alertPayload(record('2025-04-02-status-page-reset'), 'announced');
  t.regex(payload.title, /^Announced: /);
  t.regex(payload.body, /^2025-04-02 \(date only\)\. /);
  t.notRegex(payload.body, /UTC/);
});

test('an alert carries its parts, for a reader’s browser to word it in another language', (t) => {
  const exact = record('2025-03-03-weekly-reset');
  t.deepEqual(alertPayload(exact, 'confirmed').parts, {
    subject: exact.title,
    audience: exact.audience.statement,
    announced_at: exact.announced_at,
    announced_on: null,
    windows: exact.windows,
  });
  const dated = alertPayload(record('2025-04-02-status-page-reset'), 'announced').parts;
  t.is(dated.announced_at, null);
  t.is(dated.announced_on, '2025-04-02');
});

test('an alert carries the title and audience in each language the event is translated into', (t) => {
  const event = record('2025-03-03-weekly-reset');
  const words = (title: string, statement: string) => ({
    title,
    summary: 's',
    effective_note: null,
    statement,
  });
  const parts = alertPayload(event, 'confirmed', {
    ja: words('週間上限のリセット', 'Pro と Max の契約者'),
    'zh-TW': words('每週額度重置', 'Pro 與 Max 訂閱者'),
  }).parts;
  t.deepEqual(parts.translated, {
    ja: { subject: '週間上限のリセット', audience: 'Pro と Max の契約者' },
    'zh-TW': { subject: '每週額度重置', audience: 'Pro 與 Max 訂閱者' },
  });
  t.is(parts.subject, event.title, 'the English words stay for every other reader');
  t.false('translated' in alertPayload(event, 'confirmed').parts);
});

test('an alert stays within its byte bound whatever the lengths and characters of the content', (t) => {
  const text = (maxLength: number) => fc.string({ unit: 'grapheme', maxLength, size: 'max' });
  const translation = fc.record({
    title: text(CONTENT_LIMITS.title),
    summary: fc.constant('s'),
    effective_note: fc.constant(null),
    statement: text(CONTENT_LIMITS.statement),
  });
  holds(
    t,
    fc.property(
      text(CONTENT_LIMITS.title),
      text(CONTENT_LIMITS.statement),
      fc.record({ ja: translation, ko: translation, 'zh-CN': translation, 'zh-TW': translation }),
      (title, statement, translations) => {
        const base = record('2025-03-03-weekly-reset');
        const event = { ...base, title, audience: { ...base.audience, statement } };
        const payload = alertPayload(event, 'confirmed', translations);
        const bytes = new TextEncoder().encode(JSON.stringify(payload)).length;
        return bytes <= ALERT_PAYLOAD_MAX_BYTES;
      },
    ),
  );
});

test('a browser’s subscription is taken with its filters, defaulting to every reset', (t) => {
  t.deepEqual(AlertSubscriptionRequest.parse({ subscription: browserSubscription }), {
    subscription: browserSubscription,
    audience: 'all',
    window: 'any',
  });
  t.like(AlertSubscriptionRequest.parse({ subscription: browserSubscription, audience: 'max' }), {
    audience: 'max',
  });
});

test('subscriptions with unknown fields, wrong key sizes or a key that is no uncompressed P-256 point are refused by field', (t) => {
  const refused = (body: unknown) =>
    AlertSubscriptionRequest.safeParse(body).error?.issues.map((issue) => issue.path.join('.'));
  const keys = (more: object) => ({
    subscription: { ...browserSubscription, keys: { ...browserSubscription.keys, ...more } },
  });
  t.deepEqual(refused({ subscription: browserSubscription, extra: 1 }), ['']);
  t.deepEqual(refused({ subscription: { ...browserSubscription, options: {} } }), ['subscription']);
  t.deepEqual(refused(keys({ p256dh: `B${'A'.repeat(85)}` })), ['subscription.keys.p256dh']);
  t.deepEqual(refused(keys({ p256dh: `C${'A'.repeat(86)}` })), ['subscription.keys.p256dh']);
  // 65 bytes starting 0x04, but (0, 0) is no point of P-256: the sender's crypto would refuse it.
  t.deepEqual(refused(keys({ p256dh: `B${'A'.repeat(86)}` })), ['subscription.keys.p256dh']);
  const offCurve = Buffer.from(browserSubscription.keys.p256dh, 'base64url');
  offCurve[64]! ^= 1;
  t.deepEqual(refused(keys({ p256dh: offCurve.toString('base64url') })), ['subscription.keys.p256dh']);
  t.deepEqual(refused(keys({ auth: 'AAAAAAAAAAAAAAAAAAAAA' })), ['subscription.keys.auth']);
  t.deepEqual(refused(keys({ auth: 'AAAAAAAAAAAAAAAAAAAAAA==' })), undefined, 'padded base64url is taken');
  t.deepEqual(refused({ subscription: browserSubscription, window: 'monthly' }), ['window']);
  t.deepEqual(refused({ subscription: { ...browserSubscription, endpoint: 'ftp://push.example/x' } }), [
    'subscription.endpoint',
  ]);
  t.true(AlertUnsubscribeRequest.safeParse({ endpoint: browserSubscription.endpoint }).success);
  t.false(AlertUnsubscribeRequest.safeParse({ endpoint: browserSubscription.endpoint, keys: {} }).success);
});

test('push endpoints are taken only on known push services, over https unless an http origin is named', (t) => {
  const known = (endpoint: string, allowed: readonly string[] = DEFAULT_PUSH_SERVICES) =>
    isKnownPushService(endpoint, allowed);
  t.true(known('https://fcm.googleapis.com/fcm/send/abc'));
  t.true(known('https://updates.push.services.mozilla.com/wpush/v2/abc'));
  t.true(known('https://wns2-par02p.notify.windows.com/w/?token=abc'));
  t.true(known('https://web.push.apple.com/QGx'));
  t.false(known('http://fcm.googleapis.com/fcm/send/abc'), 'plain http to a known host');
  t.false(known('https://notify.windows.com.evil.example/w'), 'a look-alike host');
  t.false(known('https://evilnotify.windows.com/w'), 'not a subdomain');
  t.false(known('https://push.example/abc'));
  t.false(known('not a url'));
  t.true(known('http://127.0.0.1:9000/push/s1', ['http://127.0.0.1:9000']));
  t.false(known('http://127.0.0.1:9001/push/s1', ['http://127.0.0.1:9000']), 'that one origin only');
});

test('a wildcard push host takes port 443 only', (t) => {
  const known = (endpoint: string) => isKnownPushService(endpoint, DEFAULT_PUSH_SERVICES);
  t.true(known('https://wns2-par02p.notify.windows.com:443/w/?token=abc'), 'the default port written out');
  t.false(known('https://wns2-par02p.notify.windows.com:6379/w/?token=abc'));
  t.false(known('https://x.notify.windows.com:8443/w'));
});

test('endpoint spellings differing in an empty query or escaped unreserved characters are one', (t) => {
  const base = 'https://fcm.googleapis.com/fcm/send/dup1';
  for (const spelling of [
    `${base}?`,
    'https://fcm.googleapis.com/fcm/send/%64up1',
    `${base.replace('dup1', '%64%75p1')}?`,
  ])
    t.is(canonicalEndpoint(spelling), base, spelling);
  t.is(canonicalEndpoint(`${base}?a=%7e`), `${base}?a=~`);
  t.is(canonicalEndpoint(`${base}/%2f%2E`), `${base}/%2F%2E`, 'reserved ones and dots stay escaped');
});
