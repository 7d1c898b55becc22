import { createECDH, createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { collectingLogger } from '../../helpers/logs.js';
import { generateVapidKeys } from '../../../tools/vapid-keys.js';
import type { PushChannelOptions } from '../../../server/alerts/push/channel.js';
import { pushChannel } from '../../../server/alerts/push/channel.js';
import { AlertSender, SENDER_DEFAULTS } from '../../../server/alerts/sender.js';
import { openStore } from '../../../server/store/index.js';
import type { Store } from '../../../server/store/index.js';
import { alertEveryone } from '../../helpers/alerts.js';
import { eventually } from '../../helpers/wait.js';
import type { PushService } from '../../helpers/push-service.js';
import { startPushService, storeSubscribers } from '../../helpers/push-service.js';

const vapid = { ...generateVapidKeys(), subject: 'mailto:alerts@tracker.test' };
let push: PushService;

test.before(async () => {
  push = await startPushService(vapid.publicKey);
});
test.after.always(() => push?.stop());

interface Setup {
  readonly store: Store;
  readonly logs: Record<string, unknown>[];
  readonly sender: (options?: { concurrency?: number; push?: PushChannelOptions['push'] }) => AlertSender;
  readonly dispose: () => Promise<void>;
}

async function setUp(): Promise<Setup> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-alone-'));
  const store = await openStore(path.join(dir, 'alerts.sqlite'));
  const logs: Record<string, unknown>[] = [];
  const senders: AlertSender[] = [];
  return {
    store,
    logs,
    sender: (options = {}) => {
      const concurrency = options.concurrency ?? SENDER_DEFAULTS.concurrency;
      const sender = new AlertSender({
        store,
        channels: [
          pushChannel({ store, vapid, concurrency, ...(options.push ? { push: options.push } : {}) }),
        ],
        logger: collectingLogger('info', logs),
        pollMs: 50,
        concurrency,
      });
      senders.push(sender);
      sender.start();
      return sender;
    },
    dispose: async () => {
      await Promise.all(senders.map((sender) => sender.stop()));
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const everyone = { audience: 'all', window: 'any', expiresAt: null } as const;

function subscribeGood(store: Store, count: number) {
  return storeSubscribers(push, store, count);
}

/** A subscription with valid keys at any endpoint, stored as the endpoint gives it. */
async function subscribeAt(store: Store, endpoint: string): Promise<void> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  await store.subscriptions.subscribe({
    endpoint,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: Buffer.alloc(16, 7).toString('base64url'),
    ...everyone,
  });
}

async function makeAlert(store: Store, key: string): Promise<number> {
  return (await alertEveryone(store, key, JSON.stringify({ key }))).id;
}

const done = async (store: Store, id: number) =>
  !(await store.deliveries.pendingAlerts()).some((alert) => alert.id === id);
const receivedFor = (key: string) =>
  push.received.filter((message) => (JSON.parse(message.payload) as { key: string }).key === key).length;
const hashOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex').slice(0, 12);

test.serial(
  'a stored key the crypto refuses fails alone: 1,000 others get the alert, it ends, and the next goes out',
  async (t) => {
    const { store, logs, sender, dispose } = await setUp();
    try {
      // As an older version could have stored it: 65 bytes from 0x04, but no point of P-256.
      const bad = `${push.origin}/push/bad-key`;
      await store.subscriptions.subscribe({
        endpoint: bad,
        p256dh: `B${'A'.repeat(86)}`,
        auth: 'A'.repeat(22),
        ...everyone,
      });
      await subscribeGood(store, 1000);
      const first = await makeAlert(store, 'first');
      // Each message is counted once at the push service: on a loaded machine a 10 s time-out could
      // expire on a message the service was still decrypting, and its retry would arrive twice.
      sender({ concurrency: 64, push: { timeoutMs: 60_000 } });
      t.true(await eventually(() => done(store, first), { timeout: 60_000 }), 'the first alert ends');
      t.deepEqual(await store.deliveries.deliveryCounts(first), { delivered: 1000, failed: 1 });
      t.is(receivedFor('first'), 1000);
      const [failure] = await store.deliveries.failures(first);
      t.regex(failure?.reason ?? '', /^not encrypted: /);

      const second = await makeAlert(store, 'second');
      t.true(await eventually(() => done(store, second), { timeout: 60_000 }), 'the next alert ends too');
      t.deepEqual(await store.deliveries.deliveryCounts(second), { delivered: 1000, failed: 1 });
      t.is(receivedFor('second'), 1000);

      const failed = logs.filter((line) => line['msg'] === 'alerts: a delivery failed');
      t.is(failed.length, 2, 'one line per failure');
      for (const line of failed) {
        t.is(line['subscription'], hashOf(bad));
        t.is(line['err'], undefined, 'no error object, so no stack');
        t.false(JSON.stringify(line).includes(bad), 'never the endpoint itself');
      }
      t.false(
        logs.some((line) => line['level'] === 50),
        'nothing logged as an error',
      );
    } finally {
      await dispose();
    }
  },
);

test.serial(
  'refusals (400, 403, 413) and connections that never succeed fail alone, and never hold up a later alert',
  async (t) => {
    const { store, sender, dispose } = await setUp();
    // Accepts connections and never answers.
    const held: net.Socket[] = [];
    const silent = net.createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    // Listens for nothing: every connection is refused.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    try {
      const refusing = [];
      for (const status of [400, 403, 413]) {
        const [subscriber] = await subscribeGood(store, 1);
        push.answer(subscriber!, [status], [status]);
        refusing.push(subscriber!);
      }
      const hanging = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/push/hanging`;
      await subscribeAt(store, hanging);
      await subscribeAt(store, `http://127.0.0.1:${closedPort}/push/refused`);
      await subscribeGood(store, 200);

      const first = await makeAlert(store, 'refused-first');
      // The silent service holds its lane for 2 × 8 s: far longer than 200 deliveries take.
      sender({ push: { timeoutMs: 8000, attempts: 2, backoffMs: () => 20 } });
      t.true(await eventually(() => receivedFor('refused-first') === 200, { timeout: 30_000 }));
      t.false(await done(store, first), 'still waiting on the connection that never answers');

      const second = await makeAlert(store, 'refused-second');
      t.true(
        await eventually(() => receivedFor('refused-second') === 200, { timeout: 30_000 }),
        'the later alert reaches everyone else meanwhile',
      );
      t.true(
        await eventually(async () => (await done(store, first)) && (await done(store, second)), {
          timeout: 45_000,
        }),
        'both end',
      );
      for (const id of [first, second]) {
        t.deepEqual(await store.deliveries.deliveryCounts(id), { delivered: 200, failed: 5 });
        const reasons = (await store.deliveries.failures(id)).map((failure) => failure.reason);
        t.deepEqual([...reasons].sort(), [
          'push service answered 400',
          'push service answered 403',
          'push service answered 413',
          'timed out',
          'unreachable',
        ]);
      }
      t.is(refusing.length, 3);
      t.true(held.length >= 2, 'the silent service was tried, and tried again');
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
      await dispose();
    }
  },
);
