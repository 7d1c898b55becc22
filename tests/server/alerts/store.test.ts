import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import Database from 'better-sqlite3';
import { openAlertStore } from '../../../server/alerts/store/index.js';
import { SCHEMA_1, SCHEMA_VERSION } from '../../../server/alerts/store/sqlite/index.js';

test('a new lease holder sends again what is still `sending`, never what the kernel took', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-store-'));
  let now = Date.parse('2026-11-24T12:00:00Z');
  const store = await openAlertStore(path.join(dir, 'alerts.sqlite'), () => now);
  try {
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
    await store.subscribeMany(
      [1, 2, 3].map((n) => ({
        endpoint: `https://fcm.googleapis.com/fcm/send/${n}`,
        ...keys,
        audience: 'all' as const,
        window: 'any' as const,
        expiresAt: null,
      })),
    );
    now += 1000;
    await store.recordPublication(() => ({
      entries: [],
      alerts: [
        {
          key: 'e:confirmed',
          eventId: 'e',
          reason: 'confirmed',
          payload: '{}',
          record: '{}',
          matching: ['all/any'],
        },
      ],
    }));
    const [alert] = await store.pendingAlerts();
    const [first, second, third] = await store.owed(alert!.id, 10);
    t.truthy(third);
    // A sender that died: one message handed over but not confirmed, one the kernel took, one answered.
    const push = (id: number) => ({ alertId: alert!.id, channel: 'push', subscriptionId: id }) as const;
    await store.recordDelivery(push(first!.id), 'sending');
    await store.recordDelivery(push(second!.id), 'sent');
    await store.recordDelivery(push(third!.id), 'delivered', { status: 201, attempts: 1 });
    await store.finishAlert(alert!.id);
    t.deepEqual(await store.pendingAlerts(), []);
    t.deepEqual(await store.owed(alert!.id, 10), []);

    t.true(await store.lease('taker', 10_000));
    t.is(await store.resendUnwritten(), 1);
    t.deepEqual(
      (await store.pendingAlerts()).map((pending) => pending.key),
      ['e:confirmed'],
      'the alert is open again',
    );
    t.deepEqual(
      (await store.owed(alert!.id, 10)).map((owed) => owed.id),
      [first!.id],
      'only the unconfirmed one',
    );
    t.deepEqual(await store.allDeliveryCounts(), { delivered: 1, sent: 1 });
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
});

const kept: unknown[] = [];

test('a file made by the first, unversioned schema is upgraded in place, its endpoints made canonical', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-store-'));
  const file = path.join(dir, 'alerts.sqlite');
  const old = new Database(file);
  // Never garbage: better-sqlite3 12 on Node 24 aborts when it collects one (server/alerts/store/sqlite/connection.ts).
  kept.push(old);
  try {
    old.exec(SCHEMA_1);
    const insert = old.prepare(
      `INSERT INTO subscriptions (endpoint, p256dh, auth, audience, window, expires_at, created_at, renewed_at)
         VALUES (?, 'k', 'a', 'all', 'any', NULL, 1, ?)`,
    );
    kept.push(insert);
    insert.run('https://FCM.googleapis.com:443/fcm/send/one', 1);
    insert.run('https://fcm.googleapis.com/fcm/send/one', 2);
    insert.run('https://user@Updates.Push.Services.Mozilla.com/wpush/v2/two', 1);
    old.exec(`INSERT INTO alerts (key, event_id, reason, payload, matching, created_at)
                VALUES ('e:confirmed', 'e', 'confirmed', '{}', '["all/any"]', 1)`);
    old.exec(`INSERT INTO deliveries (alert_id, subscription_id, outcome, status, attempts, at)
                VALUES (1, 2, 'delivered', 201, 1, 1)`);
  } finally {
    old.close();
  }
  const store = await openAlertStore(file);
  try {
    // Each step is checked below (1: the rows kept; 2: canonical endpoints, a failure's reason; 3: a
    // delivery's channel, the push deliveries carried over; 4: claims, for an alert half sent before
    // them): a new step is added to this file too, with rows for it to carry over.
    t.is(SCHEMA_VERSION, 4, 'a migration step this test does not check yet');
    t.is(store.version, SCHEMA_VERSION);
    t.is(await store.subscriptionCount(), 2, 'two spellings of one endpoint became one row');
    const [alert] = await store.pendingAlerts();
    t.deepEqual(await store.deliveryCounts(alert!.id), { delivered: 1 }, 'rows kept');
    const rows = (await store.owed(alert!.id, 10)).map((row) => row.endpoint).sort();
    t.deepEqual(rows, ['https://updates.push.services.mozilla.com/wpush/v2/two']);
    const claim = await store.claimBatch('a sender', 10_000, 10, ['push']);
    t.like(claim, { alertId: alert!.id, channel: 'push', after: 0, recovered: false });
    t.deepEqual(
      (await store.owed(alert!.id, 10, claim!.after, claim!.upTo)).map((row) => row.endpoint),
      rows,
      'the claim holds what is owed, not what was delivered before claims',
    );
    const delivery = { alertId: alert!.id, channel: 'push', subscriptionId: 3 } as const;
    await store.recordDelivery(delivery, 'failed', { status: 400, attempts: 1, reason: 'why' });
    t.deepEqual(await store.failures(alert!.id), [
      { channel: 'push', subscriptionId: 3, status: 400, reason: 'why' },
    ]);
    // The same subscription id in another channel is another delivery.
    await store.recordDelivery({ ...delivery, channel: 'webhook' }, 'delivered', {
      status: 204,
      attempts: 1,
    });
    t.deepEqual(await store.deliveryCounts(alert!.id), { delivered: 2, failed: 1 });
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
  const again = await openAlertStore(file);
  t.is(again.version, SCHEMA_VERSION, 'opening it again changes nothing');
  await again.close();
});

test('a file at version 1 takes only the steps after it, its rows kept', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-store-'));
  const file = path.join(dir, 'alerts.sqlite');
  const old = new Database(file);
  kept.push(old);
  try {
    old.exec(SCHEMA_1);
    old.exec('PRAGMA user_version = 1');
    old.exec(`INSERT INTO meta (key, value) VALUES ('started_at', '5')`);
    old.exec(`INSERT INTO subscriptions (endpoint, p256dh, auth, audience, window, expires_at, created_at, renewed_at)
                VALUES ('https://FCM.googleapis.com/fcm/send/one', 'k', 'a', 'all', 'any', NULL, 1, 1)`);
    old.exec(`INSERT INTO ledger (event_id, status, revision, seen_at) VALUES ('e', 'confirmed', 2, 1)`);
  } finally {
    old.close();
  }
  const store = await openAlertStore(file);
  try {
    t.is(store.version, SCHEMA_VERSION);
    t.is(store.startedAt, 5, 'the store keeps its start');
    t.deepEqual([...(await store.ledger())], [['e', { status: 'confirmed', revision: 2 }]]);
    t.deepEqual(await store.subscriptionsByFilters(), new Map([['all/any', 1]]));
    // Step 2: the endpoint is canonical, so its canonical spelling now finds it.
    await store.unsubscribe('https://fcm.googleapis.com/fcm/send/one');
    t.is(await store.subscriptionCount(), 0);
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
});
