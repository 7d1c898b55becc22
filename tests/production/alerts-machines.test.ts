import test from 'ava';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { generateVapidKeys } from '../../tools/vapid-keys.js';
import { SENDER_DEFAULTS } from '../../server/alerts/sender.js';
import { openStore } from '../../server/store/index.js';
import { buildServer } from './helpers/build.js';
import { startNginx } from './helpers/nginx.js';
import type { Cluster } from './helpers/pm2.js';
import { startCluster } from './helpers/pm2.js';
import {
  storeActiveWebhook,
  storeConfirmedEmail,
  subscribe,
  vapidEnv,
  writeReset,
} from '../helpers/alerts.js';
import { eventually } from '../helpers/wait.js';
import { copyContent, DEMO_FIXTURE, ROOT } from '../helpers/fixtures.js';
import { startPostgres } from '../helpers/postgres.js';
import type { Subscriber } from '../helpers/push-service.js';
import { alertsReceived, startPushService } from '../helpers/push-service.js';
import { commandLine, outputOf, runToEnd } from '../helpers/run.js';
import { startSmtpServer } from '../helpers/smtp-server.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';
import { echo } from '../helpers/webhooks-server.js';

/** Push subscriptions made through each way in (machine A, machine B, nginx in front of both). */
const PUSH_EACH = 600;
const PUSH_OTHERS_EACH = 30;
const HOOKS = 300;
const MAILS = 150;
const OTHERS = { audience: 'team', window: 'five_hour' } as const;
const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
/** Messages in flight at once on one worker. */
const LANES = SENDER_DEFAULTS.concurrency;
/**
 * A database restart this short leaves every claim held: the workers renew theirs every second while
 * busy, and a claim lapses `SENDER_DEFAULTS.leaseMs` (10 s) after its last renewal; the margin is for
 * the pools to reconnect and renew. A longer one lets other senders take the claims over and send
 * again what each worker had in flight (docs/operations.md §12, "PostgreSQL").
 */
const RESTART_WITHIN_CLAIMS_MS = SENDER_DEFAULTS.leaseMs - 3000;
const WORKERS = 4;

test('two machines on one PostgreSQL behind nginx: subscriptions through either, one alert to each across a kill -9 of a sender and a database restart', async (t) => {
  t.timeout(360_000);
  await buildServer();
  const vapid = generateVapidKeys();
  // Each stand-in takes a while per message, as the real ones do: the fan-out lasts long enough to cut.
  const push = await startPushService(vapid.publicKey, { delayMs: 400 });
  const secrets = new Map<string, string>();
  const receiver = await startWebhookReceiver(
    // Those registered here are known once their registration answers; their check comes before.
    (at) => (at.startsWith('/hook/http-') ? secrets.get(at) : SECRET),
    { delayMs: 100 },
  );
  const smtp = await startSmtpServer({ delayMs: 20 });
  const database = await startPostgres('alerts');
  const content = await copyContent(DEMO_FIXTURE);
  const env = {
    ...vapidEnv(vapid),
    CONTENT_DIR: content.dir,
    ALERTS_DATABASE_URL: database.url,
    ALERTS_PUSH_HOSTS: push.origin,
    ALERTS_WEBHOOKS: 'on',
    ALERTS_WEBHOOK_ORIGINS: receiver.origin,
    SMTP_URL: smtp.url,
    ALERTS_EMAIL_FROM: 'Reset Tracker <alerts@tracker.test>',
    TRUST_PROXY_HOPS: '1',
  };
  const clusters: Cluster[] = [];
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  const store = await openStore(database.url);
  try {
    // Webhooks and addresses as registration and confirmation leave them, written before the machines start.
    for (let n = 0; n < HOOKS; n += 1) await storeActiveWebhook(store, receiver.origin, SECRET, n);
    for (let n = HOOKS; n < HOOKS + 30; n += 1)
      await storeActiveWebhook(store, receiver.origin, SECRET, n, OTHERS);
    for (let n = 0; n < MAILS; n += 1) await storeConfirmedEmail(store, n);
    for (let n = MAILS; n < MAILS + 20; n += 1) await storeConfirmedEmail(store, n, OTHERS);

    // Two machines: a PM2 cluster of two workers each, on ports of their own, sharing the database.
    clusters.push(await startCluster({ instances: 2, env }));
    clusters.push(await startCluster({ instances: 2, env }));
    const [a, b] = clusters as [Cluster, Cluster];
    nginx = await startNginx([new URL(a.url).host, new URL(b.url).host]);
    const front = nginx.url;
    const pidsOf = async (cluster: Cluster) => (await cluster.workers()).map((worker) => worker.pid);
    const machineOf = new Map<number, string>();
    for (const pid of await pidsOf(a)) machineOf.set(pid, 'A');
    for (const pid of await pidsOf(b)) machineOf.set(pid, 'B');

    // Push subscriptions through each machine and through nginx, in batches.
    const subscribeMany = async (
      url: string,
      count: number,
      filters: { audience?: string; window?: string },
    ) => {
      const made: Subscriber[] = Array.from({ length: count }, () => push.subscriber());
      for (let i = 0; i < made.length; i += 50)
        await Promise.all(
          made.slice(i, i + 50).map(async (subscriber) => {
            const response = await subscribe(url, subscriber, filters);
            if (response.status !== 201) throw new Error(`subscribing at ${url} answered ${response.status}`);
          }),
        );
      return made;
    };
    const matching: Subscriber[] = [];
    const others: Subscriber[] = [];
    for (const url of [a.url, b.url, front]) {
      matching.push(...(await subscribeMany(url, PUSH_EACH / 2, {})));
      matching.push(...(await subscribeMany(url, PUSH_EACH / 2, { audience: 'pro', window: 'weekly' })));
      others.push(...(await subscribeMany(url, PUSH_OTHERS_EACH, OTHERS)));
    }

    // A webhook registered through each machine (its check answered), an address asked for through
    // one machine and confirmed through the other.
    for (const [name, url] of [
      ['a', a.url],
      ['b', b.url],
    ] as const) {
      receiver.next(echo);
      const registered = await fetch(`${url}/alerts/webhooks`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: `${receiver.origin}/hook/http-${name}`, audience: 'max' }),
      });
      t.is(registered.status, 201, `registered through machine ${name.toUpperCase()}`);
      const body = (await registered.json()) as { status: string; secret: string };
      t.is(body.status, 'active');
      secrets.set(`/hook/http-${name}`, body.secret);
    }
    for (const [name, askAt, confirmAt] of [
      ['a', a.url, b.url],
      ['b', b.url, front],
    ] as const) {
      const email = `http-${name}@example.org`;
      const asked = await fetch(`${askAt}/alerts/email`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, window: 'weekly' }),
      });
      t.is(asked.status, 202);
      t.true(await eventually(() => smtp.received.some((mail) => mail.envelope.to.includes(email))));
      const mail = await simpleParser(smtp.received.find((one) => one.envelope.to.includes(email))!.raw);
      const link = /https?:\/\/\S+\/alerts\/email\/confirm\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
      t.truthy(link, 'the confirmation mail has its link');
      const { pathname, search } = new URL(link!);
      const confirmed = await fetch(`${confirmAt}${pathname}${search}`, { method: 'POST' });
      t.is(confirmed.status, 200, `${email} confirmed on the other machine`);
    }
    const confirmations = smtp.received.length;
    const hookPaths = [
      ...Array.from({ length: HOOKS }, (_, n) => `/hook/${n}`),
      '/hook/http-a',
      '/hook/http-b',
    ];
    const addresses = [
      ...Array.from({ length: MAILS }, (_, n) => `reader-${n}@example.org`),
      'http-a@example.org',
      'http-b@example.org',
    ];
    const all = matching.length + hookPaths.length + addresses.length;
    // Alerts only: each browser subscription's welcome came before, as it was stored.
    const sent = () =>
      alertsReceived(push).length + receiver.received.length + smtp.received.length - confirmations;

    // The curator publishes the same content on each machine.
    await writeReset(content.dir, {
      day: '2026-11-24',
      slug: 'two-machines',
      plans: ['pro', 'max'],
      windows: ['weekly'],
    });
    // (at once: the first machine's workers start sending while the second reloads, so the watch below
    // starts now).
    const published = Promise.all(
      clusters.map(async (cluster) => {
        const done = await runToEnd(
          process.execPath,
          [...commandLine('tools/content-publish.ts'), '--dir', content.dir],
          {
            cwd: ROOT,
            env: { ...process.env, ...env, PM2_HOME: cluster.home, PORT: new URL(cluster.url).port },
            timeout: 60_000,
          },
        );
        t.is(done.code, 0, outputOf(done));
        t.regex(done.stdout, /now serving revision \S+ on all 2 workers/);
      }),
    );

    // Mid fan-out, a worker holding claims is killed outright.
    const holders = async () => await store.claims.claimHolders();
    t.true(
      await eventually(async () => sent() >= all * 0.2 && (await holders()).length > 0, { timeout: 120_000 }),
      'the fan-out started',
    );
    const holder = (await holders())[0]!;
    const killed = Number(holder.split(':')[1]);
    process.kill(killed, 'SIGKILL');
    const atKill = sent();
    t.log(`killed worker ${killed} of machine ${machineOf.get(killed)} at ${atKill} of ${all} messages`);
    t.true(atKill < all, 'killed mid fan-out');
    // PM2 starts a worker in its place, serving (its sender running: the alerts start before the
    // server listens) before the database stops: one starting while it is down could not open the
    // store, and would die and be restarted again.
    const listening = async () =>
      new Set(
        (await Promise.all(clusters.map(async (cluster) => await cluster.log())))
          .flat()
          .filter((line) => line.msg === 'listening')
          .map((line) => line.pid),
      );
    t.true(
      await eventually(
        async () => {
          const workers = (
            await Promise.all(clusters.map(async (cluster) => await cluster.workers()))
          ).flat();
          const serving = await listening();
          return (
            workers.length === WORKERS &&
            workers.every((worker) => worker.status === 'online' && serving.has(worker.pid))
          );
        },
        { timeout: 60_000, interval: 100 },
      ),
      'a new worker serves in place of the killed one',
    );
    t.log(`a new worker served at ${sent()} of ${all} messages`);

    // Then the database restarts: nothing is sent while it is down (no message leaves without its
    // record), and the fan-out goes on once it is back.
    t.true(await eventually(() => sent() >= all * 0.45, { timeout: 120_000 }), 'the fan-out went on');
    const haltedAt = Date.now();
    await database.halt();
    const atHalt = sent();
    t.true(atHalt < all, `the database stopped mid fan-out (${atHalt} of ${all})`);
    // Meanwhile the site is served; subscribing gets a 503 to retry later and changes nothing.
    const status = await fetch(`${front}/api/v1/status`);
    t.is(status.status, 200, 'the status answers while the database is down');
    const refused = await subscribe(front, push.subscriber());
    t.is(refused.status, 503);
    t.truthy(refused.headers.get('retry-after'), 'the refusal says when to try again');
    t.like(await refused.json(), { status: 503, code: 'alerts_unavailable' });
    // The absence is read once every sender has found the store down: each online worker has
    // logged a pass that failed since the halt, so a delivery any of them began after it found no
    // record to write, and only what was in flight could still arrive.
    const failedSinceHalt = async () => {
      const lines = (await Promise.all(clusters.map(async (cluster) => await cluster.log()))).flat();
      return new Set(
        lines
          .filter(
            (line) => line.msg === 'alerts: sending failed' && Date.parse(String(line['time'])) >= haltedAt,
          )
          .map((line) => line.pid),
      );
    };
    const online = (await Promise.all(clusters.map(async (cluster) => await pidsOf(cluster)))).flat();
    t.true(
      await eventually(
        async () => {
          const failed = await failedSinceHalt();
          return online.every((pid) => failed.has(pid));
        },
        { interval: 250 },
      ),
      `each sender found the database down (${online.length} workers)`,
    );
    const whileDown = sent() - atHalt;
    t.log(`the database was down from ${atHalt} of ${all} messages; ${whileDown} arrived meanwhile`);
    t.true(whileDown <= WORKERS * LANES, 'at most what was in flight arrived while it was down');
    await database.start();
    const downMs = Date.now() - haltedAt;
    t.log(`the database was back after ${downMs} ms`);
    await published;

    const pushed = () => new Set(alertsReceived(push).map((message) => message.subscriber));
    const hooked = () => new Set(receiver.received.map((message) => message.path));
    const mailed = () => new Set(smtp.received.slice(confirmations).flatMap((mail) => mail.envelope.to));
    const everyoneGotIt = await eventually(
      () => {
        // Each set made once a look: the stand-ins answering the senders share this process.
        const [pushes, hooks, mails] = [pushed(), hooked(), mailed()];
        return (
          matching.every((subscriber) => pushes.has(subscriber.id)) &&
          hookPaths.every((at) => hooks.has(at)) &&
          addresses.every((address) => mails.has(address))
        );
      },
      { timeout: 120_000, interval: 500 },
    );
    if (!everyoneGotIt) {
      // What the store recorded tells a delivery that failed (and why) from one never made.
      t.log(`deliveries recorded, by outcome: ${JSON.stringify(await store.deliveries.allDeliveryCounts())}`);
      const alerts = await store.ledger.alertCount();
      for (let id = 1; id <= alerts; id += 1)
        t.log(`alert ${id}, failures: ${JSON.stringify((await store.deliveries.failures(id)).slice(0, 12))}`);
    }
    t.true(
      everyoneGotIt,
      `every matching subscription got it (${pushed().size} of ${matching.length} pushes, ${hooked().size} of ` +
        `${hookPaths.length} webhooks, ${mailed().size} of ${addresses.length} mails)`,
    );
    t.true(
      await eventually(async () => (await store.deliveries.pendingAlerts()).length === 0, {
        timeout: 60_000,
      }),
      'the alert was recorded finished',
    );

    // None of the others got anything; a second copy only of what the killed worker had in flight,
    // the same message: the same Topic, webhook-id or Message-ID.
    t.deepEqual(
      others.filter((subscriber) => pushed().has(subscriber.id)),
      [],
      'no push subscription with other filters got it',
    );
    t.deepEqual(
      [...hooked()].filter((at) => !hookPaths.includes(at)),
      [],
      'no webhook with other filters got it',
    );
    t.deepEqual(
      [...mailed()].filter((address) => !addresses.includes(address)),
      [],
      'no address with other filters got it',
    );
    const copies = new Map<string, string[]>();
    const count = (key: string, id: string) => copies.set(key, [...(copies.get(key) ?? []), id]);
    for (const message of alertsReceived(push))
      count(`push ${message.subscriber}`, String(message.headers['topic']));
    for (const message of receiver.received) count(`webhook ${message.path}`, message.id);
    for (const mail of smtp.received.slice(confirmations)) {
      const { messageId } = await simpleParser(mail.raw);
      for (const to of mail.envelope.to) count(`email ${to}`, messageId ?? '');
    }
    const twice = [...copies].filter(([, ids]) => ids.length > 1);
    for (const [key, ids] of twice)
      t.true(ids[0] !== '' && ids.every((id) => id === ids[0]), `${key}: ${ids.join(', ')}`);
    t.log(`${twice.length} subscription(s) got a second copy: ${twice.map(([key]) => key).join('; ')}`);
    if (downMs < RESTART_WITHIN_CLAIMS_MS)
      t.true(twice.length <= LANES, 'at most the killed worker’s messages in flight went twice');
    else
      t.true(
        twice.length <= LANES + WORKERS * LANES,
        'at most what the killed worker, and each worker at the restart, had in flight went twice',
      );
    t.deepEqual(receiver.refused, [], 'every webhook message verified');

    // Every record written; both machines sent a share; one worker died, and only the one killed.
    const counts = await store.deliveries.allDeliveryCounts();
    t.is(counts['failed'] ?? 0, 0, JSON.stringify(counts));
    t.is(
      Object.values(counts).reduce((sum, n) => sum + n, 0),
      all,
      `one record per subscription: ${JSON.stringify(counts)}`,
    );
    t.deepEqual(await store.claims.claimHolders(), [], 'no claim is left open');
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ holder: string }>('SELECT holder FROM claims');
    await client.end();
    const claimedBy = new Set(
      rows.map((row) => machineOf.get(Number(row.holder.split(':')[1])) ?? 'a new worker'),
    );
    t.log(`${rows.length} claims, sent by machines ${[...claimedBy].sort().join(', ')}`);
    t.true(claimedBy.has('A') && claimedBy.has('B'), 'each machine sent a share');
    const restarts = (await Promise.all(clusters.map(async (cluster) => await cluster.workers()))).flat();
    t.is(
      restarts.reduce((sum, worker) => sum + worker.restarts, 0),
      1,
      'PM2 restarted the killed worker and no other (none crashed on the database restart)',
    );
    // The store ends the alert before its sender logs it (the counts are one more read).
    const ends = async () =>
      (await Promise.all(clusters.map(async (cluster) => await cluster.log())))
        .flat()
        .filter((line) => line.msg === 'alerts: sent').length;
    t.true(await eventually(async () => (await ends()) > 0), 'a sender logged the end');
    t.is(await ends(), 1, 'the alert was finished once');
  } finally {
    await store.close();
    await nginx?.stop();
    for (const cluster of clusters) await cluster.stop();
    await database.stop();
    await push.stop();
    await receiver.stop();
    await smtp.stop();
    await content.dispose();
  }
});
