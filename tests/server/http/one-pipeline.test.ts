import test from 'ava';
import { assertProblem } from '../../helpers/api.js';
import { withServer } from '../../helpers/with-server.js';

const RESOURCES = [
  '/api/v1/status',
  '/api/v1/resets',
  '/api/v1/sources',
  '/api/openapi.json',
  '/feed.xml',
  '/feed.json',
  '/',
  '/sources',
  '/events/2025-01-14-five-hour-reset-all-users',
];
const PAGES = new Set(['/', '/sources', '/events/2025-01-14-five-hour-reset-all-users']);

test('a plain fetch with only If-None-Match gets 304 from every resource', withServer, async (t, server) => {
  for (const path of RESOURCES) {
    const first = await fetch(`${server.url}${path}`);
    t.is(first.status, 200, path);
    const etag = first.headers.get('etag');
    t.truthy(etag, path);
    const again = await fetch(`${server.url}${path}`, { headers: { 'If-None-Match': etag! } });
    t.is(again.status, 304, path);
    t.is(await again.text(), '', path);
    t.is(again.headers.get('etag'), etag, path);
  }
});

test('an explicit Cache-Control: no-cache does not stop the 304', withServer, async (t, server) => {
  const { headers } = await fetch(`${server.url}/api/v1/sources`);
  const again = await fetch(`${server.url}/api/v1/sources`, {
    headers: { 'If-None-Match': headers.get('etag')!, 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
  });
  t.is(again.status, 304);
});

test('If-Modified-Since is ignored when If-None-Match is present', withServer, async (t, server) => {
  const { headers } = await fetch(`${server.url}/api/v1/status`);
  const matching = await fetch(`${server.url}/api/v1/status`, {
    headers: { 'If-None-Match': headers.get('etag')!, 'If-Modified-Since': 'Thu, 01 Jan 2026 00:00:00 GMT' },
  });
  t.is(matching.status, 304);
  const other = await fetch(`${server.url}/api/v1/status`, {
    headers: { 'If-None-Match': 'W/"other"', 'If-Modified-Since': 'Thu, 01 Jan 2099 00:00:00 GMT' },
  });
  t.is(other.status, 200);
});

test(
  'POST to every resource and to /healthz gets 405 with Allow and the right problem body',
  withServer,
  async (t, server) => {
    for (const path of [...RESOURCES, '/healthz']) {
      const response = await fetch(`${server.url}${path}`, { method: 'POST', body: '{}' });
      t.is(response.headers.get('allow'), 'GET, HEAD, OPTIONS', path);
      if (PAGES.has(path)) {
        t.is(response.status, 405, path);
        t.regex(response.headers.get('content-type') ?? '', /^text\/html/, path);
        t.regex(await response.text(), /Method not allowed/, path);
        const json = await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { Accept: 'application/problem+json' },
        });
        await assertProblem(t, json, { status: 405, code: 'method_not_allowed' });
      } else {
        await assertProblem(t, response, { status: 405, code: 'method_not_allowed' });
      }
    }
  },
);

test(
  'methods Node knows but the service does not use (TRACE, PROPFIND) get 405, never 5xx',
  withServer,
  async (t, server) => {
    const { request } = await import('node:http');
    const url = new URL(`${server.url}/api/v1/status`);
    for (const method of ['PROPFIND', 'PURGE', 'TRACE']) {
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const req = request({ host: url.hostname, port: url.port, path: url.pathname, method }, (res) => {
          res.resume();
          resolve(res.statusCode);
        });
        req.on('error', reject);
        req.end();
      });
      t.is(status, 405, method);
    }
  },
);

test('HEAD matches GET’s headers, without a body, on every resource', withServer, async (t, server) => {
  const queried = ['/api/v1/status?audience=max', '/api/v1/resets?limit=3&order=asc'];
  for (const path of [...RESOURCES, ...queried, '/healthz']) {
    // Identity, where the length is the body's, then what fetch asks for (brotli or gzip).
    for (const headers of [{ 'accept-encoding': 'identity' }, {}] as Record<string, string>[]) {
      const label = `${path} ${JSON.stringify(headers)}`;
      const get = await fetch(`${server.url}${path}`, { headers });
      const getBody = await get.arrayBuffer();
      const head = await fetch(`${server.url}${path}`, { method: 'HEAD', headers });
      t.is(get.status, 200, label);
      t.is(head.status, 200, label);
      t.is(await head.text(), '', label);
      if ('accept-encoding' in headers)
        t.is(Number(head.headers.get('content-length')), getBody.byteLength, label);
      for (const name of [
        'etag',
        'cache-control',
        'content-type',
        'content-length',
        'content-encoding',
        'vary',
        'content-security-policy',
      ]) {
        t.is(head.headers.get(name), get.headers.get(name), `${label} ${name}`);
      }
    }
  }
});
