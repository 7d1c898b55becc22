import net from 'node:net';
import test from 'ava';
import { sendRaw } from '../../helpers/raw-http.js';
import type { RunningServer } from '../../helpers/with-server.js';
import { startServer } from '../../helpers/with-server.js';

let server: RunningServer;
test.before(async () => {
  server = await startServer();
});
test.after.always(() => server.stop());

/**
 * `count` header lines short enough to stay under Node's 16 KB header bound, with Host last: past
 * 2,000 entries Node would drop the rest without a word, Host among them.
 */
function manyHeaders(count: number, method = 'GET'): string {
  const lines = Array.from({ length: count }, (_, i) => `x${i}:1\r\n`).join('');
  return `${method} /api/v1/status HTTP/1.1\r\n${lines}Host: tracker.test\r\nConnection: close\r\n\r\n`;
}

test('a request with 1,500 header lines is refused with 431 request_too_large, not read without its Host', async (t) => {
  const response = await sendRaw(server.url, manyHeaders(1500));
  t.is(response.status, 431);
  t.regex(response.headers['content-type'] ?? '', /^application\/problem\+json/);
  t.like(JSON.parse(response.body), { status: 431, code: 'request_too_large' });
  t.regex(response.body, /1502 header lines; at most 200/);
});

test('a request within the header-line bound is answered', async (t) => {
  const response = await sendRaw(server.url, manyHeaders(150));
  t.is(response.status, 200);
});

/** Refusals made before a handler runs, by the app or by Node's parser. */
const EARLY_REFUSALS: readonly [string, string, number][] = [
  ['too many header lines', manyHeaders(1500), 431],
  ['no Host', 'GET /api/v1/status HTTP/1.1\r\nConnection: close\r\n\r\n', 400],
  ['a malformed request line', 'GET /api/v1/status HTTP/9.9 extra\r\nHost: x\r\n\r\n', 400],
  ['a malformed header', 'GET / HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n', 400],
  ['headers over 16 KB', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
];

test('every early refusal carries Access-Control-Allow-Origin: * and nosniff, like every other answer', async (t) => {
  for (const [name, request, status] of EARLY_REFUSALS) {
    const response = await sendRaw(server.url, request);
    t.is(response.status, status, name);
    t.is(response.headers['access-control-allow-origin'], '*', name);
    t.is(response.headers['x-content-type-options'], 'nosniff', name);
    t.regex(response.headers['content-type'] ?? '', /^application\/problem\+json/, name);
  }
});

/** Everything the server sends on one connection until it closes it. */
function allBytes(request: string): Promise<Buffer> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks)));
    socket.on('error', reject);
    socket.setTimeout(3000, () => socket.destroy());
    socket.end(request);
  });
}

test('a HEAD the parser refuses is answered without a body', async (t) => {
  for (const request of [
    'HEAD /api/v1/status HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n',
    `HEAD / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    manyHeaders(1500, 'HEAD'),
  ]) {
    const bytes = await allBytes(request);
    const end = bytes.indexOf('\r\n\r\n');
    t.true(end > 0, request.slice(0, 40));
    t.regex(bytes.toString('latin1', 0, 12), /^HTTP\/1\.1 4\d\d$/);
    t.is(bytes.length, end + 4, `nothing after the head: ${request.slice(0, 40)}`);
  }
});

/**
 * Sends `request` (headers declaring a body that never comes) and resolves with what came back and
 * whether the server ended the connection within `withinMs`.
 */
function answerWithoutBody(request: string, withinMs: number): Promise<{ head: string; ended: boolean }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ head: Buffer.concat(chunks).toString('latin1'), ended: false });
    }, withinMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ head: Buffer.concat(chunks).toString('latin1'), ended: true });
    });
    socket.on('error', reject);
    socket.write(request);
  });
}

/** A POST's head with a 400-byte body announced and none sent, after `headers`. */
const postHead = (path: string, headers: string) =>
  `POST ${path} HTTP/1.1\r\nHost: tracker.test\r\n${headers}Content-Length: 400\r\n\r\n`;

/** Writes the service refuses from their headers alone: name, request head, status. */
function refusedFromHeaders(expect: string): [string, string, number][] {
  const post = (path: string, headers: string) => postHead(path, headers + expect);
  return [
    [
      '403, another site',
      post('/mcp', 'Origin: https://evil.example\r\nContent-Type: application/json\r\n'),
      403,
    ],
    ['415, not JSON', post('/mcp', 'Content-Type: text/plain\r\n'), 415],
    ['413, too long', post('/mcp', 'Content-Type: application/json\r\n').replace('400', '700000'), 413],
    ['503, alerts off', post('/alerts/subscriptions', 'Content-Type: application/json\r\n'), 503],
    ['405, no POST here', post('/api/v1/status', 'Content-Type: application/json\r\n'), 405],
  ];
}

test('an answer sent before the body is read closes the connection', async (t) => {
  for (const [name, request, status] of refusedFromHeaders('')) {
    const { head, ended } = await answerWithoutBody(request, 2000);
    t.regex(head, new RegExp(`^HTTP/1\\.1 ${status} `), name);
    t.regex(head, /\r\nConnection: close\r\n/i, name);
    t.true(ended, `${name}: the server ended the connection`);
  }
});

/** Sends headers with `Expect: 100-continue` and no body; what the server says first, within 2 s. */
function firstAnswer(request: string): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const timer = setTimeout(() => {
      socket.destroy();
      resolve('');
    }, 2000);
    socket.once('data', (chunk: Buffer) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(chunk.toString('latin1'));
    });
    socket.on('error', reject);
    socket.write(request);
  });
}

test('Expect: 100-continue gets the refusal, not 100, when a write is refused from its headers', async (t) => {
  const expect = 'Expect: 100-continue\r\n';
  for (const [name, request, status] of refusedFromHeaders(expect))
    t.regex(await firstAnswer(request), new RegExp(`^HTTP/1\\.1 ${status} `), name);
  const read = postHead(
    '/mcp',
    `Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n${expect}`,
  );
  t.regex(await firstAnswer(read), /^HTTP\/1\.1 100 Continue\r\n/, 'a body the server reads gets 100 first');
});
