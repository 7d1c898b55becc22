import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import type { RouterMiddleware } from '@koa/router';
import test from 'ava';
import Koa from 'koa';
import { RouteTable } from '../../../server/http/route-table.js';

/** A handler that answers which route it is, with the parameters it got. */
const answer =
  (route: string): RouterMiddleware =>
  (ctx) => {
    ctx.body = `${route} ${JSON.stringify(ctx.params)}`;
  };

type Declare = (table: Pick<RouteTable, 'get' | 'post' | 'delete'>) => void;

const declare: Declare = (table) => {
  table.get('/', answer('home'));
  table.get('/healthz', answer('healthz'));
  table.get('/api/v1/status', answer('status'));
  table.get('/api/v1/resets', answer('resets'));
  table.get('/api/trpc/:procedures', answer('trpc'));
  table.post('/mcp', answer('mcp'));
  table.post('/alerts/webhooks', answer('register'));
  table.get('private-read', '/alerts/webhooks/:id', answer('show'));
  table.delete('/alerts/webhooks/:id', answer('remove'));
  table.get('/ja/events/:id', answer('ja event'));
  table.get('/events/:id', answer('event'));
  table.get('/feed.xml', answer('feed'));
};

/** Serves `routes` and `allowed` behind Koa on a free port; returns its origin and a stop. */
async function serve(routes: Koa.Middleware, allowed: Koa.Middleware) {
  const app = new Koa();
  app.silent = true;
  app.use(routes);
  app.use(allowed);
  const handle = app.callback();
  const server = http.createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, stop: () => new Promise((done) => server.close(done)) };
}

const METHODS = ['GET', 'HEAD', 'POST', 'DELETE', 'PUT', 'OPTIONS'];
const PATHS = [
  '/',
  '/healthz',
  '/healthz/',
  '/HEALTHZ',
  '/api/v1/status',
  '/Api/V1/Status',
  '/api/v1/status/',
  '/api/v1/statusx',
  '/api/v1',
  '/api',
  '/api/trpc/a,b',
  '/mcp',
  '/alerts/webhooks',
  '/alerts/webhooks/abc',
  '/ja/events/x',
  '/JA/events/x',
  '/events/2025-01-01-x',
  '/events',
  '/feed.xml',
  '/feed.xml/x',
  '//healthz',
  '/nowhere',
  '/%61pi/v1/status',
];

test('on each path and method tried, the table answers as one router of the same routes does', async (t) => {
  const router = new Router({ methods: http.METHODS });
  declare(router as unknown as RouteTable);
  const table = new RouteTable({ methods: http.METHODS });
  declare(table);
  const one = await serve(router.routes() as Koa.Middleware, router.allowedMethods() as Koa.Middleware);
  const split = await serve(table.routes(), table.allowedMethods());
  try {
    let compared = 0;
    for (const path of PATHS) {
      for (const method of METHODS) {
        const [a, b] = await Promise.all(
          [one, split].map(async ({ origin }) => {
            const response = await fetch(origin + path, { method });
            return {
              status: response.status,
              allow: response.headers.get('allow'),
              body: await response.text(),
            };
          }),
        );
        t.deepEqual(b, a, `${method} ${path}`);
        compared += 1;
      }
    }
    t.is(compared, PATHS.length * METHODS.length);
  } finally {
    await Promise.all([one.stop(), split.stop()]);
  }
});

test('the answers above are not all alike: routes, parameters, 405 and 404 all occur', async (t) => {
  const table = new RouteTable({ methods: http.METHODS });
  declare(table);
  const split = await serve(table.routes(), table.allowedMethods());
  try {
    const get = (path: string, method = 'GET') => fetch(split.origin + path, { method });
    t.is(await (await get('/Api/V1/Status')).text(), 'status {}');
    t.is(await (await get('/ja/events/x')).text(), 'ja event {"id":"x"}');
    t.is(await (await get('/alerts/webhooks/abc', 'DELETE')).text(), 'remove {"id":"abc"}');
    const refused = await get('/mcp');
    t.is(refused.status, 405);
    t.is(refused.headers.get('allow'), 'POST');
    t.is((await get('/nowhere')).status, 404);
    t.is((await get('/api/v1')).status, 404);
  } finally {
    await split.stop();
  }
});

test('the table lists its routes in the order declared, and those a path could match', (t) => {
  const table = new RouteTable();
  declare(table);
  t.deepEqual(
    table.layers.map((layer) => layer.path),
    [
      '/',
      '/healthz',
      '/api/v1/status',
      '/api/v1/resets',
      '/api/trpc/:procedures',
      '/mcp',
      '/alerts/webhooks',
      '/alerts/webhooks/:id',
      '/alerts/webhooks/:id',
      '/ja/events/:id',
      '/events/:id',
      '/feed.xml',
    ],
  );
  t.deepEqual(
    table.layersFor('/API/v1/anything').map((layer) => layer.path),
    ['/api/v1/status', '/api/v1/resets', '/api/trpc/:procedures'],
  );
  t.deepEqual(table.layersFor('/nowhere'), []);
});

test('a route whose first segment is a parameter is refused when declared', (t) => {
  const table = new RouteTable();
  t.throws(() => table.get('/:lang/history', answer('x')), {
    message: 'the route /:lang/history has no literal first segment, so it belongs to no one router',
  });
  t.throws(() => table.post('/{x}', answer('x')), { message: /\/\{x\}/ });
});
