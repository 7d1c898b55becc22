import http from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import pino from 'pino';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { loadContent } from '../../domain/content/load.js';
import { createApp, createRest } from '../../server/app.js';
import { ContentState } from '../../server/content-state.js';
import { withFastPath } from '../../server/http/fast-path.js';
import { DEMO_CONTENT, TEST_BASE_URL } from '../helpers/with-server.js';

/** A fixed clock: both paths answer from the same minute, so the same cache entry. */
const NOW = Date.parse('2026-11-21T12:00:30Z');
const REQUEST_ID = 'fast-path-test-1';

interface Answer {
  readonly status: number;
  /** Raw header lines in order, without the ones Node writes per response (Date, Connection, Keep-Alive). */
  readonly headers: [string, string][];
  readonly body: Buffer;
}

function request(origin: string, path: string, options: http.RequestOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, origin), options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const headers: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!;
          if (!/^(date|connection|keep-alive)$/i.test(name)) headers.push([name, res.rawHeaders[i + 1]!]);
        }
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function listen(handle: http.RequestListener): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/**
 * One app and one response cache behind two listeners: Koa alone, and the fast path in front of
 * Koa (as `createServer` wires it), with a log that keeps its lines and a count of hand-overs to Koa.
 */
async function setup(points: number) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  const content = new ContentState(() => loadContent(DEMO_CONTENT), TEST_BASE_URL);
  await content.reload();
  const config = {
    publicBaseUrl: TEST_BASE_URL,
    rateLimit: { points, windowSeconds: 60, redisUrl: null },
    trustProxyHops: 0,
  };
  const limiter = new RateLimiterMemory({ points, duration: 60, keyPrefix: 'rl' });
  const clock = () => NOW;
  const rest = createRest({ content, clock, problemTypeBase: TEST_BASE_URL });
  let procedureCalls = 0;
  const produce = rest.produce.bind(rest);
  rest.produce = (request) => {
    procedureCalls += 1;
    return produce(request);
  };
  const app = createApp({ config, content, logger, limiter, clock, rest });
  const koa = app.callback();
  let handedOver = 0;
  const fast = withFastPath(
    (req, res) => {
      handedOver += 1;
      return koa(req, res);
    },
    { app, rest, logger, limiter, config },
  );
  const koaOnly = await listen((req, res) => void koa(req, res));
  const withFast = await listen((req, res) => void fast(req, res));
  return {
    koa: koaOnly.url,
    fast: withFast.url,
    lines,
    limiter,
    handedOver: () => handedOver,
    procedureCalls: () => procedureCalls,
    close: () => {
      for (const { server } of [koaOnly, withFast]) {
        server.close();
        server.closeAllConnections();
      }
    },
  };
}

/** RateLimit's remaining count differs between two requests of the same client; its form may not. */
const comparable = (answer: Answer) =>
  answer.headers.map(([name, value]) => [name, value.replace(/r=\d+/, 'r=N')] as const);

const PATHS = [
  '/api/v1/status',
  '/api/v1/status?window=weekly&audience=max',
  '/api/v1/resets?limit=5&order=asc',
  '/api/v1/resets?audience=pro&limit=3&from=2025-06-01',
  '/api/v1/sources',
  '/api/v1/sources?cache-buster=1',
];

test('hits and misses get the same status, headers (in order) and bytes as from Koa, without Koa', async (t) => {
  const service = await setup(1000);
  try {
    for (const path of PATHS) {
      const headers = { 'X-Request-Id': REQUEST_ID, Origin: 'https://example.test' };
      const miss = await request(service.fast, path, { headers });
      const hit = await request(service.fast, path, { headers });
      const fromKoa = await request(service.koa, path, { headers });
      t.is(fromKoa.status, 200, path);
      for (const answer of [miss, hit]) {
        t.is(answer.status, 200, path);
        t.deepEqual(comparable(answer), comparable(fromKoa), path);
        t.true(answer.body.equals(fromKoa.body), path);
      }
      const names = hit.headers.map(([name]) => name.toLowerCase());
      for (const name of [
        'etag',
        'cache-control',
        'access-control-allow-origin',
        'ratelimit',
        'x-request-id',
      ])
        t.true(names.includes(name), `${path}: ${name}`);
    }
    t.is(service.handedOver(), 0);
  } finally {
    service.close();
  }
});

test('HEAD answers with the GET headers and no body, as Koa does', async (t) => {
  const service = await setup(1000);
  try {
    const headers = { 'X-Request-Id': REQUEST_ID };
    for (const path of PATHS) {
      const fast = await request(service.fast, path, { method: 'HEAD', headers });
      const fromKoa = await request(service.koa, path, { method: 'HEAD', headers });
      const get = await request(service.fast, path, { headers });
      t.is(fast.status, 200, path);
      t.is(fast.body.length, 0, path);
      t.deepEqual(comparable(fast), comparable(fromKoa), path);
      t.deepEqual(comparable(fast), comparable(get), path);
    }
    t.is(service.handedOver(), 0);
  } finally {
    service.close();
  }
});

test('If-None-Match gets the same 304 as from Koa, under weak comparison, and no-cache revalidates', async (t) => {
  const service = await setup(1000);
  try {
    const path = '/api/v1/resets?limit=2';
    const first = await request(service.fast, path);
    const tag = first.headers.find(([name]) => name === 'ETag')?.[1] ?? '';
    t.regex(tag, /^W\/"/);
    const matching = [tag, tag.slice(2), `"other", ${tag}`, `"other",${tag.slice(2)}`, '*'];
    for (const ifNoneMatch of matching) {
      const headers = { 'X-Request-Id': REQUEST_ID, 'If-None-Match': ifNoneMatch };
      const fast = await request(service.fast, path, { headers });
      const fromKoa = await request(service.koa, path, { headers });
      t.is(fast.status, 304, ifNoneMatch);
      t.is(fromKoa.status, 304, ifNoneMatch);
      t.is(fast.body.length, 0);
      t.deepEqual(comparable(fast), comparable(fromKoa), ifNoneMatch);
    }
    const stale = await request(service.fast, path, { headers: { 'If-None-Match': '"other"' } });
    t.is(stale.status, 200);
    const reload = await request(service.fast, path, {
      headers: { 'If-None-Match': tag, 'Cache-Control': 'no-cache' },
    });
    t.is(reload.status, 200);
    t.is(service.handedOver(), 0);
  } finally {
    service.close();
  }
});

test('each answer writes one access log line with the fields Koa logs', async (t) => {
  const service = await setup(1000);
  try {
    const path = '/api/v1/status?audience=pro';
    await request(service.fast, path);
    const before = service.lines.length;
    await request(service.fast, path, { headers: { 'User-Agent': 'fast-path-test' } });
    await request(service.koa, path, { headers: { 'User-Agent': 'fast-path-test' } });
    await request(service.fast, '/api/v1/status', { method: 'POST' });
    const [fast, fromKoa, refused] = service.lines.slice(before);
    t.is(service.lines.length, before + 3);
    t.deepEqual(Object.keys(fast!), Object.keys(fromKoa!));
    t.like(fast, { method: 'GET', url: path, status: 200, ip: '127.0.0.1', ua: 'fast-path-test' });
    t.like(refused, { method: 'POST', status: 405 });
  } finally {
    service.close();
  }
});

test('every answer is counted once; over the quota Koa answers 429 from the same count', async (t) => {
  const service = await setup(3);
  try {
    const remaining: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const answer = await request(service.fast, '/api/v1/sources');
      t.is(answer.status, 200);
      remaining.push(answer.headers.find(([name]) => name === 'RateLimit')?.[1] ?? '');
    }
    t.deepEqual(
      remaining.map((value) => /r=(\d+)/.exec(value)?.[1]),
      ['2', '1', '0'],
    );
    const refused = await request(service.fast, '/api/v1/sources');
    t.is(refused.status, 429);
    t.truthy(refused.headers.find(([name]) => name === 'Retry-After'));
    t.regex(refused.headers.find(([name]) => name === 'Content-Type')?.[1] ?? '', /problem\+json/);
    t.is(service.handedOver(), 1);
    t.is((await service.limiter.get('127.0.0.1'))?.consumedPoints, 4);
  } finally {
    service.close();
  }
});

test('a procedure that fails on the fast path is not run again by Koa, which answers its problem', async (t) => {
  const service = await setup(1000);
  try {
    const path = '/api/v1/resets?cursor=AAAAAAAAAAAAAAAAAAAA';
    const fast = await request(service.fast, path);
    t.is(fast.status, 400);
    t.is(service.handedOver(), 1);
    t.is(service.procedureCalls(), 1);
    t.regex(fast.body.toString(), /"code":"invalid_cursor"/);
  } finally {
    service.close();
  }
});

test('anything unusual goes to Koa: other methods, bad queries, failed procedures, If-Modified-Since', async (t) => {
  const service = await setup(1000);
  try {
    const cases: [string, http.RequestOptions, number][] = [
      ['/api/v1/status', { method: 'DELETE' }, 405],
      ['/api/v1/status?audience=nobody', {}, 400],
      ['/api/v1/status?audience=max&audience=pro', {}, 400],
      ['/api/v1/resets?limt=5', {}, 400],
      ['/api/v1/resets?cursor=AAAAAAAAAAAAAAAAAAAA', {}, 400],
      ['/api/v1/resets?order=asc|', {}, 400],
      ['/api/v1/status', { headers: { 'If-Modified-Since': new Date(NOW).toUTCString() } }, 200],
    ];
    let expected = 0;
    for (const [path, options, status] of cases) {
      const before = (await service.limiter.get('127.0.0.1'))?.consumedPoints ?? 0;
      const fast = await request(service.fast, path, options);
      const fromKoa = await request(service.koa, path, options);
      expected += 1;
      t.is(fast.status, status, path);
      t.is(service.handedOver(), expected, path);
      t.true(fast.body.equals(fromKoa.body), path);
      // Counted once by whichever path took it, and once more for the Koa-only request.
      t.is((await service.limiter.get('127.0.0.1'))?.consumedPoints, before + 2, path);
    }
  } finally {
    service.close();
  }
});
