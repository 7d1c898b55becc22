import net from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import test from 'ava';
import type { ExecutionContext } from 'ava';
import type { PushOptions } from '../../../server/alerts/push/send.js';
import { sendPush } from '../../../server/alerts/push/send.js';
import { signedAudiences } from '../../../server/alerts/push/vapid-header.js';
import { generateVapidKeys } from '../../../tools/vapid-keys.js';
import type { PushService } from '../../helpers/push-service.js';
import { startPushService } from '../../helpers/push-service.js';
import { eventually } from '../../helpers/wait.js';

const vapid = { subject: 'mailto:alerts@tracker.test', ...generateVapidKeys() };

/** Every wait the sender asked for, instead of waiting. */
function options(waits: number[] = [], more: Partial<PushOptions> = {}): PushOptions {
  return {
    vapid,
    ttlSeconds: 86_400,
    urgency: 'high',
    attempts: 4,
    backoffMs: (attempt) => 1000 * 2 ** (attempt - 1),
    maxRetryAfterMs: 60_000,
    timeoutMs: 5000,
    sleep: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
    ...more,
  };
}

async function withPushService(t: ExecutionContext, run: (service: PushService) => Promise<void>) {
  const service = await startPushService(vapid.publicKey);
  try {
    await run(service);
    t.deepEqual(service.refused, [], 'the push service refused nothing');
  } finally {
    await service.stop();
  }
}

test('a message reaches the push service signed with VAPID and decrypts to the payload', async (t) => {
  await withPushService(t, async (service) => {
    const subscriber = service.subscriber();
    const payload = JSON.stringify({ title: 'Weekly limits reset', url: 'https://tracker.test/events/x' });
    const outcome = await sendPush(subscriber.subscription, payload, { ...options(), topic: 'reset-x' });
    t.deepEqual(outcome, { kind: 'delivered', status: 201, attempts: 1 });
    t.is(service.received.length, 1);
    const [message] = service.received;
    t.is(message!.payload, payload);
    t.is(message!.headers.ttl, '86400');
    t.is(message!.headers.urgency, 'high');
    t.is(message!.headers.topic, 'reset-x');
    t.is(message!.claims.sub, vapid.subject);
  });
});

test('404 and 410 say the subscription is gone, at the first answer', async (t) => {
  await withPushService(t, async (service) => {
    for (const status of [404, 410]) {
      const subscriber = service.subscriber();
      service.answer(subscriber, [status]);
      const waits: number[] = [];
      t.deepEqual(await sendPush(subscriber.subscription, 'x', options(waits)), {
        kind: 'gone',
        status,
        attempts: 1,
      });
      t.deepEqual(waits, []);
    }
  });
});

test('429 and 5xx are tried again with backoff, honouring Retry-After, until the service takes it', async (t) => {
  await withPushService(t, async (service) => {
    const subscriber = service.subscriber();
    service.answer(subscriber, [503], [429, { 'Retry-After': '7' }], [500]);
    const waits: number[] = [];
    const outcome = await sendPush(subscriber.subscription, 'third time lucky', options(waits));
    t.deepEqual(outcome, { kind: 'delivered', status: 201, attempts: 4 });
    t.deepEqual(waits, [1000, 7000, 4000], 'backoff doubles; Retry-After wins when longer');
    t.deepEqual(
      service.received.map((message) => message.payload),
      ['third time lucky'],
    );
  });
});

test('the VAPID expiry and a Retry-After date are read on the clock given', async (t) => {
  await withPushService(t, async (service) => {
    const subscriber = service.subscriber();
    // A minute behind this machine's clock, on a whole second (an HTTP date's precision).
    const now = Math.floor(Date.now() / 1000) * 1000 - 60_000;
    service.answer(subscriber, [503, { 'Retry-After': new Date(now + 9000).toUTCString() }]);
    const waits: number[] = [];
    // A VAPID identity of its own: no header signed by another test is reused.
    const outcome = await sendPush(subscriber.subscription, 'x', {
      ...options(waits),
      vapid: { ...vapid },
      clock: () => now,
    });
    t.like(outcome, { kind: 'delivered', attempts: 2 });
    t.deepEqual(waits, [9000], 'the date is 9 s after the clock given');
    t.is(service.received[0]!.claims.exp, now / 1000 + 12 * 3600, 'twelve hours after the clock given');
  });
});

test('a refusal is not tried again; failures past the last try, or a Retry-After too long, fail', async (t) => {
  await withPushService(t, async (service) => {
    const refused = service.subscriber();
    service.answer(refused, [413]);
    t.like(await sendPush(refused.subscription, 'x', options()), {
      kind: 'failed',
      status: 413,
      attempts: 1,
    });

    const down = service.subscriber();
    service.answer(down, [500], [502], [503], [504]);
    t.like(await sendPush(down.subscription, 'x', options()), { kind: 'failed', status: 504, attempts: 4 });

    const later = service.subscriber();
    service.answer(later, [429, { 'Retry-After': '3600' }]);
    t.like(await sendPush(later.subscription, 'x', options()), { kind: 'failed', status: 429, attempts: 1 });
    t.is(service.received.length, 0);
  });
});

test('an unreachable push service fails after every try', async (t) => {
  const service = await startPushService(vapid.publicKey);
  const subscriber = service.subscriber();
  await service.stop();
  const waits: number[] = [];
  const outcome = await sendPush(subscriber.subscription, 'x', options(waits, { attempts: 2 }));
  t.deepEqual(outcome, { kind: 'failed', status: null, attempts: 2, reason: 'unreachable' });
  t.deepEqual(waits, [1000]);
});

test('the stand-in push service refuses a message signed with another key', async (t) => {
  const service = await startPushService(vapid.publicKey);
  try {
    const subscriber = service.subscriber();
    const stranger = { subject: 'mailto:someone@else.test', ...generateVapidKeys() };
    const outcome = await sendPush(subscriber.subscription, 'x', {
      ...options(),
      vapid: stranger,
      attempts: 1,
    });
    t.like(outcome, { kind: 'failed', status: 400 });
    t.deepEqual(
      service.refused.map((refusal) => refusal.reason),
      ['k is not the application server key'],
    );
  } finally {
    await service.stop();
  }
});

test('the request waits for beforeWrite to resolve; one that rejects writes nothing and is not tried again', async (t) => {
  await withPushService(t, async (service) => {
    const subscriber = service.subscriber();
    const seen: string[] = [];
    const outcome = await sendPush(subscriber.subscription, 'x', {
      ...options(),
      beforeWrite: async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen.push(`recorded (${service.received.length} received)`);
      },
      afterWrite: () => seen.push('written'),
    });
    t.like(outcome, { kind: 'delivered', attempts: 1 });
    t.deepEqual(seen, ['recorded (0 received)', 'written']);

    const refused = service.subscriber();
    const waits: number[] = [];
    const failed = await sendPush(refused.subscription, 'x', {
      ...options(waits),
      beforeWrite: () => Promise.reject(new Error('the store is down')),
    });
    t.deepEqual(failed, {
      kind: 'failed',
      status: null,
      attempts: 1,
      reason: 'not recorded: the store is down',
    });
    t.deepEqual(waits, [], 'no second try');
    t.is(service.received.length, 1, 'nothing of it reached the push service');
  });
});

test('an https push service whose host is not public gets nothing, and no try again', async (t) => {
  await withPushService(t, async (service) => {
    const { port } = new URL(service.origin);
    for (const host of ['127.0.0.1', 'localhost', '[::1]']) {
      const subscription = { ...service.subscriber().subscription };
      const endpoint = subscription.endpoint.replace(service.origin, `https://${host}:${port}`);
      const waits: number[] = [];
      const outcome = await sendPush({ ...subscription, endpoint }, 'x', options(waits));
      t.like(outcome, { kind: 'failed', status: null, attempts: 1 }, host);
      t.regex(outcome.kind === 'failed' ? outcome.reason : '', /not a public address/, host);
      t.deepEqual(waits, [], host);
    }
    t.is(service.received.length, 0, 'nothing reached it');
  });
});

test('a VAPID header is signed only for a push service that resolved to public addresses', async (t) => {
  const own = { subject: 'mailto:alerts@tracker.test', ...generateVapidKeys() };
  const subscription = (endpoint: string) => ({
    endpoint,
    keys: { ...service.subscriber().subscription.keys },
  });
  const service = await startPushService(own.publicKey);
  try {
    for (const host of ['127.0.0.1', '[::1]', 'localhost', 'fresh-1.push.invalid', 'fresh-2.push.invalid']) {
      const outcome = await sendPush(subscription(`https://${host}/wns/x`), 'x', {
        ...options(),
        vapid: own,
        attempts: 1,
      });
      t.like(outcome, { kind: 'failed', status: null }, host);
    }
    t.is(signedAudiences(own), 0, 'no header signed, none kept');
  } finally {
    await service.stop();
  }
});

test('the signed VAPID headers kept are bounded, however many push-service origins are named', async (t) => {
  const own = { subject: 'mailto:alerts@tracker.test', ...generateVapidKeys() };
  const service = await startPushService(own.publicKey);
  try {
    const { keys } = service.subscriber().subscription;
    // Each origin its own port on the loopback, where nothing listens: signed, then refused at once.
    for (let port = 40_000; port < 40_400; port += 1)
      await sendPush({ endpoint: `http://127.0.0.1:${port}/x`, keys }, 'x', {
        ...options(),
        vapid: own,
        attempts: 1,
        timeoutMs: 1000,
      });
    t.true(signedAudiences(own) > 0);
    t.true(signedAudiences(own) <= 256, `${signedAudiences(own)} kept`);
  } finally {
    await service.stop();
  }
});

/**
 * A push service on a raw socket that sends `head` at once, then `answer` one byte every 100 ms, over
 * and over; and the sockets it still has open.
 */
async function trickler(head: string, answer: string) {
  const sockets = new Set<Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let sent = 0;
    socket.once('data', () => {
      socket.write(head);
      const drip = setInterval(() => socket.write(answer[sent++ % answer.length]!), 100);
      socket.on('close', () => clearInterval(drip));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/trickle`,
    sockets,
    stop: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

test('a push service that trickles its answer is cut off at the time-out, its connection closed', async (t) => {
  const service = await startPushService(vapid.publicKey);
  const { keys } = service.subscriber().subscription;
  await service.stop();
  // Its status line byte by byte: no word on the message before the time-out.
  const slowHead = await trickler('', 'HTTP/1.1 201 Created\r\nContent-Type: text/plain\r\n');
  // Its status line at once, then the rest of its answer for ever: it took the message.
  const slowBody = await trickler('HTTP/1.1 201 Created\r\nContent-Length: 100000\r\n\r\n', '.');
  try {
    for (const [stand, expected] of [
      [slowHead, { kind: 'failed', reason: 'timed out' }],
      [slowBody, { kind: 'delivered', status: 201 }],
    ] as const) {
      const started = Date.now();
      const outcome = await Promise.race([
        sendPush({ endpoint: stand.endpoint, keys }, 'x', { ...options(), attempts: 1, timeoutMs: 1000 }),
        new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), 4000)),
      ]);
      t.like(outcome, expected);
      t.true(Date.now() - started < 2000, `ended after ${Date.now() - started} ms`);
      await eventually(() => stand.sockets.size === 0, { timeout: 3000 });
      t.is(stand.sockets.size, 0, 'no connection left open');
    }
  } finally {
    await slowHead.stop();
    await slowBody.stop();
  }
});
