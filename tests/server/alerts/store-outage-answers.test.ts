import test from 'ava';
import { collectingLogger } from '../../helpers/logs.js';
import { generateVapidKeys } from '../../../tools/vapid-keys.js';
import { startPostgres } from '../../helpers/postgres.js';
import { startPushService } from '../../helpers/push-service.js';
import { startSmtpServer } from '../../helpers/smtp-server.js';
import { usingServer } from '../../helpers/with-server.js';

test('while PostgreSQL is down every alerts write is 503 with Retry-After, the form a page; the log says it twice', async (t) => {
  const vapid = generateVapidKeys();
  const [database, push, smtp] = await Promise.all([
    startPostgres(),
    startPushService(vapid.publicKey),
    startSmtpServer(),
  ]);
  const lines: { level: number; msg?: string; err?: unknown }[] = [];
  const env = {
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    ALERTS_DATABASE_URL: database.url,
    ALERTS_DATABASE_POOL: '2',
    ALERTS_PUSH_HOSTS: push.origin,
    ALERTS_WEBHOOKS: 'on',
    SMTP_URL: smtp.url,
    ALERTS_EMAIL_FROM: 'Reset Tracker <alerts@tracker.test>',
  };
  try {
    await usingServer({ env, logger: collectingLogger('info', lines) }, async (server) => {
      const json = (path: string, body: unknown, method = 'POST') =>
        fetch(`${server.url}${path}`, {
          method,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
      const form = (path: string, fields: Record<string, string>) =>
        fetch(`${server.url}${path}`, { method: 'POST', body: new URLSearchParams(fields) });
      const subscription = push.subscriber().subscription;
      await database.halt();
      const token = 'A'.repeat(43);
      const answers = [
        ['push subscribe', await json('/alerts/subscriptions', { subscription })],
        [
          'push unsubscribe',
          await json('/alerts/subscriptions', { endpoint: subscription.endpoint }, 'DELETE'),
        ],
        ['webhook', await json('/alerts/webhooks', { url: 'https://hooks.example/x' })],
        ['email JSON', await json('/alerts/email', { email: 'ann@example.org' })],
        ['email form', await form('/alerts/email', { email: 'ann@example.org', lang: 'ja' })],
        [
          'one-click unsubscribe',
          await form(`/alerts/email/unsubscribe?token=${token}`, { 'List-Unsubscribe': 'One-Click' }),
        ],
      ] as const;
      for (const [name, response] of answers) {
        t.is(response.status, 503, name);
        t.regex(response.headers.get('retry-after') ?? '', /^\d+$/, name);
      }
      t.regex(answers[4][1].headers.get('content-type') ?? '', /^text\/html/, 'the form gets a page');
      t.regex(answers[3][1].headers.get('content-type') ?? '', /^application\/problem\+json/);
      t.is(((await answers[0][1].json()) as { code: string }).code, 'alerts_unavailable');
      t.is((await json('/alerts/email', { email: 'bo@example.org' })).status, 503);

      await database.start();
      let back = 0;
      for (let i = 0; i < 50 && back !== 202; i += 1) {
        back = (await json('/alerts/email', { email: `back${i}@example.org` })).status;
        if (back !== 202) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      t.is(back, 202, 'answered again once PostgreSQL is back');
      const outage = lines.filter((line) => /store/.test(line.msg ?? ''));
      t.deepEqual(
        outage.map((line) => line.msg),
        [
          'alerts: the store does not answer; alerts requests get 503 until it does',
          'alerts: the store answers again',
        ],
      );
      t.false(
        lines.some((line) => line.msg === 'request failed'),
        'no stack trace per request',
      );
    });
  } finally {
    await Promise.all([database.stop(), push.stop(), smtp.stop()]);
  }
});
