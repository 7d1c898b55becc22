import http from 'node:http';
import zlib from 'node:zlib';
import test from 'ava';
import type { RunningServer } from '../../helpers/with-server.js';
import { startServer } from '../../helpers/with-server.js';
import { readPaths } from '../../helpers/route-paths.js';

interface Answer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

/** node:http, which (unlike fetch) hands back the bytes as sent, still encoded. */
function request(server: RunningServer, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<Answer>((resolve, reject) => {
    http
      .request(new URL(path, server.url), { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject)
      .end();
  });
}

const DECODE: Record<string, (body: Buffer) => Buffer> = {
  br: (body) => zlib.brotliDecompressSync(body),
  gzip: (body) => zlib.gunzipSync(body),
};

const NOW = Date.parse('2026-11-24T12:00:30Z');

/**
 * Every resource the route table reads (tests/helpers/route-paths.ts), queries and refusals; not
 * `/healthz`, a probe's few bytes of JSON made per request, sent as they are.
 */
const resources = (server: RunningServer) => [
  ...readPaths(server.routes, { eventId: '2025-03-03-weekly-reset' }).filter((path) => path !== '/healthz'),
  '/api/v1/resets?limit=100',
  '/api/v1/resets?limit=500',
  '/api/nope',
  '/nope',
];

let server: RunningServer;
test.before(async () => {
  // A fixed clock: the status body moves with the minute, and two requests of one check must not
  // fall on either side of a minute's turn.
  server = await startServer({ clock: () => NOW });
});
test.after.always(() => server.stop());

test('every text resource is sent in brotli or gzip as asked, and decodes to the identity bytes', async (t) => {
  for (const path of resources(server)) {
    const identity = await request(server, path);
    t.is(identity.headers['content-encoding'], undefined, path);
    t.regex(String(identity.headers.vary), /Accept-Encoding/, path);
    for (const coding of ['br', 'gzip'] as const) {
      const encoded = await request(server, path, { 'accept-encoding': coding });
      t.is(encoded.status, identity.status, `${path} ${coding}`);
      t.is(encoded.headers['content-encoding'], coding, `${path} ${coding}`);
      t.is(encoded.headers['content-type'], identity.headers['content-type'], `${path} ${coding}`);
      t.regex(String(encoded.headers.vary), /Accept-Encoding/, `${path} ${coding}`);
      t.is(Number(encoded.headers['content-length']), encoded.body.length, `${path} ${coding}`);
      t.true(
        encoded.body.length < identity.body.length || identity.body.length < 200,
        `${path} ${coding} smaller`,
      );
      const decoded = DECODE[coding]!(encoded.body);
      // Status bodies carry generated_at; everything else is byte for byte the same.
      const strip = (body: Buffer) => body.toString('utf8').replace(/"generated_at":"[^"]*"/g, '');
      t.is(strip(decoded), strip(identity.body), `${path} ${coding}`);
    }
  }
});

test('the client’s preference decides: br first, gzip when br is refused, identity when nothing fits', async (t) => {
  const path = '/api/v1/resets?limit=50';
  const cases: [string, string | undefined][] = [
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip;q=0.9', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['deflate', undefined],
    ['identity', undefined],
    ['*', 'br'],
  ];
  for (const [accept, coding] of cases) {
    const answer = await request(server, path, { 'accept-encoding': accept });
    t.is(answer.status, 200, accept);
    t.is(answer.headers['content-encoding'], coding, accept);
  }
});

test('an encoded body has the identity ETag with its coding added, and revalidates to 304 per coding', async (t) => {
  for (const path of ['/api/v1/resets?limit=20', '/feed.xml', '/', '/api/trpc/listSources']) {
    const identity = await request(server, path);
    const tag = String(identity.headers.etag);
    for (const coding of ['br', 'gzip'] as const) {
      const encoded = await request(server, path, { 'accept-encoding': coding });
      t.is(encoded.headers.etag, `${tag.slice(0, -1)}-${coding}"`, `${path} ${coding}`);
      const same = await request(server, path, {
        'accept-encoding': coding,
        'if-none-match': String(encoded.headers.etag),
      });
      t.is(same.status, 304, `${path} ${coding}`);
      t.is(same.headers.etag, encoded.headers.etag, `${path} ${coding}`);
      t.is(same.body.length, 0);
      // The identity tag names other bytes than the ones this client gets.
      const other = await request(server, path, { 'accept-encoding': coding, 'if-none-match': tag });
      t.is(other.status, 200, `${path} ${coding} with the identity tag`);
    }
    const back = await request(server, path, { 'if-none-match': tag });
    t.is(back.status, 304, `${path} identity`);
  }
});

test('HEAD has GET’s status and headers in every coding, and no body', async (t) => {
  for (const path of ['/api/v1/status', '/resets.csv', '/history', '/api/v1/resets?limit=500']) {
    for (const accept of ['br', 'gzip', 'identity']) {
      const get = await request(server, path, { 'accept-encoding': accept });
      const head = await request(server, path, { 'accept-encoding': accept }, 'HEAD');
      t.is(head.status, get.status, `${path} ${accept}`);
      t.is(head.body.length, 0, `${path} ${accept}`);
      for (const name of ['content-encoding', 'content-length', 'content-type', 'etag', 'vary'])
        t.is(head.headers[name], get.headers[name], `${path} ${accept} ${name}`);
    }
  }
});

test('hits hand out the same encoded bytes: a body is encoded once', async (t) => {
  const path = '/api/v1/resets?limit=100&order=asc';
  const first = await request(server, path, { 'accept-encoding': 'br' });
  const again = await request(server, path, { 'accept-encoding': 'br' });
  t.true(first.body.equals(again.body));
});
