import test from 'ava';
import { buildServer } from './helpers/build.js';
import { getFresh } from './helpers/http.js';
import { servedBy } from './helpers/pm2.js';
import { usingCluster } from '../helpers/with-server.js';
import { startRedis } from './helpers/redis.js';

const LIMIT = 12;
const OVER = 6;

test('with a Redis store, two workers share one count: request N+1 gets 429 whichever worker serves it', async (t) => {
  t.timeout(90_000);
  await buildServer();
  const redis = await startRedis();
  try {
    await usingCluster(
      {
        instances: 2,
        env: {
          RATE_LIMIT_POINTS: String(LIMIT),
          RATE_LIMIT_WINDOW_SECONDS: '60',
          RATE_LIMIT_REDIS_URL: redis.url,
        },
      },
      async (cluster) => {
        const allowed: string[] = [];
        const refused: string[] = [];
        // Each request on a new connection: the cluster primary alternates them between the workers.
        for (let n = 1; n <= LIMIT + OVER; n += 1) {
          const id = `rate-${n}`;
          const reply = await getFresh(`${cluster.url}/api/v1/sources`, { 'X-Request-Id': id });
          if (n <= LIMIT) {
            t.is(reply.status, 200, `request ${n} is within the limit`);
            // One count for the client across both workers: what remains goes down by one each time.
            t.regex(String(reply.headers.ratelimit), new RegExp(`^"default";r=${LIMIT - n};t=\\d+$`));
            allowed.push(id);
          } else {
            t.is(reply.status, 429, `request ${n} is over the limit`);
            t.is(reply.headers['content-type'], 'application/problem+json');
            t.is((JSON.parse(reply.body) as { code: string }).code, 'rate_limited');
            t.regex(String(reply.headers['retry-after']), /^[1-9]\d*$/);
            refused.push(id);
          }
        }
        const lines = await servedBy(cluster, [...allowed, ...refused]);
        const pidsOf = (ids: string[]) => new Set(ids.map((id) => lines.get(id)!.pid));
        t.is(pidsOf(allowed).size, 2, 'both workers counted allowed requests');
        t.is(pidsOf(refused).size, 2, 'both workers refused requests over the shared limit');
      },
    );
  } finally {
    await redis.stop();
  }
});

test('without a store each worker counts on its own (the embedded default)', async (t) => {
  t.timeout(90_000);
  await buildServer();
  await usingCluster(
    {
      instances: 2,
      env: { RATE_LIMIT_POINTS: String(LIMIT), RATE_LIMIT_WINDOW_SECONDS: '60' },
    },
    async (cluster) => {
      let ok = 0;
      for (let n = 1; n <= 2 * LIMIT; n += 1) {
        if ((await getFresh(`${cluster.url}/api/v1/sources`)).status === 200) ok += 1;
      }
      t.true(
        ok > LIMIT,
        `${ok} of ${2 * LIMIT} allowed: the limit is per process without RATE_LIMIT_REDIS_URL`,
      );
    },
  );
});
