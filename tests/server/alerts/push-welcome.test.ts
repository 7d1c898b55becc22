import { createECDH } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import pino from 'pino';
import { generateVapidKeys } from '../../../tools/vapid-keys.js';
import type { Store } from '../../../server/store/index.js';
import { openStore } from '../../../server/store/index.js';
import {
  SENT_UNANSWERED,
  WELCOME_LIMITS,
  welcomePayload,
  welcomeRefusal,
  welcomeSender,
} from '../../../server/alerts/push/welcome.js';
import { subscribe, vapidEnv } from '../../helpers/alerts.js';
import { BASE_URL } from '../../helpers/fixtures.js';
import { freePort } from '../../helpers/free-port.js';
import type { PushService, Subscriber } from '../../helpers/push-service.js';
import { startPushService } from '../../helpers/push-service.js';
import type { RunningServer } from '../../helpers/with-server.js';
import { eventually } from '../../helpers/wait.js';
import { startServer } from '../../helpers/with-server.js';

/**
 * A browser subscription is stored only once its push service has taken a welcome to it
 * (server/alerts/push/welcome.ts): junk written with made-up endpoints or keys never takes a place under
 * ALERTS_MAX_SUBSCRIPTIONS.
 */

const vapid = generateVapidKeys();
let push: PushService;
let server: RunningServer;
let store: Store;
let data: string;
/** A push service that takes connections and never answers. */
let silent: http.Server;
let silentOrigin: string;
/** An origin nothing listens on. */
let closedOrigin: string;
const lines: Record<string, unknown>[] = [];

test.before(async () => {
  push = await startPushService(vapid.publicKey);
  silent = http.createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentOrigin = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  closedOrigin = `http://127.0.0.1:${await freePort()}`;
  data = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-welcome-'));
  const db = path.join(data, 'alerts.sqlite');
  server = await startServer({
    env: {
      ...vapidEnv(vapid),
      ALERTS_DB: db,
      ALERTS_PUSH_HOSTS: [push.origin, silentOrigin, closedOrigin].join(','),
      ALERTS_SENDER: 'off',
      // This file writes more than a minute's share from one address; the limits are tested apart.
      ALERTS_WRITES_PER_ADDRESS: '0',
      ALERTS_WRITES_PER_NETWORK: '0',
    },
    logger: pino(
      { level: 'debug' },
      { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    ),
  });
  store = await openStore(db);
});

test.after.always(async () => {
  await store?.close();
  await server?.stop();
  await push?.stop();
  silent?.closeAllConnections();
  silent?.close();
  await rm(data, { recursive: true, force: true });
});

/** POSTs a subscription, a browser's or made up, as the page's control does. */
const post = (
  subscription: Subscriber['subscription'],
  filters: { audience?: string; window?: string } = {},
) => subscribe(server.url, { subscription }, filters);

const welcomesTo = (subscriber: Subscriber) =>
  push.received.filter((message) => message.subscriber === subscriber.id && message.welcome);

/** Valid keys no browser holds: what a junk write would send. */
function madeUpKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: Buffer.alloc(16, 9).toString('base64url'),
  };
}

test.serial(
  'a new subscription is stored (201) once its push service took one welcome, decrypted',
  async (t) => {
    const before = await store.subscriptions.subscriptionCount();
    const subscriber = push.subscriber();
    const answer = await post(subscriber.subscription, { audience: 'pro' });
    t.is(answer.status, 201);
    t.like(await answer.json(), { endpoint: subscriber.subscription.endpoint, audience: 'pro' });
    t.is(await store.subscriptions.subscriptionCount(), before + 1);
    const welcomes = welcomesTo(subscriber);
    t.is(welcomes.length, 1, 'one welcome');
    t.is(
      push.received.filter((message) => message.subscriber === subscriber.id).length,
      1,
      'and nothing else',
    );
    // Decrypted by the push service with the subscriber's own keys, signed with the server's VAPID key.
    t.deepEqual(JSON.parse(welcomes[0]!.payload), welcomePayload(BASE_URL));
    t.like(JSON.parse(welcomes[0]!.payload), {
      kind: 'welcome',
      title: 'Alerts are on',
      url: `${BASE_URL}/alerts`,
    });
    t.is(welcomes[0]!.headers.ttl, '300');
  },
);

test.serial('a stored subscription sent again is renewed (200) without a second welcome', async (t) => {
  const subscriber = push.subscriber();
  t.is((await post(subscriber.subscription)).status, 201);
  const count = await store.subscriptions.subscriptionCount();
  const again = await post(subscriber.subscription, { audience: 'max', window: 'weekly' });
  t.is(again.status, 200);
  t.like(await again.json(), { audience: 'max', window: 'weekly' });
  t.is(welcomesTo(subscriber).length, 1, 'no second welcome');
  t.is(await store.subscriptions.subscriptionCount(), count);
  t.is((await store.subscriptions.subscriptionsByFilters()).get('max/weekly'), 1, 'its filters changed');
});

test.serial(
  'new keys for a stored endpoint get a welcome of their own before they replace the old',
  async (t) => {
    const subscriber = push.subscriber();
    t.is((await post(subscriber.subscription)).status, 201);
    const count = await store.subscriptions.subscriptionCount();
    const rekeyed = push.rekey(subscriber);
    const answer = await post(rekeyed.subscription);
    t.is(answer.status, 200, 'the endpoint was stored already');
    t.is(welcomesTo(subscriber).length, 2, 'a second welcome, decrypted with the new keys');
    t.is(await store.subscriptions.subscriptionCount(), count);
    // The new keys are the stored ones now: sending them again is a renewal, with no third welcome.
    t.is((await post(rekeyed.subscription)).status, 200);
    t.is(welcomesTo(subscriber).length, 2);
    t.deepEqual(push.refused, []);
  },
);

test.serial('an endpoint the push service does not know (404, 410) is 400 and stores nothing', async (t) => {
  const before = await store.subscriptions.subscriptionCount();
  const madeUp = { endpoint: `${push.origin}/push/made-up-endpoint`, keys: madeUpKeys() };
  const answer = await post(madeUp);
  t.is(answer.status, 400);
  const problem = (await answer.json()) as { code: string; parameter: string; detail: string };
  t.like(problem, { code: 'invalid_body', parameter: 'subscription.endpoint' });
  t.regex(problem.detail, /push service does not know this subscription/);
  t.deepEqual(push.unknown, ['/push/made-up-endpoint'], 'the push service was asked, and answered 404');

  const gone = push.subscriber();
  push.answer(gone, [410]);
  const refused = await post(gone.subscription);
  t.is(refused.status, 400);
  t.like(await refused.json(), { code: 'invalid_body', parameter: 'subscription.endpoint' });
  t.is(await store.subscriptions.subscriptionCount(), before, 'nothing stored');
  t.is((await post(gone.subscription)).status, 201, 'once the push service takes it, it is stored');
});

test.serial(
  'a push service that fails otherwise is 503 with Retry-After, stores nothing, warns once a minute',
  async (t) => {
    const before = await store.subscriptions.subscriptionCount();
    const failing = [push.subscriber(), push.subscriber(), push.subscriber(), push.subscriber()];
    const replies: [number, Record<string, string>?][] = [[500], [429, { 'Retry-After': '1' }], [403], [400]];
    failing.forEach((subscriber, index) => push.answer(subscriber, replies[index]!));
    const elsewhere = [
      { endpoint: `${closedOrigin}/push/unreachable`, keys: madeUpKeys() },
      ...failing.map((subscriber) => subscriber.subscription),
    ];
    lines.length = 0;
    for (const subscription of elsewhere) {
      const answer = await post(subscription);
      t.is(answer.status, 503, subscription.endpoint);
      t.is(answer.headers.get('retry-after'), '60');
      t.is(answer.headers.get('cache-control'), 'no-store');
      t.like(await answer.json(), {
        code: 'push_service_unavailable',
        type: `${BASE_URL}/problems/push_service_unavailable`,
      });
    }
    t.is(await store.subscriptions.subscriptionCount(), before, 'nothing stored');
    const logged = lines.filter((line) => /did not take the welcome/.test(String(line['msg'])));
    t.is(logged.length, elsewhere.length, 'each refusal logged');
    t.deepEqual(
      logged.map((line) => line['level']),
      [40, 20, 20, 20, 20],
      'one warning a minute, the rest at debug level: a client does not decide the log volume',
    );
    t.deepEqual(
      logged.map((line) => line['service']),
      [closedOrigin, ...failing.map(() => push.origin)],
    );
    t.deepEqual(
      logged.map((line) => line['reason']),
      [
        'unreachable',
        'push service answered 500',
        // One try: a Retry-After is not waited for, and says why.
        'push service asked to wait 1 s',
        'push service answered 403',
        'push service answered 400',
      ],
    );
    for (const line of logged) {
      t.false(JSON.stringify(line).includes('/push/'), 'no endpoint in the log');
      t.false('err' in line || 'stack' in line, 'no stack');
    }
    t.is((await post(failing[0]!.subscription)).status, 201, 'taken once the push service answers');
  },
);

test.serial('a push service that does not answer is 503 within the welcome time-out', async (t) => {
  const before = await store.subscriptions.subscriptionCount();
  const started = Date.now();
  const answer = await post({ endpoint: `${silentOrigin}/push/silent`, keys: madeUpKeys() });
  const waited = Date.now() - started;
  t.is(answer.status, 503);
  t.like(await answer.json(), { code: 'push_service_unavailable' });
  t.true(waited >= 4_000 && waited < 10_000, `answered after ${waited} ms`);
  t.is(await store.subscriptions.subscriptionCount(), before);
});

test.serial('keys the crypto refuses are a 400 naming the key, and nothing is sent', async (t) => {
  const send = welcomeSender({ ...vapid, subject: 'mailto:alerts@example.org' }, welcomePayload(BASE_URL));
  const logger = pino({ level: 'silent' });
  const good = madeUpKeys();
  const offCurve = Buffer.from(good.p256dh, 'base64url');
  offCurve[64]! ^= 1;
  const target = (keys: { p256dh: string; auth: string }) => ({ endpoint: `${push.origin}/push/keys`, keys });
  const received = push.received.length;
  const cases = [
    [{ ...good, p256dh: offCurve.toString('base64url') }, 'subscription.keys.p256dh'],
    [{ ...good, auth: Buffer.alloc(8).toString('base64url') }, 'subscription.keys.auth'],
  ] as const;
  for (const [keys, field] of cases) {
    const outcome = await send(target(keys));
    t.like(outcome, { kind: 'failed', status: null });
    const refusal = welcomeRefusal(outcome, target(keys).endpoint, BASE_URL, logger);
    t.is(refusal?.problem.status, 400, field);
    t.like(refusal?.problem, { code: 'invalid_body', parameter: field });
  }
  t.is(push.received.length, received, 'nothing reached the push service');
  t.false(push.unknown.includes('/push/keys'));

  // Over HTTP the same keys are refused by their schema, before anything is sent.
  const before = await store.subscriptions.subscriptionCount();
  const subscriber = push.subscriber();
  const answer = await post({
    ...subscriber.subscription,
    keys: { ...subscriber.subscription.keys, p256dh: offCurve.toString('base64url') },
  });
  t.is(answer.status, 400);
  t.like(await answer.json(), { code: 'invalid_body', parameter: 'subscription.keys.p256dh' });
  t.is(welcomesTo(subscriber).length, 0);
  t.is(await store.subscriptions.subscriptionCount(), before);
});

test.serial(
  'a welcome its push service took (201 sent, the rest of its answer held) stores the subscription',
  async (t) => {
    const before = await store.subscriptions.subscriptionCount();
    const subscriber = push.subscriber();
    // Held past the push request's deadline: waiting for the answer's last byte would refuse it.
    push.hold(subscriber, { ms: WELCOME_LIMITS.timeoutMs + 2000, statusFirst: true });
    const answer = await post(subscriber.subscription);
    t.is(answer.status, 201);
    t.is(welcomesTo(subscriber).length, 1, 'the push service took the welcome');
    t.is(await store.subscriptions.subscriptionCount(), before + 1, 'and the subscription is stored');
  },
);

test.serial(
  'a welcome whose answer is held past the limit is aborted: refused, and the push service never takes it',
  async (t) => {
    const limits = { ...WELCOME_LIMITS, totalMs: 300 };
    const send = welcomeSender(
      { ...vapid, subject: 'mailto:alerts@example.org' },
      welcomePayload(BASE_URL),
      limits,
    );
    const subscriber = push.subscriber();
    push.hold(subscriber, { ms: 1000 });
    const started = Date.now();
    const outcome = await send(subscriber.subscription);
    t.true(Date.now() - started < 1000, 'answered at the limit, not at the push service answer');
    t.like(outcome, { kind: 'failed', status: null, reason: SENT_UNANSWERED });
    const refusal = welcomeRefusal(
      outcome,
      subscriber.subscription.endpoint,
      BASE_URL,
      pino({ level: 'silent' }),
    );
    t.is(refusal?.problem.status, 503);
    t.regex(refusal?.problem.detail ?? '', /nothing is stored\. If this browser still shows the welcome/);
    // The held answer's moment: the push service either takes the message or finds its sender gone.
    t.true(
      await eventually(() => push.dropped.includes(subscriber.id) || welcomesTo(subscriber).length > 0, {
        interval: 20,
      }),
    );
    t.deepEqual(welcomesTo(subscriber), [], 'no welcome reaches a subscription that was refused');
    t.true(push.dropped.includes(subscriber.id));
  },
);
