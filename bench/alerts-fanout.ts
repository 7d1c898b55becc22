/**
 * Fan-out of one alert on one compiled server (`npm run build` first): N subscriptions in the
 * alerts' store, a local push service that checks VAPID and decrypts every message
 * (tests/helpers/push-service.ts), then a republish (SIGHUP) that confirms a new reset. Prints the
 * time from SIGHUP to the last delivery, the sender's RSS before and its peak (VmHWM), its CPU time,
 * and requests per subscription as the push service counted them.
 *
 *   npx tsx bench/alerts-fanout.ts [--subscriptions N]
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { generateVapidKeys } from '../server/alerts/push.js';
import { openAlertStore } from '../server/alerts/store/index.js';
import { writeReset } from '../tests/helpers/alerts.js';
import { startPushService } from '../tests/helpers/push-service.js';
import { readCommandLine } from '../tools/command-line.js';
import { cpuTimeUs, memoryOf, startServer } from './processes.js';
import { DEMO_FIXTURE } from '../tests/helpers/fixtures.js';

const { values: flags, refuse } = readCommandLine({
  usage: 'npm run bench:alerts -- [--subscriptions <n>]',
  description: 'Sends one alert to N subscriptions through a local push service and times the fan-out.',
  options: {
    subscriptions: { type: 'string', value: '<n>', description: 'subscriptions to alert (default 10000)' },
  },
});
const count = flags.subscriptions ?? '10000';
if (!/^[1-9]\d*$/.test(count)) refuse(`--subscriptions: '${count}' is not a positive whole number`);
const COUNT = Number(count);

const vapid = generateVapidKeys();
const push = await startPushService(vapid.publicKey);
const temp = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-fanout-'));
const contentDir = path.join(temp, 'content');
await cp(DEMO_FIXTURE, contentDir, { recursive: true });
const db = path.join(temp, 'alerts.sqlite');

// The subscriptions go straight into the store (what N POSTs to /alerts/subscriptions would leave).
const store = await openAlertStore(db);
const subscribers = Array.from({ length: COUNT }, () => push.subscriber());
await store.subscribeMany(
  subscribers.map(({ subscription }) => ({
    endpoint: subscription.endpoint,
    ...subscription.keys,
    audience: 'all',
    window: 'any',
    expiresAt: null,
  })),
);

const server = await startServer({
  port: 39_500,
  contentDir,
  logLevel: 'warn',
  logFile: '/dev/null',
  cores: null,
  env: {
    RATE_LIMIT_POINTS: '0',
    CONTENT_CACHE_DIR: 'off',
    PID_FILE: 'off',
    PUBLIC_BASE_URL: 'https://tracker.test',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    ALERTS_DB: db,
    ALERTS_PUSH_HOSTS: push.origin,
  },
  nodeArgs: [
    ...(createRequire(import.meta.url)('../server/node-flags.json') as string[]),
    ...(process.env['FANOUT_PROF'] ? ['--cpu-prof', '--cpu-prof-dir=' + process.env['FANOUT_PROF']] : []),
  ],
});
try {
  // Subscriptions made before the alert get it: let the store's clock pass them.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const before = memoryOf(server.pid);
  await writeReset(contentDir, { day: '2026-11-20', slug: 'fan-out', plans: 'all', windows: ['weekly'] });
  const cpuBefore = cpuTimeUs(server.pid);
  const signalled = performance.now();
  process.kill(server.pid, 'SIGHUP');
  let firstMs: number | null = null;
  const deadline = Date.now() + 600_000;
  while (push.received.length < COUNT && Date.now() < deadline) {
    if (firstMs === null && push.received.length > 0) firstMs = performance.now() - signalled;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const lastMs = performance.now() - signalled;
  const cpuMs = (cpuTimeUs(server.pid) - cpuBefore) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = memoryOf(server.pid);
  const requests = push.received.length + push.refused.length;
  const perSubscriber = new Map<string, number>();
  for (const message of push.received)
    perSubscriber.set(message.subscriber, (perSubscriber.get(message.subscriber) ?? 0) + 1);
  console.log(`${COUNT} subscriptions; delivered to ${perSubscriber.size}; refused ${push.refused.length}`);
  console.log(
    `SIGHUP → first delivery ${firstMs?.toFixed(0)} ms, → last ${lastMs.toFixed(0)} ms ` +
      `(${((COUNT / lastMs) * 1000).toFixed(0)} messages/s); server CPU ${cpuMs.toFixed(0)} ms ` +
      `(${((cpuMs * 1000) / COUNT).toFixed(0)} µs per message)`,
  );
  console.log(
    `sender RSS ${before.rssMb.toFixed(1)} MB before, peak ${after.peakMb.toFixed(1)} MB ` +
      `(peak before the alert ${before.peakMb.toFixed(1)} MB)`,
  );
  console.log(
    `requests per subscription ${(requests / COUNT).toFixed(3)} ` +
      `(max to one subscription ${Math.max(...perSubscriber.values())})`,
  );
  if (perSubscriber.size !== COUNT || requests !== COUNT) process.exitCode = 1;
} finally {
  await server.stop();
  await push.stop();
  await store.close();
  await rm(temp, { recursive: true, force: true });
}
