import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import pino from 'pino';
import type { Store } from '../../../server/store/index.js';
import { openStore } from '../../../server/store/index.js';
import { WEBHOOKS_PATH } from '../../../server/alerts/webhooks/endpoints.js';
import type { DeliverOptions, WebhookOutcome } from '../../../server/alerts/webhooks/deliver.js';
import type { WebhookTarget } from '../../../server/outbound/webhook-target.js';
import type { DeliverFunction } from '../../../server/alerts/webhooks/verify.js';
import { BASE_URL } from '../../helpers/fixtures.js';
import { usingApp } from '../../helpers/with-app.js';

/**
 * Discord's and Slack's incoming webhooks are capability URLs on their own hosts, which no test may
 * reach: the app is built here with a delivery that stands in for the platform (createApp's
 * `deliverWebhook`), so what is sent to it and what each answer makes of the registration are checked.
 */

interface Sent {
  readonly target: WebhookTarget;
  readonly body: string;
  readonly options: DeliverOptions;
}

const DISCORD = 'https://discord.com/api/webhooks/123456789/abcdefTOKEN';
const SLACK = 'https://hooks.slack.com/services/T000/B000/XXXX';

/** Runs `run` against the app over a store of its own, the platform answering `outcome`. */
async function withPlatform(
  outcome: WebhookOutcome,
  run: (url: string, sent: Sent[], store: Store) => Promise<void>,
): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-platforms-'));
  const store = await openStore(path.join(dir, 'alerts.sqlite'));
  const sent: Sent[] = [];
  const env = { ALERTS_WEBHOOKS: 'on', ALERTS_MAX_SUBSCRIPTIONS: '10', ALERTS_MAX_UNVERIFIED: '10' };
  const deliverWebhook: DeliverFunction = (target, message, options) => {
    sent.push({ target, body: message.body, options });
    return Promise.resolve(outcome);
  };
  try {
    await usingApp({ env, logger: pino({ level: 'silent' }), alertStore: store, deliverWebhook }, (url) =>
      run(url, sent, store),
    );
  } finally {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  }
}

const register = (url: string, target: string) =>
  fetch(`${url}${WEBHOOKS_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ url: target, audience: 'max', window: 'weekly' }),
  });

const delivered: WebhookOutcome = { kind: 'delivered', status: 204, attempts: 1, answer: '' };

test('a Discord webhook gets one "alerts are on" message in its own body, unsigned, and is active on a 2xx', (t) =>
  withPlatform(delivered, async (url, sent, store) => {
    const response = await register(url, DISCORD);
    t.is(response.status, 201);
    const body = (await response.json()) as { id: string; status: string };
    t.is(body.status, 'active');
    t.is(sent.length, 1, 'one message');
    const [message] = sent;
    t.is(message!.target.kind, 'discord');
    t.is(message!.options.secret, null, 'Discord reads no signature');
    t.is(message!.options.attempts, 1);
    t.true(message!.options.totalTimeoutMs! <= 10_000, 'bounded while the registration waits');
    const discord = JSON.parse(message!.body) as {
      content: string;
      embeds: { url: string }[];
      allowed_mentions: unknown;
    };
    t.regex(discord.content, /^Usage-Limit Reset Tracker: alerts are on\n.*audience max, window weekly/);
    t.is(discord.embeds[0]!.url, `${BASE_URL}/alerts`);
    t.deepEqual(discord.allowed_mentions, { parse: [] });
    t.like(await store.webhooks.webhook(body.id), { state: 'active', kind: 'discord', url: DISCORD });
  }));

test('a Slack webhook gets its own body and is active on a 2xx', (t) =>
  withPlatform({ ...delivered, status: 200, answer: 'ok' }, async (url, sent, store) => {
    const response = await register(url, SLACK);
    t.is(response.status, 201);
    const body = (await response.json()) as { id: string; status: string };
    t.is(body.status, 'active');
    t.is(sent[0]!.target.kind, 'slack');
    const slack = JSON.parse(sent[0]!.body) as { text: string; blocks: { type: string }[] };
    t.regex(slack.text, /alerts are on/);
    t.is(slack.blocks[0]!.type, 'section');
    t.is((await store.webhooks.webhook(body.id))?.kind, 'slack');
  }));

test('a Discord or Slack webhook that answers 404 does not exist: refused, nothing stored', async (t) => {
  for (const target of [DISCORD, SLACK])
    await withPlatform({ kind: 'gone', status: 404, attempts: 1 }, async (url, sent, store) => {
      const response = await register(url, target);
      t.is(response.status, 400, target);
      const problem = (await response.json()) as { code: string; parameter: string; detail: string };
      t.like(problem, { code: 'invalid_body', parameter: 'url' });
      t.regex(problem.detail, /webhook answered 404: it does not exist/);
      t.is(sent.length, 1);
      t.is(await store.webhooks.webhookCount(), 0);
    });
});

test('any other answer leaves it pending, saying what it answered', (t) =>
  withPlatform(
    { kind: 'failed', status: 500, attempts: 1, reason: 'the target answered 500' },
    async (url, _sent, store) => {
      const response = await register(url, DISCORD);
      t.is(response.status, 201);
      const body = (await response.json()) as { id: string; status: string; reason: string };
      t.like(body, { status: 'pending', reason: 'the target answered 500' });
      t.is((await store.webhooks.webhook(body.id))?.state, 'pending');
    },
  ));
