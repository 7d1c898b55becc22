import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { AlertStore } from '../../../server/alerts/store.js';

test('a new lease holder sends again what is still `sending`, never what the kernel took', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-store-'));
  let now = Date.parse('2026-11-24T12:00:00Z');
  const store = new AlertStore(path.join(dir, 'alerts.sqlite'), () => now);
  try {
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
    store.subscribeMany(
      [1, 2, 3].map((n) => ({
        endpoint: `https://fcm.googleapis.com/fcm/send/${n}`,
        ...keys,
        audience: 'all' as const,
        window: 'any' as const,
        expiresAt: null,
      })),
    );
    now += 1000;
    store.recordPublication(() => ({
      entries: [],
      alerts: [
        { key: 'e:confirmed', eventId: 'e', reason: 'confirmed', payload: '{}', matching: ['all/any'] },
      ],
    }));
    const [alert] = store.pendingAlerts();
    const [first, second, third] = store.owed(alert!.id, 10);
    t.truthy(third);
    // A sender that died: one message handed over but not confirmed, one the kernel took, one answered.
    store.recordDelivery(alert!.id, first!.id, 'sending', null, 0);
    store.recordDelivery(alert!.id, second!.id, 'sent', null, 0);
    store.recordDelivery(alert!.id, third!.id, 'delivered', 201, 1);
    store.finishAlert(alert!.id);
    t.deepEqual(store.pendingAlerts(), []);
    t.deepEqual(store.owed(alert!.id, 10), []);

    t.true(store.lease('taker', 10_000));
    t.is(store.resendUnwritten(), 1);
    t.deepEqual(
      store.pendingAlerts().map((pending) => pending.key),
      ['e:confirmed'],
      'the alert is open again',
    );
    t.deepEqual(
      store.owed(alert!.id, 10).map((owed) => owed.id),
      [first!.id],
      'only the unconfirmed one',
    );
    t.deepEqual(store.allDeliveryCounts(), { delivered: 1, sent: 1 });
  } finally {
    store.close();
    await rm(dir, { recursive: true, force: true });
  }
});
