import test from 'ava';
import { generateVapidKeys } from '../../../tools/vapid-keys.js';
import { openStore } from '../../../server/store/index.js';
import { subscribe, writeReset } from '../../helpers/alerts.js';
import { copyContent, DEMO_FIXTURE } from '../../helpers/fixtures.js';
import { startPostgres } from '../../helpers/postgres.js';
import type { Subscriber } from '../../helpers/push-service.js';
import { alertsReceived, startPushService } from '../../helpers/push-service.js';
import { eventually } from '../../helpers/wait.js';
import type { RunningServer } from '../../helpers/with-server.js';
import { startServer } from '../../helpers/with-server.js';

// The whole service on a PostgreSQL store (ALERTS_DATABASE_URL): two servers stand for two machines
// sharing one database. Either takes subscriptions; their senders share each fan-out by claims.
test('two servers on one PostgreSQL store: either takes subscriptions, and a published reset reaches each matching one once', async (t) => {
  const vapid = generateVapidKeys();
  const [database, push, content] = await Promise.all([
    startPostgres(),
    startPushService(vapid.publicKey),
    copyContent(DEMO_FIXTURE),
  ]);
  const servers: RunningServer[] = [];
  try {
    const env = {
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      ALERTS_DATABASE_URL: database.url,
      ALERTS_DATABASE_POOL: '2',
      ALERTS_PUSH_HOSTS: push.origin,
    };
    // Started at once: both open (and one migrates) the empty database.
    const started = await Promise.allSettled([
      startServer({ content: content.dir, env }),
      startServer({ content: content.dir, env }),
    ]);
    for (const outcome of started) if (outcome.status === 'fulfilled') servers.push(outcome.value);
    for (const outcome of started) if (outcome.status === 'rejected') throw outcome.reason;
    const [a, b] = servers as [RunningServer, RunningServer];

    // The alerts each got: the welcome each subscription gets as it is made is not one.
    const messagesTo = (subscriber: Subscriber) => alertsReceived(push, subscriber);
    const everyone = push.subscriber();
    const proWeekly = push.subscriber();
    const teamFiveHour = push.subscriber();
    const onBoth = push.subscriber();
    t.is((await subscribe(a.url, everyone)).status, 201);
    t.is((await subscribe(b.url, proWeekly, { audience: 'pro', window: 'weekly' })).status, 201);
    t.is((await subscribe(a.url, teamFiveHour, { audience: 'team', window: 'five_hour' })).status, 201);
    t.is((await subscribe(a.url, onBoth)).status, 201);
    t.is((await subscribe(b.url, onBoth)).status, 200, 'the same endpoint, renewed on the other machine');

    const store = await openStore(database.url);
    try {
      t.is(
        await store.subscriptions.subscriptionCount(),
        4,
        'one row per endpoint, whichever server took it',
      );
      await writeReset(content.dir, {
        day: '2026-11-20',
        slug: 'pro-weekly',
        plans: ['pro', 'max'],
        windows: ['weekly'],
      });
      // Both machines load the same content at once: the ledger makes its alert once.
      t.deepEqual(await Promise.all([a.reload(), b.reload()]), [true, true]);
      t.true(
        await eventually(
          () =>
            messagesTo(everyone).length === 1 &&
            messagesTo(proWeekly).length === 1 &&
            messagesTo(onBoth).length === 1,
        ),
      );
      t.deepEqual(await Promise.all([a.reload(), b.reload()]), [true, true], 'the same content again');
      t.true(
        await eventually(async () => (await store.deliveries.pendingAlerts()).length === 0),
        'every alert made so far was sent',
      );
      t.is(await store.ledger.alertCount(), 1);
      t.is(messagesTo(everyone).length, 1);
      t.is(messagesTo(proWeekly).length, 1);
      t.is(messagesTo(onBoth).length, 1);
      t.is(messagesTo(teamFiveHour).length, 0, 'not for a filter the event does not match');
      t.deepEqual(push.refused, []);
      // The senders no longer hold a lease to send (main's claims): once the fan-out is done, every
      // claim on it is done too.
      t.deepEqual(await store.claims.claimHolders(), [], 'no claim is left open');
    } finally {
      await store.close();
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await push.stop();
    await content.dispose();
    await database.stop();
  }
});
