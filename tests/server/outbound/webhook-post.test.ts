import test from 'ava';
import net from 'node:net';
import { alertBody } from '../../../server/alerts/webhooks/messages.js';
import { newWebhookSecret, signedHeaders } from '../../../server/outbound/webhook-signing.js';
import type { Lookup, PostOptions } from '../../../server/outbound/webhook-post.js';
import { postWebhook } from '../../../server/outbound/webhook-post.js';
import type { WebhookTarget } from '../../../server/outbound/webhook-target.js';
import { parseWebhookTarget } from '../../../server/outbound/webhook-target.js';
import { freePort } from '../../helpers/free-port.js';
import { eventually } from '../../helpers/wait.js';
import type { WebhookReceiver } from '../../helpers/webhook-receiver.js';
import { startWebhookReceiver } from '../../helpers/webhook-receiver.js';

const secret = newWebhookSecret();

function targetOf(url: string, allowed: readonly string[] = [new URL(url).origin]): WebhookTarget {
  const parsed = parseWebhookTarget(url, allowed);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed;
}

/** A lookup that answers `addresses` and counts its calls. */
function fakeLookup(...addresses: string[]): Lookup & { calls: string[] } {
  const calls: string[] = [];
  const lookup = (host: string) => {
    calls.push(host);
    return Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  };
  return Object.assign(lookup, { calls });
}

function signed(body: string): Record<string, string> {
  return signedHeaders(secret, 'msg_test', Math.floor(Date.now() / 1000), body);
}

async function withReceiver(run: (receiver: WebhookReceiver) => Promise<void>) {
  const receiver = await startWebhookReceiver(secret);
  try {
    await run(receiver);
  } finally {
    await receiver.stop();
  }
}

const body = alertBody('reset.confirmed', new Date().toISOString(), { id: 'reset-1' });

test('a signed alert reaches the receiver and verifies; a tampered one is refused', async (t) => {
  await withReceiver(async (receiver) => {
    const target = targetOf(`${receiver.origin}/hooks/in?x=1`);
    const options: PostOptions = { allowedOrigins: [receiver.origin] };
    t.like(await postWebhook(target, body, signed(body), options), { ok: true, status: 204, body: '' });
    t.is(receiver.received.length, 1);
    const [message] = receiver.received;
    t.like(message, { id: 'msg_test', type: 'reset.confirmed', body, path: '/hooks/in?x=1' });
    t.is(message!.headers.host, new URL(receiver.origin).host);
    t.is(message!.headers['content-type'], 'application/json');

    const tampered = body.replace('reset-1', 'reset-2');
    t.like(await postWebhook(target, tampered, signed(body), options), { ok: true, status: 401 });
    t.deepEqual(receiver.refused, [{ reason: 'no signature matches', body: tampered }]);
    t.is(receiver.received.length, 1);
  });
});

test('a name resolving to 127.0.0.1 is refused unless its origin is allowed; one lookup, pinned', async (t) => {
  await withReceiver(async (receiver) => {
    const { port } = new URL(receiver.origin);
    const origin = `http://hooks.example.test:${port}`;
    const target = targetOf(`${origin}/in`);

    const refusing = fakeLookup('127.0.0.1');
    const refused = await postWebhook(target, body, signed(body), { allowedOrigins: [], lookup: refusing });
    t.deepEqual(refused, {
      ok: false,
      cause: 'refused',
      reason: 'hooks.example.test resolves to 127.0.0.1, not a public address',
    });
    t.deepEqual(refusing.calls, ['hooks.example.test']);
    t.is(receiver.requests.length, 0);

    // Allowed: the connection goes to the address the one lookup gave (the system could not
    // resolve this name at all), and the request still names the host.
    const allowing = fakeLookup('127.0.0.1');
    const answer = await postWebhook(target, body, signed(body), {
      allowedOrigins: [origin],
      lookup: allowing,
    });
    t.like(answer, { ok: true, status: 204 });
    t.deepEqual(allowing.calls, ['hooks.example.test']);
    t.is(receiver.received[0]!.headers.host, `hooks.example.test:${port}`);
  });
});

test('an answer mixing public and private addresses is refused, naming the private one', async (t) => {
  const target = targetOf('https://hooks.example.com/in', []);
  for (const [addresses, named] of [
    [['93.184.215.14', '10.0.0.7'], '10.0.0.7'],
    [['2606:2800:21f:cb07:6820:80da:af6b:8b2c', '::1'], '::1'],
    [['169.254.169.254', '93.184.215.14'], '169.254.169.254'],
    [['93.184.215.14', '::ffff:192.168.0.1'], '::ffff:192.168.0.1'],
  ] as const) {
    const lookup = fakeLookup(...addresses);
    const result = await postWebhook(target, body, signed(body), { allowedOrigins: [], lookup });
    t.deepEqual(result, {
      ok: false,
      cause: 'refused',
      reason: `hooks.example.com resolves to ${named}, not a public address`,
    });
    t.is(lookup.calls.length, 1);
  }
  const none = fakeLookup();
  t.like(await postWebhook(target, body, {}, { allowedOrigins: [], lookup: none }), {
    ok: false,
    cause: 'unresolved',
    reason: 'hooks.example.com has no address',
  });
  const failing: Lookup = () =>
    Promise.reject(Object.assign(new Error('no such host'), { code: 'ENOTFOUND' }));
  t.deepEqual(await postWebhook(target, body, {}, { allowedOrigins: [], lookup: failing }), {
    ok: false,
    cause: 'unresolved',
    reason: 'hooks.example.com did not resolve: ENOTFOUND',
  });
});

test('an IP literal is checked without a lookup', async (t) => {
  await withReceiver(async (receiver) => {
    const lookup = fakeLookup('8.8.8.8');
    const target = targetOf(`${receiver.origin}/in`);
    t.like(await postWebhook(target, body, signed(body), { allowedOrigins: [], lookup }), {
      ok: false,
      cause: 'refused',
      reason: '127.0.0.1 resolves to 127.0.0.1, not a public address',
    });
    t.like(await postWebhook(target, body, signed(body), { allowedOrigins: [receiver.origin], lookup }), {
      ok: true,
    });
    t.deepEqual(lookup.calls, []);
  });
});

test('a redirect is an answer, not followed', async (t) => {
  await withReceiver(async (receiver) => {
    receiver.next({ redirect: `${receiver.origin}/elsewhere` });
    const result = await postWebhook(targetOf(`${receiver.origin}/in`), body, signed(body), {
      allowedOrigins: [receiver.origin],
    });
    t.like(result, { ok: true, status: 302 });
    t.deepEqual(
      receiver.requests.map((request) => request.path),
      ['/in'],
    );
  });
});

test("waiting for the answer's headers, its body, or the whole request times out", async (t) => {
  await withReceiver(async (receiver) => {
    const target = targetOf(`${receiver.origin}/in`);
    const options: PostOptions = {
      allowedOrigins: [receiver.origin],
      headersTimeoutMs: 200,
      bodyTimeoutMs: 200,
    };
    receiver.next({ stallHeaders: true });
    t.deepEqual(await postWebhook(target, body, signed(body), options), {
      ok: false,
      cause: 'timeout',
      reason: "timed out waiting for the answer's headers",
    });
    receiver.next({ stallBody: true, body: 'partial' });
    t.deepEqual(await postWebhook(target, body, signed(body), options), {
      ok: false,
      cause: 'timeout',
      reason: "timed out reading the answer's body",
    });
    receiver.next({ stallHeaders: true });
    t.deepEqual(
      await postWebhook(target, body, signed(body), {
        ...options,
        headersTimeoutMs: 60_000,
        totalTimeoutMs: 300,
      }),
      { ok: false, cause: 'timeout', reason: 'timed out waiting for the whole request' },
    );
    t.is(receiver.received.length, 3);
  });
  const hanging: Lookup = () => new Promise(() => {});
  t.deepEqual(
    await postWebhook(
      targetOf('https://hooks.example.com/in', []),
      body,
      {},
      {
        allowedOrigins: [],
        lookup: hanging,
        totalTimeoutMs: 200,
      },
    ),
    { ok: false, cause: 'timeout', reason: 'timed out resolving the host' },
  );
});

test('connecting times out when the TLS handshake never completes', async (t) => {
  // Takes the connection and reads the ClientHello, answering nothing.
  const silent = net.createServer((socket) => socket.resume());
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
  let wrote = false;
  try {
    const result = await postWebhook(targetOf(`${origin}/in`), body, signed(body), {
      allowedOrigins: [origin],
      connectTimeoutMs: 200,
      beforeWrite: () => (wrote = true),
    });
    t.deepEqual(result, { ok: false, cause: 'timeout', reason: 'timed out connecting' });
    t.false(wrote, 'nothing was written');
  } finally {
    await new Promise<void>((resolve) => {
      silent.close(() => resolve());
    });
  }
});

test('a target nothing listens on is a network failure', async (t) => {
  const origin = `http://127.0.0.1:${await freePort()}`;
  t.deepEqual(await postWebhook(targetOf(`${origin}/in`), body, {}, { allowedOrigins: [origin] }), {
    ok: false,
    cause: 'network',
    reason: `${new URL(origin).host} unreachable: ECONNREFUSED`,
  });
});

test('a 10 MB answer is cut at 64 KB and its connection closed before it is all sent', async (t) => {
  await withReceiver(async (receiver) => {
    receiver.next({ hugeBytes: 10 * 1024 * 1024 });
    const result = await postWebhook(targetOf(`${receiver.origin}/in`), body, signed(body), {
      allowedOrigins: [receiver.origin],
    });
    t.like(result, { ok: true, status: 200, truncated: true });
    t.is(result.ok && result.body.length, 64 * 1024);
    t.true(await eventually(() => receiver.huge[0]?.closed === true));
    const [huge] = receiver.huge;
    t.false(huge!.finished, 'the receiver could not hand the whole body over');
    t.true(huge!.written < 10 * 1024 * 1024, `${huge!.written} bytes written`);
  });
});

test('beforeWrite comes just before the body is sent, afterWrite once it is', async (t) => {
  await withReceiver(async (receiver) => {
    const seen: string[] = [];
    const result = await postWebhook(targetOf(`${receiver.origin}/in`), body, signed(body), {
      allowedOrigins: [receiver.origin],
      beforeWrite: () => seen.push(`before (${receiver.requests.length} received)`),
      afterWrite: () => seen.push('after'),
    });
    t.like(result, { ok: true, status: 204 });
    t.deepEqual(seen, ['before (0 received)', 'after']);
  });
});

test('the body waits for beforeWrite to resolve; one that rejects writes nothing, refused', async (t) => {
  await withReceiver(async (receiver) => {
    const seen: string[] = [];
    const result = await postWebhook(targetOf(`${receiver.origin}/in`), body, signed(body), {
      allowedOrigins: [receiver.origin],
      beforeWrite: async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen.push(`recorded (${receiver.requests.length} received)`);
      },
      afterWrite: () => seen.push('written'),
    });
    t.like(result, { ok: true, status: 204 });
    t.deepEqual(seen, ['recorded (0 received)', 'written']);

    const refused = await postWebhook(targetOf(`${receiver.origin}/in`), body, signed(body), {
      allowedOrigins: [receiver.origin],
      beforeWrite: () => Promise.reject(new Error('the store is down')),
    });
    t.deepEqual(refused, { ok: false, cause: 'refused', reason: 'not recorded: the store is down' });
    t.is(receiver.requests.length, 1, 'nothing of it reached the receiver');
  });
});
