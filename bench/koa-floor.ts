/**
 * The Koa floor: the server's middleware stack and route table (the same `createRoutes`), every route
 * answering precomputed bytes copied from the real server. What Koa, its middleware and @koa/router
 * cost with nothing of ours behind them.
 * `node --import tsx bench/koa-floor.ts PORT ORIGIN URLS_FILE [MCP_CALL]`.
 *
 * With `MCP_CALL` (a JSON-RPC message), POST /mcp reads each request as the MCP endpoint does (media
 * type, bounded body, JSON.parse) and answers the real server's answer to that message: what a tool
 * call would cost if the MCP SDK, the JSON-RPC checks and the tool took no time (bench/mcp.ts, in git history).
 */
import path from 'node:path';
import type { Middleware } from 'koa';
import { copyResponses } from './copy-responses.js';
import { createStack, listen } from './stack.js';
import type * as Routes from '../server/routes.js';
import type * as Operations from '../server/api/rest-operations.js';
import type * as RouterModule from '../server/api/procedures.js';
import type * as SiteModule from '../server/site/site-resources.js';
import type * as OpenApiDocumentModule from '../server/http/openapi-document.js';
import type * as BodyModule from '../server/http/request-body.js';
import type * as McpModule from '../server/api/mcp-endpoint.js';
import type * as SameOriginModule from '../server/http/same-origin.js';

const [port = '0', origin = '', urlsFile = '', mcpCall] = process.argv.slice(2);
const stored = await copyResponses(origin, urlsFile);
const { createRoutes, writeOnlyPaths } = (await import(
  path.resolve('dist/server/routes.js')
)) as typeof Routes;
const { restOperations } = (await import(
  path.resolve('dist/server/api/rest-operations.js')
)) as typeof Operations;
const { appRouter } = (await import(path.resolve('dist/server/api/procedures.js'))) as typeof RouterModule;
const { siteResources } = (await import(
  path.resolve('dist/server/site/site-resources.js')
)) as typeof SiteModule;
const { OpenApiDocument } = (await import(
  path.resolve('dist/server/http/openapi-document.js')
)) as typeof OpenApiDocumentModule;

const { readBoundedBody, requireJson } = (await import(
  path.resolve('dist/server/http/request-body.js')
)) as typeof BodyModule;
const { MCP_BODY_MAX_BYTES } = (await import(
  path.resolve('dist/server/api/mcp-endpoint.js')
)) as typeof McpModule;
const { sameOriginOnly } = (await import(
  path.resolve('dist/server/http/same-origin.js')
)) as typeof SameOriginModule;

/** The real server's answer to `MCP_CALL`, sent to every POST /mcp once its body is read. */
async function mcpAnswer(call: string): Promise<Buffer> {
  const response = await fetch(new URL('/mcp', origin), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: call,
  });
  if (response.status !== 200) throw new Error(`the server answered MCP_CALL with ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}
const mcpBody = mcpCall === undefined ? null : await mcpAnswer(mcpCall);
const mcp: Middleware = async (ctx) => {
  if (!mcpBody) return;
  requireJson(ctx, origin, 'the JSON-RPC message');
  JSON.parse((await readBoundedBody(ctx.req, MCP_BODY_MAX_BYTES, origin)).toString('utf8'));
  ctx.type = 'application/json';
  ctx.body = mcpBody;
};

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
  mcp: [sameOriginOnly(origin, origin), mcp],
  alerts: { vapidKey: serve, subscribe: [serve], unsubscribe: [serve] },
  webhooks: { register: [serve], show: [serve], remove: [serve] },
  email: { subscribe: [serve], pages: [] },
  openApi: OpenApiDocument.of({ openapi: '3.1.0', info: { title: '', version: '' } }),
  site: siteResources({
    baseUrl: origin,
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
