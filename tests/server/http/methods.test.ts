import test from 'ava';
import { assertProblem } from '../../helpers/api.js';
import { withServer } from '../../helpers/with-server.js';

const RESOURCES = ['/api/v1/status', '/api/v1/resets', '/api/v1/sources', '/api/openapi.json'];
const WRITES = ['POST', 'PUT', 'DELETE', 'PATCH'];

test(
  'writing methods get 405 method_not_allowed with Allow on every API resource',
  withServer,
  async (t, server) => {
    for (const path of RESOURCES) {
      for (const method of WRITES) {
        const response = await fetch(`${server.url}${path}`, {
          method,
          body: method === 'DELETE' ? null : '{}',
        });
        t.is(response.headers.get('allow'), 'GET, HEAD, OPTIONS', `${method} ${path}`);
        await assertProblem(t, response, { status: 405, code: 'method_not_allowed' });
      }
    }
  },
);

test('a 405 is answered before the query is read', withServer, async (t, server) => {
  const response = await fetch(`${server.url}/api/v1/resets?limit=0&nope=1`, { method: 'POST' });
  await assertProblem(t, response, { status: 405, code: 'method_not_allowed' });
});

test('OPTIONS without a CORS preflight answers 204 with Allow', withServer, async (t, server) => {
  for (const path of RESOURCES) {
    const response = await fetch(`${server.url}${path}`, { method: 'OPTIONS' });
    t.is(response.status, 204, path);
    t.is(response.headers.get('allow'), 'GET, HEAD, OPTIONS', path);
    t.is(await response.text(), '', path);
  }
});

test(
  'HEAD of a refused request has the refusal status and headers, without a body',
  withServer,
  async (t, server) => {
    const get = await fetch(`${server.url}/api/v1/resets?limit=0`);
    const head = await fetch(`${server.url}/api/v1/resets?limit=0`, { method: 'HEAD' });
    t.is(head.status, 400);
    t.is(head.headers.get('content-type'), get.headers.get('content-type'));
    t.is(head.headers.get('content-length'), get.headers.get('content-length'));
    t.is(await head.text(), '');
  },
);

test('HEAD on an unknown /api path is 404, not 204', withServer, async (t, server) => {
  for (const path of ['/api/nope', '/api/v1/nope', '/api/v2/status']) {
    const head = await fetch(`${server.url}${path}`, { method: 'HEAD' });
    t.is(head.status, 404, path);
    t.is(head.headers.get('content-type')?.split(';')[0], 'application/problem+json', path);
    t.is(await head.text(), '', path);
  }
});
