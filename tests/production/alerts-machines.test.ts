import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { generateVapidKeys } from '../../server/alerts/push.js';
import { openAlertStore } from '../../server/alerts/store/index.js';
import { startNginx } from './helpers/nginx.js';
import { writeReset } from '../helpers/alerts.js';
import { eventually } from '../helpers/wait.js';
import { copyContent, DEMO_FIXTURE } from '../helpers/fixtures.js';
import { startPushService } from '../helpers/push-service.js';
import { startServer } from '../helpers/with-server.js';

test('past one machine, nginx sends /alerts/ to the machine with the store, and only it alerts', async (t) => {
  t.timeout(60_000);
  const vapid = generateVapidKeys();
  const push = await startPushService(vapid.publicKey);
  const content = await copyContent(DEMO_FIXTURE);
  const data = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-alerts-machines-'));
  const keys = {
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    ALERTS_PUSH_HOSTS: push.origin,
  };
  // Machine A holds the alerts' store and sends; machine B serves everything else, with the same keys
  // (its pages offer the control) and ALERTS_SENDER=off.
  const storeA = path.join(data, 'a.sqlite');
  const storeB = path.join(data, 'b.sqlite');
  const a = await startServer({ content: content.dir, env: { ...keys, ALERTS_DB: storeA } });
  const b = await startServer({
    content: content.dir,
    env: { ...keys, ALERTS_DB: storeB, ALERTS_SENDER: 'off' },
  });
  const nginx = await startNginx(new URL(b.url).host, new URL(a.url).host);
  try {
    const subscriber = push.subscriber();
    const key = await fetch(`${nginx.url}/alerts/vapid-public-key`);
    t.is(key.status, 200);
    t.is(key.headers.get('x-cache-status'), null, 'not through the cache');
    // The email links' pages in every language go the same way (their own location), the pages not.
    for (const at of ['/alerts/email/confirm?token=x', '/ja/alerts/email/confirm?token=x']) {
      const page = await fetch(`${nginx.url}${at}`);
      t.is(page.status, 503, `${at}: email is off on these machines, and the page says so`);
      t.is(page.headers.get('x-cache-status'), null, `${at} not through the cache`);
    }
    t.not((await fetch(`${nginx.url}/ja/alerts`)).headers.get('x-cache-status'), null, 'a page is cached');
    const subscribed = await fetch(`${nginx.url}/alerts/subscriptions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ subscription: subscriber.subscription }),
    });
    t.is(subscribed.status, 201);
    const [onA, onB] = [await openAlertStore(storeA), await openAlertStore(storeB)];
    t.is(await onA.subscriptionCount(), 1, 'the subscription is on machine A');
    t.is(await onB.subscriptionCount(), 0, 'and not on machine B');

    // The curator publishes to both machines.
    await writeReset(content.dir, {
      day: '2026-11-20',
      slug: 'two-machines',
      plans: 'all',
      windows: ['weekly'],
    });
    t.true(await a.reload());
    t.true(await b.reload());
    t.true(await eventually(() => push.received.length === 1));
    // A marks its alert done once every message of it was answered: after that it sends no more
    // (B has no sender and no subscription to send to).
    t.true(
      await eventually(async () => (await onA.pendingAlerts()).length === 0),
      'machine A finished its alert',
    );
    t.is(push.received.length, 1, 'one message, from machine A');
    t.deepEqual(push.refused, []);
    await onA.close();
    await onB.close();
  } finally {
    await nginx.stop();
    await a.stop();
    await b.stop();
    await push.stop();
    await content.dispose();
    await rm(data, { recursive: true, force: true });
  }
});
