import test from 'ava';
import { openStore } from '../../../server/store/index.js';
import { ja } from '../../../server/site/i18n/ja.js';
import { signatureProblem } from '../../helpers/webhook-receiver.js';
import {
  challengeOf,
  db,
  echo,
  receiver,
  register,
  registered,
  server,
  show,
  webhookCount,
  useWebhooksServer,
} from '../../helpers/webhooks-server.js';

/**
 * The webhook endpoints against a real server with webhooks on and a local receiver: registration
 * and its check, the form's page, reading and deleting with the token (tests/helpers/webhooks-server.ts).
 */
useWebhooksServer();

test.serial(
  'a URL that echoes the challenge is active; the check was signed with the secret answered',
  async (t) => {
    const before = receiver.unverified.length;
    receiver.next(echo);
    const { response, body } = await register({
      url: `${receiver.origin}/json`,
      audience: 'pro',
      window: 'weekly',
    });
    t.is(response.status, 201);
    t.is(response.headers.get('cache-control'), 'no-store');
    t.is(response.headers.get('location'), `/alerts/webhooks/${body.id}`);
    t.is(response.headers.get('access-control-allow-origin'), null);
    t.deepEqual(Object.keys(body).sort(), ['audience', 'id', 'secret', 'status', 'token', 'window']);
    t.like(body, { status: 'active', audience: 'pro', window: 'weekly' });
    t.regex(body.id, /^wh_[A-Za-z0-9_-]{22}$/);
    t.regex(body.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    t.regex(body.token, /^[A-Za-z0-9_-]{43}$/);
    const [check] = receiver.unverified.slice(before);
    t.is(receiver.unverified.length, before + 1, 'one check');
    t.is(check!.type, 'webhook.verification');
    t.is(signatureProblem(body.secret, check!.headers, check!.raw), null, 'signed with the new secret');
    t.not(signatureProblem(`whsec_${Buffer.alloc(32).toString('base64')}`, check!.headers, check!.raw), null);
  },
);

test.serial(
  'the bare challenge is an echo too; an answer without it leaves the URL pending, saying why',
  async (t) => {
    const bare = await registered('/bare', {
      body: (message) => challengeOf(message.body),
    });
    t.is(bare.status, 'active');
    const silent = await registered('/silent', { status: 200, body: 'ok' });
    t.like(silent, { status: 'pending', reason: 'the URL answered 200 without echoing the challenge' });
    const failing = await registered('/failing', { status: 500, body: 'down' });
    t.like(failing, { status: 'pending', reason: 'the target answered 500' });
    const wrong = await registered('/wrong', { body: JSON.stringify({ challenge: 'not-it' }) });
    t.is(wrong.status, 'pending');
    const store = await openStore(db);
    try {
      t.deepEqual(
        await Promise.all(
          [bare, silent, failing, wrong].map(
            async (webhook) => (await store.webhooks.webhook(webhook.id))?.state,
          ),
        ),
        ['active', 'pending', 'pending', 'pending'],
      );
    } finally {
      await store.close();
    }
  },
);

test.serial('an HTML form gets a page in its language showing the id, secret and token once', async (t) => {
  receiver.next(echo);
  const form = new URLSearchParams({
    url: `${receiver.origin}/form`,
    audience: 'max',
    window: 'five_hour',
    lang: 'ja',
  });
  const response = await fetch(`${server.url}/alerts/webhooks`, { method: 'POST', body: form });
  t.is(response.status, 201);
  t.regex(response.headers.get('content-type') ?? '', /^text\/html; charset=utf-8/);
  t.is(response.headers.get('cache-control'), 'no-store');
  t.truthy(response.headers.get('content-security-policy'));
  const page = await response.text();
  t.regex(page, /<html lang="ja"/);
  t.true(page.includes(ja.webhooks.onlyNow), 'the warning, in Japanese');
  t.true(page.includes(ja.webhooks.active));
  t.regex(page, /<meta name="robots" content="noindex" \/>/);
  const id = /<code>(wh_[A-Za-z0-9_-]+)<\/code>/.exec(page)?.[1];
  const secret = /<code>(whsec_[A-Za-z0-9+/=]+)<\/code>/.exec(page)?.[1];
  t.truthy(id);
  t.truthy(secret);
  const token = new RegExp(`<dd><code>([A-Za-z0-9_-]{43})</code></dd>`).exec(page)?.[1];
  t.truthy(token);
  const state = await show(id!, token!);
  t.is(state.status, 200);
  t.like(await state.json(), { id, status: 'active', audience: 'max', window: 'five_hour' });
});

test.serial(
  'GET with the token shows the state; a wrong token and an unknown id get the same 404',
  async (t) => {
    const webhook = await registered('/owned', echo, { audience: 'team' });
    const answer = await show(webhook.id, webhook.token, { Origin: 'https://elsewhere.example' });
    t.is(answer.status, 200);
    t.is(answer.headers.get('cache-control'), 'no-store');
    t.is(answer.headers.get('access-control-allow-origin'), null, 'no other site reads it');
    t.deepEqual(await answer.json(), {
      id: webhook.id,
      url: `${receiver.origin}/owned`,
      status: 'active',
      audience: 'team',
      window: 'any',
      failures: 0,
      last_delivery_at: null,
      last_status: null,
      disabled_reason: null,
    });
    const refusals = [
      await show(webhook.id, 'A'.repeat(43)),
      await show(webhook.id, null),
      await show(webhook.id, webhook.token.slice(0, -1)),
      await show(webhook.id, null, { Authorization: `Basic ${webhook.token}` }),
      await show('wh_AAAAAAAAAAAAAAAAAAAAAA', webhook.token),
    ];
    const bodies = await Promise.all(refusals.map((response) => response.text()));
    t.deepEqual(
      refusals.map((response) => [response.status, response.headers.get('content-type')]),
      refusals.map(() => [404, 'application/problem+json']),
    );
    t.is(new Set(bodies).size, 1, 'the same answer whatever was wrong');
    t.like(JSON.parse(bodies[0]!), { code: 'not_found', status: 404 });
    const preflight = await fetch(`${server.url}/alerts/webhooks/${webhook.id}`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'GET' },
    });
    t.is(preflight.headers.get('access-control-allow-origin'), null);
  },
);

test.serial('DELETE with the token removes the webhook: 204, then 404', async (t) => {
  const webhook = await registered('/gone', echo);
  const before = await webhookCount();
  const remove = (token: string) =>
    fetch(`${server.url}/alerts/webhooks/${webhook.id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${token}` },
    });
  t.is((await remove('wrong')).status, 404);
  t.is(await webhookCount(), before, 'a wrong token removes nothing');
  const removed = await remove(webhook.token);
  t.is(removed.status, 204);
  t.is(removed.headers.get('access-control-allow-origin'), null);
  t.is(await webhookCount(), before - 1);
  t.is((await show(webhook.id, webhook.token)).status, 404);
  t.is((await remove(webhook.token)).status, 404);
});
