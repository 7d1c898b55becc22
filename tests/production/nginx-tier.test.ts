import http from 'node:http';
import zlib from 'node:zlib';
import anyTest from 'ava';
import type { TestFn } from 'ava';
import { buildServer } from './helpers/build.js';
import { editJson } from './helpers/content.js';
import { waitFor } from './helpers/http.js';
import { openStream } from '../helpers/sse.js';
import type { Nginx } from './helpers/nginx.js';
import { startNginx } from './helpers/nginx.js';
import type { Cluster } from './helpers/pm2.js';
import { APP, startCluster } from './helpers/pm2.js';
import type { RedisServer } from './helpers/redis.js';
import { startRedis } from './helpers/redis.js';
import type { CopiedContent } from '../helpers/fixtures.js';
import { copyContent, VALID_FIXTURE } from '../helpers/fixtures.js';
import { usingServer } from '../helpers/with-server.js';

const test = anyTest as TestFn<{
  cluster: Cluster;
  nginx: Nginx;
  redis: RedisServer;
  contentDir: string;
  content: CopiedContent;
}>;
const LIMIT = 25;

test.before(async (t) => {
  await buildServer();
  const content = await copyContent(VALID_FIXTURE);
  const contentDir = content.dir;
  const redis = await startRedis();
  const cluster = await startCluster({
    instances: 2,
    env: {
      CONTENT_DIR: contentDir,
      TRUST_PROXY_HOPS: '1',
      RATE_LIMIT_POINTS: String(LIMIT),
      RATE_LIMIT_WINDOW_SECONDS: '300',
      RATE_LIMIT_REDIS_URL: redis.url,
    },
  });
  const nginx = await startNginx(new URL(cluster.url).host);
  t.context = { cluster, nginx, redis, content, contentDir };
});

test.after.always(async (t) => {
  await t.context.nginx?.stop();
  await t.context.cluster?.stop();
  await t.context.redis?.stop();
  await t.context.content?.dispose();
});

const cacheStatus = (response: Response) => response.headers.get('x-cache-status');

test.serial('a hot request is answered by nginx from its cache, a conditional one with 304', async (t) => {
  const { nginx } = t.context;
  const first = await fetch(`${nginx.url}/api/v1/sources`);
  await first.arrayBuffer();
  t.is(first.status, 200);
  t.is(cacheStatus(first), 'MISS');
  const again = await fetch(`${nginx.url}/api/v1/sources`);
  await again.arrayBuffer();
  t.is(cacheStatus(again), 'HIT');
  t.regex(first.headers.get('ratelimit') ?? '', /r=\d+/, 'the first reader gets its own quota');
  t.truthy(first.headers.get('x-request-id'));
  // A HIT is every reader's: no quota or request id of the first reader's (the worker counted none).
  t.is(again.headers.get('ratelimit'), null);
  t.is(again.headers.get('x-request-id'), null);
  t.is(again.headers.get('ratelimit-policy'), first.headers.get('ratelimit-policy'));
  t.is(again.headers.get('etag'), first.headers.get('etag'));
  t.is(again.headers.get('cache-control'), 'public, max-age=60, stale-while-revalidate=300');
  const conditional = await fetch(`${nginx.url}/api/v1/sources`, {
    headers: { 'If-None-Match': first.headers.get('etag')! },
  });
  t.is(conditional.status, 304);
  t.is(cacheStatus(conditional), 'HIT');
});

/** node:http keeps the body as sent (fetch would decode it). */
function rawGet(origin: string, path: string, acceptEncoding?: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    http
      .get(new URL(path, origin), { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

test.serial(
  'nginx caches each coding once, as the origin encoded it, and never compresses again',
  async (t) => {
    const { nginx } = t.context;
    const path = '/api/v1/resets?limit=2&order=asc';
    const identity = await rawGet(nginx.url, path);
    t.is(identity.headers['x-cache-status'], 'MISS');
    t.is(identity.headers['content-encoding'], undefined);
    const text = identity.body.toString('utf8');
    const brotli = await rawGet(nginx.url, path, 'gzip, deflate, br');
    t.is(brotli.headers['x-cache-status'], 'MISS');
    t.is(brotli.headers['content-encoding'], 'br');
    t.is(zlib.brotliDecompressSync(brotli.body).toString('utf8'), text);
    // Another way of asking for brotli is the same cache entry, byte for byte.
    const brotliAgain = await rawGet(nginx.url, path, 'br');
    t.is(brotliAgain.headers['x-cache-status'], 'HIT');
    t.is(brotliAgain.headers['content-encoding'], 'br');
    t.true(brotliAgain.body.equals(brotli.body));
    t.is(brotliAgain.headers.etag, brotli.headers.etag);
    const gzip = await rawGet(nginx.url, path, 'gzip');
    t.is(gzip.headers['x-cache-status'], 'MISS');
    t.is(gzip.headers['content-encoding'], 'gzip');
    t.is(zlib.gunzipSync(gzip.body).toString('utf8'), text);
    t.is((await rawGet(nginx.url, path, 'gzip, deflate')).headers['x-cache-status'], 'HIT');
    const identityAgain = await rawGet(nginx.url, path, 'deflate');
    t.is(identityAgain.headers['x-cache-status'], 'HIT');
    t.is(identityAgain.headers['content-encoding'], undefined);
    t.true(identityAgain.body.equals(identity.body));
  },
);

test.serial('/healthz is never cached: every request reaches a worker', async (t) => {
  const { nginx } = t.context;
  for (let i = 0; i < 3; i += 1) {
    const response = await fetch(`${nginx.url}/healthz`);
    t.is(response.status, 200);
    t.is(response.headers.get('cache-control'), 'no-store');
    t.not(cacheStatus(response), 'HIT');
    await response.arrayBuffer();
  }
});

test.serial(
  'status streams pass through nginx unbuffered, uncached and without waiting on each other',
  async (t) => {
    t.timeout(60_000);
    const { nginx, cluster, contentDir } = t.context;
    const url = `${nginx.url}/api/v1/status/stream`;
    // Two clients at once: neither waits on the cache lock, both get the status at once.
    const opened = Date.now();
    const streams = await Promise.all([openStream(url), openStream(url)]);
    try {
      const firsts = await Promise.all(streams.map((stream) => stream.nthEvent(1, 3000)));
      t.true(Date.now() - opened < 3000);
      for (const stream of streams) {
        t.is(stream.headers['x-cache-status'], undefined, 'the cache is not consulted');
        t.regex(stream.headers['content-type'] ?? '', /^text\/event-stream/);
      }
      await editJson(contentDir, 'collection.json', (collection) => {
        collection.editorial_reviewed_at = '2026-11-24T08:00:00Z';
      });
      const republished = Date.now();
      await cluster.pm2('sendSignal', 'SIGHUP', APP);
      const seconds = await Promise.all(streams.map((stream) => stream.nthEvent(2, 5000)));
      t.log(`the new status through nginx after ${Date.now() - republished} ms`);
      t.true(Date.now() - republished < 2000 + 1000, 'SIGHUP to every worker, then one event each');
      for (const [index, event] of seconds.entries()) t.not(event.id, firsts[index]!.id);
    } finally {
      for (const stream of streams) stream.close();
    }
  },
);

test.serial('a republish is visible through nginx within max-age', async (t) => {
  t.timeout(150_000);
  const { nginx, cluster, contentDir } = t.context;
  const page = async () => {
    const response = await fetch(`${nginx.url}/api/v1/resets?limit=1`);
    const body = (await response.json()) as { meta: { content_revision: string } };
    return { status: cacheStatus(response), revision: body.meta.content_revision };
  };
  const before = await page();
  t.is((await page()).status, 'HIT');
  await editJson(contentDir, 'events/2025-03-10-five-hour-reset.json', (event) => {
    event.summary = 'The provider reset five-hour limits for all users (republished behind nginx).';
  });
  const reloaded = Date.now();
  await cluster.pm2('sendSignal', 'SIGHUP', APP);
  const cached = await page();
  t.is(cached.revision, before.revision, 'right after the republish the cache still holds the old page');
  const after = await waitFor(
    'the new revision through nginx',
    async () => {
      const current = await page();
      return current.revision === before.revision ? undefined : current;
    },
    { timeoutMs: 120_000, intervalMs: 2000 },
  );
  const seconds = (Date.now() - reloaded) / 1000;
  t.log(`new revision through nginx after ${seconds.toFixed(0)} s (${after.status})`);
  t.true(seconds <= 60 + 10, `visible after ${seconds} s: within max-age (60 s) and one refresh`);
});

test.serial('the access log keeps no link token, in the request line or the Referer', async (t) => {
  const { nginx } = t.context;
  const secret = 'Zq7secretTokenValue4logs';
  const page = `${nginx.url}/alerts/email/confirm?lang=en&token=${secret}`;
  for (const address of [
    `/alerts/email/unsubscribe?token=${secret}`,
    `/alerts/email/confirm?lang=ja&Token=${secret}&x=1`,
  ]) {
    const answer = await fetch(`${nginx.url}${address}`);
    await answer.arrayBuffer();
  }
  // A page's own request, sent with the confirm page's address as its Referer.
  const asset = await fetch(`${nginx.url}/api/v1/sources?from=access-log`, { headers: { Referer: page } });
  await asset.arrayBuffer();
  const log = await waitFor('the three lines in the access log', async () => {
    const text = await nginx.accessLog();
    return text.includes('from=access-log') ? text : undefined;
  });
  t.false(log.includes(secret), log);
  t.regex(log, /"GET \/alerts\/email\/unsubscribe\?\[redacted\] HTTP\/1\.1" /);
  t.regex(log, /"GET \/alerts\/email\/confirm\?\[redacted\] HTTP\/1\.1" /);
  // A URL without a token is logged whole; the Referer keeps its page, not its query.
  const line = log.split('\n').find((entry) => entry.includes('from=access-log')) ?? '';
  t.regex(
    line,
    /"GET \/api\/v1\/sources\?from=access-log HTTP\/1\.1" 200 \d+ "http:\/\/127\.0\.0\.1:\d+\/alerts\/email\/confirm\?\[redacted\]" /,
  );
});

test.serial('429s and problems pass through uncached, counted per client as nginx forwards it', async (t) => {
  const { nginx } = t.context;
  const problem = await fetch(`${nginx.url}/api/v1/nope`);
  t.is(problem.status, 404);
  await problem.arrayBuffer();
  const problemAgain = await fetch(`${nginx.url}/api/v1/nope`);
  await problemAgain.arrayBuffer();
  t.not(cacheStatus(problemAgain), 'HIT', 'a problem is never served from the cache');
  let limited: Response | null = null;
  for (let i = 1; i <= LIMIT + 5 && !limited; i += 1) {
    // Distinct URLs are cache misses: each reaches a worker and is counted. nginx appends the
    // address it saw to a client-sent X-Forwarded-For, and one trusted hop reads only that one, so
    // a client cannot dodge the limit.
    const response = await fetch(`${nginx.url}/api/v1/resets?limit=${i}&order=asc`, {
      headers: { 'X-Forwarded-For': `10.0.0.${i}` },
    });
    await response.arrayBuffer();
    if (response.status === 429) limited = response;
  }
  t.truthy(limited, 'the limit was reached through nginx');
  t.is(limited?.headers.get('cache-control'), 'no-store');
  const again = await fetch(limited!.url);
  await again.arrayBuffer();
  t.is(again.status, 429);
  t.not(cacheStatus(again), 'HIT', 'a 429 is never served from the cache');
});

test.serial(
  'behind a CDN and nginx (TRUST_PROXY_HOPS=2) each client the CDN names is counted apart',
  async (t) => {
    const points = 5;
    const env = {
      TRUST_PROXY_HOPS: '2',
      RATE_LIMIT_POINTS: String(points),
      RATE_LIMIT_WINDOW_SECONDS: '300',
    };
    await usingServer({ env }, async (server) => {
      const nginx = await startNginx(new URL(server.url).host);
      try {
        // This test is the CDN's edge: it appends the address it saw to what the client sent, as
        // CDNs do, and nginx sees every request come from the one edge.
        let page = 0;
        const through = async (client: string, sent?: string) => {
          page += 1;
          const response = await fetch(`${nginx.url}/api/v1/resets?limit=${page}`, {
            headers: { 'X-Forwarded-For': sent === undefined ? client : `${sent}, ${client}` },
          });
          await response.arrayBuffer();
          return response.status;
        };
        const first: number[] = [];
        for (let i = 0; i <= points; i += 1) first.push(await through('198.51.100.1'));
        t.deepEqual(first, [...Array<number>(points).fill(200), 429], 'one client reaches its own limit');
        t.is(await through('198.51.100.2'), 200, 'another client behind the same edge is not limited');
        t.is(
          await through('198.51.100.1', '198.51.100.3'),
          429,
          'an address the client wrote itself, before the one the CDN appended, is not believed',
        );
      } finally {
        await nginx.stop();
      }
    });
  },
);
