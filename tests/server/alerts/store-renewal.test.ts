import test from 'ava';
import type { NewSubscription } from '../../../server/store/index.js';
import { SUBSCRIPTION_IDLE_DAYS } from '../../../server/store/index.js';
import { useStoreEngines } from '../../helpers/store-engines.js';

const engines = useStoreEngines();
const DAY = 86_400_000;

const row = (n: number, keys = 'k'): NewSubscription => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/${n}`,
  p256dh: `${keys}-p256dh-${n}`,
  auth: `${keys}-auth-${n}`,
  audience: 'all',
  window: 'any',
  expiresAt: null,
});

for (const engine of engines) {
  test(`${engine.name}: renewSubscription renews only an endpoint stored with the same keys`, async (t) => {
    let now = Date.parse('2026-11-28T00:00:00Z');
    const store = await engine.open(() => now);
    try {
      t.is(await store.subscriptions.renewSubscription(row(1)), 'unknown');
      t.is(await store.subscriptions.subscriptionCount(), 0, 'an unknown endpoint is not stored');
      await store.subscriptions.subscribe(row(1));
      await store.subscriptions.subscribe(row(2));

      now += (SUBSCRIPTION_IDLE_DAYS - 100) * DAY;
      t.is(
        await store.subscriptions.renewSubscription({ ...row(1), audience: 'pro', window: 'weekly' }),
        'renewed',
      );
      t.is(await store.subscriptions.renewSubscription({ ...row(2, 'new'), audience: 'max' }), 'new keys');
      t.is(
        await store.subscriptions.renewSubscription({ ...row(2), auth: 'another-auth', audience: 'max' }),
        'new keys',
        'one key of two differing is new keys',
      );
      t.deepEqual(
        await store.subscriptions.subscriptionsByFilters(),
        new Map([
          ['all/any', 1],
          ['pro/weekly', 1],
        ]),
        'the renewed one has its new filters; the other is as it was',
      );

      // Past the idle time of the first subscribing: only the one renewed is kept.
      now += 200 * DAY;
      t.is((await store.prune()).subscriptions, 1);
      t.is(await store.subscriptions.subscriptionCount(), 1);
      t.is(
        await store.subscriptions.renewSubscription(row(1)),
        'renewed',
        'the one renewed, with its keys as they were',
      );
      t.is(await store.subscriptions.renewSubscription(row(2)), 'unknown');
    } finally {
      await store.close();
    }
  });
}
