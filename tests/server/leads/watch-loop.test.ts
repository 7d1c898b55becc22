import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import pino from 'pino';
import type { Store } from '../../../server/store/index.js';
import { wrapStore } from '../../helpers/store-parts.js';
import { openStore } from '../../../server/store/index.js';
import type { Answered } from '../../../server/leads/answered.js';
import { LeaseLost } from '../../../server/leads/lease.js';
import { PoliteClient } from '../../../server/leads/polite-client.js';
import type { SourceEntry } from '../../../server/leads/sources-file.js';
import { Watcher } from '../../../server/leads/watcher.js';

const none = (): Promise<Answered> => Promise.resolve({ has: () => false, eventCiting: () => null });
const source = (name: string): SourceEntry => ({
  name,
  kind: 'peer_data',
  url: `https://peer.example/${name}.json`,
  interval_minutes: 0.05,
});

interface Bench {
  readonly store: Store;
  now: number;
  /** Every request, by the watcher that made it. */
  readonly asked: { holder: string; url: string }[];
  /** Requests not yet answered. */
  inFlight: number;
  mostInFlight: number;
  /** When set, each answer waits for it. */
  gate: Promise<void> | null;
  /** Called as a request is made (before its answer). */
  onAsk: (url: string) => void;
  /** The waits the watchers asked for. */
  readonly pauses: number[];
  watcher(
    holder: string,
    sources: SourceEntry[],
    options?: { answered?: () => Promise<Answered>; tickMs?: number },
  ): Watcher;
}

async function setUp(t: { teardown(fn: () => Promise<void>): void }): Promise<Bench> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-loop-'));
  const bench = {
    now: Date.parse('2026-11-29T00:00:00Z'),
    asked: [],
    inFlight: 0,
    mostInFlight: 0,
    gate: null,
    onAsk: () => undefined,
    pauses: [],
  } as unknown as Bench;
  const store = await openStore(path.join(dir, 'alerts.sqlite'), () => bench.now);
  t.teardown(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });
  const fetchAs =
    (holder: string): typeof fetch =>
    async (input) => {
      const url = input instanceof Request ? input.url : input.toString();
      bench.asked.push({ holder, url });
      bench.inFlight += 1;
      bench.mostInFlight = Math.max(bench.mostInFlight, bench.inFlight);
      bench.onAsk(url);
      await bench.gate;
      bench.inFlight -= 1;
      return new Response('{}', { headers: { 'content-type': 'application/json' } });
    };
  // The injected clock: a pause moves it on at once, and yields to the other work under way.
  const sleep = (ms: number) => {
    bench.pauses.push(ms);
    bench.now += ms;
    return new Promise<void>((resolve) => setImmediate(resolve));
  };
  Object.assign(bench, {
    store,
    watcher: (
      holder: string,
      sources: SourceEntry[],
      { answered = none, tickMs = 1_000 }: { answered?: () => Promise<Answered>; tickMs?: number } = {},
    ) =>
      new Watcher({
        store,
        sources,
        context: {
          client: new PoliteClient({
            userAgent: 'test',
            timeoutMs: 5_000,
            maxBytes: 65_536,
            clock: () => bench.now,
            fetch: fetchAs(holder),
          }),
          handles: [],
          x: null,
          backfill: false,
        },
        clock: () => bench.now,
        answered,
        channels: {},
        log: pino({ level: 'silent' }),
        holder,
        tickMs,
        sleep,
      }),
  });
  return bench;
}

/** Yields to the event loop until `done` holds, at most `turns` times (no wall clock involved). */
async function until(done: () => boolean, turns = 5_000): Promise<void> {
  for (let turn = 0; turn < turns && !done(); turn += 1)
    await new Promise<void>((resolve) => setImmediate(resolve));
  if (!done()) throw new Error('never happened');
}

test('start() runs one round at a time, and stop() waits for the round under way to end', async (t) => {
  const bench = await setUp(t);
  let open!: () => void;
  bench.gate = new Promise<void>((resolve) => (open = resolve));
  // A tick of a millisecond: a loop that did not wait for its round would start another at once.
  const watcher = bench.watcher('a', [source('one')], { tickMs: 1 });
  watcher.start();
  await until(() => bench.asked.length === 1);
  // However long the answer takes, no second round starts beside the first.
  await new Promise((resolve) => setTimeout(resolve, 30));
  t.is(bench.asked.length, 1, 'no second round while the first is under way');
  let stopped = false;
  const stopping = watcher.stop().then(() => (stopped = true));
  await new Promise((resolve) => setImmediate(resolve));
  t.false(stopped, 'stop() waits for the round');
  open();
  await stopping;
  t.is(bench.mostInFlight, 1);
  t.not(await bench.store.leads.sourceState('one'), null, 'the round ended and saved what it read');
  t.is(bench.asked.length, 1, 'and nothing is asked after stop()');
});

test('two watchers on one store: one polls; when it stops, the other takes over', async (t) => {
  const bench = await setUp(t);
  const first = bench.watcher('first', [source('one')]);
  const second = bench.watcher('second', [source('one')]);
  first.start();
  second.start();
  await until(() => bench.asked.length >= 4);
  t.deepEqual(new Set(bench.asked.map((ask) => ask.holder)), new Set(['first']));
  await first.stop();
  const before = bench.asked.length;
  await until(() => bench.asked.length >= before + 2);
  await second.stop();
  t.deepEqual(new Set(bench.asked.slice(before).map((ask) => ask.holder)), new Set(['second']));
  t.is(bench.mostInFlight, 1, 'never two rounds at once');
});

test('a round that outlives its lease writes nothing and polls no further once another watcher holds it', async (t) => {
  const bench = await setUp(t);
  const first = bench.watcher('first', [source('one'), source('two')]);
  bench.onAsk = (url) => {
    if (!url.endsWith('/one.json')) return;
    // The first answer takes more than the lease's minute; meanwhile another machine takes the lease.
    bench.now += 61_000;
    void bench.store.watcherLease.lease('second', 60_000);
  };
  await t.throwsAsync(first.round(), { instanceOf: LeaseLost });
  t.is(await bench.store.leads.sourceState('one'), null, "the first watcher's write was refused");
  t.deepEqual(
    bench.asked.map((ask) => ask.url),
    ['https://peer.example/one.json'],
    'and the next source was not polled',
  );
});

test('a write is refused by the store itself when the lease changed hands between its renewal and the write', async (t) => {
  const bench = await setUp(t);
  // Between the watcher's renewal and its write, the process stalls past the lease's minute and
  // another machine takes the lease over: only the store, checking in the write's own transaction,
  // can refuse it.
  const racing = wrapStore(bench.store, async (name, _args, call) => {
    if (name === 'saveSourceState') {
      bench.now += 61_000;
      await bench.store.watcherLease.lease('second', 60_000);
    }
    return await call();
  });
  const watcher = new Watcher({ ...optionsOf(bench, racing), holder: 'first' });
  await t.throwsAsync(watcher.round(), { instanceOf: LeaseLost });
  t.is(
    await bench.store.leads.sourceState('one'),
    null,
    'nothing written by the watcher that lost the lease',
  );
});

test('a store that fails a poll backs that source off: it is not fetched again on the next tick', async (t) => {
  const bench = await setUp(t);
  const failing = wrapStore(bench.store, (name, _args, call) =>
    name === 'saveSourceState' ? Promise.reject(new Error('SQLITE_BUSY: database is locked')) : call(),
  );
  const watcher = new Watcher(optionsOf(bench, failing));
  const [failed] = await watcher.round();
  t.like(failed, { outcome: 'failed', reason: 'the store failed: SQLITE_BUSY: database is locked' });
  bench.now += 1_000;
  const [next] = await watcher.round();
  t.like(next, { outcome: 'waiting' });
  t.is(bench.asked.length, 1, 'fetched once, not every second');
  bench.now += 60_000;
  const [later] = await watcher.round();
  t.like(later, { outcome: 'failed' });
  t.is(bench.asked.length, 2, 'asked again after its back-off');
});

test('a round that fails (the ledger unreadable) waits longer each time, up to a minute', async (t) => {
  const bench = await setUp(t);
  const watcher = bench.watcher('a', [source('one')], {
    answered: () => Promise.reject(new Error('ledger.json: broken')),
  });
  watcher.start();
  await until(() => bench.pauses.length >= 8);
  await watcher.stop();
  t.deepEqual(bench.pauses.slice(0, 8), [2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  t.is(bench.asked.length, 0, 'no source was fetched without the ledger');
});

/** The options a bench watcher has, on another store (one that fails). */
function optionsOf(bench: Bench, store: Store) {
  return {
    store,
    sources: [source('one')],
    context: {
      client: new PoliteClient({
        userAgent: 'test',
        timeoutMs: 5_000,
        maxBytes: 65_536,
        clock: () => bench.now,
        fetch: (input: string | URL | Request) => {
          bench.asked.push({ holder: 'a', url: input instanceof Request ? input.url : input.toString() });
          return Promise.resolve(new Response('{}'));
        },
      }),
      handles: [],
      x: null,
      backfill: false,
    },
    clock: () => bench.now,
    answered: none,
    channels: {},
    log: pino({ level: 'silent' }),
    holder: 'a',
  };
}
