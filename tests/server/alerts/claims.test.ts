import test from 'ava';
import type { Store, Channel, Claim } from '../../../server/store/index.js';
import { openStore, TELEGRAM_MAYBE_POSTED } from '../../../server/store/index.js';
import type { StoreEngine } from '../../helpers/store-engines.js';
import { useStoreEngines } from '../../helpers/store-engines.js';

/**
 * The senders' claims (server/store/types.ts `ClaimStore`): how every process's sender takes
 * its share of an alert's fan-out, and takes over the share of one that died.
 */

const START = Date.parse('2026-11-26T12:00:00Z');
const TTL = 10_000;
const PUSH: readonly Channel[] = ['push'];
const engines = useStoreEngines();

async function withStore(
  engine: StoreEngine,
  run: (store: Store, clock: { now: number }) => Promise<void>,
): Promise<void> {
  const clock = { now: START };
  const store = await engine.open(() => clock.now);
  try {
    await run(store, clock);
  } finally {
    await store.close();
  }
}

/** `count` browser subscriptions for every filter, made before the alerts that follow. */
async function subscribe(store: Store, count: number, clock: { now: number }): Promise<void> {
  await store.subscriptions.subscribeMany(
    Array.from({ length: count }, (_, n) => ({
      endpoint: `https://fcm.googleapis.com/fcm/send/${n}`,
      p256dh: 'k',
      auth: 'a',
      audience: 'all' as const,
      window: 'any' as const,
      expiresAt: null,
    })),
  );
  clock.now += 1000;
}

async function makeAlert(store: Store, key: string): Promise<number> {
  await store.ledger.recordPublication(() => ({
    entries: [],
    alerts: [{ key, eventId: key, reason: 'confirmed', payload: '{}', record: '{}', matching: ['all/any'] }],
  }));
  return (await store.deliveries.pendingAlerts()).find((alert) => alert.key === key)!.id;
}

for (const engine of engines)
  test(`${engine.name}: senders claim disjoint batches in id order; the last claim done finishes the alert`, (t) =>
    withStore(engine, async (store, clock) => {
      await subscribe(store, 600, clock);
      const alertId = await makeAlert(store, 'a');
      const first = await store.claims.claimBatch('one', TTL, 256, PUSH);
      const second = await store.claims.claimBatch('two', TTL, 256, PUSH);
      const third = await store.claims.claimBatch('one', TTL, 256, PUSH);
      t.deepEqual(
        [first, second, third].map((claim) => [claim?.after, claim?.upTo, claim?.recovered]),
        [
          [0, 256, false],
          [256, 512, false],
          [512, 600, false],
        ],
      );
      t.is(await store.claims.claimBatch('two', TTL, 256, PUSH), null, 'everything is claimed');
      t.deepEqual(await store.claims.claimHolders(), ['one', 'two']);
      t.is((await store.deliveries.owed(alertId, 1000, second!.after, second!.upTo)).length, 256);

      t.deepEqual(
        await store.claims.finishClaim(first!, 'two', PUSH),
        { alertDone: false },
        'not its holder',
      );
      t.deepEqual(await store.claims.finishClaim(first!, 'one', PUSH), { alertDone: false });
      t.deepEqual(
        await store.claims.finishClaim(third!, 'one', PUSH),
        { alertDone: false },
        'one still open',
      );
      t.is((await store.deliveries.pendingAlerts()).length, 1);
      t.deepEqual(await store.claims.finishClaim(second!, 'two', PUSH), { alertDone: true });
      t.deepEqual(await store.deliveries.pendingAlerts(), []);
      t.deepEqual(await store.claims.claimHolders(), []);
    }));

for (const engine of engines)
  test(`${engine.name}: an expired claim is taken over with its sending records cleared; its old holder has lost it`, (t) =>
    withStore(engine, async (store, clock) => {
      await subscribe(store, 10, clock);
      const alertId = await makeAlert(store, 'a');
      const claim = await store.claims.claimBatch('dead', TTL, 256, PUSH);
      const at = (subscriptionId: number) => ({ alertId, channel: 'push' as const, subscriptionId });
      await store.deliveries.recordDelivery(at(1), 'delivered', { status: 201, attempts: 1 });
      await store.deliveries.recordDelivery(at(2), 'sending');
      await store.deliveries.recordDelivery(at(3), 'sent');

      clock.now += TTL / 2;
      t.is(await store.claims.claimBatch('alive', TTL, 256, PUSH), null, 'not yet expired');
      clock.now += TTL / 2 + 1;
      const taken = await store.claims.claimBatch('alive', TTL, 256, PUSH);
      t.like(taken, { alertId, channel: 'push', after: claim!.after, upTo: claim!.upTo, recovered: true });
      t.deepEqual(
        await store.deliveries.deliveryCounts(alertId),
        { delivered: 1, sent: 1 },
        '`sending` is cleared',
      );
      const owed = (await store.deliveries.owed(alertId, 100, taken!.after, taken!.upTo)).map(
        (row) => row.id,
      );
      t.true(owed.includes(2), 'the one left sending is owed again');
      t.false(owed.includes(1) || owed.includes(3), 'a delivered or sent one is not');

      t.deepEqual(await store.claims.renewClaims('dead', TTL), [], 'its old holder no longer holds it');
      t.deepEqual(await store.claims.finishClaim(claim!, 'dead', PUSH), { alertDone: false });
      t.is((await store.deliveries.pendingAlerts()).length, 1, 'the old holder cannot finish it');
      t.deepEqual(await store.claims.claimHolders(), ['alive']);
    }));

for (const engine of engines)
  test(`${engine.name}: a renewed claim holds; a released one is taken at once`, (t) =>
    withStore(engine, async (store, clock) => {
      await subscribe(store, 3, clock);
      await makeAlert(store, 'a');
      const claim = await store.claims.claimBatch('one', TTL, 256, PUSH);
      clock.now += TTL - 1;
      t.deepEqual(await store.claims.renewClaims('one', TTL), [
        { alertId: claim!.alertId, channel: 'push', after: 0 },
      ]);
      clock.now += TTL - 1;
      t.is(await store.claims.claimBatch('two', TTL, 256, PUSH), null, 'renewed: still held');
      await store.claims.releaseClaims('one');
      t.like(await store.claims.claimBatch('two', TTL, 256, PUSH), { after: 0, recovered: true });
    }));

for (const engine of engines)
  test(`${engine.name}: an alert owed nothing on the channels asked for is finished by the claiming; others wait their turn`, (t) =>
    withStore(engine, async (store, clock) => {
      await subscribe(store, 2, clock);
      const nobody = await makeAlert(store, 'for nobody yet');
      t.is(await store.claims.claimBatch('one', TTL, 256, ['email']), null, 'no address is owed it');
      t.deepEqual(
        (await store.deliveries.pendingAlerts()).map((alert) => alert.id),
        [],
        'recorded done on the way',
      );
      const older = await makeAlert(store, 'older');
      const newer = await makeAlert(store, 'newer');
      const claim = await store.claims.claimBatch('one', TTL, 1, PUSH);
      t.is(claim?.alertId, older, 'the oldest pending alert first');
      t.not(nobody, older);
      const next = await store.claims.claimBatch('one', TTL, 1, PUSH);
      t.like(next, { alertId: older, after: 1, upTo: 2 });
      t.is((await store.claims.claimBatch('one', TTL, 1, PUSH))?.alertId, newer);
    }));

test('postgres: two machines claiming at once from one fan-out get disjoint batches that cover it', async (t) => {
  const postgres = engines.find((engine) => engine.name === 'postgres')!;
  const url = await postgres.place();
  // Two stores, each its own pool: two machines sharing the database (and a clock).
  let ahead = 0;
  const clock = () => Date.now() + ahead;
  const machines = [await openStore(url, clock), await openStore(url, clock)];
  try {
    const [first] = machines;
    await first!.subscriptions.subscribeMany(
      Array.from({ length: 1000 }, (_, n) => ({
        endpoint: `https://fcm.googleapis.com/fcm/send/${n}`,
        p256dh: 'k',
        auth: 'a',
        audience: 'all' as const,
        window: 'any' as const,
        expiresAt: null,
      })),
    );
    // The alert made a millisecond later than the subscriptions, which it is owed.
    ahead = 1;
    const alertId = await makeAlert(first!, 'a');
    const all = (await first!.deliveries.owed(alertId, 2000)).map((row) => row.id);
    t.is(all.length, 1000);

    const claims = await Promise.all(
      machines.map(async (store, n) => {
        const mine: Claim[] = [];
        for (;;) {
          const claim = await store.claims.claimBatch(`machine ${n}`, TTL, 100, PUSH);
          if (!claim) return mine;
          mine.push(claim);
        }
      }),
    );
    t.log(`batches claimed by each machine: ${claims.map((mine) => mine.length).join(' and ')}`);
    const batches = claims.flat().sort((a, b) => a.after - b.after);
    t.is(batches.length, 10);
    t.true(
      batches.every((claim) => !claim.recovered && claim.alertId === alertId),
      'all new batches of the alert',
    );
    const ids = await Promise.all(
      batches.map(async (claim) =>
        (await first!.deliveries.owed(alertId, 1000, claim.after, claim.upTo)).map((row) => row.id),
      ),
    );
    t.deepEqual(
      ids.map((batch) => batch.length),
      Array.from({ length: 10 }, () => 100),
      'each batch holds 100 owed subscriptions',
    );
    t.deepEqual(
      batches.map((claim) => claim.after),
      [0, ...batches.slice(0, -1).map((claim) => claim.upTo)],
      'each batch begins where the one before ends: none overlap',
    );
    t.deepEqual(ids.flat(), all, 'together they cover the fan-out, each subscription once');

    const done = await Promise.all(
      claims.flatMap((mine, n) =>
        mine.map((claim) => machines[n]!.claims.finishClaim(claim, `machine ${n}`, PUSH)),
      ),
    );
    t.is(done.filter((result) => result.alertDone).length, 1, 'the last claim finished ends the alert');
    t.deepEqual(await first!.deliveries.pendingAlerts(), []);
  } finally {
    await Promise.all(machines.map((store) => store.close()));
  }
});

for (const engine of engines)
  test(`${engine.name}: a Telegram post left sending by a dead sender is failed, never posted again`, (t) =>
    withStore(engine, async (store, clock) => {
      const alertId = await makeAlert(store, 'posted?');
      const claim = await store.claims.claimBatch('dead', TTL, 256, ['telegram']);
      t.like(claim, { alertId, channel: 'telegram' });
      await store.deliveries.recordDelivery({ alertId, channel: 'telegram', subscriptionId: 1 }, 'sending');
      clock.now += TTL + 1;
      const taken = await store.claims.claimBatch('alive', TTL, 256, ['telegram']);
      t.like(taken, { alertId, channel: 'telegram', recovered: true });
      t.deepEqual(
        await store.deliveries.owedTelegram(alertId, taken!.after, taken!.upTo),
        [],
        'not owed again',
      );
      t.deepEqual(await store.deliveries.failures(alertId), [
        { channel: 'telegram', subscriptionId: 1, status: null, reason: TELEGRAM_MAYBE_POSTED },
      ]);
      // The same at a restart of a store's only process (resendUnwritten): failed, not sent again.
      const other = await makeAlert(store, 'posted too?');
      await store.deliveries.recordDelivery(
        { alertId: other, channel: 'telegram', subscriptionId: 1 },
        'sending',
      );
      await store.deliveries.resendUnwritten();
      t.deepEqual(await store.deliveries.owedTelegram(other), []);
      t.deepEqual(await store.deliveries.deliveryCounts(other), { failed: 1 });
    }));
