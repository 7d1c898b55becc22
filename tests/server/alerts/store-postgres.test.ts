import test from 'ava';
import pg from 'pg';
import type { NewSubscription } from '../../../server/store/index.js';
import { openStore } from '../../../server/store/index.js';
import type { PostgresServer } from '../../helpers/postgres.js';
import { startPostgres } from '../../helpers/postgres.js';
import { eventually } from '../../helpers/wait.js';

// What only the PostgreSQL engine has: a server that can go away and come back, and a pool. What
// both engines do is tested on both (store.test.ts, channel-store.test.ts).

let server: PostgresServer;

test.before(async () => {
  server = await startPostgres();
});

test.after.always(async () => {
  await server?.stop();
});

const subscription = (n: number): NewSubscription => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/${n}`,
  p256dh: `B${'A'.repeat(86)}`,
  auth: 'A'.repeat(22),
  audience: 'all',
  window: 'any',
  expiresAt: null,
});

/** The connections the store's pools hold open to `database` now. */
async function connectionsTo(database: string): Promise<number> {
  const client = new pg.Client({ host: '127.0.0.1', port: server.port, user: 'postgres', database });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_stat_activity
       WHERE datname = $1 AND application_name = 'reset-tracker alerts'`,
      [database],
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

// Serial: it stops the file's server, which no other test may be using meanwhile.
test.serial(
  'postgres: with the server down a call rejects; once it is back, the same store works again',
  async (t) => {
    const store = await openStore(await server.database('restarted'));
    try {
      await store.subscriptions.subscribe(subscription(1));
      t.true(await store.senderLease.lease('holder', 60_000));
      await server.halt();
      // A statement of its own, a transaction, the lease: each a rejected promise, never a throw.
      await t.throwsAsync(store.subscriptions.subscriptionCount());
      await t.throwsAsync(store.subscriptions.subscribe(subscription(2)));
      await t.throwsAsync(store.senderLease.lease('holder', 60_000));
      await server.start();
      // No reopening: the pool dropped the connections the server closed and opens new ones.
      t.is(await store.subscriptions.subscriptionCount(), 1, 'what was committed before is there');
      t.deepEqual(await store.subscriptions.subscribe(subscription(2)), { created: true });
      t.true(await store.senderLease.lease('holder', 60_000), 'the lease is still its holder’s');
      t.is(await store.subscriptions.subscriptionCount(), 2);
    } finally {
      await store.close();
    }
  },
);

test('postgres: a process holds at most its pool’s connections, 4 unless told', async (t) => {
  const busy = async (database: string, pool?: number) => {
    const store = await openStore(await server.database(database), Date.now, pool);
    try {
      // Many calls at once: the pool opens what it may, and the rest wait their turn.
      await Promise.all(Array.from({ length: 24 }, (_, n) => store.subscriptions.subscribe(subscription(n))));
      t.is(await store.subscriptions.subscriptionCount(), 24);
      return await connectionsTo(database);
    } finally {
      await store.close();
    }
  };
  t.is(await busy('pool_default'), 4);
  t.is(await busy('pool_two', 2), 2);
  t.true(
    await eventually(async () => (await connectionsTo('pool_two')) === 0),
    'closing the store ends its pool',
  );
});

test('postgres: opening a database that cannot be reached rejects', async (t) => {
  const url = new URL(server.url);
  url.pathname = '/no_such_database';
  await t.throwsAsync(openStore(url.toString()), { message: /no_such_database/ });
});
