/**
 * The peer: what a user of these packages would write. The same procedures (`appRouter`) served by
 * trpc-to-openapi's own Koa adapter under `/api` and tRPC's node-http handler under `/api/trpc`, behind
 * the same middleware stack, with no response cache: every request runs its procedure.
 * `node --import tsx bench/peer.ts PORT CONTENT_DIR`.
 */
import path from 'node:path';
import { nodeHTTPRequestHandler } from '@trpc/server/adapters/node-http';
import { createOpenApiKoaMiddleware } from 'trpc-to-openapi';
import { createStack, listen } from './stack.js';
import type * as RouterModule from '../server/api/procedures.js';
import type * as ContentStateModule from '../server/content/content-state.js';
import type * as LoadModule from '../server/content/read-content.js';

const [port = '0', contentDir = 'content'] = process.argv.slice(2);
const dist = (file: string) => path.resolve('dist', file);
const { appRouter } = (await import(dist('server/api/procedures.js'))) as typeof RouterModule;
const { ContentState } = (await import(dist('server/content/content-state.js'))) as typeof ContentStateModule;
const { loadContent } = (await import(dist('server/content/read-content.js'))) as typeof LoadModule;

const base = process.env['PUBLIC_BASE_URL'] ?? 'http://localhost:3000';
const content = new ContentState(() => loadContent(contentDir), base);
await content.reload();
const createContext = () => ({ snapshot: content.snapshot, now: Date.now(), origin: base });

const openApi = createOpenApiKoaMiddleware({ router: appRouter, createContext });
const app = await createStack();
app.use(async (ctx, next) => {
  if (ctx.path.startsWith('/api/trpc/')) {
    ctx.respond = false;
    ctx.res.statusCode = 200;
    await nodeHTTPRequestHandler({
      router: appRouter,
      req: ctx.req,
      res: ctx.res,
      path: ctx.path.slice('/api/trpc/'.length),
      createContext,
    });
    return;
  }
  if (!ctx.path.startsWith('/api/')) {
    await next();
    return;
  }
  // trpc-to-openapi's paths are relative to where it is mounted.
  ctx.req.url = ctx.req.url!.slice('/api'.length);
  ctx.respond = false;
  await openApi(ctx, next);
});
listen(app, Number(port));
