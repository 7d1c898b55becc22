import type { Context, Middleware } from 'koa';
import fresh from 'fresh';

/**
 * Whether the request's preconditions hold for the response as it stands, evaluated as an origin
 * server must (RFC 9110 §13.1.2, §13.2.2): a matching `If-None-Match` is answered 304 whatever the
 * request's `Cache-Control` says (`no-cache` is addressed to caches, RFC 9111 §5.2.1.4, and `fetch()`
 * adds it to every conditional request), and `If-Modified-Since` is ignored when `If-None-Match` is
 * present. Only a GET or HEAD answered 2xx or 304 can be fresh. The `fresh` package does the
 * comparison; only its input differs from Koa's `ctx.fresh`, which this replaces.
 */
export function isFresh(ctx: Context): boolean {
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

/** Conditional GET: a response whose preconditions hold (`isFresh`) is answered 304 with no body. */
export function conditionalGet(): Middleware {
  return async (ctx, next) => {
    await next();
    if (isFresh(ctx)) {
      ctx.status = 304;
      ctx.body = null;
    }
  };
}
