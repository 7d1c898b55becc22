import test from 'ava';
import type { ExecutionContext } from 'ava';
import type { Store, NewWebhook } from '../../../server/store/index.js';
import {
  CONFIRMATION_DAYS,
  CONFIRMATION_EVERY_MS,
  CONFIRMATIONS_PER_DAY,
  PENDING_WEBHOOK_DAYS,
} from '../../../server/store/index.js';
import type { StoreEngine } from '../../helpers/store-engines.js';
import { useStoreEngines } from '../../helpers/store-engines.js';

const START = Date.parse('2026-11-26T12:00:00Z');
const engines = useStoreEngines();

type StoreRun = (store: Store, clock: { now: number }) => void | Promise<void>;

/** A store of the engine's in a place of its own, with a clock the test moves. */
async function withStore(engine: StoreEngine, run: StoreRun): Promise<void> {
  const clock = { now: START };
  const store = await engine.open(() => clock.now);
  try {
    await run(store, clock);
  } finally {
    await store.close();
  }
}

/** Runs a test once per engine, its title prefixed with the engine's name. */
function storeTest(
  title: string,
  body: (t: ExecutionContext, run: (run: StoreRun) => Promise<void>) => Promise<void>,
) {
  for (const engine of engines)
    test(`${engine.name}: ${title}`, (t) => body(t, (run) => withStore(engine, run)));
}

/** Makes one alert for events matching `matching` (`audience/window` pairs) and returns its id. */
async function makeAlert(store: Store, key: string, matching: string[]): Promise<number> {
  await store.ledger.recordPublication(() => ({
    entries: [],
    alerts: [{ key, eventId: key, reason: 'confirmed', payload: '{}', record: '{}', matching }],
  }));
  return (await store.deliveries.pendingAlerts()).find((alert) => alert.key === key)!.id;
}

const hook = (n: number, filters: Partial<NewWebhook> = {}): NewWebhook => ({
  publicId: `wh_${n}`,
  url: `https://hooks.example/${n}`,
  kind: 'generic',
  secret: `whsec_${n}`,
  tokenHash: `hash-${n}`,
  audience: 'all',
  window: 'any',
  ...filters,
});

storeTest(
  'a webhook is owed an alert only once active, matching, made before it, and not yet delivered',
  (t, withStore) =>
    withStore(async (store, clock) => {
      const pending = await store.webhooks.addWebhook(hook(1));
      const active = await store.webhooks.addWebhook(hook(2));
      const other = await store.webhooks.addWebhook(hook(3, { audience: 'team', window: 'weekly' }));
      if (!('stored' in pending) || !('stored' in active) || !('stored' in other))
        throw new Error('not stored');
      t.is(pending.stored.state, 'pending');
      await store.webhooks.activateWebhook(active.stored.id);
      await store.webhooks.activateWebhook(other.stored.id);
      clock.now += 1000;
      const alert = await makeAlert(store, 'a', ['all/any', 'pro/any']);
      clock.now += 1000;
      const late = await store.webhooks.addWebhook(hook(4));
      if (!('stored' in late)) throw new Error('not stored');
      await store.webhooks.activateWebhook(late.stored.id);
      t.deepEqual(
        (await store.webhooks.owedWebhooks(alert, 10)).map((webhook) => webhook.publicId),
        ['wh_2'],
        'not the pending one, not the other filters, not one made after the alert',
      );
      await store.deliveries.recordDelivery(
        { alertId: alert, channel: 'webhook', subscriptionId: active.stored.id },
        'sending',
      );
      t.deepEqual(
        (await store.webhooks.owedWebhooks(alert, 10)).map((webhook) => webhook.publicId),
        [],
      );
      // A browser subscription with the same row id is owed the alert still: another channel.
      t.is((await store.webhooks.webhook('wh_2'))?.url, 'https://hooks.example/2');
      t.is(await store.webhooks.webhook('wh_nope'), null);
    }),
);

storeTest(
  'a run of failed alerts disables a webhook with why; a delivered one clears the run',
  (t, withStore) =>
    withStore(async (store) => {
      const added = await store.webhooks.addWebhook(hook(1));
      if (!('stored' in added)) throw new Error('not stored');
      const { id } = added.stored;
      await store.webhooks.activateWebhook(id);
      const failed = { delivered: false, status: 503, disableAfter: 3, reason: 'answered 503 three times' };
      await store.webhooks.recordWebhookResult(id, failed);
      await store.webhooks.recordWebhookResult(id, failed);
      await store.webhooks.recordWebhookResult(id, {
        delivered: true,
        status: 204,
        disableAfter: 3,
        reason: null,
      });
      t.like(await store.webhooks.webhook('wh_1'), { state: 'active', failures: 0, lastStatus: 204 });
      await store.webhooks.recordWebhookResult(id, failed);
      await store.webhooks.recordWebhookResult(id, failed);
      t.like(await store.webhooks.webhook('wh_1'), { state: 'active', failures: 2, disabledReason: null });
      await store.webhooks.recordWebhookResult(id, failed);
      t.like(await store.webhooks.webhook('wh_1'), {
        state: 'disabled',
        failures: 3,
        disabledReason: 'answered 503 three times',
        lastStatus: 503,
      });
      await store.webhooks.activateWebhook(id);
      t.is((await store.webhooks.webhook('wh_1'))?.state, 'disabled', 'only a pending webhook is activated');
      await store.webhooks.removeWebhook(id);
      t.is(await store.webhooks.webhook('wh_1'), null);
    }),
);

storeTest('past the most verified webhooks, a new one is not stored', (t, withStore) =>
  withStore(async (store) => {
    for (const n of [1, 2]) {
      const added = await store.webhooks.addWebhook(hook(n), 2);
      if (!('stored' in added)) throw new Error('not stored');
      await store.webhooks.activateWebhook(added.stored.id);
    }
    t.deepEqual(await store.webhooks.addWebhook(hook(3), 2), { full: true });
    t.is(await store.webhooks.webhookCount(), 2);
  }),
);

storeTest(
  'a webhook never verified is forgotten after its days; an active or disabled one stays',
  (t, withStore) =>
    withStore(async (store, clock) => {
      const pending = await store.webhooks.addWebhook(hook(1));
      const active = await store.webhooks.addWebhook(hook(2));
      const disabled = await store.webhooks.addWebhook(hook(3));
      if (!('stored' in pending) || !('stored' in active) || !('stored' in disabled))
        throw new Error('not stored');
      await store.webhooks.activateWebhook(active.stored.id);
      await store.webhooks.activateWebhook(disabled.stored.id);
      await store.webhooks.recordWebhookResult(disabled.stored.id, {
        delivered: false,
        status: 500,
        disableAfter: 1,
        reason: 'answered 500',
      });
      clock.now += PENDING_WEBHOOK_DAYS * 86_400_000 - 1;
      t.deepEqual(await store.prune(), { deliveries: 0, subscriptions: 0 }, 'not before its days are out');
      const late = await store.webhooks.addWebhook(hook(4));
      clock.now += 2;
      t.deepEqual(await store.prune(), { deliveries: 0, subscriptions: 1 });
      t.is(await store.webhooks.webhook('wh_1'), null);
      t.deepEqual(
        await Promise.all(
          ['wh_2', 'wh_3', 'wh_4'].map(async (id) => (await store.webhooks.webhook(id))?.state),
        ),
        ['active', 'disabled', 'pending'],
        'the younger pending one stays too',
      );
      t.false('full' in late);
    }),
);

const ask = (email: string, confirmHash: string, filters = {}) => ({
  email,
  locale: 'en',
  audience: 'all' as const,
  window: 'any' as const,
  confirmHash,
  ...filters,
});

storeTest(
  'an address is alerted once confirmed, with the filters of the request it confirmed',
  (t, withStore) =>
    withStore(async (store, clock) => {
      const first = await store.emails.requestEmail(ask('a@example.org', 'c1'));
      t.is(first.kind, 'confirm');
      const early = await makeAlert(store, 'early', ['all/any']);
      t.deepEqual(await store.emails.owedEmails(early, 10), [], 'an unconfirmed address gets nothing');
      clock.now += 1000;
      t.like(await store.emails.confirmEmail('c1'), {
        email: 'a@example.org',
        audience: 'all',
        window: 'any',
      });
      t.is(await store.emails.confirmEmail('c1'), null, 'a confirmation link works once');
      t.deepEqual(await store.emails.owedEmails(early, 10), [], 'confirmed after the alert was made');

      // Another request for a known address: nothing changes until its link is followed.
      t.deepEqual(await store.emails.requestEmail(ask('a@example.org', 'c2', { audience: 'team' })), {
        kind: 'recently-asked',
      });
      clock.now += CONFIRMATION_EVERY_MS;
      const again = await store.emails.requestEmail(
        ask('a@example.org', 'c2', { audience: 'team', locale: 'ja' }),
      );
      t.is(again.kind, 'confirm');
      const alert = await makeAlert(store, 'later', ['all/any']);
      t.deepEqual(
        (await store.emails.owedEmails(alert, 10)).map((email) => [
          email.email,
          email.audience,
          email.locale,
        ]),
        [['a@example.org', 'all', 'en']],
        'the old filters until the new ones are confirmed',
      );
      t.like(await store.emails.confirmEmail('c2'), { audience: 'team', locale: 'ja' });
      t.deepEqual(await store.emails.owedEmails(alert, 10), [], 'team is not among the alert’s filters');
      // Each mail's link has a token of its own: any one of them unsubscribes the address.
      const { id } = (first as { subscription: { id: number } }).subscription;
      await store.emails.keepUnsubscribeHash(id, 'hash-of-mail-1');
      await store.emails.keepUnsubscribeHash(id, 'hash-of-mail-2');
      t.false(await store.emails.unsubscribeEmail('hash-of-no-mail'));
      t.true(await store.emails.unsubscribeEmail('hash-of-mail-2'));
      t.false(await store.emails.unsubscribeEmail('hash-of-mail-1'), 'its other links went with it');
      t.is(await store.emails.emailCount(), 0);
    }),
);

storeTest(
  'a confirmation the relay did not take is undone, unless a later request replaced it',
  (t, withStore) =>
    withStore(async (store, clock) => {
      const lost = await store.emails.requestEmail(ask('new@example.org', 'c1'));
      if (lost.kind !== 'confirm') return t.fail();
      await store.emails.confirmationNotSent(lost.subscription.id, 'c1');
      t.is(await store.emails.emailCount(), 0, 'a new address whose mail never left is forgotten');
      t.is(
        (await store.emails.requestEmail(ask('new@example.org', 'c2'))).kind,
        'confirm',
        'and may ask again at once',
      );

      await store.emails.requestEmail(ask('kept@example.org', 'k1', { audience: 'pro' }));
      t.like(await store.emails.confirmEmail('k1'), { audience: 'pro' });
      clock.now += CONFIRMATION_EVERY_MS;
      const change = await store.emails.requestEmail(ask('kept@example.org', 'k2', { audience: 'team' }));
      if (change.kind !== 'confirm') return t.fail();
      await store.emails.confirmationNotSent(change.subscription.id, 'k2');
      t.is(await store.emails.confirmEmail('k2'), null, 'the lost mail’s link confirms nothing');
      const retry = await store.emails.requestEmail(ask('kept@example.org', 'k3', { audience: 'team' }));
      t.is(retry.kind, 'confirm', 'a confirmed address may ask again at once');
      if (retry.kind !== 'confirm') return;
      t.like(retry.subscription, { audience: 'pro' }, 'its filters are kept until confirmed');

      // A failure reported after a later request took the address's hour undoes nothing.
      await store.emails.confirmationNotSent(retry.subscription.id, 'k2');
      t.is((await store.emails.requestEmail(ask('kept@example.org', 'k4'))).kind, 'recently-asked');
      t.like(await store.emails.confirmEmail('k3'), { audience: 'team' });
    }),
);

storeTest(
  'spellings of one mailbox share its hour, and it gets a bounded number of confirmations a day',
  (t, withStore) =>
    withStore(async (store, clock) => {
      t.is((await store.emails.requestEmail(ask('victim@example.net', 'm0'))).kind, 'confirm');
      for (const [n, spelling] of [
        'Victim@example.net',
        'VICTIM@example.net',
        'victim+1@example.net',
      ].entries())
        t.is((await store.emails.requestEmail(ask(spelling, `s${n}`))).kind, 'recently-asked', spelling);
      const spellings = [
        'Victim@example.net',
        'victim+a@example.net',
        'VICTIM+b@example.net',
        'victim@example.net',
      ];
      const outcomes: string[] = [];
      for (const [n, spelling] of spellings.entries()) {
        clock.now += CONFIRMATION_EVERY_MS;
        outcomes.push((await store.emails.requestEmail(ask(spelling, `d${n}`))).kind);
      }
      t.is(CONFIRMATIONS_PER_DAY, 3);
      t.deepEqual(outcomes, ['confirm', 'confirm', 'recently-asked', 'recently-asked'], 'three in a day');
      t.is(
        (await store.emails.requestEmail(ask('other@example.net', 'o1'))).kind,
        'confirm',
        'another mailbox',
      );
      const lost = await store.emails.requestEmail(ask('Other+x@example.net', 'o2'));
      t.is(lost.kind, 'recently-asked');
      clock.now += 86_400_000;
      const next = await store.emails.requestEmail(ask('victim+c@example.net', 'n1'));
      t.is(next.kind, 'confirm', 'a day later the mailbox may be asked for again');
      if (next.kind === 'confirm') t.is(next.subscription.email, 'victim+c@example.net', 'stored as given');
    }),
);

storeTest(
  'rows nobody verified have their own bound and never take the place of verified ones',
  (t, withStore) =>
    withStore(async (store) => {
      // A cap of 3 confirmed addresses and 3 unconfirmed; of 2 active webhooks and 3 pending.
      await store.emails.requestEmail(ask('kept@example.org', 'k1'), 3, 3);
      await store.emails.confirmEmail('k1');
      for (const n of [1, 2, 3])
        t.is((await store.emails.requestEmail(ask(`junk${n}@example.org`, `j${n}`), 3, 3)).kind, 'confirm');
      t.deepEqual(
        await store.emails.requestEmail(ask('junk4@example.org', 'j4'), 3, 3),
        { kind: 'full' },
        'junk bounded',
      );
      t.is(await store.emails.emailCount('verified'), 1);
      t.is(await store.emails.emailCount(), 4);
      await store.emails.confirmEmail('j1');
      t.is(
        (await store.emails.requestEmail(ask('late@example.org', 'l1'), 3, 3)).kind,
        'confirm',
        'a place freed',
      );
      t.deepEqual(await store.emails.requestEmail(ask('more@example.org', 'm1'), 3, 3), { kind: 'full' });

      const verified = await store.webhooks.addWebhook(hook(1), 2, 3);
      if (!('stored' in verified)) throw new Error('not stored');
      await store.webhooks.activateWebhook(verified.stored.id);
      for (const n of [2, 3, 4])
        t.true('stored' in (await store.webhooks.addWebhook(hook(n), 2, 3)), `pending ${n}`);
      t.deepEqual(await store.webhooks.addWebhook(hook(5), 2, 3), { full: true }, 'pending ones bounded');
      t.is(await store.webhooks.webhookCount('verified'), 1);
      t.is(await store.webhooks.webhookCount(), 4);
    }),
);

storeTest('a confirmation link expires, and an address never confirmed is forgotten', (t, withStore) =>
  withStore(async (store, clock) => {
    await store.emails.requestEmail(ask('b@example.org', 'c1'));
    await store.emails.requestEmail(ask('c@example.org', 'c2'));
    await store.emails.confirmEmail('c2');
    clock.now += CONFIRMATION_DAYS * 86_400_000 + 1;
    t.is(await store.emails.confirmEmail('c1'), null);
    t.deepEqual(await store.prune(), { deliveries: 0, subscriptions: 1 });
    t.is(await store.emails.emailCount(), 1, 'the confirmed address stays');
    t.deepEqual(await store.emails.requestEmail(ask('d@example.org', 'c3'), 1), { kind: 'full' });
  }),
);

storeTest('the count by filters is of every channel an alert would go to', (t, withStore) =>
  withStore(async (store) => {
    await store.subscriptions.subscribe({
      endpoint: 'https://fcm.googleapis.com/fcm/send/1',
      p256dh: `B${'A'.repeat(86)}`,
      auth: 'A'.repeat(22),
      audience: 'all',
      window: 'any',
      expiresAt: null,
    });
    const active = await store.webhooks.addWebhook(hook(1));
    await store.webhooks.addWebhook(hook(2)); // pending: not counted
    if (!('stored' in active)) throw new Error('not stored');
    await store.webhooks.activateWebhook(active.stored.id);
    await store.emails.requestEmail(ask('a@example.org', 'c1', { audience: 'pro' }));
    await store.emails.requestEmail(ask('b@example.org', 'c2')); // unconfirmed: not counted
    await store.emails.confirmEmail('c1');
    t.deepEqual(
      await store.subscriptions.subscriptionsByFilters(),
      new Map([
        ['all/any', 2],
        ['pro/any', 1],
      ]),
    );
  }),
);
