import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { generateVapidKeys } from '../../../tools/vapid-keys.js';
import { openStore } from '../../../server/store/index.js';
import { vapidEnv } from '../../helpers/alerts.js';
import type { WebhookReceiver } from '../../helpers/webhook-receiver.js';
import { startWebhookReceiver } from '../../helpers/webhook-receiver.js';
import type { ServerEnv } from '../../helpers/with-server.js';
import { usingServer } from '../../helpers/with-server.js';

/**
 * The cap on webhooks, the write limits they share with browser subscriptions, and webhooks off. The
 * tests count what the one receiver got, so they run one at a time.
 */

let receiver: WebhookReceiver;
let data: string;
let files = 0;

test.before(async () => {
  receiver = await startWebhookReceiver(() => undefined);
  data = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-webhook-limits-'));
});
test.after.always(async () => {
  await receiver?.stop();
  await rm(data, { recursive: true, force: true });
});

function webhooksEnv(more: ServerEnv = {}): ServerEnv & { ALERTS_DB: string } {
  files += 1;
  return {
    ALERTS_WEBHOOKS: 'on',
    ALERTS_WEBHOOK_ORIGINS: receiver.origin,
    ALERTS_DB: path.join(data, `alerts-${files}.sqlite`),
    ...more,
  };
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}/alerts/webhooks`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

async function countIn(db: string): Promise<number> {
  const store = await openStore(db);
  try {
    return await store.webhooks.webhookCount();
  } finally {
    await store.close();
  }
}

test.serial(
  'past ALERTS_MAX_UNVERIFIED pending webhooks a new one is 503 subscriptions_full, nothing stored or sent',
  async (t) => {
    const env = webhooksEnv({ ALERTS_MAX_SUBSCRIPTIONS: '1', ALERTS_MAX_UNVERIFIED: '1' });
    await usingServer({ env }, async (server) => {
      t.is((await post(server.url, { url: `${receiver.origin}/first` })).status, 201);
      const sent = receiver.requests.length;
      const full = await post(server.url, { url: `${receiver.origin}/second` });
      t.is(full.status, 503);
      t.is(full.headers.get('retry-after'), '3600');
      t.like(await full.json(), { code: 'subscriptions_full' });
      t.is(receiver.requests.length, sent, 'no check is sent');
    });
    t.is(await countIn(env.ALERTS_DB), 1);
  },
);

test.serial(
  'webhook writes share the limits per address and per network with browser subscriptions',
  async (t) => {
    const env = webhooksEnv({
      ...vapidEnv(generateVapidKeys()),
      ALERTS_WRITES_PER_ADDRESS: '2',
      ALERTS_WRITES_PER_NETWORK: '3',
      TRUST_PROXY_HOPS: '1',
    });
    await usingServer({ env }, async (server) => {
      const from = (address: string) => ({ 'X-Forwarded-For': address });
      const statuses = async (address: string, count: number) => {
        const got: number[] = [];
        for (let index = 0; index < count; index += 1)
          got.push(
            (await post(server.url, { url: `${receiver.origin}/${address}/${index}` }, from(address))).status,
          );
        return got;
      };
      t.deepEqual(await statuses('203.0.113.1', 3), [201, 201, 429], 'two per address');
      t.deepEqual(await statuses('203.0.113.2', 2), [201, 429], 'three per /24 in all');
      const browser = await fetch(`${server.url}/alerts/subscriptions`, {
        method: 'DELETE',
        headers: { 'Content-Type': 'application/json', ...from('203.0.113.1') },
        body: JSON.stringify({ endpoint: 'https://push.example/x' }),
      });
      t.is(browser.status, 429, 'a browser subscription write counts against the same limit');
      const remove = await fetch(`${server.url}/alerts/webhooks/wh_x`, {
        method: 'DELETE',
        headers: from('203.0.113.3'),
      });
      t.is(remove.status, 429, 'a DELETE is a write too');
      t.is((await post(server.url, { url: `${receiver.origin}/x` }, from('198.51.100.1'))).status, 201);
    });
    t.is(await countIn(env.ALERTS_DB), 4);
  },
);

test.serial(
  'with webhooks off every webhook endpoint is 503 alerts_unavailable and nothing is stored',
  async (t) => {
    const vapid = generateVapidKeys();
    const db = path.join(data, 'push-only.sqlite');
    await usingServer({ env: { ...vapidEnv(vapid), ALERTS_DB: db } }, async (server) => {
      const answers = [
        await post(server.url, { url: `${receiver.origin}/off` }),
        await fetch(`${server.url}/alerts/webhooks/wh_x`, { headers: { Authorization: 'Bearer x' } }),
        await fetch(`${server.url}/alerts/webhooks/wh_x`, { method: 'DELETE' }),
      ];
      for (const answer of answers) {
        t.is(answer.status, 503);
        t.like(await answer.json(), { code: 'alerts_unavailable' });
      }
    });
    t.is(await countIn(db), 0);
    await usingServer({}, async (server) => {
      t.is((await post(server.url, { url: `${receiver.origin}/off` })).status, 503, 'alerts off altogether');
    });
  },
);
