import test from 'ava';
import type { ExecutionContext } from 'ava';
import type { DeliverOptions } from '../../../../server/alerts/webhooks/deliver.js';
import { deliverWebhook } from '../../../../server/alerts/webhooks/deliver.js';
import {
  alertBody,
  echoesChallenge,
  newChallenge,
  verificationBody,
} from '../../../../server/alerts/webhooks/messages.js';
import { newWebhookSecret } from '../../../../server/outbound/webhook-signing.js';
import type { WebhookTarget } from '../../../../server/outbound/webhook-target.js';
import { parseWebhookTarget } from '../../../../server/outbound/webhook-target.js';
import type { WebhookReceiver } from '../../../helpers/webhook-receiver.js';
import { startWebhookReceiver } from '../../../helpers/webhook-receiver.js';

const secret = newWebhookSecret();
const message = { id: 'msg_1', body: alertBody('reset.confirmed', new Date().toISOString(), { id: 'r1' }) };

function targetOf(url: string, origin = new URL(url).origin): WebhookTarget {
  const parsed = parseWebhookTarget(url, [origin]);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed;
}

/** Every wait asked for, instead of waiting. */
function options(
  receiver: WebhookReceiver,
  waits: number[] = [],
  more: Partial<DeliverOptions> = {},
): DeliverOptions {
  return {
    allowedOrigins: [receiver.origin],
    secret,
    attempts: 4,
    backoffMs: (attempt) => 1000 * 2 ** (attempt - 1),
    maxRetryAfterMs: 60_000,
    headersTimeoutMs: 200,
    sleep: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
    ...more,
  };
}

async function withReceiver(t: ExecutionContext, run: (receiver: WebhookReceiver) => Promise<void>) {
  const receiver = await startWebhookReceiver(secret);
  try {
    await run(receiver);
    t.deepEqual(receiver.refused, [], 'every request verified');
  } finally {
    await receiver.stop();
  }
}

test('503, 429 with Retry-After and a time-out are tried again, then delivered', async (t) => {
  await withReceiver(t, async (receiver) => {
    receiver.next({ status: 503 }, { status: 429, headers: { 'retry-after': '7' } }, { stallHeaders: true });
    const waits: number[] = [];
    const outcome = await deliverWebhook(
      targetOf(`${receiver.origin}/in`),
      message,
      options(receiver, waits),
    );
    t.deepEqual(outcome, { kind: 'delivered', status: 204, attempts: 4, answer: '' });
    t.deepEqual(waits, [1000, 7000, 4000], 'backoff doubles; Retry-After wins when longer');
    t.deepEqual(
      receiver.received.map((received) => received.id),
      ['msg_1', 'msg_1', 'msg_1', 'msg_1'],
      'one id on every try, each signed',
    );
  });
});

test('410 is gone at once; 400 and a redirect fail at once', async (t) => {
  await withReceiver(t, async (receiver) => {
    const target = targetOf(`${receiver.origin}/in`);
    receiver.next({ status: 410 });
    t.deepEqual(await deliverWebhook(target, message, options(receiver)), {
      kind: 'gone',
      status: 410,
      attempts: 1,
    });
    receiver.next({ status: 400 });
    t.deepEqual(await deliverWebhook(target, message, options(receiver)), {
      kind: 'failed',
      status: 400,
      attempts: 1,
      reason: 'the target answered 400',
      cause: 'answered',
    });
    receiver.next({ status: 404 });
    t.like(await deliverWebhook(target, message, options(receiver)), {
      kind: 'failed',
      status: 404,
      attempts: 1,
    });
    receiver.next({ redirect: `${receiver.origin}/other` });
    t.like(await deliverWebhook(target, message, options(receiver)), {
      kind: 'failed',
      status: 302,
      attempts: 1,
    });
    t.is(receiver.requests.length, 4);
  });
});

test("404 from a Discord or Slack hook says it is gone (their deleted hooks' answer)", async (t) => {
  await withReceiver(t, async (receiver) => {
    const { port } = new URL(receiver.origin);
    const origin = `http://discord.com:${port}`;
    const target = targetOf(`${origin}/api/webhooks/1/abc`, origin);
    t.is(target.kind, 'discord');
    receiver.next({ status: 404 });
    const lookup = () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
    t.deepEqual(
      await deliverWebhook(target, message, { ...options(receiver), allowedOrigins: [origin], lookup }),
      {
        kind: 'gone',
        status: 404,
        attempts: 1,
      },
    );
  });
});

test('failures past the last try, or a Retry-After too long, fail', async (t) => {
  await withReceiver(t, async (receiver) => {
    const target = targetOf(`${receiver.origin}/in`);
    receiver.next({ status: 500 }, { status: 502 }, { status: 503 }, { status: 504 });
    t.deepEqual(await deliverWebhook(target, message, options(receiver)), {
      kind: 'failed',
      status: 504,
      attempts: 4,
      reason: 'the target answered 504',
      cause: 'answered',
    });
    receiver.next({ status: 429, headers: { 'retry-after': '3600' } });
    const waits: number[] = [];
    t.deepEqual(await deliverWebhook(target, message, options(receiver, waits)), {
      kind: 'failed',
      status: 429,
      attempts: 1,
      reason: 'the target asked to wait 3600 s',
      cause: 'answered',
    });
    t.deepEqual(waits, []);
    receiver.next({ stallHeaders: true }, { stallHeaders: true });
    t.deepEqual(await deliverWebhook(target, message, options(receiver, [], { attempts: 2 })), {
      kind: 'failed',
      status: null,
      attempts: 2,
      reason: "timed out waiting for the answer's headers",
      cause: 'timeout',
    });
  });
});

test('an address that is not public fails at once, without a try', async (t) => {
  await withReceiver(t, async (receiver) => {
    const waits: number[] = [];
    const outcome = await deliverWebhook(
      targetOf(`${receiver.origin}/in`),
      message,
      options(receiver, waits, { allowedOrigins: [] }),
    );
    t.deepEqual(outcome, {
      kind: 'failed',
      status: null,
      attempts: 1,
      reason: '127.0.0.1 resolves to 127.0.0.1, not a public address',
      cause: 'refused',
    });
    t.deepEqual(waits, []);
    t.is(receiver.requests.length, 0);
  });
});

test("a verification's echo comes back in the outcome, in either form", async (t) => {
  await withReceiver(t, async (receiver) => {
    const target = targetOf(`${receiver.origin}/in`);
    const echo = (message: { body: string }) =>
      (JSON.parse(message.body) as { data: { challenge: string } }).data.challenge;
    const replies = [
      { body: (received: { body: string }) => JSON.stringify({ challenge: echo(received) }), echoed: true },
      { body: (received: { body: string }) => `${echo(received)}\n`, echoed: true },
      { body: () => 'ok', echoed: false },
    ];
    for (const reply of replies) {
      const challenge = newChallenge();
      receiver.next({ status: 200, body: reply.body });
      const outcome = await deliverWebhook(
        target,
        { id: 'msg_v', body: verificationBody(challenge) },
        options(receiver),
      );
      t.is(outcome.kind, 'delivered');
      t.is(outcome.kind === 'delivered' && echoesChallenge(outcome.answer, challenge), reply.echoed);
      t.is(receiver.received.at(-1)!.type, 'webhook.verification');
    }
  });
});
