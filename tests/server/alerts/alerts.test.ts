import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { openAlertStore } from '../../../server/alerts/store/index.js';
import { generateVapidKeys } from '../../../server/alerts/push.js';
import type { RunningServer } from '../../helpers/with-server.js';
import { startServer } from '../../helpers/with-server.js';
import type { PushService, Subscriber } from '../../helpers/push-service.js';
import { startPushService } from '../../helpers/push-service.js';
import { BASE_URL, copyContent, DEMO_FIXTURE } from '../../helpers/fixtures.js';
import { subscribe, writeReset } from '../../helpers/alerts.js';
import { eventually } from '../../helpers/wait.js';

const vapid = generateVapidKeys();
let push: PushService;
let server: RunningServer;
let content: { dir: string; dispose: () => Promise<void> };
let data: string;
let db: string;

test.before(async () => {
  push = await startPushService(vapid.publicKey);
  content = await copyContent(DEMO_FIXTURE);
  data = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-alerts-'));
  db = path.join(data, 'alerts.sqlite');
  server = await startServer({
    content: content.dir,
    env: {
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      ALERTS_DB: db,
      ALERTS_PUSH_HOSTS: push.origin,
    },
  });
});

test.after.always(async () => {
  await server?.stop();
  await push?.stop();
  await content?.dispose();
  await rm(data, { recursive: true, force: true });
});

const messagesTo = (subscriber: Subscriber) =>
  push.received.filter((message) => message.subscriber === subscriber.id);
/**
 * Waits until the ledger has no alert left to send. A reload records its alerts before it returns,
 * and the sender marks an alert done only once every message of it has been answered by the push
 * service (which records a message before answering): after this, no message of the content loaded
 * so far is still to come.
 */
async function allSent(): Promise<boolean> {
  const store = openAlertStore(db);
  try {
    return await eventually(() => store.pendingAlerts().length === 0);
  } finally {
    store.close();
  }
}

async function send(method: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/alerts/subscriptions`, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  });
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: (text ? JSON.parse(text) : null) as { code?: string; type?: string; parameter?: string } | null,
  };
}

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
  const store = openAlertStore(db);
  const before = store.subscriptionCount();
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
  t.is(store.subscriptionCount(), before, 'nothing was stored');
  store.close();
});

test.serial('a newly confirmed reset reaches each matching subscription once, and no other', async (t) => {
  const everyone = push.subscriber();
  const proWeekly = push.subscriber();
  const teamFiveHour = push.subscriber();
  for (const [subscriber, filters] of [
    [everyone, {}],
    [proWeekly, { audience: 'pro', window: 'weekly' }],
    [teamFiveHour, { audience: 'team', window: 'five_hour' }],
  ] as const)
    t.is((await subscribe(server.url, subscriber, filters)).status, 201);

  const id = await writeReset(content.dir, {
    day: '2026-11-20',
    slug: 'pro-weekly',
    plans: ['pro', 'max'],
    windows: ['weekly'],
  });
  t.true(await server.reload());
  t.true(await eventually(() => messagesTo(everyone).length === 1 && messagesTo(proWeekly).length === 1));
  t.true(await server.reload(), 'the same content again');
  t.true(await allSent(), 'every alert made so far was sent');
  t.is(messagesTo(everyone).length, 1);
  t.is(messagesTo(proWeekly).length, 1);
  t.is(messagesTo(teamFiveHour).length, 0, 'not for a filter the event does not match');
  const payload = JSON.parse(messagesTo(everyone)[0]!.payload) as Record<string, string>;
  t.like(payload, {
    event_id: id,
    reason: 'confirmed',
    url: `${BASE_URL}/events/${id}`,
    tag: `${id}:confirmed`,
  });
  t.regex(payload['body']!, /^2026-11-20 \(date only\)\. For: pro and max subscribers\. Windows: weekly\.$/);
  t.is(messagesTo(everyone)[0]!.headers.urgency, 'high');
  t.deepEqual(push.refused, []);
});

test.serial(
  'history, a silenced event and a silent correction send nothing; an announced one and a marked correction do',
  async (t) => {
    const everyone = push.subscriber();
    t.is((await subscribe(server.url, everyone)).status, 201);
    const store = openAlertStore(db);
    // History: first published before the ledger began.
    await writeReset(content.dir, {
      day: '2025-12-01',
      slug: 'old',
      plans: 'all',
      windows: ['weekly'],
      at: new Date('2025-12-02T00:00:00Z'),
    });
    // Silenced by the curator (content:new --no-alert).
    const silenced = await writeReset(content.dir, {
      day: '2026-11-21',
      slug: 'backfilled',
      plans: 'all',
      windows: ['weekly'],
    });
    store.mark({ eventId: silenced, revision: 1, mode: 'silent' });
    t.true(await server.reload());
    t.true(await allSent(), 'every alert made so far was sent');
    t.is(messagesTo(everyone).length, 0);

    // A silent correction: a new revision with the same status.
    const file = path.join(content.dir, 'events', `${silenced}.json`);
    const revise = async (revision: number, status = 'confirmed') => {
      const event = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      const at = new Date(Date.now() + revision * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
      Object.assign(event, {
        revision,
        revised_at: at,
        event_status: status,
        summary: `Revision ${revision}.`,
      });
      await writeFile(file, JSON.stringify(event, null, 2));
    };
    await revise(2);
    t.true(await server.reload());
    t.true(await allSent(), 'every alert made so far was sent');
    t.is(messagesTo(everyone).length, 0, 'a correction is silent');

    // A correction the curator asked to alert (content:revise --alert).
    store.mark({ eventId: silenced, revision: 3, mode: 'alert' });
    await revise(3);
    t.true(await server.reload());
    t.true(await eventually(() => messagesTo(everyone).length === 1));
    t.like(JSON.parse(messagesTo(everyone)[0]!.payload), { event_id: silenced, reason: 'corrected' });

    // Announced, then confirmed: one alert each.
    const announced = await writeReset(content.dir, {
      day: '2026-11-22',
      slug: 'announced',
      plans: 'all',
      windows: ['five_hour'],
      status: 'announced',
    });
    t.true(await server.reload());
    t.true(await eventually(() => messagesTo(everyone).length === 2));
    const announcedFile = path.join(content.dir, 'events', `${announced}.json`);
    const event = JSON.parse(await readFile(announcedFile, 'utf8')) as Record<string, unknown>;
    Object.assign(event, {
      revision: 2,
      event_status: 'confirmed',
      revised_at: new Date(Date.now() + 5000).toISOString().replace(/\.\d+Z$/, 'Z'),
    });
    await writeFile(announcedFile, JSON.stringify(event, null, 2));
    t.true(await server.reload());
    t.true(await eventually(() => messagesTo(everyone).length === 3));
    t.true(await allSent(), 'every alert made so far was sent');
    t.deepEqual(
      messagesTo(everyone).map((message) => (JSON.parse(message.payload) as { reason: string }).reason),
      ['corrected', 'announced', 'confirmed'],
    );
    store.close();
  },
);

test.serial('a push service answering 410 removes the subscription', async (t) => {
  const gone = push.subscriber();
  t.is((await subscribe(server.url, gone)).status, 201);
  push.answer(gone, [410]);
  const store = openAlertStore(db);
  const before = store.subscriptionCount();
  await writeReset(content.dir, {
    day: '2026-11-23',
    slug: 'for-a-gone-one',
    plans: 'all',
    windows: ['weekly'],
  });
  t.true(await server.reload());
  t.true(await eventually(() => store.subscriptionCount() === before - 1));
  t.is(messagesTo(gone).length, 0);
  store.close();
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
