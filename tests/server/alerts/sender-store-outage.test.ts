import test from 'ava';
import { generateVapidKeys } from '../../../tools/vapid-keys.js';
import type { Store } from '../../../server/store/index.js';
import { wrapStore } from '../../helpers/store-parts.js';
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

const vapid = { ...generateVapidKeys(), subject: 'mailto:alerts@tracker.test' };
const engines = useStoreEngines();

/**
 * What the outage wrapper does now: every call rejects while `down`; `finishClaim` the next
 * `finishFailures` times; the next `lostAnswers` `sending` records are written, and then their call
 * rejects, as when the connection drops after the database took the write but before its answer.
 */
interface Outage {
  down: boolean;
  finishFailures: number;
  lostAnswers?: number;
}

/** The store as a database that goes away and comes back: calls reject as a lost connection does. */
function unreliable(store: Store, outage: Outage): Store {
  return wrapStore(store, async (name, args, call) => {
    if (outage.down) throw new Error('connect ECONNREFUSED (the store is down)');
    if (name === 'finishClaim' && outage.finishFailures > 0) {
      outage.finishFailures -= 1;
      throw new Error('Connection terminated unexpectedly');
    }
    if (name === 'recordDelivery' && args[1] === 'sending' && (outage.lostAnswers ?? 0) > 0) {
      outage.lostAnswers! -= 1;
      await call();
      throw new Error('Connection terminated unexpectedly');
    }
    return await call();
  });
}

interface FanOut {
  readonly push: PushService;
  /** The store itself, past the outage wrapper the sender sees. */
  readonly real: Store;
  readonly alert: Awaited<ReturnType<typeof alertEveryone>>;
  readonly logs: SenderLogLine[];
}

/**
 * Runs `check` while a sender fans one alert out to `count` subscribers of a store of the engine,
 * the store as `outage` makes it, to a push service of its own; stops all three after.
 */
async function duringFanOut(
  engine: StoreEngine,
  count: number,
  outage: Outage,
  check: (fanOut: FanOut) => Promise<void>,
  pushOptions?: { readonly delayMs: number },
): Promise<void> {
  const push = await startPushService(vapid.publicKey, pushOptions);
  // The store's clock, a millisecond ahead once the subscriptions are in: the alert is made after them.
  let ahead = 0;
  const real = await engine.open(() => Date.now() + ahead);
  const logs: SenderLogLine[] = [];
  const sender = pushSender(unreliable(real, outage), vapid, { lanes: 16, leaseMs: 3000, pollMs: 20, logs });
  try {
    await storeSubscribers(push, real, count);
    ahead = 1;
    const alert = await alertEveryone(real, 'outage');
    sender.start();
    await check({ push, real, alert, logs });
  } finally {
    await sender.stop();
    await push.stop();
    await real.close();
  }
}

for (const engine of engines) {
  test(`${engine.name}: the store unreachable mid fan-out: what was not sent goes once it is back, nothing twice, every claim finished`, async (t) => {
    const COUNT = 600;
    const outage: Outage = { down: false, finishFailures: 0 };
    await duringFanOut(
      engine,
      COUNT,
      outage,
      async ({ push, real, alert, logs }) => {
        t.true(await eventually(() => push.received.length >= COUNT / 4), 'the fan-out started');
        outage.down = true;
        const atOutage = push.received.length;
        // Shorter than the claims' lease: they hold through it, and no other sender would take them.
        await new Promise((resolve) => setTimeout(resolve, 500));
        outage.down = false;
        t.log(`the store was down from ${atOutage} to ${push.received.length} of ${COUNT} messages`);
        t.true(atOutage < COUNT, 'down mid fan-out');
        t.true(
          await eventually(async () => (await real.deliveries.pendingAlerts()).length === 0, {
            timeout: 60_000,
          }),
          'the alert ends',
        );
        t.true(
          logs.some((line) => line.msg === 'alerts: a delivery could not be recorded'),
          'the outage cut deliveries',
        );
        assertEachGotOne(t, push, COUNT);
        // A message answered while the store was down keeps the record written before it left.
        const counts = await real.deliveries.deliveryCounts(alert.id);
        t.is(
          Object.values(counts).reduce((sum, count) => sum + count, 0),
          COUNT,
          JSON.stringify(counts),
        );
        t.deepEqual(
          Object.keys(counts).filter((outcome) => outcome === 'failed'),
          [],
          'no delivery failed',
        );
        t.deepEqual(await real.claims.claimHolders(), [], 'no claim is left open');
      },
      { delayMs: 10 },
    );
  });

  test(`${engine.name}: a sending record the store took but whose answer was lost: the message still goes, once`, async (t) => {
    const COUNT = 200;
    const LOST = 5;
    const outage: Outage = { down: false, finishFailures: 0, lostAnswers: LOST };
    await duringFanOut(engine, COUNT, outage, async ({ push, real, alert, logs }) => {
      t.true(
        await eventually(async () => (await real.deliveries.pendingAlerts()).length === 0, {
          timeout: 30_000,
        }),
        'the alert ends',
      );
      t.is(outage.lostAnswers, 0, 'answers were lost');
      t.is(
        logs.filter((line) => line.msg === 'alerts: a delivery could not be recorded').length,
        LOST,
        'each lost answer is logged',
      );
      t.is(copiesOf(push).size, COUNT, 'every subscription got it');
      t.is(push.received.length, COUNT, 'each once');
      t.deepEqual(
        await real.deliveries.deliveryCounts(alert.id),
        { delivered: COUNT },
        'no record is left sending',
      );
      t.deepEqual(await real.claims.claimHolders(), [], 'no claim is left open');
    });
  });

  test(`${engine.name}: a claim whose finishing failed is finished by the next fill, not renewed for ever`, async (t) => {
    const COUNT = 300;
    const outage: Outage = { down: false, finishFailures: 1 };
    await duringFanOut(engine, COUNT, outage, async ({ push, real, logs }) => {
      t.true(
        await eventually(async () => (await real.deliveries.pendingAlerts()).length === 0, {
          timeout: 30_000,
        }),
        'the alert ends',
      );
      t.is(outage.finishFailures, 0, 'a finishing failed');
      t.true(logs.some((line) => line.msg === 'alerts: sending failed'));
      t.deepEqual(await real.claims.claimHolders(), [], 'no claim is left open');
      t.is(copiesOf(push).size, COUNT);
      t.is(push.received.length, COUNT, 'each once');
    });
  });
}
