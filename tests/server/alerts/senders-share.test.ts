import test from 'ava';
import { generateVapidKeys } from '../../../tools/vapid-keys.js';
import type { Store, Claim } from '../../../server/store/index.js';
import { wrapStore } from '../../helpers/store-parts.js';
import { openStore } from '../../../server/store/index.js';
import type { PushService } from '../../helpers/push-service.js';
import {
  assertEachGotOne,
  copiesOf,
  startPushService,
  storeSubscribers,
} from '../../helpers/push-service.js';
import type { StoreEngine } from '../../helpers/store-engines.js';
import { useStoreEngines } from '../../helpers/store-engines.js';
import type { SenderLogLine } from '../../helpers/alerts.js';
import { alertEveryone, pushSender } from '../../helpers/alerts.js';
import { eventually } from '../../helpers/wait.js';

/**
 * Two senders on one store, as two processes (or two machines on a shared engine) run them: they
 * divide an alert's fan-out between them by claims, and when one dies the other takes its share.
 */

const vapid = { ...generateVapidKeys(), subject: 'mailto:alerts@tracker.test' };
const COUNT = 1200;
const LANES = 8;
const engines = useStoreEngines();

/** A sender's own connection to the store, which may die: from then on every call fails. */
function mortal(store: Store): { store: Store; die(): void } {
  let dead = false;
  const proxy = wrapStore(store, (_name, _args, call) =>
    dead ? Promise.reject(new Error('this process is gone')) : call(),
  );
  return { store: proxy, die: () => (dead = true) };
}

/** Counts the fresh batches a sender's store gave it (a claim taken over is not one). */
function counting(store: Store): { store: Store; claims: () => number } {
  let claims = 0;
  const proxy = wrapStore(store, async (name, _args, call) => {
    const answer = await call();
    if (name === 'claimBatch' && answer && !(answer as Claim).recovered) claims += 1;
    return answer;
  });
  return { store: proxy, claims: () => claims };
}

function senderOn(store: Store, name: string, logs: SenderLogLine[]) {
  // Long enough that a machine busy with other work renews every claim in time (renewed every 50 ms).
  return pushSender(store, vapid, { lanes: LANES, leaseMs: 3000, pollMs: 50, logs, name });
}

/** A new store of the engine (a file, a database) with the alert and its subscriptions. */
async function setUp(push: PushService, engine: StoreEngine) {
  const place = await engine.place();
  // The store's clock, a millisecond ahead once the subscriptions are in: the alert is made after them.
  let ahead = 0;
  const setup = await openStore(place, () => Date.now() + ahead);
  await storeSubscribers(push, setup, COUNT);
  ahead = 1;
  const alert = await alertEveryone(setup, 'shared');
  return { place, setup, alertId: alert.id };
}

for (const engine of engines)
  test(`${engine.name}: two senders divide a fan-out: each subscription once, each sender a part`, async (t) => {
    const push = await startPushService(vapid.publicKey, { delayMs: 2 });
    const { place, setup, alertId } = await setUp(push, engine);
    const logs: SenderLogLine[] = [];
    const stores = [counting(await openStore(place)), counting(await openStore(place))];
    const senders = [senderOn(stores[0]!.store, 'a', logs), senderOn(stores[1]!.store, 'b', logs)];
    try {
      for (const sender of senders) sender.start();
      t.true(
        await eventually(async () => (await setup.deliveries.pendingAlerts()).length === 0, {
          timeout: 60_000,
        }),
        'the alert ends',
      );
      assertEachGotOne(t, push, COUNT);
      t.deepEqual(await setup.deliveries.deliveryCounts(alertId), { delivered: COUNT });
      // The store ends the alert before the sender logs it (its counts are one more read).
      const sent = () => logs.filter((line) => line.msg === 'alerts: sent').length;
      t.true(await eventually(() => sent() > 0), 'a sender logged the end');
      t.is(sent(), 1, 'finished once, by one of them');
      const claims = stores.map((store) => store.claims());
      t.is(claims[0]! + claims[1]!, Math.ceil(COUNT / 256), `batches claimed: ${claims.join(' and ')}`);
      t.true(
        claims.every((count) => count > 0),
        'each sender sent a part',
      );
    } finally {
      for (const sender of senders) await sender.stop();
      for (const store of stores) await store.store.close();
      await push.stop();
      await setup.close();
    }
  });

for (const engine of engines)
  test(`${engine.name}: when one sender dies mid fan-out, the other takes its claims over; only what was in flight goes twice`, async (t) => {
    const push = await startPushService(vapid.publicKey, { delayMs: 5 });
    const { place, setup, alertId } = await setUp(push, engine);
    const logs: SenderLogLine[] = [];
    const dying = mortal(await openStore(place));
    const living = await openStore(place);
    const a = senderOn(dying.store, 'a', logs);
    const b = senderOn(living, 'b', logs);
    try {
      a.start();
      // Waits for progress, not for a time the test proves: as long as the alert's end may take.
      const progress = { timeout: 60_000 };
      t.true(await eventually(() => push.received.length >= 100, progress), 'a started alone');
      b.start();
      t.true(
        await eventually(async () => (await setup.claims.claimHolders()).length === 2, progress),
        'both hold claims',
      );
      dying.die();
      t.true(
        await eventually(async () => (await setup.deliveries.pendingAlerts()).length === 0, {
          timeout: 60_000,
        }),
        'the alert ends',
      );
      const copies = copiesOf(push);
      t.is(copies.size, COUNT, 'every subscription got it');
      const twice = [...copies.values()].filter((count) => count > 1);
      t.true(
        twice.every((count) => count === 2) && twice.length <= LANES,
        `at most the dead sender's messages in flight (${LANES}) go twice: ${twice.length}`,
      );
      t.true(
        logs.some((line) => line.name === 'b' && line.msg?.startsWith('alerts: a claim another sender left')),
        'b took a claim over',
      );
      const counts = await setup.deliveries.deliveryCounts(alertId);
      t.is(
        (counts['delivered'] ?? 0) + (counts['sent'] ?? 0) + (counts['sending'] ?? 0),
        COUNT,
        JSON.stringify(counts),
      );
    } finally {
      await a.stop().catch(() => undefined);
      await b.stop();
      await living.close();
      await push.stop();
      await setup.close();
    }
  });
