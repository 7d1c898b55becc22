import test from 'ava';
import { openStore } from '../../../server/store/index.js';
import { usingServer } from '../../helpers/with-server.js';
import {
  alertsEnv,
  post,
  push,
  subscriptionOf,
  useSubscriptionWrites,
} from '../../helpers/subscription-writes.js';

/**
 * What a browser subscription's fields may be (domain/schemas/alerts.ts): a key on its curve, an
 * endpoint in one canonical form and free of control characters, an expiry still to come. The
 * limits, origins, media types and time-outs of the same writes are write-surface.test.ts's.
 */

useSubscriptionWrites();

test('a p256dh that is 65 bytes from 0x04 but no point of P-256 is refused, naming the field', async (t) => {
  const env = alertsEnv();
  await usingServer({ env }, async (server) => {
    const subscriber = push.subscriber();
    const point = Buffer.from(subscriber.subscription.keys.p256dh, 'base64url');
    point[64]! ^= 1;
    const answer = await post(server.url, {
      subscription: {
        ...subscriber.subscription,
        keys: { ...subscriber.subscription.keys, p256dh: point.toString('base64url') },
      },
    });
    t.is(answer.status, 400);
    t.like(answer.body, { code: 'invalid_body', parameter: 'subscription.keys.p256dh' });
    t.is((await post(server.url, subscriptionOf(subscriber))).status, 201, 'its true key is taken');
  });
  const store = await openStore(env.ALERTS_DB);
  t.is(await store.subscriptions.subscriptionCount(), 1);
  await store.close();
});

test('every spelling of an endpoint is one subscription, and any spelling deletes it', async (t) => {
  const env = alertsEnv({ ALERTS_PUSH_HOSTS: `${push.origin},https://fcm.googleapis.com` });
  await usingServer({ env }, async (server) => {
    const subscriber = push.subscriber();
    const canonical = 'https://fcm.googleapis.com/fcm/send/abc';
    // Stored as a welcome the push service took leaves it (no test reaches a real push service):
    // each spelling then finds this row, and is a renewal.
    const store = await openStore(env.ALERTS_DB);
    await store.subscriptions.subscribe({
      endpoint: canonical,
      ...subscriber.subscription.keys,
      audience: 'all',
      window: 'any',
      expiresAt: null,
    });
    const spellings = [
      canonical,
      'https://FCM.GoogleAPIs.com/fcm/send/abc',
      'https://fcm.googleapis.com:443/fcm/send/abc',
      'https://someone:secret@fcm.googleapis.com/fcm/send/abc',
      'https://ｆｃｍ.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com/fcm/send/%61bc?',
    ];
    const answers = [];
    for (const endpoint of spellings)
      answers.push(await post(server.url, subscriptionOf(subscriber, endpoint)));
    t.deepEqual(
      answers.map((answer) => answer.status),
      spellings.map(() => 200),
    );
    t.true(answers.every((answer) => answer.body?.endpoint === canonical));
    t.is(await store.subscriptions.subscriptionCount(), 1);
    t.is((await post(server.url, { endpoint: spellings[1] }, {}, 'DELETE')).status, 204);
    t.is(await store.subscriptions.subscriptionCount(), 0, 'deleted by another spelling');

    // A new endpoint in another spelling is welcomed, and stored, at its canonical one.
    const fresh = push.subscriber();
    const { endpoint } = fresh.subscription;
    const odd = `${endpoint.replace('/push/s', '/push/%73')}?`;
    const created = await post(server.url, subscriptionOf(fresh, odd));
    t.is(created.status, 201);
    t.is(created.body?.endpoint, endpoint);
    t.is(push.received.filter((message) => message.subscriber === fresh.id).length, 1, 'its welcome');
    t.is((await post(server.url, subscriptionOf(fresh, endpoint))).status, 200, 'the same subscription');
    await store.close();
  });
});

test('control characters, spaces and bidirectional marks in an endpoint are refused', async (t) => {
  await usingServer({ env: alertsEnv() }, async (server) => {
    const subscriber = push.subscriber();
    const { endpoint } = subscriber.subscription;
    for (const odd of ['\u0000', '\n', '\u202e', ' ', '\t', '\u0085']) {
      const at = endpoint.length - 2;
      const answer = await post(
        server.url,
        subscriptionOf(subscriber, `${endpoint.slice(0, at)}${odd}${endpoint.slice(at)}`),
      );
      t.is(answer.status, 400, JSON.stringify(odd));
      t.like(answer.body, { code: 'invalid_body', parameter: 'subscription.endpoint' });
    }
  });
});

test('a subscription whose expirationTime has passed is refused', async (t) => {
  await usingServer({ env: alertsEnv() }, async (server) => {
    const subscriber = push.subscriber();
    const expired = {
      subscription: { ...subscriber.subscription, expirationTime: Date.now() - 1000 },
    };
    const answer = await post(server.url, expired);
    t.is(answer.status, 400);
    t.like(answer.body, { code: 'invalid_body', parameter: 'subscription.expirationTime' });
    const later = { subscription: { ...subscriber.subscription, expirationTime: Date.now() + 86_400_000 } };
    t.is((await post(server.url, later)).status, 201);
  });
});
