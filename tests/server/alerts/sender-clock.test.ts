import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { openStore } from '../../../server/store/index.js';
import { wrapStore } from '../../helpers/store-parts.js';
import { generateVapidKeys } from '../../../tools/vapid-keys.js';
import type { SenderLogLine } from '../../helpers/alerts.js';
import { alertEveryone, pushSender } from '../../helpers/alerts.js';
import { assertEachGotOne, startPushService, storeSubscribers } from '../../helpers/push-service.js';
import { eventually } from '../../helpers/wait.js';

const vapid = { ...generateVapidKeys(), subject: 'mailto:alerts@tracker.test' };

/**
 * The sender and the store on one clock, ten minutes off this machine's either way: the claims'
 * margin is counted on it (a sender reading this machine's clock would find its claims run out, or
 * its renewal already stale, and send nothing), and so is an alert's age when sent.
 */
for (const [name, offset] of [
  ['behind', -600_000],
  ['ahead', 600_000],
] as const)
  test(`a sender reads the clock it is given: ten minutes ${name}`, async (t) => {
    const data = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-sender-clock-'));
    const clock = { now: Date.now() + offset };
    const store = await openStore(path.join(data, 'alerts.sqlite'), () => clock.now);
    const push = await startPushService(vapid.publicKey);
    const logs: SenderLogLine[] = [];
    const sender = pushSender(store, vapid, {
      lanes: 2,
      leaseMs: 3000,
      pollMs: 50,
      logs,
      clock: () => clock.now,
    });
    try {
      await storeSubscribers(push, store, 3);
      clock.now += 1;
      await alertEveryone(store, 'clocked');
      clock.now += 5000;
      sender.start();
      t.true(await eventually(() => logs.some((line) => line.msg === 'alerts: sent')), 'the alert is sent');
      assertEachGotOne(t, push, 3);
      t.is(logs.find((line) => line.msg === 'alerts: sent')!.ms, 5000, 'its age on the clock given');
    } finally {
      await sender.stop();
      await store.close();
      await push.stop();
      await rm(data, { recursive: true, force: true });
    }
  });

test('a sender prunes the store on its first pass, then once an hour of the clock it is given', async (t) => {
  const data = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-sender-clock-'));
  const clock = { now: Date.now() };
  const store = await openStore(path.join(data, 'alerts.sqlite'), () => clock.now);
  const calls = { prune: 0, renew: 0 };
  // The store as the sender sees it, counting its passes (each renews) and its prunes.
  const counted = wrapStore(store, (name, _args, call) => {
    if (name === 'prune') calls.prune += 1;
    if (name === 'renewClaims') calls.renew += 1;
    return call();
  });
  const sender = pushSender(counted, vapid, {
    lanes: 1,
    leaseMs: 3000,
    pollMs: 10,
    logs: [],
    clock: () => clock.now,
  });
  /** `n` more passes (each begins with a renewal) from now. */
  const passes = async (n: number) => {
    const from = calls.renew;
    t.true(await eventually(() => calls.renew >= from + n), `${n} more passes`);
  };
  try {
    sender.start();
    // The first pass has ended once a second has begun.
    await passes(2);
    t.is(calls.prune, 1, 'the first pass prunes');
    clock.now += 3_600_000;
    await passes(5);
    t.is(calls.prune, 1, 'not again at one hour to the millisecond');
    clock.now += 1;
    await passes(2);
    t.is(calls.prune, 2, 'again past the hour');
    await passes(5);
    t.is(calls.prune, 2, 'and not again within the next hour');
  } finally {
    await sender.stop();
    await store.close();
    await rm(data, { recursive: true, force: true });
  }
});
