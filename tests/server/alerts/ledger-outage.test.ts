import test from 'ava';
import { generateVapidKeys } from '../../../tools/vapid-keys.js';
import { subscribe, vapidEnv, writeReset } from '../../helpers/alerts.js';
import { copyContent, DEMO_FIXTURE } from '../../helpers/fixtures.js';
import { startPostgres } from '../../helpers/postgres.js';
import { alertsReceived, startPushService } from '../../helpers/push-service.js';
import { eventually } from '../../helpers/wait.js';
import { usingServer } from '../../helpers/with-server.js';

test('a reset published while PostgreSQL is down is alerted once it is back, without a republish', async (t) => {
  const vapid = generateVapidKeys();
  const [database, push, content] = await Promise.all([
    startPostgres(),
    startPushService(vapid.publicKey),
    copyContent(DEMO_FIXTURE),
  ]);
  const env = {
    ...vapidEnv(vapid),
    ALERTS_DATABASE_URL: database.url,
    ALERTS_DATABASE_POOL: '2',
    ALERTS_PUSH_HOSTS: push.origin,
    ALERTS_RECORD_RETRY_MS: '200',
  };
  try {
    const log: string[] = [];
    const refusedRecords = () => log.filter((line) => line.includes('the ledger could not record')).length;
    await usingServer({ content: content.dir, env, log }, async (server) => {
      const subscriber = push.subscriber();
      t.is((await subscribe(server.url, subscriber)).status, 201);
      await database.halt();
      await writeReset(content.dir, {
        day: '2026-11-27',
        slug: 'in-the-outage',
        plans: 'all',
        windows: ['weekly'],
      });
      t.true(await server.reload(), 'the new content is served');
      // Waited for until the ledger has failed to record the set twice: once, and once more on retry.
      t.true(await eventually(() => refusedRecords() >= 2, { timeout: 10_000 }), 'the record was retried');
      t.is(alertsReceived(push).length, 0, 'nothing sent while the store is down');
      await database.start();
      t.true(
        await eventually(() => alertsReceived(push, subscriber).length > 0, { timeout: 10_000 }),
        'the alert reached the subscriber',
      );
    });
  } finally {
    await Promise.all([database.stop(), push.stop(), content.dispose()]);
  }
});
