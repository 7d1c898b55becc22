import http from 'node:http';
import net from 'node:net';
import test from 'ava';
import type { Middleware } from 'koa';
import { sleep } from './helpers/http.js';
import { VALID_FIXTURE } from '../helpers/fixtures.js';
import type { RunningServer } from '../helpers/with-server.js';
import { usingServer } from '../helpers/with-server.js';

const REQUEST = 'GET /api/v1/sources HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: shutdown-test\r\n\r\n';
const DELAYED = '/api/openapi.json';

/** Holds a request for `X-Test-Delay` ms before the app handles it: a request still in flight. */
const delay: Middleware = async (ctx, next) => {
  const ms = Number(ctx.get('X-Test-Delay') || 0);
  if (ms > 0) await sleep(ms);
  await next();
};

/** The service on the valid fixture with `delay` in front; `port` for raw connections. */
function withServer(
  shutdownTimeoutMs: number,
  run: (server: RunningServer, port: number) => Promise<void>,
): Promise<void> {
  const options = {
    content: VALID_FIXTURE,
    env: { SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs) },
    before: delay,
  };
  return usingServer(options, (server) => run(server, Number(new URL(server.url).port)));
}

interface RawResponse {
  readonly head: string;
  readonly body: string;
}

/** A raw keep-alive connection, so the test sees exactly how the server ends it (FIN or reset). */
function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let buffer = '';
  let waiting: ((response: RawResponse) => void) | null = null;
  const events: string[] = [];
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0 || !waiting) return;
    const head = buffer.slice(0, end);
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
    if (buffer.length < end + 4 + length) return;
    const body = buffer.slice(end + 4, end + 4 + length);
    buffer = buffer.slice(end + 4 + length);
    const resolve = waiting;
    waiting = null;
    resolve({ head, body });
  });
  socket.on('end', () => events.push('end'));
  socket.on('error', (error: NodeJS.ErrnoException) => events.push(`error ${error.code}`));
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
  return {
    events,
    closed,
    request(): Promise<RawResponse> {
      return new Promise((resolve) => {
        waiting = resolve;
        socket.write(REQUEST);
      });
    },
  };
}

test('stopping finishes an in-flight request, answers it with Connection: close and refuses new connections', async (t) => {
  await withServer(10_000, async (server, port) => {
    const agent = new http.Agent({ keepAlive: true });
    const inFlight = new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: DELAYED, agent, headers: { 'X-Test-Delay': '600' } }, resolve)
        .on('error', reject);
    });
    await sleep(150);
    const stopped = server.stop();

    const refused = await new Promise<string>((resolve) => {
      net
        .connect(port, '127.0.0.1', () => resolve('connected'))
        .on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    t.is(refused, 'ECONNREFUSED', 'no new connection is accepted');

    const response = await inFlight;
    response.resume();
    t.is(response.statusCode, 200);
    t.is(response.headers.connection, 'close');
    await stopped;
    agent.destroy();
  });
});

test('an idle keep-alive connection may still send a request while stopping, and then closes cleanly', async (t) => {
  await withServer(10_000, async (server, port) => {
    const connection = rawConnection(port);
    const first = await connection.request();
    t.regex(first.head, /^HTTP\/1\.1 200/);
    t.regex(first.head, /connection: keep-alive/i);

    const stopped = server.stop();
    await sleep(200);
    const second = await connection.request();
    t.regex(second.head, /^HTTP\/1\.1 200/, 'the request that raced the shutdown is answered');
    t.regex(second.head, /connection: close/i);
    await connection.closed;
    await stopped;
    t.deepEqual(connection.events, ['end'], 'closed with a FIN, not a reset');
  });
});

test('a keep-alive connection left idle is closed cleanly after a short grace', async (t) => {
  await withServer(10_000, async (server, port) => {
    const connection = rawConnection(port);
    await connection.request();
    const started = Date.now();
    await server.stop();
    const closedAfter = (await connection.closed) - started;
    t.true(closedAfter >= 500 && closedAfter < 5_000, `closed after ${closedAfter} ms`);
    t.deepEqual(connection.events, ['end'], 'closed with a FIN, not a reset');
  });
});

test('a request that outlasts SHUTDOWN_TIMEOUT_MS is cut off so the process can exit', async (t) => {
  await withServer(300, async (server, port) => {
    const failed = new Promise<string>((resolve) => {
      http
        .get(
          {
            host: '127.0.0.1',
            port,
            path: DELAYED,
            agent: false,
            headers: { 'X-Test-Delay': '5000' },
          },
          () => resolve('answered'),
        )
        .on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    await sleep(100);
    const started = Date.now();
    await server.stop();
    t.true(Date.now() - started < 2_000, 'stop resolved at the deadline');
    t.is(await failed, 'ECONNRESET');
  });
});
