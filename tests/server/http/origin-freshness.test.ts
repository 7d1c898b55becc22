import http from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import Koa from 'koa';
import conditional from 'koa-conditional-get';
import pino from 'pino';
import { parseConfig } from '../../../server/config.js';
import { createPipeline } from '../../../server/pipeline.js';
import { BASE_URL } from '../../helpers/fixtures.js';

const TAG = '"v1"';
const LAST_MODIFIED = new Date('2025-01-01T00:00:00Z');
const EARLIER = 'Sun, 01 Dec 2024 00:00:00 GMT';
const LATER = 'Thu, 01 Jan 2026 00:00:00 GMT';

/** What `ctx.fresh` and `ctx.stale` said of a response, as its handler finished it. */
interface Seen {
  fresh: boolean;
  stale: boolean;
}

/**
 * Answers a tagged, dated body (not text, so nothing encodes it) and keeps what `ctx.fresh` says of
 * it; at `/gone` the answer is a 410.
 */
function handler(seen: Seen[]): Koa.Middleware {
  return (ctx) => {
    ctx.body = Buffer.from('x');
    ctx.type = 'application/octet-stream';
    ctx.set('ETag', TAG);
    ctx.lastModified = LAST_MODIFIED;
    if (ctx.path === '/gone') ctx.status = 410;
    seen.push({ fresh: ctx.fresh, stale: ctx.stale });
  };
}

/** The service's pipeline (server/pipeline.ts) with `handler` after it, as the router comes there. */
function pipelineApp(seen: Seen[]): Koa {
  const app = createPipeline({
    config: parseConfig({ PUBLIC_BASE_URL: BASE_URL, RATE_LIMIT_POINTS: '0' }),
    logger: pino({ level: 'silent' }),
    limiter: null,
    problems: { renderPage: (problem) => ({ body: problem.detail, etag: '"p"' }), pageHeaders: () => ({}) },
    writeOnly: () => false,
  });
  app.use(handler(seen));
  return app;
}

/** A Koa app as Koa makes it, with the same middleware for conditional GET. */
function plainApp(seen: Seen[]): Koa {
  const app = new Koa();
  app.use(conditional());
  app.use(handler(seen));
  return app;
}

/** Serves `app` on 127.0.0.1, port 0; returns its origin and a stop. */
async function serve(app: Koa) {
  const handle = app.callback();
  const server = http.createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/**
 * The status of a request sent with exactly these headers: node:http, since `fetch()` adds
 * `Cache-Control: no-cache` to every conditional request.
 */
function statusOf(url: string, method: string, headers: Readonly<Record<string, string>>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end();
  });
}

interface Case {
  readonly title: string;
  readonly method?: string;
  readonly path?: string;
  readonly headers: Readonly<Record<string, string>>;
  /** `ctx.fresh` in the service's pipeline, and in a plain Koa app. */
  readonly pipeline: boolean;
  readonly koa: boolean;
}

const CASES: readonly Case[] = [
  { title: 'a matching If-None-Match', headers: { 'If-None-Match': TAG }, pipeline: true, koa: true },
  {
    title: 'a matching If-None-Match with Cache-Control: no-cache',
    headers: { 'If-None-Match': TAG, 'Cache-Control': 'no-cache' },
    pipeline: true,
    koa: false,
  },
  {
    title: 'a matching If-None-Match with an If-Modified-Since before Last-Modified',
    headers: { 'If-None-Match': TAG, 'If-Modified-Since': EARLIER },
    pipeline: true,
    koa: false,
  },
  {
    title: 'a stale If-None-Match with an If-Modified-Since after Last-Modified',
    headers: { 'If-None-Match': '"v0"', 'If-Modified-Since': LATER },
    pipeline: false,
    koa: false,
  },
  {
    title: 'an If-Modified-Since after Last-Modified, alone',
    headers: { 'If-Modified-Since': LATER },
    pipeline: true,
    koa: true,
  },
  {
    title: 'an If-Modified-Since before Last-Modified, alone',
    headers: { 'If-Modified-Since': EARLIER },
    pipeline: false,
    koa: false,
  },
  {
    title: 'a HEAD with a matching If-None-Match',
    method: 'HEAD',
    headers: { 'If-None-Match': TAG },
    pipeline: true,
    koa: true,
  },
  {
    title: 'a POST with a matching If-None-Match',
    method: 'POST',
    headers: { 'If-None-Match': TAG },
    pipeline: false,
    koa: false,
  },
  {
    title: 'a matching If-None-Match on a 410',
    path: '/gone',
    headers: { 'If-None-Match': TAG },
    pipeline: false,
    koa: false,
  },
];

test("the pipeline's ctx.fresh is an origin's, while a plain Koa app in the same process keeps Koa's", async (t) => {
  const inPipeline: Seen[] = [];
  const inPlain: Seen[] = [];
  const pipeline = await serve(pipelineApp(inPipeline));
  // Made after the pipeline's app: what that app defined must not reach Koa's shared prototype.
  const plain = await serve(plainApp(inPlain));
  try {
    for (const { title, method = 'GET', path = '/', headers, ...expected } of CASES) {
      for (const [name, server, seen, fresh] of [
        ['pipeline', pipeline, inPipeline, expected.pipeline],
        ['plain Koa', plain, inPlain, expected.koa],
      ] as const) {
        const status = await statusOf(`${server.origin}${path}`, method, headers);
        t.deepEqual(seen.pop(), { fresh, stale: !fresh }, `${name}: ${title}`);
        t.is(status, fresh ? 304 : path === '/gone' ? 410 : 200, `${name}: ${title}`);
      }
    }
  } finally {
    await Promise.all([pipeline.stop(), plain.stop()]);
  }
});

test("koa-conditional-get is the pipeline's conditional GET", (t) => {
  const app = pipelineApp([]);
  // The package's middleware is an anonymous function made anew per call: its source is its name.
  const source = conditional().toString();
  t.is(app.middleware.filter((middleware) => middleware.toString() === source).length, 1);
});
