import test from 'ava';
import { assertProblem } from '../../helpers/api.js';
import { withServer } from '../../helpers/with-server.js';

const LIMITED = { RATE_LIMIT_POINTS: '3', RATE_LIMIT_WINDOW_SECONDS: '60' };

function getFrom(url: string, forwardedFor?: string): Promise<Response> {
  return fetch(url, forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {});
}

test(
  'the request over the limit gets 429 rate_limited with Retry-After and rate-limit headers',
  withServer,
  { env: LIMITED },
  async (t, server) => {
    const url = `${server.url}/api/v1/status`;
    for (let i = 0; i < 3; i += 1) {
      const response = await getFrom(url);
      await response.arrayBuffer();
      t.is(response.status, 200, `request ${i + 1}`);
      t.is(response.headers.get('ratelimit-policy'), '"default";q=3;w=60');
      t.regex(response.headers.get('ratelimit') ?? '', new RegExp(`^"default";r=${2 - i};t=\\d+$`));
    }
    const limited = await getFrom(url);
    const retryAfter = Number(limited.headers.get('retry-after'));
    t.true(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    t.is(limited.headers.get('ratelimit-policy'), '"default";q=3;w=60');
    t.regex(limited.headers.get('ratelimit') ?? '', /^"default";r=0;t=\d+$/);
    t.is(limited.headers.get('access-control-allow-origin'), '*');
    await assertProblem(t, limited, { status: 429, code: 'rate_limited' });
  },
);

test(
  'the limit counts every API resource of one client together',
  withServer,
  { env: LIMITED },
  async (t, server) => {
    for (const path of ['/api/v1/status', '/api/v1/resets', '/api/v1/sources']) {
      t.is((await getFrom(`${server.url}${path}`)).status, 200, path);
    }
    await assertProblem(t, await getFrom(`${server.url}/api/openapi.json`), {
      status: 429,
      code: 'rate_limited',
    });
  },
);

test('the health check is never counted', withServer, { env: LIMITED }, async (t, server) => {
  for (let i = 0; i < 5; i += 1) t.is((await getFrom(`${server.url}/healthz`)).status, 200);
  t.is((await getFrom(`${server.url}/api/v1/sources`)).status, 200);
});

test(
  'behind one trusted proxy, clients with different X-Forwarded-For are counted separately',
  withServer,
  { env: { ...LIMITED, TRUST_PROXY_HOPS: '1' } },
  async (t, server) => {
    const url = `${server.url}/api/v1/sources`;
    for (let i = 0; i < 3; i += 1) t.is((await getFrom(url, '203.0.113.1')).status, 200);
    t.is((await getFrom(url, '203.0.113.1')).status, 429, 'the first client is over its limit');
    t.is((await getFrom(url, '203.0.113.2')).status, 200, 'another client still has its own');
    // Only the address the trusted proxy appended counts; what the client put before it is ignored.
    t.is((await getFrom(url, '198.51.100.7, 203.0.113.1')).status, 429);
  },
);

test(
  'with no trusted proxy, X-Forwarded-For is ignored and the connection address is counted',
  withServer,
  { env: { ...LIMITED, TRUST_PROXY_HOPS: '0' } },
  async (t, server) => {
    const url = `${server.url}/api/v1/sources`;
    const addresses = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'];
    const statuses: number[] = [];
    for (const address of addresses) statuses.push((await getFrom(url, address)).status);
    t.deepEqual(statuses, [200, 200, 200, 429]);
  },
);

test(
  'a revalidation answered 304 is free: its points are given back and its RateLimit says so',
  withServer,
  { env: LIMITED },
  async (t, server) => {
    const url = `${server.url}/api/v1/sources`;
    const first = await getFrom(url);
    await first.arrayBuffer();
    t.regex(first.headers.get('ratelimit') ?? '', /^"default";r=2;t=\d+$/);
    const etag = first.headers.get('etag') ?? '';
    for (let i = 0; i < 6; i += 1) {
      const again = await fetch(url, { headers: { 'if-none-match': etag } });
      t.is(again.status, 304, `revalidation ${i + 1}`);
      t.regex(again.headers.get('ratelimit') ?? '', /^"default";r=2;t=\d+$/, `revalidation ${i + 1}`);
    }
    // Full answers still count: two more, then the quota is spent.
    for (const remaining of [1, 0]) {
      const response = await getFrom(url);
      await response.arrayBuffer();
      t.is(response.status, 200);
      t.regex(response.headers.get('ratelimit') ?? '', new RegExp(`^"default";r=${remaining};t=\\d+$`));
    }
    const limited = await fetch(url, { headers: { 'if-none-match': etag } });
    await assertProblem(t, limited, { status: 429, code: 'rate_limited' });
  },
);
