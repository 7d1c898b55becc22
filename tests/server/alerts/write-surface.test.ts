import http from 'node:http';
import test from 'ava';
import { collectingLogger } from '../../helpers/logs.js';
import { openStore } from '../../../server/store/index.js';
import { usingServer } from '../../helpers/with-server.js';
import {
  alertsEnv,
  post,
  push,
  subscriptionOf,
  useSubscriptionWrites,
} from '../../helpers/subscription-writes.js';

useSubscriptionWrites();

test('past ALERTS_MAX_SUBSCRIPTIONS a new one is 503 subscriptions_full, stored nowhere, warned once a minute', async (t) => {
  const env = alertsEnv({ ALERTS_MAX_SUBSCRIPTIONS: '3' });
  const lines: Record<string, unknown>[] = [];
  const logger = collectingLogger('warn', lines);
  const clock = { now: Date.now() };
  const fullWarnings = () =>
    lines.filter((line) => /ALERTS_MAX_SUBSCRIPTIONS/.test(String(line['msg']))).length;
  await usingServer({ env, logger, clock: () => clock.now }, async (server) => {
    const subscribers = [1, 2, 3, 4, 5].map(() => push.subscriber());
    const answers = [];
    for (const subscriber of subscribers) answers.push(await post(server.url, subscriptionOf(subscriber)));
    t.deepEqual(
      answers.map((answer) => answer.status),
      [201, 201, 201, 503, 503],
    );
    t.like(answers[3]!.body, { code: 'subscriptions_full' });
    t.deepEqual(
      subscribers.map((subscriber) => push.received.filter((m) => m.subscriber === subscriber.id).length),
      [1, 1, 1, 0, 0],
      'a welcome to each one stored, none to one that would not be',
    );
    t.is(
      (await post(server.url, { ...subscriptionOf(subscribers[0]!), audience: 'pro' })).status,
      200,
      'one already stored still changes its filters',
    );
    t.is(fullWarnings(), 1, 'one warning for two refusals within a minute');
    clock.now += 59_999;
    t.is((await post(server.url, subscriptionOf(push.subscriber()))).status, 503);
    t.is(fullWarnings(), 1, 'none for a refusal still within the minute');
    clock.now += 1;
    t.is((await post(server.url, subscriptionOf(push.subscriber()))).status, 503);
    t.is(fullWarnings(), 2, 'the next refusal a minute after the warning warns again');
    const store = await openStore(env.ALERTS_DB);
    t.is(await store.subscriptions.subscriptionCount(), 3);
    await store.close();
  });
});

test('subscription writes are limited per address and per network (/24)', async (t) => {
  const env = alertsEnv({
    ALERTS_WRITES_PER_ADDRESS: '3',
    ALERTS_WRITES_PER_NETWORK: '5',
    TRUST_PROXY_HOPS: '1',
  });
  await usingServer({ env }, async (server) => {
    const from = (address: string) => ({ 'X-Forwarded-For': address });
    const statuses = async (address: string, count: number) => {
      const got: number[] = [];
      for (let index = 0; index < count; index += 1)
        got.push((await post(server.url, subscriptionOf(push.subscriber()), from(address))).status);
      return got;
    };
    t.deepEqual(await statuses('203.0.113.1', 4), [201, 201, 201, 429], 'three per address');
    t.deepEqual(await statuses('203.0.113.2', 3), [201, 201, 429], 'five per /24 in all');
    t.deepEqual(await statuses('203.0.114.1', 1), [201], 'another network is counted apart');
    const limited = await post(server.url, { endpoint: 'https://x.test/' }, from('203.0.113.3'), 'DELETE');
    t.is(limited.status, 429, 'a DELETE is a write too');
    t.like(limited.body, { code: 'rate_limited' });
    t.deepEqual(await statuses('2001:db8:1:2::1', 3), [201, 201, 201]);
    t.deepEqual(await statuses('2001:db8:1:2::2', 3), [201, 201, 429], 'five per /64 in all');
  });
});

test('without PUBLIC_BASE_URL a page of the server reached as 127.0.0.1 may subscribe; another origin may not', async (t) => {
  await usingServer({ env: { ...alertsEnv(), PUBLIC_BASE_URL: '' } }, async (server) => {
    const subscriber = push.subscriber();
    const own = await post(server.url, subscriptionOf(subscriber), { Origin: server.url });
    t.is(own.status, 201);
    const other = await post(server.url, subscriptionOf(push.subscriber()), {
      Origin: 'http://localhost:1',
    });
    t.is(other.status, 403);
  });
});

/** A POST with the `Host` and `Origin` a page of a rebound name sends; resolves with the status. */
function postAs(url: string, path: string, host: string, origin: string, body: unknown): Promise<number> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path,
      headers: { Host: host, Origin: origin, 'Content-Type': 'application/json', Accept: 'application/json' },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.end(JSON.stringify(body));
  });
}

test('without PUBLIC_BASE_URL a page of a name rebound to the server is refused; loopback pages are not', async (t) => {
  await usingServer({ env: { ...alertsEnv(), PUBLIC_BASE_URL: '' } }, async (server) => {
    const { port } = new URL(server.url);
    const tools = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const asked = (host: string, origin: string) =>
      Promise.all([
        postAs(server.url, '/mcp', host, origin, tools),
        postAs(server.url, '/alerts/subscriptions', host, origin, subscriptionOf(push.subscriber())),
      ]);
    const rebound = `rebind.attacker.test:${port}`;
    t.deepEqual(await asked(rebound, `http://${rebound}`), [403, 403], 'a rebound name');
    t.deepEqual(
      await asked(`192.168.1.20:${port}`, `http://192.168.1.20:${port}`),
      [403, 403],
      'not loopback',
    );
    t.deepEqual(await asked(`127.0.0.1:${port}`, `http://127.0.0.1:${port}`), [200, 201]);
    t.deepEqual(await asked(`localhost:${port}`, `http://localhost:${port}`), [200, 201]);
    t.deepEqual(await asked(`[::1]:${port}`, `http://127.0.0.1:${port}`), [200, 201], 'loopback alike');
  });
});

test('media types are read without regard to case; a charset other than UTF-8 is 415', async (t) => {
  await usingServer({ env: alertsEnv() }, async (server) => {
    const body = subscriptionOf(push.subscriber());
    t.is((await post(server.url, body, { 'Content-Type': 'APPLICATION/JSON' })).status, 201);
    t.is((await post(server.url, body, { 'Content-Type': 'Application/Json; Charset=UTF-8' })).status, 200);
    const utf16 = await post(server.url, body, { 'Content-Type': 'application/json; charset=utf-16' });
    t.is(utf16.status, 415);
    t.like(utf16.body, { code: 'unsupported_media_type' });
  });
});

test('a body that has not arrived within 10 s gets 408 and the connection closes', async (t) => {
  await usingServer({ env: alertsEnv() }, async (server) => {
    const { port } = new URL(server.url);
    const started = Date.now();
    const answer = await new Promise<{ status: number; body: string; closed: boolean }>((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/alerts/subscriptions',
        headers: { 'Content-Type': 'application/json', 'Content-Length': '400' },
      });
      request.on('error', reject);
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const { socket } = response;
          // The server closes its side: the socket ends without the client asking.
          socket.once('close', () =>
            resolve({
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks).toString(),
              closed: true,
            }),
          );
          setTimeout(() => resolve({ status: response.statusCode ?? 0, body: '', closed: false }), 3000);
        });
      });
      request.write('{"subscription":');
    });
    t.is(answer.status, 408);
    t.true(answer.closed, 'the connection is closed');
    t.regex(answer.body, /request_timeout/);
    const waited = Date.now() - started;
    t.true(waited >= 9_000 && waited < 20_000, `answered after ${waited} ms`);
  });
});
