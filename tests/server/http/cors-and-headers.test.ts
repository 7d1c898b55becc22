import test from 'ava';
import { standingStill, withServer } from '../../helpers/with-server.js';

const ORIGIN = 'https://dashboard.example';
const API = ['/api/v1/status', '/api/v1/resets?limit=2', '/api/v1/sources', '/api/openapi.json'];
/** Refusals a browser must be able to read too. */
const REFUSALS = ['/api/v1/resets?limit=0', '/api/v1/nope'];

function exposed(response: Response): string[] {
  return (response.headers.get('access-control-expose-headers') ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
}

test(
  'API responses allow any origin and expose ETag, Retry-After and the rate-limit headers',
  withServer,
  async (t, server) => {
    for (const path of [...API, ...REFUSALS]) {
      const response = await fetch(`${server.url}${path}`, { headers: { origin: ORIGIN } });
      t.is(response.headers.get('access-control-allow-origin'), '*', path);
      for (const name of ['etag', 'retry-after', 'ratelimit', 'ratelimit-policy']) {
        t.true(exposed(response).includes(name), `${path} exposes ${name}`);
      }
      t.is(response.headers.get('access-control-allow-credentials'), null, path);
    }
  },
);

test('a 304 carries the CORS headers too', withServer, async (t, server) => {
  const url = `${server.url}/api/v1/sources`;
  const tag = (await fetch(url)).headers.get('etag')!;
  const response = await fetch(url, {
    headers: { origin: ORIGIN, 'if-none-match': tag, 'cache-control': 'max-age=0' },
  });
  t.is(response.status, 304);
  t.is(response.headers.get('access-control-allow-origin'), '*');
  t.true(exposed(response).includes('etag'));
});

test('a CORS preflight answers 204 with the read-only methods and no body', withServer, async (t, server) => {
  for (const path of API) {
    const response = await fetch(`${server.url}${path}`, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'if-none-match',
      },
    });
    t.is(response.status, 204, path);
    t.is(response.headers.get('access-control-allow-origin'), '*', path);
    const methods = (response.headers.get('access-control-allow-methods') ?? '')
      .split(',')
      .map((m) => m.trim());
    t.deepEqual(methods.sort(), ['GET', 'HEAD', 'OPTIONS'], path);
    t.regex(response.headers.get('access-control-allow-headers') ?? '', /if-none-match/i, path);
    t.true(Number(response.headers.get('access-control-max-age')) > 0, path);
    t.is(await response.text(), '', path);
  }
});

test(
  'a preflight is not counted by the rate limit',
  withServer,
  { env: { RATE_LIMIT_POINTS: '1' } },
  async (t, server) => {
    const preflight = () =>
      fetch(`${server.url}/api/v1/status`, {
        method: 'OPTIONS',
        headers: { origin: ORIGIN, 'access-control-request-method': 'GET' },
      });
    for (let i = 0; i < 3; i += 1) t.is((await preflight()).status, 204);
    t.is((await fetch(`${server.url}/api/v1/status`)).status, 200);
  },
);

test('API, refusal and /healthz answers say nosniff and carry request ids', withServer, async (t, server) => {
  const ids = new Set<string>();
  for (const path of [...API, ...REFUSALS, '/healthz']) {
    const response = await fetch(`${server.url}${path}`);
    t.is(response.headers.get('x-content-type-options'), 'nosniff', path);
    const id = response.headers.get('x-request-id') ?? '';
    t.regex(id, /^[A-Za-z0-9._:-]{1,128}$/, path);
    ids.add(id);
  }
  t.is(ids.size, API.length + REFUSALS.length + 1, 'each request gets its own id');
});

test(
  'a well-formed incoming X-Request-Id is kept and a malformed one replaced',
  withServer,
  async (t, server) => {
    const url = `${server.url}/api/v1/sources`;
    const kept = await fetch(url, { headers: { 'x-request-id': 'trace-42:abc' } });
    t.is(kept.headers.get('x-request-id'), 'trace-42:abc');
    const replaced = await fetch(url, { headers: { 'x-request-id': 'bad id <script>' } });
    t.not(replaced.headers.get('x-request-id'), 'bad id <script>');
    t.regex(replaced.headers.get('x-request-id') ?? '', /^[A-Za-z0-9._:-]{1,128}$/);
  },
);

test(
  'a response does not depend on Origin: the same headers with or without it, and no Vary: Origin',
  withServer,
  standingStill(),
  async (t, server) => {
    for (const path of [...API, ...REFUSALS, '/', '/feed.xml', '/badge.svg']) {
      const without = await fetch(`${server.url}${path}`);
      const withOrigin = await fetch(`${server.url}${path}`, { headers: { origin: ORIGIN } });
      await Promise.all([without.arrayBuffer(), withOrigin.arrayBuffer()]);
      for (const response of [without, withOrigin]) {
        t.is(response.headers.get('access-control-allow-origin'), '*', path);
        t.notRegex(response.headers.get('vary') ?? '', /origin/i, path);
      }
      t.is(
        without.headers.get('access-control-expose-headers'),
        withOrigin.headers.get('access-control-expose-headers'),
      );
      t.is(without.headers.get('etag'), withOrigin.headers.get('etag'), path);
    }
  },
);
