import net from 'node:net';
import test from 'ava';
import { sendRaw } from '../../helpers/raw-http.js';
import { withServer } from '../../helpers/with-server.js';
import { BASE_URL } from '../../helpers/fixtures.js';

const get = (target: string, headers: string) =>
  `GET ${target} HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`;

test('the Host header never changes what is asked, and never causes a 5xx', withServer, async (t, server) => {
  for (const host of ['[', 'a b', 'x:99999', '%', '[::1', 'a#b', 'a?limit=1&order=desc', 'a/b', '']) {
    const response = await sendRaw(
      server.url,
      get(
        '/api/v1/resets?limit=3&order=asc',
        `Host: ${host}\r\nIf-Modified-Since: Thu, 01 Jan 2026 00:00:00 GMT\r\n`,
      ),
    );
    t.is(response.status, 200, `Host: ${host}`);
    const page = JSON.parse(response.body) as {
      data: { announced_at: string | null; announced_on: string | null }[];
    };
    t.is(page.data.length, 3, `Host: ${host}`);
    const keys = page.data.map((event) => event.announced_at ?? event.announced_on ?? '');
    t.deepEqual(keys, [...keys].sort(), `Host: ${host}: ascending`);
    const home = await sendRaw(server.url, get('/?audience=max', `Host: ${host}\r\n`));
    t.is(home.status, 200, `page, Host: ${host}`);
  }
});

test('requests Node refuses before the app get a problem body', withServer, async (t, server) => {
  const cases: [string, string | Buffer, number, string][] = [
    ['a malformed request line', 'BLAH\r\n\r\n', 400, 'malformed_request'],
    [
      'raw non-ASCII bytes in the target',
      Buffer.from('GET /api/v1/status?audience=\xff HTTP/1.1\r\nHost: a\r\n\r\n', 'latin1'),
      400,
      'malformed_request',
    ],
    ['a malformed header', 'GET /api/v1/status HTTP/1.1\r\nHost a\r\n\r\n', 400, 'malformed_request'],
    [
      'a target over 16 KB',
      get(`/api/v1/status?x=${'a'.repeat(20_000)}`, 'Host: a\r\n'),
      431,
      'request_too_large',
    ],
    [
      'headers over 16 KB',
      get('/api/v1/status', `Host: a\r\nX-Big: ${'b'.repeat(20_000)}\r\n`),
      431,
      'request_too_large',
    ],
    ['an odd Expect', get('/api/v1/status', 'Host: a\r\nExpect: teapot\r\n'), 417, 'expectation_failed'],
  ];
  for (const [label, request, status, code] of cases) {
    const response = await sendRaw(server.url, request);
    t.is(response.status, status, label);
    t.is(response.headers['content-type'], 'application/problem+json', label);
    const problem = JSON.parse(response.body) as Record<string, unknown>;
    t.deepEqual(Object.keys(problem).sort(), ['code', 'detail', 'status', 'title', 'type'], label);
    t.like(problem, { status, code, type: `${BASE_URL}/problems/${code}` }, label);
  }
});

test(
  'a request asking to upgrade is answered, and its connection closed so no later request is left unanswered',
  withServer,
  async (t, server) => {
    const { hostname, port } = new URL(server.url);
    const socket = net.connect(Number(port), hostname);
    let raw = '';
    socket.on('data', (chunk: Buffer) => (raw += chunk.toString('latin1')));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      'GET /api/v1/sources HTTP/1.1\r\nHost: a\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
    );
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5000));
    t.not(await Promise.race([closed, timeout]), 'timeout', 'the server closes the connection');
    t.regex(raw, /^HTTP\/1\.1 200 /);
    t.regex(raw, /\r\nConnection: close\r\n/i);
    socket.destroy();
    // A second request then goes on a new connection, and is answered.
    const next = await sendRaw(server.url, get(`/api/v1/status?x=${'a'.repeat(20_000)}`, 'Host: a\r\n'));
    t.is(next.status, 431);
  },
);

test(
  'a request with two Host lines is 400 malformed_request, whichever their case',
  withServer,
  async (t, server) => {
    for (const hosts of [
      'Host: a\r\nHost: b\r\n',
      'Host: a\r\nhost: a\r\n',
      'HOST: a\r\nX-Other: 1\r\nhost: b\r\n',
    ]) {
      const response = await sendRaw(server.url, get('/api/v1/status', hosts));
      t.is(response.status, 400, JSON.stringify(hosts));
      t.is(response.headers['content-type'], 'application/problem+json');
      t.like(JSON.parse(response.body), { code: 'malformed_request' });
      // A page answers its problems as a page.
      t.is((await sendRaw(server.url, get('/', hosts))).status, 400, `a page, ${JSON.stringify(hosts)}`);
    }
    t.is((await sendRaw(server.url, get('/api/v1/status', 'Host: a\r\n'))).status, 200, 'one Host is read');
  },
);
