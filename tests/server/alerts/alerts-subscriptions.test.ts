import test from 'ava';
import { openStore } from '../../../server/store/index.js';
import { startServer } from '../../helpers/with-server.js';
import { BASE_URL } from '../../helpers/fixtures.js';
import { subscribe } from '../../helpers/alerts.js';
import { db, push, send, server, useAlertsServer, vapid } from '../../helpers/alerts-server.js';

useAlertsServer();

test.serial('GET /alerts/vapid-public-key gives the key to subscribe with', async (t) => {
  const response = await fetch(`${server.url}/alerts/vapid-public-key`);
  t.is(response.status, 200);
  t.deepEqual(await response.json(), { key: vapid.publicKey });
});

test.serial(
  'a subscription is stored (201), updated (200) and removed (204, also when unknown)',
  async (t) => {
    const subscriber = push.subscriber();
    const first = await subscribe(server.url, subscriber, { audience: 'pro' });
    t.is(first.status, 201);
    t.is(first.headers.get('cache-control'), 'no-store');
    t.is(first.headers.get('access-control-allow-origin'), null, 'no CORS on the subscriptions');
    t.deepEqual(await first.json(), {
      endpoint: subscriber.subscription.endpoint,
      audience: 'pro',
      window: 'any',
    });
    const again = await subscribe(server.url, subscriber, { audience: 'max', window: 'weekly' });
    t.is(again.status, 200);
    t.deepEqual(await again.json(), {
      endpoint: subscriber.subscription.endpoint,
      audience: 'max',
      window: 'weekly',
    });
    const body = JSON.stringify({ endpoint: subscriber.subscription.endpoint });
    t.is((await send('DELETE', body)).status, 204);
    t.is((await send('DELETE', body)).status, 204, 'unknown: the same answer');
    t.is((await fetch(`${server.url}/alerts/subscriptions`)).status, 405);
  },
);

test.serial('every refusal is a problem naming its field, and stores nothing', async (t) => {
  const store = await openStore(db);
  const before = await store.subscriptions.subscriptionCount();
  const { subscription } = push.subscriber();
  const valid = { subscription, audience: 'all', window: 'any' };
  const cases: [string, Promise<Awaited<ReturnType<typeof send>>>, number, string, string?][] = [
    [
      'cross-origin',
      send('POST', JSON.stringify(valid), { Origin: 'https://elsewhere.example' }),
      403,
      'forbidden',
    ],
    [
      'text/plain',
      send('POST', JSON.stringify(valid), { 'Content-Type': 'text/plain' }),
      415,
      'unsupported_media_type',
    ],
    ['oversize', send('POST', JSON.stringify({ ...valid, pad: 'x'.repeat(5000) })), 413, 'payload_too_large'],
    ['not JSON', send('POST', '{"subscription":'), 400, 'invalid_body'],
    [
      'unknown field',
      send('POST', JSON.stringify({ ...valid, email: 'a@b.c' })),
      400,
      'invalid_body',
      'email',
    ],
    [
      'unknown key field',
      send(
        'POST',
        JSON.stringify({ ...valid, subscription: { ...subscription, keys: { ...subscription.keys, x: 1 } } }),
      ),
      400,
      'invalid_body',
      'subscription.keys.x',
    ],
    [
      'short p256dh',
      send(
        'POST',
        JSON.stringify({
          ...valid,
          subscription: { ...subscription, keys: { ...subscription.keys, p256dh: 'BAAA' } },
        }),
      ),
      400,
      'invalid_body',
      'subscription.keys.p256dh',
    ],
    [
      'long auth',
      send(
        'POST',
        JSON.stringify({
          ...valid,
          subscription: {
            ...subscription,
            keys: { ...subscription.keys, auth: Buffer.alloc(17).toString('base64url') },
          },
        }),
      ),
      400,
      'invalid_body',
      'subscription.keys.auth',
    ],
    [
      'unknown push service',
      send(
        'POST',
        JSON.stringify({
          ...valid,
          subscription: { ...subscription, endpoint: 'https://push.elsewhere.example/x' },
        }),
      ),
      400,
      'invalid_body',
      'subscription.endpoint',
    ],
    [
      'http endpoint on a known https service',
      send(
        'POST',
        JSON.stringify({
          ...valid,
          subscription: { ...subscription, endpoint: 'http://fcm.googleapis.com/fcm/send/x' },
        }),
      ),
      400,
      'invalid_body',
      'subscription.endpoint',
    ],
    [
      'unknown audience',
      send('POST', JSON.stringify({ ...valid, audience: 'everyone' })),
      400,
      'invalid_body',
      'audience',
    ],
    ['delete without endpoint', send('DELETE', '{}'), 400, 'invalid_body', 'endpoint'],
  ];
  for (const [name, answer, status, code, parameter] of cases) {
    const { status: got, type, body } = await answer;
    t.is(got, status, name);
    t.is(type, 'application/problem+json', name);
    t.is(body?.code, code, name);
    t.is(body?.type, `${BASE_URL}/problems/${code}`, name);
    t.is(body?.parameter, parameter, name);
  }
  t.is(await store.subscriptions.subscriptionCount(), before, 'nothing was stored');
  await store.close();
});

test('without a VAPID key pair alerts are off: every endpoint answers 503 alerts_unavailable', async (t) => {
  const off = await startServer();
  try {
    const answers = await Promise.all([
      fetch(`${off.url}/alerts/vapid-public-key`),
      fetch(`${off.url}/alerts/subscriptions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      }),
      fetch(`${off.url}/alerts/subscriptions`, {
        method: 'DELETE',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      }),
    ]);
    for (const answer of answers) {
      t.is(answer.status, 503);
      t.is(((await answer.json()) as { code: string }).code, 'alerts_unavailable');
    }
  } finally {
    await off.stop();
  }
});
