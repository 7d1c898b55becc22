/**
 * Fan-out of one alert on one compiled server (`npm run build` first): N subscriptions of one channel
 * in the alerts' store, a local stand-in that checks every message for real (a push service that
 * checks VAPID and decrypts, tests/helpers/push-service.ts; a webhook receiver that verifies each
 * Standard Webhooks signature, tests/helpers/webhook-receiver.ts; an SMTP relay,
 * tests/helpers/smtp-server.ts), then a republish (SIGHUP) that confirms a new reset. Prints the
 * time from SIGHUP to the last delivery, the sender's RSS before and its peak (VmHWM), its CPU time,
 * the connections opened to the stand-in and messages per subscription as it counted them.
 *
 *   npx tsx bench/alerts-fanout.ts [--channel push|webhooks|email] [--subscriptions N]
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { generateVapidKeys } from '../server/alerts/push.js';
import { openAlertStore } from '../server/alerts/store/index.js';
import { storeActiveWebhook, storeConfirmedEmail, writeReset } from '../tests/helpers/alerts.js';
import { startPushService, storeSubscribers } from '../tests/helpers/push-service.js';
import { startSmtpServer } from '../tests/helpers/smtp-server.js';
import { startWebhookReceiver } from '../tests/helpers/webhook-receiver.js';
import { readCommandLine } from '../tools/command-line.js';
import { cpuTimeUs, memoryOf, startServer } from './processes.js';
import { DEMO_FIXTURE } from '../tests/helpers/fixtures.js';

const { values: flags, refuse } = readCommandLine({
  usage: 'npm run bench:alerts -- [--channel push|webhooks|email] [--subscriptions <n>]',
  description:
    'Sends one alert to N subscriptions of one channel through a local stand-in and times the fan-out.',
  options: {
    channel: { type: 'string', value: '<name>', description: 'push (default), webhooks or email' },
    subscriptions: { type: 'string', value: '<n>', description: 'subscriptions to alert (default 10000)' },
  },
});
const CHANNEL = flags.channel ?? 'push';
if (CHANNEL !== 'push' && CHANNEL !== 'webhooks' && CHANNEL !== 'email')
  refuse(`--channel: '${CHANNEL}' is not push, webhooks or email`);
const count = flags.subscriptions ?? '10000';
if (!/^[1-9]\d*$/.test(count)) refuse(`--subscriptions: '${count}' is not a positive whole number`);
const COUNT = Number(count);

const temp = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-fanout-'));
const contentDir = path.join(temp, 'content');
await cp(DEMO_FIXTURE, contentDir, { recursive: true });
const db = path.join(temp, 'alerts.sqlite');
const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

/**
 * The stand-in of the channel, and the subscriptions put straight into the store (what N POSTs and,
 * for webhooks, their checks, for email, their confirmations, would leave).
 */
interface StandIn {
  readonly env: Readonly<Record<string, string>>;
  /** Who got a message, one entry per message. */
  recipients(): string[];
  refused(): number;
  connections(): number;
  stop(): Promise<void>;
}

async function standIn(): Promise<StandIn> {
  const store = await openAlertStore(db);
  try {
    if (CHANNEL === 'push') {
      const vapid = generateVapidKeys();
      const push = await startPushService(vapid.publicKey);
      await storeSubscribers(push, store, COUNT);
      return {
        env: {
          VAPID_PUBLIC_KEY: vapid.publicKey,
          VAPID_PRIVATE_KEY: vapid.privateKey,
          ALERTS_PUSH_HOSTS: push.origin,
        },
        recipients: () => push.received.map((message) => message.subscriber),
        refused: () => push.refused.length,
        connections: () => push.connections(),
        stop: () => push.stop(),
      };
    }
    if (CHANNEL === 'webhooks') {
      const receiver = await startWebhookReceiver(SECRET);
      for (let n = 0; n < COUNT; n += 1) await storeActiveWebhook(store, receiver.origin, SECRET, n);
      return {
        env: { ALERTS_WEBHOOKS: 'on', ALERTS_WEBHOOK_ORIGINS: receiver.origin },
        recipients: () => receiver.received.map((message) => message.path),
        refused: () => receiver.refused.length,
        connections: () => receiver.connections(),
        stop: () => receiver.stop(),
      };
    }
    const smtp = await startSmtpServer();
    for (let n = 0; n < COUNT; n += 1) await storeConfirmedEmail(store, n);
    return {
      env: { SMTP_URL: smtp.url, ALERTS_EMAIL_FROM: 'Reset Tracker <alerts@tracker.test>' },
      recipients: () => smtp.received.flatMap((mail) => mail.envelope.to),
      refused: () => smtp.refused.length,
      connections: () => smtp.connections(),
      stop: () => smtp.stop(),
    };
  } finally {
    await store.close();
  }
}

const channel = await standIn();
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
    ALERTS_DB: db,
    ...channel.env,
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
  while (channel.recipients().length < COUNT && Date.now() < deadline) {
    if (firstMs === null && channel.recipients().length > 0) firstMs = performance.now() - signalled;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const lastMs = performance.now() - signalled;
  const cpuMs = (cpuTimeUs(server.pid) - cpuBefore) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = memoryOf(server.pid);
  const recipients = channel.recipients();
  const requests = recipients.length + channel.refused();
  const perSubscriber = new Map<string, number>();
  for (const recipient of recipients) perSubscriber.set(recipient, (perSubscriber.get(recipient) ?? 0) + 1);
  console.log(
    `${CHANNEL}: ${COUNT} subscriptions; delivered to ${perSubscriber.size}; refused ${channel.refused()}`,
  );
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
    `messages per subscription ${(requests / COUNT).toFixed(3)} ` +
      `(max to one subscription ${Math.max(...perSubscriber.values())}); ` +
      `connections opened ${channel.connections()}`,
  );
  if (perSubscriber.size !== COUNT || requests !== COUNT) process.exitCode = 1;
} finally {
  await server.stop();
  await channel.stop();
  await rm(temp, { recursive: true, force: true });
}
