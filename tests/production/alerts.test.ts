import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { generateVapidKeys } from '../../tools/vapid-keys.js';
import { openStore } from '../../server/store/index.js';
import { buildServer } from './helpers/build.js';
import { editJson } from './helpers/content.js';
import { fetchAgainIfClosed } from './helpers/http.js';
import { waitForWorkers } from './helpers/pm2.js';
import { writeReset } from '../helpers/alerts.js';
import { eventually } from '../helpers/wait.js';
import { copyContent, DEMO_FIXTURE, ROOT } from '../helpers/fixtures.js';
import type { Subscriber } from '../helpers/push-service.js';
import { alertsReceived, startPushService } from '../helpers/push-service.js';
import { commandLine, outputOf, runToEnd } from '../helpers/run.js';
import { usingCluster } from '../helpers/with-server.js';

const MATCHING = 1500;
const OTHERS = 100;

test('a published reset reaches every matching subscription on a PM2 cluster across a kill -9 of the sender, a copy only for what was in flight', async (t) => {
  t.timeout(240_000);
  await buildServer();
  const vapid = generateVapidKeys();
  // A little latency per message, as a real push service has: the fan-out lasts long enough to be cut.
  const push = await startPushService(vapid.publicKey, { delayMs: 5 });
  const content = await copyContent(DEMO_FIXTURE);
  const data = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-alerts-pm2-'));
  const db = path.join(data, 'alerts.sqlite');
  const env = {
    CONTENT_DIR: content.dir,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:alerts@example.org',
    ALERTS_DB: db,
    ALERTS_PUSH_HOSTS: push.origin,
  };
  try {
    await usingCluster({ instances: 2, env }, async (cluster) => {
      const cli = async (file: string, ...args: string[]) => {
        const done = await runToEnd(process.execPath, [...commandLine(file), ...args], {
          cwd: ROOT,
          env: { ...process.env, ...env, PM2_HOME: cluster.home, PORT: new URL(cluster.url).port },
          timeout: 60_000,
        });
        t.is(done.code, 0, outputOf(done));
        return done.stdout;
      };
      const subscribers = async (count: number, filters: object) => {
        const made: Subscriber[] = [];
        for (let i = 0; i < count; i += 1) made.push(push.subscriber());
        for (let i = 0; i < made.length; i += 50) {
          await Promise.all(
            made.slice(i, i + 50).map(async (subscriber, index) => {
              const response = await fetchAgainIfClosed(`${cluster.url}/alerts/subscriptions`, {
                method: 'POST',
                headers: { 'Content-Type': 'application/json' },
                body: JSON.stringify({ subscription: subscriber.subscription, ...filters }),
              }).catch((error: Error) => {
                // fetch says only "fetch failed": what failed is its cause (a reset, a refusal, a time-out).
                const cause = error.cause as { code?: string; message?: string } | undefined;
                throw new Error(
                  `subscription ${i + index + 1} of ${count}: ${error.message}: ${cause?.code ?? ''} ${cause?.message ?? ''}`,
                  { cause: error },
                );
              });
              if (response.status !== 201) throw new Error(`subscribing answered ${response.status}`);
            }),
          );
        }
        return made;
      };
      const matching = [
        ...(await subscribers(MATCHING / 2, {})),
        ...(await subscribers(MATCHING / 2, { audience: 'pro', window: 'weekly' })),
      ];
      const others = await subscribers(OTHERS, { audience: 'team', window: 'five_hour' });
      // Each was stored once its push service took its welcome; below, only alerts are counted.
      t.is(push.received.filter((message) => message.welcome).length, MATCHING + OTHERS, 'one welcome each');
      const count = (subscriber: Subscriber) => alertsReceived(push, subscriber).length;

      // A new confirmed reset for Pro and Max, weekly, published as a curator does.
      const id = await writeReset(content.dir, {
        day: '2026-11-20',
        slug: 'pro-max-weekly',
        plans: ['pro', 'max'],
        windows: ['weekly'],
      });
      t.regex(
        await cli('tools/alerts-preview.ts', '--dir', content.dir),
        new RegExp(`confirmed: ${id} .* → ${MATCHING} subscription`),
      );
      t.regex(
        await cli('tools/content-publish.ts', '--dir', content.dir),
        /now serving revision \S+ on all 2 workers/,
      );

      // Mid-fan-out, a process holding claims on it is killed outright (both workers send).
      const reader = await openStore(db);
      t.true(
        await eventually(
          async () =>
            alertsReceived(push).length >= MATCHING * 0.3 && (await reader.claims.claimHolders()).length > 0,
          { timeout: 60_000 },
        ),
        'the fan-out started',
      );
      const holder = (await reader.claims.claimHolders())[0] ?? '';
      const pid = Number(holder.split(':')[1]);
      process.kill(pid, 'SIGKILL');
      const atKill = alertsReceived(push).length;
      t.true(atKill < MATCHING, `killed mid-fan-out (${atKill} of ${MATCHING} delivered)`);

      // Its claims expire and the other worker (or its replacement) takes them over.
      t.true(
        await eventually(
          () => new Set(alertsReceived(push).map((message) => message.subscriber)).size >= MATCHING,
          {
            timeout: 90_000,
          },
        ),
        `${alertsReceived(push).length} delivered`,
      );
      // The new holder marks the alert done only once every message of it has been answered: after
      // that no copy is still on its way.
      t.true(
        await eventually(async () => (await reader.deliveries.pendingAlerts()).length === 0, {
          timeout: 60_000,
        }),
        'the sender recorded the alert finished',
      );
      // Each got it; a second copy only where the killed sender had handed a message over but not
      // yet heard the kernel took it (its record still `sending`): the same Topic and tag, which the
      // device shows as one notification (tests/browser/service-worker.test.ts).
      t.deepEqual(
        matching.filter((subscriber) => count(subscriber) === 0).map((subscriber) => subscriber.id),
        [],
        'every matching subscription got the alert',
      );
      const twice = matching.filter((subscriber) => count(subscriber) > 1);
      t.log(`${twice.length} subscription(s) got a second copy`);
      t.true(twice.length <= 32, 'at most the messages in flight (32) get a second copy');
      for (const subscriber of twice) {
        const copies = alertsReceived(push, subscriber);
        t.is(copies.length, 2, subscriber.id);
        t.is(copies[0]!.headers.topic, copies[1]!.headers.topic, 'the same Topic');
        t.is(copies[0]!.payload, copies[1]!.payload, 'the same alert and tag');
      }
      t.is(
        others.filter((subscriber) => count(subscriber) > 0).length,
        0,
        'no subscription of other filters got it',
      );
      t.deepEqual(push.refused, []);
      t.false((await reader.claims.claimHolders()).includes(holder), 'the killed process holds nothing');
      t.is((await waitForWorkers(cluster, 2)).size, 2, 'PM2 replaced the killed worker');
      // One record per subscription: delivered, or `sent` for those in flight when the sender died
      // (the kernel had them; their answer went with the process).
      const records = await reader.deliveries.allDeliveryCounts();
      t.log(`records: ${JSON.stringify(records)}`);
      t.is((records['delivered'] ?? 0) + (records['sent'] ?? 0), MATCHING, JSON.stringify(records));
      t.true((records['sent'] ?? 0) <= 32, JSON.stringify(records));

      // The workers' log names push services, never an endpoint or the private key.
      // The store ends the alert before its sender logs it (the counts are one more read).
      t.true(
        await eventually(async () => JSON.stringify(await cluster.log()).includes('alerts: sent')),
        'the fan-out was logged',
      );
      const log = JSON.stringify(await cluster.log());
      t.true(log.includes('alerts: a claim another sender left is taken over'), 'its claims were taken over');
      t.false(log.includes(vapid.privateKey), 'no private key in the log');
      t.false(log.includes(`${push.origin}/push/`), 'no endpoint in the log');

      // Backfill and a silent correction send nothing.
      const before = alertsReceived(push).length;
      const drafted = await cli(
        'tools/content-new.ts',
        'https://wrenquill.example/changelog/late',
        '--kind',
        'usage_reset',
        '--status',
        'confirmed',
        '--title',
        'A late entry',
        '--plans',
        'all',
        '--windows',
        'weekly',
        '--no-alert',
        '--dir',
        content.dir,
      );
      // The curator fills in what the draft leaves open.
      const late = /alerts: none will be sent for (\S+) revision 1/.exec(drafted)?.[1] ?? '';
      await editJson(content.dir, `events/${late}.json`, (event) => {
        event['summary'] = 'A changelog entry found late.';
        event['allocation'] = 'subscription_usage';
        event['audience'] = { scope: 'broad', statement: 'All users, on every plan', plans: 'all' };
      });
      await cli(
        'tools/content-revise.ts',
        id,
        '--correct',
        'The summary said too little.',
        '--dir',
        content.dir,
      );
      t.regex(await cli('tools/alerts-preview.ts', '--dir', content.dir), /sends no alert/);
      const checked = await cli('tools/content-check.ts', '--dir', content.dir);
      t.notRegex(checked, /error/i);
      const alertsBefore = await reader.ledger.alertCount();
      t.regex(await cli('tools/content-publish.ts', '--dir', content.dir), /now serving revision/);
      // Every worker serving the new revision has recorded it in the ledger (in the same turn as it
      // loaded it): an alert it made is there now, and is done only once its messages were answered.
      t.is(await reader.ledger.alertCount(), alertsBefore, 'no alert was made');
      t.true(
        await eventually(async () => (await reader.deliveries.pendingAlerts()).length === 0),
        'no alert is left to send',
      );
      t.is(alertsReceived(push).length, before, 'nothing was sent for backfill or a silent correction');
      await reader.close();
    });
  } finally {
    await push.stop();
    await content.dispose();
    await rm(data, { recursive: true, force: true });
  }
});
