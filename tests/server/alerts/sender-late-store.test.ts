import test from 'ava';
import { generateVapidKeys } from '../../../tools/vapid-keys.js';
import type { Store } from '../../../server/store/index.js';
import { wrapStore } from '../../helpers/store-parts.js';
import { assertEachGotOne, startPushService, storeSubscribers } from '../../helpers/push-service.js';
import { useStoreEngines } from '../../helpers/store-engines.js';
import type { SenderLogLine } from '../../helpers/alerts.js';
import { alertEveryone, pushSender } from '../../helpers/alerts.js';
import { eventually } from '../../helpers/wait.js';

const vapid = { ...generateVapidKeys(), subject: 'mailto:alerts@tracker.test' };
const COUNT = 600;
const engines = useStoreEngines();

/**
 * The store as an engine over the network answers: each call a few milliseconds late, so the sender
 * awaits every read and write (SQLite answers at once). Counts the `renewClaims` calls under way.
 */
function late(store: Store, renewals: { now: number; most: number }): Store {
  return wrapStore(store, async (name, _args, call) => {
    const renewal = name === 'renewClaims';
    if (renewal) renewals.most = Math.max(renewals.most, (renewals.now += 1));
    try {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 4));
      return await call();
    } finally {
      if (renewal) renewals.now -= 1;
    }
  });
}

for (const engine of engines)
  test(`${engine.name}: over a store that answers late, each subscription gets an alert once and renewals never overlap`, async (t) => {
    const real = await engine.open();
    const renewals = { now: 0, most: 0 };
    const store = late(real, renewals);
    const push = await startPushService(vapid.publicKey);
    const logs: SenderLogLine[] = [];
    // Renewed every 100 ms: many passes run between the fills of one fan-out.
    const sender = pushSender(store, vapid, { lanes: 16, leaseMs: 400, pollMs: 20, logs });
    try {
      await storeSubscribers(push, store, COUNT);
      const alert = await alertEveryone(store, 'late');
      sender.start();
      t.true(
        await eventually(async () => (await store.deliveries.pendingAlerts()).length === 0, {
          timeout: 60_000,
        }),
        'the alert ends',
      );
      assertEachGotOne(t, push, COUNT);
      t.deepEqual(await store.deliveries.deliveryCounts(alert.id), { delivered: COUNT });
      // The store ends the alert before the sender logs it (its counts are one more late read).
      const sent = () => logs.filter((line) => line.msg === 'alerts: sent').length;
      t.true(await eventually(() => sent() > 0), 'the sender logged the end');
      t.is(sent(), 1, 'the alert was finished once');
      t.is(renewals.most, 1, 'one renewal at a time');
    } finally {
      await sender.stop();
      await push.stop();
      await store.close();
    }
  });
