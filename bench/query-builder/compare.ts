/**
 * The Kysely prototype of the subscriptions part (./subscriptions.ts) against the hand-written parts,
 * on both engines' real schemas (issue 62): first the same calls on two fresh stores of each engine,
 * their answers and rows compared; then CPU per call, hand-written and builder alternating.
 *
 *   mkdir -p /tmp/qb && cd /tmp/qb && npm init -y && npm install kysely@0.28
 *   ln -s /tmp/qb/node_modules bench/query-builder/node_modules
 *   npx tsx bench/query-builder/compare.ts [--rounds 6]
 */
import { deepStrictEqual } from 'node:assert';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openStore } from '../../server/store/index.js';
import type { NewSubscription, Store, SubscriptionStore } from '../../server/store/index.js';
import { PostgresConnection } from '../../server/store/postgres/connection.js';
import { PostgresSubscriptions } from '../../server/store/postgres/subscriptions.js';
import { SqliteConnection } from '../../server/store/sqlite/connection.js';
import { SqliteSubscriptions } from '../../server/store/sqlite/subscriptions.js';
import { DAY_MS } from '../../server/store/types.js';
import { startPostgres } from '../../tests/helpers/postgres.js';
import { postgresBuilder, sqliteBuilder } from './engines.js';
import type { Dialect } from './subscriptions.js';
import { BuilderSubscriptions } from './subscriptions.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '6' } } });
const ROUNDS = Number(values.rounds);

const AUDIENCES = ['all', 'broad', 'max', 'pro', 'team'] as const;
const WINDOWS = ['any', 'five_hour', 'weekly'] as const;

function subscription(n: number, keys = 'k'): NewSubscription {
  return {
    endpoint: `https://push.example/${n}`,
    p256dh: `${keys}-p256dh-${n}`,
    auth: `${keys}-auth-${n}`,
    audience: AUDIENCES[n % AUDIENCES.length]!,
    window: WINDOWS[n % WINDOWS.length]!,
    expiresAt: n % 7 === 0 ? 1_000 + n : null,
  };
}

/** One engine's pair of fresh stores: the hand-written part (through the store), and the builder's. */
interface Pair {
  readonly engine: Dialect;
  readonly hand: Store;
  readonly other: Store;
  readonly builder: BuilderSubscriptions;
  /** Each side's `pruneIdle` in its own transaction (not on the store's interface). */
  readonly pruneHand: (now: number) => Promise<number>;
  readonly pruneBuilder: (now: number) => Promise<number>;
  /** Each side's rows, for comparing. */
  readonly rows: (side: 'hand' | 'builder') => Promise<unknown[]>;
  readonly close: () => Promise<void>;
}

const clock = { now: 1_700_000_000_000 };
const tick = () => clock.now;

async function sqlitePair(dir: string): Promise<Pair> {
  const [a, b] = [path.join(dir, 'hand.sqlite'), path.join(dir, 'builder.sqlite')];
  const hand = await openStore(a, tick);
  const other = await openStore(b, tick);
  // The builder's own connection to the builder's file (as another worker's), its statements cached
  // by the connection as every part's are: Kysely's `prepare` goes to `connection.sql`.
  const connection = new SqliteConnection(b, tick);
  const db = sqliteBuilder(connection);
  const handConnection = new SqliteConnection(a, tick);
  const handPart = new SqliteSubscriptions(handConnection);
  const builder = new BuilderSubscriptions(db, 'sqlite', tick);
  const dump = (c: SqliteConnection) => c.sql('SELECT * FROM subscriptions ORDER BY id').all() as unknown[];
  return {
    engine: 'sqlite',
    hand,
    other,
    builder,
    pruneHand: (now) => Promise.resolve(handConnection.immediate(() => handPart.pruneIdle(now))),
    pruneBuilder: (now) => db.transaction().execute((trx) => builder.pruneIdle(trx, now)),
    rows: (side) => Promise.resolve(dump(side === 'hand' ? handConnection : connection)),
    close: async () => {
      await Promise.all([hand.close(), other.close(), db.destroy()]);
      handConnection.close();
      connection.close();
    },
  };
}

async function postgresPair(urls: [string, string]): Promise<Pair> {
  const hand = await openStore(urls[0], tick);
  const other = await openStore(urls[1], tick);
  // The builder on a pool of the store's kind (int8 as a number), on the builder's database.
  const connection = new PostgresConnection(urls[1], tick, 4);
  const db = postgresBuilder(connection.pool);
  const handConnection = new PostgresConnection(urls[0], tick, 1);
  const handPart = new PostgresSubscriptions(handConnection);
  const builder = new BuilderSubscriptions(db, 'postgres', tick);
  const dump = async (c: PostgresConnection) =>
    (await c.sql('SELECT * FROM subscriptions ORDER BY id')).rows as unknown[];
  return {
    engine: 'postgres',
    hand,
    other,
    builder,
    pruneHand: (now) => handConnection.transaction((sql) => handPart.pruneIdle(sql, now)),
    pruneBuilder: (now) => db.transaction().execute((trx) => builder.pruneIdle(trx, now)),
    rows: (side) => dump(side === 'hand' ? handConnection : connection),
    close: async () => {
      await Promise.all([hand.close(), other.close(), handConnection.close()]);
      await db.destroy(); // ends connection.pool
    },
  };
}

/** The same calls on one side; every answer, in order. */
async function script(pair: Pair, side: 'hand' | 'builder'): Promise<unknown[]> {
  const store = side === 'hand' ? pair.hand : pair.other;
  const part: SubscriptionStore = side === 'hand' ? pair.hand.subscriptions : pair.builder;
  clock.now = 1_700_000_000_000;
  const answers: unknown[] = [];
  const note = (label: string, answer: unknown) => answers.push([label, answer]);
  note('count 0', await part.subscriptionCount());
  note('by filters empty', [...(await part.subscriptionsByFilters())]);
  note('subscribe 1', await part.subscribe(subscription(1)));
  clock.now += 1;
  note('subscribe 1 again, new keys', await part.subscribe(subscription(1, 'x')));
  note('subscribe 2, max 2', await part.subscribe(subscription(2), 2));
  note('subscribe 3, max 2', await part.subscribe(subscription(3), 2));
  note('subscribe 2 again, max 2', await part.subscribe(subscription(2, 'y'), 2));
  clock.now += 1;
  note('renew 1, its keys', await part.renewSubscription({ ...subscription(1, 'x'), audience: 'max' }));
  note('renew 1, other keys', await part.renewSubscription(subscription(1)));
  note('renew 99', await part.renewSubscription(subscription(99)));
  clock.now += 1;
  const many = Array.from({ length: 2500 }, (_, n) => subscription(n % 2100, n < 2100 ? 'k' : 'm'));
  note('subscribeMany', await part.subscribeMany(many));
  note('count', await part.subscriptionCount());
  // The other channels, through each store's own hand-written parts, alike on both sides.
  for (let n = 0; n < 6; n += 1) {
    const added = await store.webhooks.addWebhook({
      publicId: `w${n}`,
      url: `https://hooks.example/${n}`,
      kind: 'generic',
      secret: 's',
      tokenHash: `t${n}`,
      audience: AUDIENCES[n % 5]!,
      window: WINDOWS[n % 3]!,
    });
    if ('stored' in added && n % 2 === 0) await store.webhooks.activateWebhook(added.stored.id);
    const asked = await store.emails.requestEmail({
      email: `a${n}@example.org`,
      locale: 'en',
      audience: AUDIENCES[(n + 1) % 5]!,
      window: WINDOWS[(n + 2) % 3]!,
      confirmHash: `h${n}`,
    });
    if (asked.kind === 'confirm' && n % 3 !== 0) await store.emails.confirmEmail(`h${n}`);
  }
  note('by filters', [...(await part.subscriptionsByFilters())]);
  await part.unsubscribe(subscription(5).endpoint);
  await part.unsubscribe('https://push.example/none');
  await part.removeSubscription(7);
  note('count after removals', await part.subscriptionCount());
  const prune = side === 'hand' ? pair.pruneHand : pair.pruneBuilder;
  note('prune now', await prune(clock.now));
  note('prune in 100 days', await prune(clock.now + 100 * DAY_MS));
  note('count after prune', await part.subscriptionCount());
  note('rows', await pair.rows(side));
  return answers;
}

/** CPU (user + system) and wall time per call of `call`, `n` calls one after another. */
async function measure(
  n: number,
  call: (i: number) => Promise<unknown>,
): Promise<{ cpu: number; wall: number }> {
  const cpu = process.cpuUsage();
  const wall = process.hrtime.bigint();
  for (let i = 0; i < n; i += 1) await call(i);
  const used = process.cpuUsage(cpu);
  return {
    cpu: (used.user + used.system) / n,
    wall: Number(process.hrtime.bigint() - wall) / 1000 / n,
  };
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function bench(pair: Pair): Promise<void> {
  const SIZE = 5000;
  const seed = Array.from({ length: SIZE }, (_, n) => subscription(10_000 + n));
  await pair.hand.subscriptions.subscribeMany(seed);
  await pair.builder.subscribeMany(seed);
  const n = pair.engine === 'sqlite' ? 2000 : 400;
  const calls: Record<string, (part: SubscriptionStore) => (i: number) => Promise<unknown>> = {
    'subscribe (update)': (part) => (i) => part.subscribe(subscription(10_000 + (i % SIZE), 'r'), 1e6),
    'subscribe + unsubscribe (insert)': (part) => async (i) => {
      await part.subscribe(subscription(50_000 + i), 1e6);
      await part.unsubscribe(subscription(50_000 + i).endpoint);
    },
    renewSubscription: (part) => (i) => part.renewSubscription(subscription(10_000 + (i % SIZE), 'r')),
    subscriptionCount: (part) => () => part.subscriptionCount(),
    subscriptionsByFilters: (part) => () => part.subscriptionsByFilters(),
  };
  const sides = { hand: pair.hand.subscriptions, builder: pair.builder as SubscriptionStore };
  console.log(`\n${pair.engine}: ${SIZE} subscriptions, ${n} calls per measure, ${ROUNDS} rounds`);
  console.log(
    'call | hand µs CPU (min–max) | builder µs CPU (min–max) | ratio (median of rounds) | wall hand → builder µs',
  );
  for (const [name, make] of Object.entries(calls)) {
    const got = { hand: [] as number[], builder: [] as number[] };
    const wall = { hand: [] as number[], builder: [] as number[] };
    const ratios: number[] = [];
    // Warm-up, both sides (statements prepared and cached, JIT).
    for (const side of ['hand', 'builder'] as const) await measure(n / 4, make(sides[side]));
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? (['hand', 'builder'] as const) : (['builder', 'hand'] as const);
      const here: Record<string, number> = {};
      for (const side of order) {
        const result = await measure(n, make(sides[side]));
        got[side].push(result.cpu);
        wall[side].push(result.wall);
        here[side] = result.cpu;
      }
      ratios.push(here.builder! / here.hand!);
    }
    const range = (xs: number[]) =>
      `${median(xs).toFixed(1)} (${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)})`;
    console.log(
      `${name} | ${range(got.hand)} | ${range(got.builder)} | ${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}) | ${median(wall.hand).toFixed(0)} → ${median(wall.builder).toFixed(0)}`,
    );
  }
}

/**
 * What SQLite's engine promises and the builder does not keep: a write made in the turn it is asked
 * (before its promise is returned), and a write transaction that never spans a turn, so a write of
 * another part (the same connection) or of another store of the process (another connection) never
 * lands inside it or waits on it.
 */
async function sqliteTurns(dir: string): Promise<void> {
  const file = path.join(dir, 'turns.sqlite');
  const store = await openStore(file, tick);
  const reader = new SqliteConnection(file, tick);
  const count = () => (reader.sql('SELECT count(*) AS n FROM subscriptions').get() as { n: number }).n;
  const shared = new SqliteConnection(file, tick);
  const db = sqliteBuilder(shared);
  const builder = new BuilderSubscriptions(db, 'sqlite', tick);
  const handDone = store.subscriptions.subscribe(subscription(1));
  const afterHand = count();
  const builderDone = builder.subscribe(subscription(2));
  const afterBuilder = count();
  await Promise.all([handDone, builderDone]);
  console.log(
    `sqlite, rows seen before the promise is returned: hand-written ${afterHand} of 1, builder ${afterBuilder - afterHand} of 1; after both resolve: ${count()}`,
  );
  // A hand-written write on the builder's connection while a builder transaction is open, which
  // then fails: the write, its promise long resolved, is rolled back with it.
  const handPart = new SqliteSubscriptions(shared);
  let inside = 0;
  await db.connection().execute(async (connection) => {
    await sql`BEGIN IMMEDIATE`.execute(connection);
    handPart.unsubscribe(subscription(1).endpoint);
    inside = (shared.sql('SELECT count(*) AS n FROM subscriptions').get() as { n: number }).n;
    await sql`ROLLBACK`.execute(connection);
  });
  console.log(
    `sqlite, a hand-written unsubscribe inside an open builder transaction that rolls back: rows ${inside} inside it, ${count()} after`,
  );
  // Two stores of one process (two connections), each subscribing at once.
  const twice = async (parts: SubscriptionStore[]) => {
    const started = process.hrtime.bigint();
    const results = await Promise.allSettled(parts.map((part, n) => part.subscribe(subscription(100 + n))));
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    return `${ms.toFixed(0)} ms, ${results.map((r) => (r.status === 'fulfilled' ? 'stored' : (r.reason as { code?: string }).code)).join(' + ')}`;
  };
  const other = await openStore(file, tick);
  const otherBuilder = new BuilderSubscriptions(
    sqliteBuilder(new SqliteConnection(file, tick)),
    'sqlite',
    tick,
  );
  console.log(
    `sqlite, two stores of one process subscribing at once: hand-written ${await twice([store.subscriptions, other.subscriptions])}`,
  );
  console.log(
    `sqlite, two stores of one process subscribing at once: builder ${await twice([builder, otherBuilder])}`,
  );
  await Promise.all([store.close(), other.close()]);
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'query-builder-'));
const server = await startPostgres();
try {
  const pairs = [
    await sqlitePair(dir),
    await postgresPair([await server.database('hand'), await server.database('builder')]),
  ];
  for (const pair of pairs) {
    const hand = await script(pair, 'hand');
    const builder = await script(pair, 'builder');
    try {
      deepStrictEqual(builder, hand);
      console.log(
        `${pair.engine}: the builder's ${hand.length} answers and rows equal the hand-written part's`,
      );
    } catch (error) {
      console.log(`${pair.engine}: DIFFERENT`, (error as Error).message.slice(0, 4000));
    }
  }
  await sqliteTurns(dir);
  clock.now = Date.now();
  for (const pair of pairs) await bench(pair);
  for (const pair of pairs) await pair.close();
} finally {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
