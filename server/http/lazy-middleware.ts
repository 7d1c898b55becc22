import type { Middleware } from 'koa';
import { loadOnce } from './load-once.js';

/**
 * A middleware built on the first request that reaches it, so the module behind it, and what that
 * module imports, loads only when a request needs it: a worker that never answers one never pays
 * for it. `build` imports the module and returns its middleware; a build that fails fails that
 * request and is tried again by the next one.
 */
export function lazyMiddleware(build: () => Promise<Middleware>): Middleware {
  const built = loadOnce(build);
  return async (ctx, next) => {
    const middleware = await built();
    await middleware(ctx, next);
  };
}
