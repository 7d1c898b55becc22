/**
 * Fan-out of one alert on compiled servers (`npm run build` first): N subscriptions of one channel
 * in the alerts' store, a local stand-in that checks every message for real (a push service that
 * checks VAPID and decrypts, tests/helpers/push-service.ts; a webhook receiver that verifies each
 * Standard Webhooks signature, tests/helpers/webhook-receiver.ts; an SMTP relay,
 * tests/helpers/smtp-server.ts), then a republish (SIGHUP to every server) that confirms a new
 * reset. Prints the time from SIGHUP to the last delivery, each sender's RSS before and its peak
 * (VmHWM), its CPU time, the connections opened to the stand-in and messages per subscription as it
 * counted them.
 *
 * `--store postgres` puts the store in a PostgreSQL server of its own (Debian's, started as the
 * tests start it, tests/helpers/postgres.ts, but durable: fsync and synchronous commits on), and
 * prints the most connections in use and open while the alert goes out. `--machines 2` runs two
 * servers on that database, as two machines each of one worker: server k is pinned to core k-1
 * (the stand-in, PostgreSQL and this script float), so one machine's run and two machines' runs
 * differ only by the second sender. `--delay` makes the stand-in answer each message that many
 * milliseconds late, as a push service across a network does.
 *
 *   npx tsx bench/alerts-fanout.ts [--channel push|webhooks|email] [--subscriptions N]
 *     [--store sqlite|postgres] [--machines 1|2] [--delay MS]
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import pg from 'pg';
import path from 'node:path';
import { generateVapidKeys } from '../tools/vapid-keys.js';
import { openStore } from '../server/store/index.js';
import { storeActiveWebhook, storeConfirmedEmail, writeReset } from '../tests/helpers/alerts.js';
import { startPostgres } from '../tests/helpers/postgres.js';
import { startPushService, storeSubscribers } from '../tests/helpers/push-service.js';
import { startSmtpServer } from '../tests/helpers/smtp-server.js';
import { startWebhookReceiver } from '../tests/helpers/webhook-receiver.js';
import { readCommandLine } from '../tools/command-line.js';
import type { Running } from './processes.js';
import { cpuTimeUs, machineCpuUs, memoryOf, startServer } from './processes.js';
import { DEMO_FIXTURE } from '../tests/helpers/fixtures.js';
import { nodeFlags } from '../server/node-flags.cjs';

const {
  values: flags,
  refuse,
  positiveWhole,
} = readCommandLine({
  usage:
    'npm run bench:alerts -- [--channel push|webhooks|email] [--subscriptions <n>] [--store sqlite|postgres] [--machines 1|2] [--delay <ms>]',
  description:
    'Sends one alert to N subscriptions of one channel through a local stand-in and times the fan-out.',
  options: {
    channel: { type: 'string', value: '<name>', description: 'push (default), webhooks or email' },
    subscriptions: { type: 'string', value: '<n>', description: 'subscriptions to alert (default 10000)' },
    store: { type: 'string', value: '<engine>', description: 'sqlite (default) or postgres' },
    machines: {
      type: 'string',
      value: '<n>',
      description: 'servers sending, 1 (default) or 2 (postgres only)',
    },
    delay: {
      type: 'string',
      value: '<ms>',
      description: "the stand-in's delay before each answer (default 0)",
    },
  },
});
const CHANNEL = flags.channel ?? 'push';
if (CHANNEL !== 'push' && CHANNEL !== 'webhooks' && CHANNEL !== 'email')
  refuse(`--channel: '${CHANNEL}' is not push, webhooks or email`);
const COUNT = positiveWhole('subscriptions', flags.subscriptions ?? '10000');
const ENGINE = flags.store ?? 'sqlite';
if (ENGINE !== 'sqlite' && ENGINE !== 'postgres') refuse(`--store: '${ENGINE}' is not sqlite or postgres`);
const MACHINES = Number(flags.machines ?? '1');
if (MACHINES !== 1 && MACHINES !== 2) refuse(`--machines: '${flags.machines}' is not 1 or 2`);
if (MACHINES === 2 && ENGINE !== 'postgres')
  refuse('--machines 2: two machines share a store only in PostgreSQL');
const delay = flags.delay ?? '0';
if (!/^\d+$/.test(delay)) refuse(`--delay: '${delay}' is not a whole number of milliseconds`);
const DELAY_MS = Number(delay);

const temp = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-fanout-'));
const contentDir = path.join(temp, 'content');
await cp(DEMO_FIXTURE, contentDir, { recursive: true });
const database = ENGINE === 'postgres' ? await startPostgres('alerts', { durable: true }) : null;
const location = database?.url ?? path.join(temp, 'alerts.sqlite');
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
  const store = await openStore(location);
  try {
    if (CHANNEL === 'push') {
      const vapid = generateVapidKeys();
      const push = await startPushService(vapid.publicKey, { delayMs: DELAY_MS });
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
      const receiver = await startWebhookReceiver(SECRET, { delayMs: DELAY_MS });
      for (let n = 0; n < COUNT; n += 1) await storeActiveWebhook(store, receiver.origin, SECRET, n);
      return {
        env: { ALERTS_WEBHOOKS: 'on', ALERTS_WEBHOOK_ORIGINS: receiver.origin },
        recipients: () => receiver.received.map((message) => message.path),
        refused: () => receiver.refused.length,
        connections: () => receiver.connections(),
        stop: () => receiver.stop(),
      };
    }
    const smtp = await startSmtpServer({ delayMs: DELAY_MS });
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
/** The most connections the servers hold to PostgreSQL, and of them the most running a query at once. */
const connections = { open: 0, active: 0 };
const servers: Running[] = [];
try {
  for (let k = 0; k < MACHINES; k += 1)
    servers.push(
      await startServer({
        port: 39_500 + k,
        contentDir,
        logLevel: 'warn',
        logFile: '/dev/null',
        cores: String(k),
        env: {
          RATE_LIMIT_POINTS: '0',
          CONTENT_CACHE_DIR: 'off',
          PID_FILE: 'off',
          PUBLIC_BASE_URL: 'https://tracker.test',
          ...(database ? { ALERTS_DATABASE_URL: database.url } : { ALERTS_DB: location }),
          ...channel.env,
        },
        nodeArgs: [
          ...nodeFlags(),
          ...(process.env['FANOUT_PROF']
            ? ['--cpu-prof', '--cpu-prof-dir=' + process.env['FANOUT_PROF']]
            : []),
        ],
      }),
    );
  // Subscriptions made before the alert get it: let the store's clock pass them.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const before = servers.map((server) => memoryOf(server.pid));
  await writeReset(contentDir, { day: '2026-11-20', slug: 'fan-out', plans: 'all', windows: ['weekly'] });
  const cpuBefore = servers.map((server) => cpuTimeUs(server.pid));
  const machineBefore = machineCpuUs();
  const ownBefore = process.cpuUsage();
  const watcher = database ? new pg.Client({ connectionString: database.url }) : null;
  await watcher?.connect();
  const signalled = performance.now();
  for (const server of servers) process.kill(server.pid, 'SIGHUP');
  let firstMs: number | null = null;
  const deadline = Date.now() + 1_800_000;
  let sampled = 0;
  while (channel.recipients().length < COUNT && Date.now() < deadline) {
    if (firstMs === null && channel.recipients().length > 0) firstMs = performance.now() - signalled;
    if (watcher && Date.now() - sampled > 200) {
      sampled = Date.now();
      // The servers' own connections: the watcher's and the autovacuum workers' are left out.
      const { rows } = await watcher.query<{ open: number; active: number }>(
        `SELECT count(*)::int AS open, (count(*) FILTER (WHERE state <> 'idle'))::int AS active
           FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
             AND backend_type = 'client backend'`,
      );
      connections.open = Math.max(connections.open, rows[0]!.open);
      connections.active = Math.max(connections.active, rows[0]!.active);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const lastMs = performance.now() - signalled;
  const cpuMs = servers.map((server, k) => (cpuTimeUs(server.pid) - cpuBefore[k]!) / 1000);
  const machineAfter = machineCpuUs();
  const own = process.cpuUsage(ownBefore);
  const ownMs = (own.user + own.system) / 1000;
  const busyMs = (machineAfter.busy - machineBefore.busy) / 1000;
  const cores = os.cpus().length;
  const busyShare = (machineAfter.busy - machineBefore.busy) / (machineAfter.all - machineBefore.all);
  await watcher?.end();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = servers.map((server) => memoryOf(server.pid));
  const recipients = channel.recipients();
  const requests = recipients.length + channel.refused();
  const perSubscriber = new Map<string, number>();
  for (const recipient of recipients) perSubscriber.set(recipient, (perSubscriber.get(recipient) ?? 0) + 1);
  const totalCpuMs = cpuMs.reduce((sum, ms) => sum + ms, 0);
  console.log(
    `${CHANNEL}: ${COUNT} subscriptions; ${ENGINE}, ${MACHINES} machine(s) of one worker, stand-in delay ${DELAY_MS} ms; ` +
      `delivered to ${perSubscriber.size}; refused ${channel.refused()}`,
  );
  console.log(
    `SIGHUP → first delivery ${firstMs?.toFixed(0)} ms, → last ${lastMs.toFixed(0)} ms ` +
      `(${((COUNT / lastMs) * 1000).toFixed(0)} messages/s); servers' CPU ${cpuMs.map((ms) => ms.toFixed(0)).join(' + ')} ms ` +
      `(${((totalCpuMs * 1000) / COUNT).toFixed(0)} µs per message)`,
  );
  // What else ran meanwhile: the stand-in (this process) and the rest (PostgreSQL, the system).
  console.log(
    `machine busy ${(busyShare * 100).toFixed(0)} % of ${cores} cores over the fan-out; CPU per message: ` +
      `servers ${((totalCpuMs * 1000) / COUNT).toFixed(0)} µs, stand-in ${((ownMs * 1000) / COUNT).toFixed(0)} µs, ` +
      `the rest ${(((busyMs - totalCpuMs - ownMs) * 1000) / COUNT).toFixed(0)} µs`,
  );
  servers.forEach((_, k) =>
    console.log(
      `sender ${k + 1} RSS ${before[k]!.rssMb.toFixed(1)} MB before, peak ${after[k]!.peakMb.toFixed(1)} MB ` +
        `(peak before the alert ${before[k]!.peakMb.toFixed(1)} MB)`,
    ),
  );
  if (database)
    console.log(
      `PostgreSQL connections of the servers: at most ${connections.open} open, ${connections.active} in use at once`,
    );
  console.log(
    `messages per subscription ${(requests / COUNT).toFixed(3)} ` +
      `(max to one subscription ${Math.max(...perSubscriber.values())}); ` +
      `connections opened ${channel.connections()}`,
  );
  if (perSubscriber.size !== COUNT || requests !== COUNT) process.exitCode = 1;
} finally {
  for (const server of servers) await server.stop();
  await channel.stop();
  await database?.stop();
  await rm(temp, { recursive: true, force: true });
}
