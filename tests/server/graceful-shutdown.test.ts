import http from 'node:http';
import net from 'node:net';
import test from 'ava';
import type { Middleware } from 'koa';
import { parseConfig } from '../../server/config.js';
import { VALID_FIXTURE } from '../helpers/fixtures.js';
import { eventually } from '../helpers/wait.js';
import type { RunningServer } from '../helpers/with-server.js';
import { usingServer } from '../helpers/with-server.js';

const REQUEST = 'GET /api/v1/sources HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: shutdown-test\r\n\r\n';
const DELAYED = '/api/openapi.json';

/**
 * Requests carrying `X-Test-Hold` wait before the app handles them until the test releases them:
 * requests still in flight. `arrived` resolves once one is held.
 */
function holding() {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const hold: Middleware = async (ctx, next) => {
    if (ctx.get('X-Test-Hold')) {
      arrive();
      await released;
    }
    await next();
  };
  return { hold, arrived, release };
}

/** What a new connection to the port meets: `connected`, or the error's code. */
function connect(port: number): Promise<string> {
  return new Promise<string>((resolve) => {
    const socket = net
      .connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve('connected');
      })
      .on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** The service on the valid fixture with a holding middleware in front; `port` for raw connections. */
function withServer(
  shutdownTimeoutMs: number,
  run: (server: RunningServer, port: number, held: ReturnType<typeof holding>) => Promise<void>,
  idleGraceMs = 1_000,
): Promise<void> {
  const held = holding();
  const options = {
    content: VALID_FIXTURE,
    // The idle grace at its production value (other tests' servers stop without it).
    env: { SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs), SHUTDOWN_IDLE_GRACE_MS: String(idleGraceMs) },
    before: held.hold,
  };
  return usingServer(options, (server) => run(server, Number(new URL(server.url).port), held));
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
  await withServer(10_000, async (server, port, held) => {
    const agent = new http.Agent({ keepAlive: true });
    const inFlight = new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: DELAYED, agent, headers: { 'X-Test-Hold': '1' } }, resolve)
        .on('error', reject);
    });
    await held.arrived;
    const stopped = server.stop();

    t.is(await connect(port), 'ECONNREFUSED', 'no new connection is accepted');

    held.release();
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
    // Stopping has begun once the port refuses new connections; the idle socket is still open.
    t.true(await eventually(async () => (await connect(port)) === 'ECONNREFUSED'), 'stopping began');
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

test('SHUTDOWN_IDLE_GRACE_MS sets the grace: 1 s by default, 0 to 60000, a longer one kept in full', async (t) => {
  t.is(parseConfig({}).shutdownIdleGraceMs, 1_000);
  t.is(parseConfig({ SHUTDOWN_IDLE_GRACE_MS: '0' }).shutdownIdleGraceMs, 0);
  for (const value of ['-1', '60001', '1.5', 'soon'])
    t.throws(
      () => parseConfig({ SHUTDOWN_IDLE_GRACE_MS: value }),
      { message: /SHUTDOWN_IDLE_GRACE_MS/ },
      value,
    );
  await withServer(
    10_000,
    async (server, port) => {
      const connection = rawConnection(port);
      await connection.request();
      const started = Date.now();
      await server.stop();
      const closedAfter = (await connection.closed) - started;
      t.true(closedAfter >= 2_500, `closed after ${closedAfter} ms`);
      t.deepEqual(connection.events, ['end'], 'closed with a FIN, not a reset');
    },
    2_500,
  );
});

test('a request that outlasts SHUTDOWN_TIMEOUT_MS is cut off so the process can exit', async (t) => {
  await withServer(300, async (server, port, held) => {
    const failed = new Promise<string>((resolve) => {
      http
        .get(
          {
            host: '127.0.0.1',
            port,
            path: DELAYED,
            agent: false,
            headers: { 'X-Test-Hold': '1' },
          },
          () => resolve('answered'),
        )
        .on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    // Held and never released: only the deadline ends it.
    await held.arrived;
    const started = Date.now();
    await server.stop();
    t.true(Date.now() - started < 2_000, 'stop resolved at the deadline');
    t.is(await failed, 'ECONNRESET');
  });
});
