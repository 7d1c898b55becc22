import test from 'ava';
import pino from 'pino';
import { RouteTable } from '../../server/http/route-table.js';
import { PRIVATE_READ, readRoutes, samplePaths, writeOnlyPaths } from '../../server/routes.js';
import { usingApp } from '../helpers/with-app.js';

const ok = () => undefined;

test('a path the routes answer only with POST or DELETE is no public read; any other path is', (t) => {
  const router = new RouteTable();
  router.get('/reads', ok);
  router.post('/writes', ok);
  router.post('/both', ok);
  router.get('/both', ok);
  router.delete('/things/:id', ok);
  const writeOnly = writeOnlyPaths(router);
  t.false(writeOnly('/reads'));
  t.true(writeOnly('/writes'));
  t.false(writeOnly('/both'), 'a path that is also read keeps its CORS');
  t.true(writeOnly('/things/42'), 'a route with a parameter');
  t.false(writeOnly('/things'));
  t.false(writeOnly('/unknown'), 'a 404 stays readable from other sites');
});

test('the routes read are listed once each, in order, and a route with parameters needs samples', (t) => {
  const router = new RouteTable();
  router.get('/a', ok);
  router.post('/writes', ok);
  router.get('/events/:id', ok);
  router.get('/a', ok);
  const routes = readRoutes(router);
  t.deepEqual(routes, ['/a', '/events/:id']);
  t.deepEqual(
    samplePaths(routes, (route) => (route === '/events/:id' ? ['/events/1', '/events/2'] : undefined)),
    ['/a', '/events/1', '/events/2'],
  );
  t.throws(() => samplePaths(routes, () => undefined), {
    message: 'no sample path for the route /events/:id',
  });
  t.throws(() => samplePaths(routes, () => []), { message: /\/events\/:id/ });
});

test('a private read (a secret in the request) gets no CORS and is not crawled; a public read of the path is', (t) => {
  const router = new RouteTable();
  router.get('/public/:id', ok);
  router.get(PRIVATE_READ, '/owned/:id', ok);
  router.delete('/owned/:id', ok);
  router.get(PRIVATE_READ, '/mixed', ok);
  router.get('/mixed', ok);
  const writeOnly = writeOnlyPaths(router);
  t.true(writeOnly('/owned/42'));
  t.false(writeOnly('/public/42'));
  t.false(writeOnly('/mixed'), 'also read publicly');
  t.deepEqual(readRoutes(router), ['/public/:id', '/mixed']);
});

test('a path no route matches, asked for HTML: under /api/ or /alerts/, or a file, gets problem+json; else a page', async (t) => {
  const problems = ['/api/x', '/alerts/x', '/alerts/subscriptions/x', '/x.json', '/no/such.csv', '/mcp.txt'];
  const pages = ['/x', '/mcp/x', '/healthz/x', '/no/such/page', '/x.json/more', '/apix'];
  await usingApp({ logger: pino({ level: 'silent' }) }, async (url) => {
    for (const path of [...problems, ...pages]) {
      const res = await fetch(`${url}${path}`, { headers: { Accept: 'text/html' } });
      await res.arrayBuffer();
      t.is(res.status, 404, path);
      const expected = problems.includes(path) ? /^application\/problem\+json/ : /^text\/html/;
      t.regex(res.headers.get('content-type') ?? '', expected, path);
    }
  });
});
