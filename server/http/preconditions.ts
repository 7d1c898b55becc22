import type Koa from 'koa';
import type { Context } from 'koa';
import fresh from 'fresh';

/**
 * Whether the request's preconditions hold for the response as it stands, evaluated as an origin
 * server must (RFC 9110 §13.1.2, §13.2.2): a matching `If-None-Match` is answered 304 whatever the
 * request's `Cache-Control` says (`no-cache` is addressed to caches, RFC 9111 §5.2.1.4, and `fetch()`
 * adds it to every conditional request), and `If-Modified-Since` is ignored when `If-None-Match` is
 * present. Only a GET or HEAD answered 2xx or 304 can be fresh. The `fresh` package does the
 * comparison; only its input differs from Koa's own `request.fresh`.
 */
function isFresh(ctx: Context): boolean {
  const { method } = ctx;
  if (method !== 'GET' && method !== 'HEAD') return false;
  const { status } = ctx;
  if ((status < 200 || status >= 300) && status !== 304) return false;
  const noneMatch = ctx.request.header['if-none-match'];
  const conditions =
    noneMatch === undefined
      ? { 'if-modified-since': ctx.request.header['if-modified-since'] }
      : { 'if-none-match': noneMatch };
  return fresh(conditions, ctx.response.header);
}

/**
 * Makes `ctx.fresh` (and so `ctx.stale`) of `app`'s requests follow `isFresh`, for koa-conditional-get
 * and anything else that asks Koa. Koa's getter hands the request's headers to `fresh` as they are,
 * and `fresh` takes `Cache-Control: no-cache` as a miss, a cache's rule, not an origin's. The getter is
 * defined on `app.request`, the app's own prototype of each `ctx.request` (Koa's extension point,
 * the one koa-qs extends `query` through); Koa's shared prototype, and every other app in the
 * process with it, keeps Koa's rule.
 */
export function defineOriginFreshness(app: Koa): void {
  Object.defineProperty(app.request, 'fresh', {
    configurable: true,
    enumerable: true,
    get(this: Koa.Request): boolean {
      return isFresh(this.ctx);
    },
  });
}
