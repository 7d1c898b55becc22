import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { simpleParser } from 'mailparser';
import { openStore } from '../../server/store/index.js';
import { buildServer } from './helpers/build.js';
import { storeActiveWebhook, storeConfirmedEmail, writeReset } from '../helpers/alerts.js';
import { eventually } from '../helpers/wait.js';
import { copyContent, DEMO_FIXTURE, ROOT } from '../helpers/fixtures.js';
import { commandLine, outputOf, runToEnd } from '../helpers/run.js';
import { startSmtpServer } from '../helpers/smtp-server.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';
import { usingCluster } from '../helpers/with-server.js';

const MATCHING = 600;
const OTHERS = 50;
const MAILS = 300;
const OTHER_MAILS = 20;
const SECRET = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;

test('webhooks and addresses on a PM2 cluster get a published reset once each across a kill -9 of the sender; a copy only for what was in flight, under the same webhook-id or Message-ID', async (t) => {
  t.timeout(240_000);
  await buildServer();
  // A little latency per answer, as a receiver's own work takes: the fan-out lasts long enough to be cut.
  const receiver = await startWebhookReceiver(SECRET, { delayMs: 20 });
  const smtp = await startSmtpServer({ delayMs: 20 });
  const content = await copyContent(DEMO_FIXTURE);
  const data = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-webhooks-pm2-'));
  const db = path.join(data, 'alerts.sqlite');
  // Webhooks and addresses as registration and confirmation leave them, before the cluster starts.
  const store = await openStore(db);
  const others = { audience: 'team', window: 'five_hour' } as const;
  for (let n = 0; n < MATCHING; n += 1) await storeActiveWebhook(store, receiver.origin, SECRET, n);
  for (let n = MATCHING; n < MATCHING + OTHERS; n += 1)
    await storeActiveWebhook(store, receiver.origin, SECRET, n, others);
  for (let n = 0; n < MAILS; n += 1) await storeConfirmedEmail(store, n);
  for (let n = MAILS; n < MAILS + OTHER_MAILS; n += 1) await storeConfirmedEmail(store, n, others);
  await store.close();
  const env = {
    CONTENT_DIR: content.dir,
    ALERTS_DB: db,
    ALERTS_WEBHOOKS: 'on',
    ALERTS_WEBHOOK_ORIGINS: receiver.origin,
    SMTP_URL: smtp.url,
    ALERTS_EMAIL_FROM: 'Reset Tracker <alerts@tracker.test>',
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
      await writeReset(content.dir, {
        day: '2026-11-21',
        slug: 'webhooks-weekly',
        plans: ['pro', 'max'],
        windows: ['weekly'],
      });
      t.regex(
        await cli('tools/content-publish.ts', '--dir', content.dir),
        /now serving revision \S+ on all 2 workers/,
      );

      // A sender is killed twice: while webhooks are being sent, then (another process holding
      // claims) while mails are, so each channel's messages in flight are cut.
      const reader = await openStore(db);
      const killed: string[] = [];
      const alive = async () =>
        (await reader.claims.claimHolders()).filter((holder) => !killed.includes(holder));
      const killHolder = async (what: string, sent: () => number, of: number) => {
        t.true(
          await eventually(async () => sent() >= of * 0.3 && (await alive()).length > 0, { timeout: 60_000 }),
          `the ${what} fan-out started`,
        );
        const holder = (await alive())[0]!;
        process.kill(Number(holder.split(':')[1]), 'SIGKILL');
        killed.push(holder);
        const atKill = sent();
        t.true(atKill < of, `killed mid-fan-out (${atKill} of ${of} ${what})`);
        t.log(`killed ${holder} at ${atKill} of ${of} ${what}`);
      };
      await killHolder('webhooks', () => receiver.received.length, MATCHING);
      await killHolder('mails', () => smtp.received.length, MAILS);

      const paths = () => new Set(receiver.received.map((message) => message.path));
      const addresses = () => new Set(smtp.received.flatMap((mail) => mail.envelope.to));
      t.true(
        await eventually(() => paths().size >= MATCHING && addresses().size >= MAILS, { timeout: 90_000 }),
        `${receiver.received.length} webhooks and ${smtp.received.length} mails delivered`,
      );
      t.true(
        await eventually(async () => (await reader.deliveries.pendingAlerts()).length === 0, {
          timeout: 60_000,
        }),
        'the sender recorded the alert finished',
      );
      const byPath = new Map<string, typeof receiver.received>();
      for (const message of receiver.received)
        byPath.set(message.path, [...(byPath.get(message.path) ?? []), message]);
      for (let n = 0; n < MATCHING; n += 1) t.true(byPath.has(`/hook/${n}`), `/hook/${n} got it`);
      for (let n = MATCHING; n < MATCHING + OTHERS; n += 1)
        t.false(byPath.has(`/hook/${n}`), `/hook/${n} has other filters`);
      const twice = [...byPath.values()].filter((messages) => messages.length > 1);
      for (const copies of twice) {
        t.is(copies.length, 2);
        t.is(copies[0]!.id, copies[1]!.id, 'the same webhook-id: the receiver takes it once');
        t.is(copies[0]!.body, copies[1]!.body, 'the same body');
      }
      t.deepEqual(receiver.refused, [], 'every message verified');

      const byAddress = new Map<string, string[]>();
      for (const mail of smtp.received) {
        const parsed = await simpleParser(mail.raw);
        for (const to of mail.envelope.to)
          byAddress.set(to, [...(byAddress.get(to) ?? []), parsed.messageId ?? '']);
      }
      for (let n = 0; n < MAILS; n += 1)
        t.true(byAddress.has(`reader-${n}@example.org`), `reader-${n} got it`);
      for (let n = MAILS; n < MAILS + OTHER_MAILS; n += 1)
        t.false(byAddress.has(`reader-${n}@example.org`), `reader-${n} has other filters`);
      const mailedTwice = [...byAddress.values()].filter((ids) => ids.length > 1);
      for (const ids of mailedTwice) {
        t.is(ids.length, 2);
        t.truthy(ids[0]);
        t.is(ids[0], ids[1], 'the same Message-ID: the mailbox shows it once');
      }
      t.log(`${twice.length} webhook(s) and ${mailedTwice.length} address(es) got a second copy`);
      t.true(
        twice.length + mailedTwice.length <= 64,
        'at most the messages in flight (32 per killed sender, every channel together) get a second copy',
      );

      t.deepEqual(await reader.claims.claimHolders(), [], 'no claim is left open');
      const records = await reader.deliveries.allDeliveryCounts();
      t.is((records['delivered'] ?? 0) + (records['sent'] ?? 0), MATCHING + MAILS, JSON.stringify(records));
      await reader.close();
    });
  } finally {
    await receiver.stop();
    await smtp.stop();
    await content.dispose();
    await rm(data, { recursive: true, force: true });
  }
});
