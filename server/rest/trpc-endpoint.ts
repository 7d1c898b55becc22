import type { Middleware } from 'koa';
import { nodeHTTPRequestHandler } from '@trpc/server/adapters/node-http';
import type { ContentState } from '../content-state.js';
import type { AppRouter } from '../router.js';

export const TRPC_PREFIX = '/api/trpc';

/** The typed tRPC endpoint for `@trpc/client`; it writes its own response in tRPC's envelope. */
export function trpcEndpoint(
  router: AppRouter,
  content: ContentState,
  clock: () => number,
  problemTypeBase: string,
): Middleware {
  return async (ctx) => {
    ctx.respond = false;
    // Koa starts every response at 404, and tRPC only sets the status when it finds 200 there.
    ctx.res.statusCode = 200;
    await nodeHTTPRequestHandler({
      router,
      req: ctx.req,
      res: ctx.res,
      path: ctx.path.slice(TRPC_PREFIX.length + 1),
      createContext: () => ({ snapshot: content.snapshot, now: clock(), problemTypeBase }),
    });
  };
}
