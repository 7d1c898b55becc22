import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { NewAlert, PublicationDecision } from '../../../server/store/index.js';
import { openStore } from '../../../server/store/index.js';
import {
  SCHEMA_1 as POSTGRES_SCHEMA_1,
  SCHEMA_VERSION as POSTGRES_SCHEMA_VERSION,
} from '../../../server/store/postgres/migrations.js';
import { SCHEMA_1, SCHEMA_VERSION } from '../../../server/store/sqlite/index.js';
import { SAME_URL_REASON } from '../../../server/store/webhook-urls.js';
import { hashToken } from '../../../server/alerts/token-hash.js';
import { useStoreEngines } from '../../helpers/store-engines.js';

const engines = useStoreEngines();

/** A lead for the migration tests to store before and read after an upgrade. */
const sighting = {
  key: 'k',
  url: 'https://x.com/a/status/1',
  postId: '1',
  postedAt: null,
  title: 't',
  words: 'w',
  matched: [],
  source: 's',
};

for (const engine of engines) {
  test(`${engine.name}: a new lease holder sends again what is still \`sending\`, never what the kernel took`, async (t) => {
    let now = Date.parse('2026-11-24T12:00:00Z');
    const store = await engine.open(() => now);
    try {
      const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
      await store.subscriptions.subscribeMany(
        [1, 2, 3].map((n) => ({
          endpoint: `https://fcm.googleapis.com/fcm/send/${n}`,
          ...keys,
          audience: 'all' as const,
          window: 'any' as const,
          expiresAt: null,
        })),
      );
      now += 1000;
      await store.ledger.recordPublication(() => ({
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
      const [alert] = await store.deliveries.pendingAlerts();
      const [first, second, third] = await store.deliveries.owed(alert!.id, 10);
      t.truthy(third);
      // A sender that died: one message handed over but not confirmed, one the kernel took, one answered.
      const push = (id: number) => ({ alertId: alert!.id, channel: 'push', subscriptionId: id }) as const;
      await store.deliveries.recordDelivery(push(first!.id), 'sending');
      await store.deliveries.recordDelivery(push(second!.id), 'sent');
      await store.deliveries.recordDelivery(push(third!.id), 'delivered', { status: 201, attempts: 1 });
      await store.deliveries.finishAlert(alert!.id);
      t.deepEqual(await store.deliveries.pendingAlerts(), []);
      t.deepEqual(await store.deliveries.owed(alert!.id, 10), []);

      t.true(await store.senderLease.lease('taker', 10_000));
      t.is(await store.deliveries.resendUnwritten(), 1);
      t.deepEqual(
        (await store.deliveries.pendingAlerts()).map((pending) => pending.key),
        ['e:confirmed'],
        'the alert is open again',
      );
      t.deepEqual(
        (await store.deliveries.owed(alert!.id, 10)).map((owed) => owed.id),
        [first!.id],
        'only the unconfirmed one',
      );
      t.deepEqual(await store.deliveries.allDeliveryCounts(), { delivered: 1, sent: 1 });
    } finally {
      await store.close();
    }
  });

  test(`${engine.name}: an alert's failures list by channel then subscription, with why; counts by outcome`, async (t) => {
    const store = await engine.open();
    try {
      await store.ledger.recordPublication(() => ({
        entries: [{ eventId: 'e', status: 'confirmed', revision: 1 }],
        alerts: [
          {
            key: 'e:confirmed',
            eventId: 'e',
            reason: 'confirmed',
            payload: '{}',
            record: '{"id":"e"}',
            matching: ['all/any', 'pro/weekly'],
          },
        ],
      }));
      const [alert] = await store.deliveries.pendingAlerts();
      t.like(alert, {
        key: 'e:confirmed',
        eventId: 'e',
        reason: 'confirmed',
        payload: '{}',
        record: '{"id":"e"}',
      });
      t.is(typeof alert!.createdAt, 'number');
      const delivery = (channel: 'push' | 'webhook' | 'email', subscriptionId: number) =>
        ({ alertId: alert!.id, channel, subscriptionId }) as const;
      await store.deliveries.recordDelivery(delivery('webhook', 2), 'failed', {
        status: 500,
        attempts: 3,
        reason: 'answered 500',
      });
      await store.deliveries.recordDelivery(delivery('push', 7), 'failed', {
        status: null,
        attempts: 1,
        reason: 'timed out',
      });
      await store.deliveries.recordDelivery(delivery('push', 3), 'failed', {
        status: 400,
        attempts: 1,
        reason: 'refused',
      });
      await store.deliveries.recordDelivery(delivery('email', 3), 'delivered', { status: 250, attempts: 1 });
      // The same subscription id on another channel is another delivery; a record is replaced, not added.
      await store.deliveries.recordDelivery(delivery('webhook', 3), 'sending');
      await store.deliveries.recordDelivery(delivery('webhook', 3), 'delivered', {
        status: 204,
        attempts: 1,
      });
      t.deepEqual(await store.deliveries.failures(alert!.id), [
        { channel: 'push', subscriptionId: 3, status: 400, reason: 'refused' },
        { channel: 'push', subscriptionId: 7, status: null, reason: 'timed out' },
        { channel: 'webhook', subscriptionId: 2, status: 500, reason: 'answered 500' },
      ]);
      t.deepEqual(Object.entries(await store.deliveries.deliveryCounts(alert!.id)), [
        ['delivered', 2],
        ['failed', 3],
      ]);
      t.deepEqual(await store.deliveries.allDeliveryCounts(), { delivered: 2, failed: 3 });
      t.deepEqual([...(await store.ledger.ledger())], [['e', { status: 'confirmed', revision: 1 }]]);
    } finally {
      await store.close();
    }
  });

  test(`${engine.name}: an empty place is migrated to the engine's every step; opening it again changes nothing`, async (t) => {
    const place = await engine.place();
    let now = Date.parse('2026-11-24T12:00:00Z');
    const first = await openStore(place, () => now);
    try {
      t.true(engine.version >= 1);
      t.is(first.version, engine.version, 'one version per step');
      t.is(first.ledger.startedAt, now, 'the store began as it was first opened');
      await first.ledger.mark({ eventId: 'e', revision: 1, mode: 'silent' });
    } finally {
      await first.close();
    }
    now += 60_000;
    const again = await openStore(place, () => now);
    try {
      t.is(again.version, engine.version);
      t.is(again.ledger.startedAt, now - 60_000, 'its start is kept');
      t.deepEqual(
        await again.ledger.marks(),
        [{ eventId: 'e', revision: 1, mode: 'silent' }],
        'its rows are kept',
      );
    } finally {
      await again.close();
    }
  });

  test(`${engine.name}: stores opened at once on one empty place all open, at one version and one start`, async (t) => {
    const place = await engine.place();
    let tick = Date.parse('2026-11-24T12:00:00Z');
    // Each opener's clock says another time: the first to record the start wins, for every one.
    const stores = await Promise.all(
      Array.from({ length: 4 }, () => {
        const at = (tick += 1000);
        return openStore(place, () => at);
      }),
    );
    try {
      t.deepEqual(
        stores.map((store) => store.version),
        stores.map(() => engine.version),
      );
      t.is(
        new Set(stores.map((store) => store.ledger.startedAt)).size,
        1,
        stores.map((s) => s.ledger.startedAt).join(),
      );
      await stores[0]!.ledger.mark({ eventId: 'e', revision: 1, mode: 'alert' });
      t.is((await stores[3]!.ledger.marks()).length, 1, 'one store, whichever opened it');
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });

  test(`${engine.name}: two stores recording the same content at once make each alert once, in turn`, async (t) => {
    const place = await engine.place();
    const [a, b] = await Promise.all([openStore(place), openStore(place)]);
    try {
      // What a content load decides (domain/alerts.ts): an event the ledger has not seen is alerted.
      const seen: boolean[] = [];
      const publish =
        (eventId: string): PublicationDecision =>
        (ledger) => {
          seen.push(ledger.has(eventId));
          if (ledger.has(eventId)) return { entries: [], alerts: [] };
          const alert: NewAlert = {
            key: `${eventId}:confirmed`,
            eventId,
            reason: 'confirmed',
            payload: '{}',
            record: '{}',
            matching: ['all/any'],
          };
          return { entries: [{ eventId, status: 'confirmed', revision: 1 }], alerts: [alert] };
        };
      const rounds = 12;
      let made = 0;
      for (let round = 0; round < rounds; round += 1) {
        const decide = publish(`event-${round}`);
        const [fromA, fromB] = await Promise.all([
          a.ledger.recordPublication(decide),
          b.ledger.recordPublication(decide),
        ]);
        made += fromA.length + fromB.length;
      }
      t.is(made, rounds, 'each alert made by one of the two');
      t.is(await a.ledger.alertCount(), rounds);
      t.is(
        seen.filter((found) => found).length,
        rounds,
        'of each pair, the second decided from the ledger the first wrote',
      );
      t.is((await b.ledger.ledger()).size, rounds);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  test(`${engine.name}: a transaction that fails writes nothing, rejects, and the store goes on`, async (t) => {
    const store = await engine.open();
    try {
      // More failures than a pool has connections: each gives its connection back.
      for (let n = 0; n < 6; n += 1) {
        await t.throwsAsync(
          store.ledger.recordPublication(() => {
            throw new Error(`decision ${n} failed`);
          }),
          { message: `decision ${n} failed` },
        );
        // A write refused inside its transaction (a confirmation hash already stored) rejects too.
        await store.emails.requestEmail({
          email: `first-${n}@example.org`,
          locale: 'en',
          audience: 'all',
          window: 'any',
          confirmHash: `hash-${n}`,
        });
        await t.throwsAsync(
          store.emails.requestEmail({
            email: `second-${n}@example.org`,
            locale: 'en',
            audience: 'all',
            window: 'any',
            confirmHash: `hash-${n}`,
          }),
          // better-sqlite3's SqliteError is not a native Error.
          { any: true },
        );
      }
      t.deepEqual(await store.ledger.ledger(), new Map());
      t.is(await store.ledger.alertCount(), 0);
      t.is(await store.emails.emailCount(), 6, 'only the addresses whose writes committed');
    } finally {
      await store.close();
    }
  });

  test(`${engine.name}: past the most subscriptions, none is stored, however many stores write at once`, async (t) => {
    const place = await engine.place();
    const [a, b] = await Promise.all([openStore(place), openStore(place)]);
    try {
      const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
      const subscription = (n: number) => ({
        endpoint: `https://fcm.googleapis.com/fcm/send/${n}`,
        ...keys,
        audience: 'all' as const,
        window: 'any' as const,
        expiresAt: null,
      });
      // Every connection of both pools open first, so the writes below all start at once.
      await Promise.all(
        [a, b].flatMap((store) => Array.from({ length: 8 }, () => store.subscriptions.subscriptionCount())),
      );
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, n) =>
          (n % 2 === 0 ? a : b).subscriptions.subscribe(subscription(n), 5),
        ),
      );
      t.is(answers.filter((answer) => answer.created).length, 5);
      t.is(answers.filter((answer) => answer.full).length, 11);
      t.is(await b.subscriptions.subscriptionCount(), 5);
      // Whichever five were stored (the order they were written in is the engine's).
      const stored = answers.findIndex((answer) => answer.created);
      t.deepEqual(
        await a.subscriptions.subscribe(subscription(stored), 5),
        { created: false },
        'a stored one is renewed, full or not',
      );
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  test(`${engine.name}: the lease one store holds is refused to another until it expires or is released`, async (t) => {
    const place = await engine.place();
    const clock = { now: Date.parse('2026-11-24T12:00:00Z') };
    const [a, b] = await Promise.all([openStore(place, () => clock.now), openStore(place, () => clock.now)]);
    try {
      const first = await Promise.all([a.senderLease.lease('a', 1000), b.senderLease.lease('b', 1000)]);
      t.is(first.filter(Boolean).length, 1, 'of two asking at once, one holds it');
      const [holder, other] = first[0] ? (['a', 'b'] as const) : (['b', 'a'] as const);
      const stores = { a, b };
      t.is(await a.senderLease.leaseHolder(), holder);
      clock.now += 900;
      t.false(await stores[other].senderLease.lease(other, 1000), 'not before it expires');
      t.true(await stores[holder].senderLease.lease(holder, 1000), 'its holder renews it');
      clock.now += 1000;
      t.false(await stores[other].senderLease.lease(other, 1000), 'renewed: not expired yet');
      clock.now += 1;
      t.true(await stores[other].senderLease.lease(other, 1000), 'taken over once expired');
      t.false(await stores[holder].senderLease.lease(holder, 1000), 'the old holder lost it');
      t.is(await b.senderLease.leaseHolder(), other);
      await stores[holder].senderLease.release(holder);
      t.is(await a.senderLease.leaseHolder(), other, 'only its holder gives it up');
      await stores[other].senderLease.release(other);
      t.is(await a.senderLease.leaseHolder(), null);
      t.true(await stores[holder].senderLease.lease(holder, 1000), 'released: taken at once');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
}

const kept: unknown[] = [];

test('sqlite: a file made by the first, unversioned schema is upgraded in place, its endpoints made canonical', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-store-'));
  const file = path.join(dir, 'alerts.sqlite');
  const old = new Database(file);
  // Never garbage: better-sqlite3 12 on Node 24 aborts when it collects one (server/store/sqlite/connection.ts).
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
  const store = await openStore(file);
  try {
    // Each step is checked below (1: the rows kept; 2: canonical endpoints, a failure's reason; 3: a
    // delivery's channel, the push deliveries carried over; 4: claims, for an alert half sent before
    // them; 5: confirmation mails counted by mailbox; 6: the Telegram channel's deliveries and claims,
    // the tables copied with their rows; 7: the leads; 8: one webhook per URL, below): a new step is
    // added to this file too, with rows for it to carry over; 9: unsubscribe tokens hashed, its own
    // test below.
    t.is(SCHEMA_VERSION, 9, 'a migration step this test does not check yet');
    t.is(store.version, SCHEMA_VERSION);
    t.is(await store.subscriptions.subscriptionCount(), 2, 'two spellings of one endpoint became one row');
    const [alert] = await store.deliveries.pendingAlerts();
    t.deepEqual(await store.deliveries.deliveryCounts(alert!.id), { delivered: 1 }, 'rows kept');
    const rows = (await store.deliveries.owed(alert!.id, 10)).map((row) => row.endpoint).sort();
    t.deepEqual(rows, ['https://updates.push.services.mozilla.com/wpush/v2/two']);
    const claim = await store.claims.claimBatch('a sender', 10_000, 10, ['push']);
    t.like(claim, { alertId: alert!.id, channel: 'push', after: 0, recovered: false });
    t.deepEqual(
      (await store.deliveries.owed(alert!.id, 10, claim!.after, claim!.upTo)).map((row) => row.endpoint),
      rows,
      'the claim holds what is owed, not what was delivered before claims',
    );
    const delivery = { alertId: alert!.id, channel: 'push', subscriptionId: 3 } as const;
    await store.deliveries.recordDelivery(delivery, 'failed', { status: 400, attempts: 1, reason: 'why' });
    t.deepEqual(await store.deliveries.failures(alert!.id), [
      { channel: 'push', subscriptionId: 3, status: 400, reason: 'why' },
    ]);
    // The same subscription id in another channel is another delivery.
    await store.deliveries.recordDelivery({ ...delivery, channel: 'webhook' }, 'delivered', {
      status: 204,
      attempts: 1,
    });
    t.deepEqual(await store.deliveries.deliveryCounts(alert!.id), { delivered: 2, failed: 1 });
    t.deepEqual(await store.deliveries.owedTelegram(alert!.id), [{ id: 1 }], 'the channel is owed the alert');
    const telegram = await store.claims.claimBatch('a sender', 10_000, 10, ['telegram']);
    t.like(telegram, { alertId: alert!.id, channel: 'telegram', after: 0, upTo: 1 });
    await store.deliveries.recordDelivery(
      { ...delivery, channel: 'telegram', subscriptionId: 1 },
      'delivered',
    );
    t.deepEqual(await store.deliveries.owedTelegram(alert!.id), []);
    const ask = { locale: 'en', audience: 'all', window: 'any' } as const;
    t.is(
      (await store.emails.requestEmail({ ...ask, email: 'a@example.org', confirmHash: 'h1' })).kind,
      'confirm',
    );
    t.is(
      (await store.emails.requestEmail({ ...ask, email: 'A+1@example.org', confirmHash: 'h2' })).kind,
      'recently-asked',
    );
    t.true((await store.leads.recordLead(sighting)).created, 'step 7: leads are stored');
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
  const again = await openStore(file);
  t.is(again.version, SCHEMA_VERSION, 'opening it again changes nothing');
  await again.close();
});

test('sqlite: a file at version 1 takes only the steps after it, its rows kept', async (t) => {
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
  const store = await openStore(file);
  try {
    t.is(store.version, SCHEMA_VERSION);
    t.is(store.ledger.startedAt, 5, 'the store keeps its start');
    t.deepEqual([...(await store.ledger.ledger())], [['e', { status: 'confirmed', revision: 2 }]]);
    t.deepEqual(await store.subscriptions.subscriptionsByFilters(), new Map([['all/any', 1]]));
    // Step 2: the endpoint is canonical, so its canonical spelling now finds it.
    await store.subscriptions.unsubscribe('https://fcm.googleapis.com/fcm/send/one');
    t.is(await store.subscriptions.subscriptionCount(), 0);
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test('postgres: a database at version 1 is brought to the latest version as it opens, its rows kept; a claim holds only what is owed', async (t) => {
  const url = await engines.find((engine) => engine.name === 'postgres')!.place();
  // A database as a store of version 1 left it: its one step, the version and start it recorded, an
  // alert half delivered to four subscriptions.
  const old = new pg.Client({ connectionString: url });
  await old.connect();
  try {
    await old.query('CREATE TABLE meta (key text PRIMARY KEY, value text NOT NULL)');
    await old.query(POSTGRES_SCHEMA_1);
    await old.query(`INSERT INTO meta (key, value) VALUES ('schema_version', '1'), ('started_at', '5')`);
    for (const n of [1, 2, 3, 4])
      await old.query(
        `INSERT INTO subscriptions (endpoint, p256dh, auth, audience, "window", expires_at, created_at, renewed_at)
         VALUES ($1, 'k', 'a', 'all', 'any', NULL, 1, 1)`,
        [`https://fcm.googleapis.com/fcm/send/${n}`],
      );
    await old.query(`INSERT INTO alerts (key, event_id, reason, payload, record, matching, created_at)
                     VALUES ('e:confirmed', 'e', 'confirmed', '{}', '{}', '{all/any}', 2)`);
    await old.query(`INSERT INTO deliveries (alert_id, channel, subscription_id, outcome, status, attempts, at)
                     VALUES (1, 'push', 1, 'delivered', 201, 1, 3), (1, 'push', 2, 'delivered', 201, 1, 3)`);
  } finally {
    await old.end();
  }
  const store = await openStore(url);
  try {
    // Each step is checked here (2: claims, for an alert half sent before them; 3: confirmation mails
    // counted by mailbox; 4: the Telegram channel's deliveries and claims; 5: the leads; 6: one webhook
    // per URL, below; 7: unsubscribe tokens hashed, below): a new step is added to this test too, with
    // rows for it to carry over.
    t.is(POSTGRES_SCHEMA_VERSION, 7, 'a migration step this test does not check yet');
    t.true((await store.leads.recordLead(sighting)).created, 'step 5: leads are stored');
    t.is(store.version, POSTGRES_SCHEMA_VERSION);
    t.is(store.ledger.startedAt, 5, 'the store keeps its start');
    t.is(await store.subscriptions.subscriptionCount(), 4, 'rows kept');
    const [alert] = await store.deliveries.pendingAlerts();
    t.deepEqual(await store.deliveries.deliveryCounts(alert!.id), { delivered: 2 }, 'deliveries kept');
    t.deepEqual(
      (await store.deliveries.owed(alert!.id, 10)).map((row) => row.id),
      [3, 4],
    );
    // A batch of two: what is still owed, past the two delivered before claims.
    const claim = await store.claims.claimBatch('a sender', 10_000, 2, ['push']);
    t.like(claim, { alertId: alert!.id, channel: 'push', after: 0, upTo: 4, recovered: false });
    t.deepEqual(
      (await store.deliveries.owed(alert!.id, 10, claim!.after, claim!.upTo)).map((row) => row.id),
      [3, 4],
      'the claim holds what is owed, not what was delivered before claims',
    );
    t.is(await store.claims.claimBatch('another sender', 10_000, 2, ['push']), null, 'nothing more to claim');
    const telegram = await store.claims.claimBatch('a sender', 10_000, 10, ['telegram']);
    t.like(telegram, { alertId: alert!.id, channel: 'telegram', after: 0, upTo: 1 });
    await store.deliveries.recordDelivery(
      { alertId: alert!.id, channel: 'telegram', subscriptionId: 1 },
      'delivered',
    );
    t.deepEqual(
      await store.deliveries.owedTelegram(alert!.id),
      [],
      'a delivery of the channel is recorded once',
    );
    const ask = { locale: 'en', audience: 'all', window: 'any' } as const;
    t.is(
      (await store.emails.requestEmail({ ...ask, email: 'a@example.org', confirmHash: 'h1' })).kind,
      'confirm',
    );
    t.is(
      (await store.emails.requestEmail({ ...ask, email: 'A+1@example.org', confirmHash: 'h2' })).kind,
      'recently-asked',
    );
  } finally {
    await store.close();
  }
  const again = await openStore(url);
  t.is(again.version, POSTGRES_SCHEMA_VERSION, 'opening it again changes nothing');
  await again.close();
});

/** The shape of the email tables before their tokens were hashed (SQLite's step 9, PostgreSQL's 7). */
const BEFORE_HASHED_TOKENS = [
  'DROP TABLE email_unsubscribes',
  'ALTER TABLE emails ADD COLUMN unsubscribe_token TEXT',
];

/**
 * Webhooks as registration stored them before it compared URLs after RFC 3986 normalization: three
 * spellings of one receiver (one still pending) and another URL.
 */
const SPELLINGS = [
  { url: 'https://hooks.example/hook?', activate: true },
  { url: 'https://hooks.example/%68ook', activate: true },
  { url: 'https://hooks.example/hook', activate: false },
  { url: 'https://hooks.example/hook/', activate: true },
] as const;

for (const engine of engines)
  test(`${engine.name}: the webhooks stored before URLs were normalized become one per URL, each canonical`, async (t) => {
    const place = await engine.place();
    const clock = { now: 1_000 };
    const before = await openStore(place, () => (clock.now += 1));
    try {
      for (const [n, spelling] of SPELLINGS.entries()) {
        const added = await before.webhooks.addWebhook({
          publicId: `wh_${n}`,
          url: spelling.url,
          kind: 'generic',
          secret: 's',
          tokenHash: `hash-${n}`,
          audience: 'all',
          window: 'any',
        });
        if (!('stored' in added)) throw new Error(`not stored: ${spelling.url}`);
        if (spelling.activate) await before.webhooks.activateWebhook(added.stored.id);
      }
    } finally {
      await before.close();
    }
    // The store as the version before this step left it (SQLite's 8th, PostgreSQL's 6th).
    const last = engine.name === 'sqlite' ? 7 : 5;
    if (engine.name === 'sqlite') {
      const file = new Database(place);
      kept.push(file);
      for (const statement of BEFORE_HASHED_TOKENS) file.exec(statement);
      file.exec(`PRAGMA user_version = ${last}`);
      file.close();
    } else {
      const client = new pg.Client({ connectionString: place });
      await client.connect();
      for (const statement of BEFORE_HASHED_TOKENS) await client.query(statement);
      await client.query(`UPDATE meta SET value = $1 WHERE key = 'schema_version'`, [String(last)]);
      await client.end();
    }
    const store = await openStore(place);
    try {
      t.is(store.version, engine.name === 'sqlite' ? SCHEMA_VERSION : POSTGRES_SCHEMA_VERSION);
      const [first, second, pending, other] = await Promise.all(
        SPELLINGS.map(async (_, n) => (await store.webhooks.webhook(`wh_${n}`))!),
      );
      t.like(
        first,
        { url: 'https://hooks.example/hook', state: 'active', disabledReason: null },
        'the first active one stays',
      );
      for (const [label, webhook] of [
        ['the second spelling', second],
        ['the pending spelling', pending],
      ] as const)
        t.like(webhook, { state: 'disabled', disabledReason: SAME_URL_REASON }, label);
      t.like(other, { url: 'https://hooks.example/hook/', state: 'active' }, 'another URL is left alone');
      t.deepEqual(
        await store.webhooks.addWebhook({
          publicId: 'wh_new',
          url: 'https://hooks.example/hook',
          kind: 'generic',
          secret: 's',
          tokenHash: 'hash-new',
          audience: 'all',
          window: 'any',
        }),
        { exists: true },
        'its canonical spelling is registered already',
      );
    } finally {
      await store.close();
    }
  });

for (const engine of engines)
  test(`${engine.name}: unsubscribe tokens stored in the clear become hashes, and the links mailed still work`, async (t) => {
    const place = await engine.place();
    const token = 'a'.repeat(43);
    const before = await openStore(place);
    const ask = { locale: 'en', audience: 'all', window: 'any' } as const;
    try {
      await before.emails.requestEmail({ ...ask, email: 'kept@example.org', confirmHash: 'h1' });
      await before.emails.requestEmail({ ...ask, email: 'other@example.org', confirmHash: 'h2' });
    } finally {
      await before.close();
    }
    // The store as the version before this step left it: each address with its token in the clear.
    const old = [
      ...BEFORE_HASHED_TOKENS,
      `UPDATE emails SET unsubscribe_token = CASE WHEN email = 'kept@example.org' THEN '${token}' ELSE 'other-token' END`,
    ];
    if (engine.name === 'sqlite') {
      const file = new Database(place);
      kept.push(file);
      for (const statement of old) file.exec(statement);
      file.exec('PRAGMA user_version = 8');
      file.close();
    } else {
      const client = new pg.Client({ connectionString: place });
      await client.connect();
      for (const statement of old) await client.query(statement);
      await client.query(`UPDATE meta SET value = '6' WHERE key = 'schema_version'`);
      await client.end();
    }
    const store = await openStore(place);
    try {
      t.is(store.version, engine.name === 'sqlite' ? 9 : 7);
      t.is(await store.emails.emailCount(), 2);
      t.true(
        await store.emails.unsubscribeEmail(hashToken(token, 'base64url')),
        'a link mailed before works',
      );
      t.false(await store.emails.unsubscribeEmail(token), 'the token itself opens nothing');
      t.is(await store.emails.emailCount(), 1);
    } finally {
      await store.close();
    }
    // No clear token is left anywhere: the column is gone.
    if (engine.name === 'sqlite') {
      const file = new Database(place, { readonly: true });
      kept.push(file);
      const columns = file.prepare(`SELECT name FROM pragma_table_info('emails')`).all() as {
        name: string;
      }[];
      t.false(columns.some((column) => column.name === 'unsubscribe_token'));
      file.close();
    } else {
      const client = new pg.Client({ connectionString: place });
      await client.connect();
      const { rows } = await client.query(
        `SELECT column_name FROM information_schema.columns WHERE table_name = 'emails' AND column_name = 'unsubscribe_token'`,
      );
      await client.end();
      t.deepEqual(rows, []);
    }
  });
