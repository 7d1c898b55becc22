import { createECDH } from 'node:crypto';
import test from 'ava';
import pino from 'pino';
import { EMAIL_SUBSCRIBE_PATH } from '../../../server/alerts/email/endpoints.js';
import { EMAIL_UNSUBSCRIBE_PATH } from '../../../server/alerts/email/links.js';
import type { Mailer } from '../../../server/outbound/smtp.js';
import { newToken } from '../../../server/alerts/email/tokens.js';
import { SUBSCRIPTIONS_PATH } from '../../../server/alerts/push/endpoints.js';
import { failingStore } from '../../helpers/store-parts.js';
import { WEBHOOKS_PATH } from '../../../server/alerts/webhooks/endpoints.js';
import { generateVapidKeys } from '../../../tools/vapid-keys.js';
import { vapidEnv } from '../../helpers/alerts.js';
import { BASE_URL } from '../../helpers/fixtures.js';
import { usingApp } from '../../helpers/with-app.js';

/**
 * A store whose every read and write fails, as an engine over the network does when it is down: its
 * methods return rejected promises. A request that reaches it must end as the problem a thrown error
 * made (RFC 9457, 500 `internal_error`), and the failure must be logged.
 */
const failing = failingStore();

/**
 * The app with push, webhooks and email alerts on, over the failing store: its own routes
 * (server/routes.ts) and pipeline, so a failure ends where a real one would.
 */
async function withApp(run: (url: string, logged: unknown[]) => Promise<void>): Promise<void> {
  const logged: unknown[] = [];
  const logger = pino({ level: 'error' }, { write: (line: string) => logged.push(JSON.parse(line)) });
  const mailer: Mailer = { send: () => Promise.resolve({ ok: true, messageId: 'm' }), close: () => {} };
  const env = {
    ...vapidEnv(generateVapidKeys()),
    ALERTS_PUSH_HOSTS: 'https://fcm.googleapis.com',
    ALERTS_WEBHOOKS: 'on',
    SMTP_URL: 'smtp://relay.test',
    ALERTS_EMAIL_FROM: 'alerts@tracker.test',
  };
  await usingApp({ env, logger, alertStore: failing, mailer }, (url) => run(url, logged));
}

const ecdh = createECDH('prime256v1');
ecdh.generateKeys();
const subscription = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/down',
  keys: {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: Buffer.alloc(16, 7).toString('base64url'),
  },
};

test('a store that rejects makes every alert write and read a 500 problem, logged', async (t) => {
  await withApp(async (url, logged) => {
    const json = { 'Content-Type': 'application/json', Origin: BASE_URL };
    const requests: [string, Promise<Response>][] = [
      [
        'subscribe',
        fetch(`${url}${SUBSCRIPTIONS_PATH}`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ subscription }),
        }),
      ],
      [
        'unsubscribe',
        fetch(`${url}${SUBSCRIPTIONS_PATH}`, {
          method: 'DELETE',
          headers: json,
          body: JSON.stringify({ endpoint: subscription.endpoint }),
        }),
      ],
      [
        'register a webhook',
        fetch(`${url}${WEBHOOKS_PATH}`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ url: 'https://hooks.example.com/in' }),
        }),
      ],
      [
        'read a webhook',
        fetch(`${url}${WEBHOOKS_PATH}/wh_x`, { headers: { Authorization: 'Bearer token' } }),
      ],
      [
        'ask for mail',
        fetch(`${url}${EMAIL_SUBSCRIBE_PATH}`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ email: 'someone@example.org' }),
        }),
      ],
      [
        'unsubscribe an address in one click',
        fetch(`${url}${EMAIL_UNSUBSCRIBE_PATH}?token=${newToken().token}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        }),
      ],
    ];
    for (const [name, request] of requests) {
      const response = await request;
      t.is(response.status, 500, name);
      t.is(response.headers.get('content-type'), 'application/problem+json', name);
      t.like(await response.json(), { status: 500, code: 'internal_error' }, name);
    }
    t.is(
      logged.filter((line) => (line as { msg?: string }).msg === 'request failed').length,
      requests.length,
      'each failure is logged',
    );
  });
});
