/**
 * The Koa floor: the server's middleware stack and route table (the same `createRoutes`), every route
 * answering precomputed bytes copied from the real server. What Koa, its middleware and @koa/router
 * cost with nothing of ours behind them.
 * `node --import tsx bench/koa-floor.ts PORT ORIGIN URLS_FILE` (bench/run.ts starts it).
 */
import path from 'node:path';
import type { Middleware } from 'koa';
import { copyResponses } from './copy-responses.js';
import { createStack, listen } from './stack.js';
import type * as Routes from '../server/routes.js';
import type * as Operations from '../server/api/rest.js';
import type * as RouterModule from '../server/api/procedures.js';
import type * as SiteModule from '../server/site/site-resources.js';
import type * as OpenApiDocumentModule from '../server/http/openapi-document.js';

const [port = '0', origin = '', urlsFile = ''] = process.argv.slice(2);
const stored = await copyResponses(origin, urlsFile);
const { createRoutes, writeOnlyPaths } = (await import(
  path.resolve('dist/server/routes.js')
)) as typeof Routes;
const { restOperations } = (await import(path.resolve('dist/server/api/rest.js'))) as typeof Operations;
const { appRouter } = (await import(path.resolve('dist/server/api/procedures.js'))) as typeof RouterModule;
const { siteResources } = (await import(
  path.resolve('dist/server/site/site-resources.js')
)) as typeof SiteModule;
const { OpenApiDocument } = (await import(
  path.resolve('dist/server/http/openapi-document.js')
)) as typeof OpenApiDocumentModule;

const serve: Middleware = (ctx) => {
  const response = stored.get(ctx.url);
  if (!response) return;
  ctx.status = response.status;
  for (const [name, value] of Object.entries(response.headers)) {
    if (name === 'etag') ctx.etag = value;
    else ctx.set(name, value);
  }
  ctx.body = response.body;
};
const router = createRoutes({
  content: {} as never,
  rest: restOperations(appRouter).map((operation) => ({ operation, handle: serve })),
  openStreams: () => 0,
  statusStream: { path: '/api/v1/status/stream', handle: serve },
  trpc: serve,
  mcp: [serve],
  alerts: { vapidKey: serve, subscribe: [serve], unsubscribe: [serve] },
  webhooks: { register: [serve], show: [serve], remove: [serve] },
  email: { subscribe: [serve], pages: [] },
  openApi: OpenApiDocument.of({ openapi: '3.1.0', info: { title: '', version: '' } }),
  site: siteResources({
    origin: origin,
    openApi: OpenApiDocument.of({ openapi: '3.1.0', info: { title: '', version: '' } }),
    alerts: { publicKey: null },
    mcp: { path: '/mcp', tools: [] },
  }),
  serve: () => serve,
});
const app = await createStack(writeOnlyPaths(router.table), router);
app.use(router.table.routes());
app.use(router.table.allowedMethods());
listen(app, Number(port));
