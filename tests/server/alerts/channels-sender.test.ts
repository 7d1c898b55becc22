import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { alertPayload } from '../../../domain/alerts.js';
import { buildCatalog } from '../../../domain/catalog.js';
import { emailChannel } from '../../../server/alerts/email/channel.js';
import { createMailer } from '../../../server/outbound/smtp.js';
import { generateVapidKeys } from '../../../tools/vapid-keys.js';
import { pushChannel } from '../../../server/alerts/push/channel.js';
import { AlertSender } from '../../../server/alerts/sender.js';
import { hashToken } from '../../../server/alerts/token-hash.js';
import type { Store } from '../../../server/store/index.js';
import { openStore } from '../../../server/store/index.js';
import { webhookChannel, webhookMessageId } from '../../../server/alerts/webhooks/channel.js';
import { loadContent } from '../../../server/content/read-content.js';
import { BASE_URL, DEMO_FIXTURE } from '../../helpers/fixtures.js';
import { startPushService } from '../../helpers/push-service.js';
import { startSmtpServer } from '../../helpers/smtp-server.js';
import { eventually } from '../../helpers/wait.js';
import { startWebhookReceiver } from '../../helpers/webhook-receiver.js';

const vapid = { ...generateVapidKeys(), subject: 'mailto:alerts@tracker.test' };
const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

/** The demonstration set's first confirmed reset, and its record as the API serves it. */
async function anEvent() {
  const loaded = await loadContent(DEMO_FIXTURE);
  if (!loaded.ok) throw new Error('the demonstration set does not load');
  const catalog = buildCatalog(loaded.content, { origin: BASE_URL });
  const event = [...catalog.byId.values()].find(
    (candidate) => candidate.kind === 'usage_reset' && candidate.event_status === 'confirmed',
  )!;
  return { event, record: JSON.stringify(event) };
}

async function makeAlert(store: Store, key: string, payload: string, record: string): Promise<number> {
  await store.ledger.recordPublication(() => ({
    entries: [],
    alerts: [{ key, eventId: key, reason: 'confirmed', payload, record, matching: ['all/any'] }],
  }));
  return (await store.deliveries.pendingAlerts()).find((alert) => alert.key === key)!.id;
}

test('one alert goes once to every matching subscription of every channel, and to no other', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-channels-'));
  const store = await openStore(path.join(dir, 'alerts.sqlite'));
  const push = await startPushService(vapid.publicKey);
  const receiver = await startWebhookReceiver(SECRET);
  const smtp = await startSmtpServer();
  const sender = new AlertSender({
    store,
    channels: [
      pushChannel({ store, vapid, concurrency: 8 }),
      webhookChannel({ store, allowedOrigins: [receiver.origin] }),
      emailChannel({
        store,
        mailer: createMailer({ smtpUrl: smtp.url, from: 'alerts@tracker.test' }),
        origin: BASE_URL,
      }),
    ],
    logger: pino({ level: 'silent' }),
    pollMs: 50,
  });
  try {
    const subscribers = [push.subscriber(), push.subscriber()];
    for (const { subscription } of subscribers)
      await store.subscriptions.subscribe({
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
        audience: 'all',
        window: 'any',
        expiresAt: null,
      });
    const hook = async (n: number, audience: 'all' | 'team') => {
      const added = await store.webhooks.addWebhook({
        publicId: `wh_${n}`,
        url: `${receiver.origin}/hook/${n}`,
        kind: 'generic',
        secret: SECRET,
        tokenHash: `hash-${n}`,
        audience,
        window: 'any',
      });
      if (!('stored' in added)) throw new Error('not stored');
      return added.stored.id;
    };
    const matching = await hook(1, 'all');
    await store.webhooks.activateWebhook(matching);
    await store.webhooks.activateWebhook(await hook(2, 'team'));
    await hook(3, 'all'); // pending: never verified
    const ask = async (email: string, confirmHash: string) =>
      await store.emails.requestEmail({
        email,
        locale: 'ja',
        audience: 'all',
        window: 'any',
        confirmHash,
      });
    await ask('confirmed@example.org', 'c1');
    await ask('unconfirmed@example.org', 'c2');
    await store.emails.confirmEmail('c1');

    const { event, record } = await anEvent();
    const payload = JSON.stringify(alertPayload(event, 'confirmed'));
    // Made after the subscriptions: a clock tick apart, as the store compares instants.
    await eventually(
      async () => Date.now() > ((await store.webhooks.webhook('wh_1'))?.createdAt ?? Infinity),
    );
    const alert = await makeAlert(store, 'k1', payload, record);
    sender.start();
    t.true(
      await eventually(async () => (await store.deliveries.pendingAlerts()).length === 0, {
        timeout: 30_000,
      }),
      'the alert ends',
    );

    t.deepEqual(await store.deliveries.deliveryCounts(alert), { delivered: 4 });
    t.is(push.received.length, 2);
    t.is(receiver.received.length, 1, 'one webhook message: not the other filters, not the pending one');
    const [message] = receiver.received;
    t.is(message!.path, '/hook/1');
    t.is(message!.id, webhookMessageId('k1', matching));
    t.is(message!.type, 'reset.confirmed');
    t.deepEqual((JSON.parse(message!.body) as { data: unknown }).data, JSON.parse(record));
    t.is(smtp.received.length, 1, 'one mail: only the confirmed address');
    const mail = await simpleParser(smtp.received[0]!.raw);
    t.deepEqual(smtp.received[0]!.envelope.to, ['confirmed@example.org']);
    // mailparser gathers the List-* headers under `list`.
    const list = mail.headers.get('list') as { unsubscribe?: { url?: string } } | undefined;
    const token = /\/ja\/alerts\/email\/unsubscribe\?token=([\w-]{43})$/.exec(
      list?.unsubscribe?.url ?? '',
    )?.[1];
    t.truthy(token, 'a token of its own in the unsubscribe link');
    // The file and its write-ahead log, where the latest writes are.
    const dbFile = Buffer.concat(
      await Promise.all((await readdir(dir)).map((name) => readFile(path.join(dir, name)))),
    );
    t.false(dbFile.includes(token!), 'the store keeps no token');
    t.true(dbFile.includes(hashToken(token!, 'base64url')), 'only its hash');
    t.regex(
      smtp.received[0]!.raw.toString('utf8'),
      /^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m,
    );

    // A second look owes nothing more on any channel.
    t.deepEqual(await store.deliveries.owed(alert, 10), []);
    t.deepEqual(await store.webhooks.owedWebhooks(alert, 10), []);
    t.deepEqual(await store.emails.owedEmails(alert, 10), []);
    t.like(await store.webhooks.webhook('wh_1'), { failures: 0, lastStatus: 204 });
  } finally {
    await sender.stop();
    await store.close();
    await Promise.all([push.stop(), receiver.stop(), smtp.stop()]);
    await rm(dir, { recursive: true, force: true });
  }
});
