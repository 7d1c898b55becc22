import { request } from 'node:http';
import test from 'ava';
import type { ExecutionContext } from 'ava';
import { ETAG_HASH_LENGTH } from '../../../server/http/etag.js';
import { withinOneMinute } from '../../helpers/api.js';
import { standingStill, usingServer, withServer } from '../../helpers/with-server.js';
import { BASE_URL } from '../../helpers/fixtures.js';

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const STATUS = `/api/trpc/getResetStatus?input=${input({ audience: 'max' })}`;
const BATCH = `/api/trpc/getResetStatus,listSources?batch=1&input=${input({ '0': {} })}`;
const SOURCES = '/api/trpc/listSources';
/** A weak entity tag of the body's hash (server/http/etag.ts), marked with its coding when compressed. */
const ETAG = new RegExp(`^W/"[\\w-]{${ETAG_HASH_LENGTH}}(-(gzip|br))?"$`);

interface Envelope {
  readonly error: {
    readonly message: string;
    readonly data: {
      readonly code: string;
      readonly httpStatus: number;
      readonly problem: { type: string; status: number; code: string; detail: string; parameter?: string };
    };
  };
}

/** A request with any method, as curl would send it (fetch refuses TRACE). */
function send(url: string, method: string): Promise<{ status: number; body: string; allow?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, allow: res.headers.allow }));
    });
    req.on('error', reject);
    req.end(method === 'POST' || method === 'PUT' ? '{}' : undefined);
  });
}

function assertEnvelope(
  t: ExecutionContext,
  response: { status: number; body: string },
  code: string,
  status: number,
  label: string,
) {
  t.is(response.status, status, label);
  const envelope = JSON.parse(response.body) as Envelope | Envelope[];
  for (const { error } of Array.isArray(envelope) ? envelope : [envelope]) {
    const { problem } = error.data;
    t.is(problem.code, code, label);
    t.is(problem.status, status, label);
    t.is(error.data.httpStatus, status, label);
    t.true(problem.type.startsWith(`${BASE_URL}/problems/`), `${label}: ${problem.type}`);
    t.notRegex(problem.detail, /\n\s+at |node_modules|\.ts:/, label);
  }
}

test(
  'tRPC GET queries carry an ETag and public caching, and answer a plain If-None-Match with 304',
  withServer,
  standingStill(),
  async (t, server) => {
    for (const path of [STATUS, BATCH, SOURCES]) {
      const first = await fetch(`${server.url}${path}`);
      t.is(first.status, 200, path);
      t.is(first.headers.get('cache-control'), 'public, max-age=60, stale-while-revalidate=300', path);
      t.is(first.headers.get('access-control-allow-origin'), '*', path);
      const etag = first.headers.get('etag');
      t.regex(etag ?? '', /^W\/"[\w-]+"$/, path);
      const again = await fetch(`${server.url}${path}`, { headers: { 'If-None-Match': etag! } });
      t.is(again.status, 304, path);
      t.is(await again.text(), '', path);
    }
  },
);

test(
  'a repeated tRPC query is served from the cache: the procedure ran once',
  withServer,
  async (t, server) => {
    await withinOneMinute(async () => {
      const first = await (await fetch(`${server.url}${BATCH}`)).text();
      const second = await (await fetch(`${server.url}${BATCH}`)).text();
      // Both calls answered: two failed batches are equal too.
      const calls = JSON.parse(first) as { result?: { data: { meta: { generated_at: string } } } }[];
      t.is(calls.length, 2);
      for (const call of calls) t.truthy(call.result?.data.meta.generated_at);
      // generated_at is when the body was built: equal bodies mean one run of the procedures.
      t.is(second, first);
    });
  },
);

test('the same input written differently hits the same cached response', withServer, async (t, server) => {
  const a = await fetch(`${server.url}/api/trpc/listResets?input=${input({ limit: 3, order: 'asc' })}`);
  const b = await fetch(`${server.url}/api/trpc/listResets?input=${input({ order: 'asc', limit: 3 })}`);
  t.is(a.status, 200);
  const body = await a.text();
  t.is((JSON.parse(body) as { result: { data: { data: unknown[] } } }).result.data.data.length, 3);
  t.is(await b.text(), body);
  t.regex(a.headers.get('etag') ?? '', ETAG);
  t.is(b.headers.get('etag'), a.headers.get('etag'));
});

test('tRPC ETags are the same on separate processes for the same content and minute', async (t) => {
  const tags = () =>
    usingServer({}, async (server) =>
      Promise.all(
        [STATUS, BATCH, SOURCES].map(async (path) =>
          (await fetch(`${server.url}${path}`)).headers.get('etag'),
        ),
      ),
    );
  const [first, second] = await withinOneMinute(() => Promise.all([tags(), tags()]));
  // Each an entity tag (server/http/etag.ts), so two missing or failed answers cannot agree.
  for (const tag of first) t.regex(tag ?? '', ETAG);
  t.deepEqual(first, second);
});

test(
  'HEAD on a tRPC query has GET’s status and headers and no body',
  withServer,
  standingStill(),
  async (t, server) => {
    for (const path of [SOURCES, STATUS, BATCH]) {
      const get = await fetch(`${server.url}${path}`);
      await get.arrayBuffer();
      const head = await fetch(`${server.url}${path}`, { method: 'HEAD' });
      t.is(head.status, 200, path);
      t.is(await head.text(), '', path);
      for (const name of ['etag', 'cache-control', 'content-type', 'content-length']) {
        t.is(head.headers.get(name), get.headers.get(name), `${path} ${name}`);
      }
    }
  },
);

/** Each client mistake on both faces: the same code, a problem status equal to the HTTP status. */
const MISTAKES: readonly {
  readonly mistake: string;
  readonly rest: readonly [method: string, path: string];
  readonly trpc: readonly [method: string, path: string];
  readonly code: string;
  readonly status: number;
}[] = [
  {
    mistake: 'a bad value',
    rest: ['GET', '/api/v1/resets?limit=0'],
    trpc: ['GET', `/api/trpc/listResets?input=${input({ limit: 0 })}`],
    code: 'invalid_parameter',
    status: 400,
  },
  {
    mistake: 'an unknown parameter',
    rest: ['GET', '/api/v1/status?audiance=max'],
    trpc: ['GET', `/api/trpc/getResetStatus?input=${input({ audiance: 'max' })}`],
    code: 'unknown_parameter',
    status: 400,
  },
  {
    mistake: 'a tampered cursor',
    rest: ['GET', '/api/v1/resets?cursor=abc'],
    trpc: ['GET', `/api/trpc/listResets?input=${input({ cursor: 'abc' })}`],
    code: 'invalid_cursor',
    status: 400,
  },
  {
    mistake: 'malformed input',
    rest: ['GET', '/api/v1/resets?limit='],
    trpc: ['GET', '/api/trpc/listResets?input=%7Bnot-json'],
    code: 'invalid_parameter',
    status: 400,
  },
  {
    mistake: 'POST',
    rest: ['POST', '/api/v1/status'],
    trpc: ['POST', '/api/trpc/getResetStatus'],
    code: 'method_not_allowed',
    status: 405,
  },
  {
    mistake: 'PUT',
    rest: ['PUT', '/api/v1/sources'],
    trpc: ['PUT', '/api/trpc/listSources'],
    code: 'method_not_allowed',
    status: 405,
  },
  {
    mistake: 'TRACE',
    rest: ['TRACE', '/api/v1/sources'],
    trpc: ['TRACE', '/api/trpc/listSources'],
    code: 'method_not_allowed',
    status: 405,
  },
  {
    mistake: 'an unknown operation',
    rest: ['GET', '/api/v1/nope'],
    trpc: ['GET', '/api/trpc/nope'],
    code: 'not_found',
    status: 404,
  },
];

test(
  'every client mistake gets the same problem code on REST and on /api/trpc',
  withServer,
  async (t, server) => {
    for (const { mistake, rest, trpc, code, status } of MISTAKES) {
      const restResponse = await send(`${server.url}${rest[1]}`, rest[0]);
      t.is(restResponse.status, status, `REST ${mistake}`);
      const problem = JSON.parse(restResponse.body) as { code: string; status: number; type: string };
      t.is(problem.code, code, `REST ${mistake}`);
      t.is(problem.status, status, `REST ${mistake}`);
      t.true(problem.type.startsWith(`${BASE_URL}/problems/`), `REST ${mistake}`);
      const trpcResponse = await send(`${server.url}${trpc[1]}`, trpc[0]);
      assertEnvelope(t, trpcResponse, code, status, `tRPC ${mistake}`);
      if (status === 405) t.is(trpcResponse.allow, 'GET, HEAD, OPTIONS', `tRPC ${mistake}`);
    }
  },
);

test('a batch over the documented bound is refused with invalid_parameter', withServer, async (t, server) => {
  const names = Array.from({ length: 11 }, () => 'listSources').join(',');
  const response = await send(`${server.url}/api/trpc/${names}?batch=1&input=${input({})}`, 'GET');
  assertEnvelope(t, response, 'invalid_parameter', 400, 'batch of 11');
  t.regex(response.body, /batch/i);
  const ten = names.split(',').slice(0, 10).join(',');
  t.is((await send(`${server.url}/api/trpc/${ten}?batch=1&input=${input({})}`, 'GET')).status, 200);
});

test(
  'each call of a batch counts against the rate limit; the 429 keeps tRPC’s envelope',
  withServer,
  { env: { RATE_LIMIT_POINTS: '5', RATE_LIMIT_WINDOW_SECONDS: '60' } },
  async (t, server) => {
    const three = `/api/trpc/listSources,listSources,listSources?batch=1&input=${input({})}`;
    t.is((await fetch(`${server.url}${three}`)).status, 200);
    const over = await fetch(`${server.url}${three}`);
    t.truthy(over.headers.get('retry-after'));
    assertEnvelope(t, { status: over.status, body: await over.text() }, 'rate_limited', 429, 'second batch');
  },
);
