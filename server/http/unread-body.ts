import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';

/** Whether a request declares a body (`Content-Length` above 0, or a `Transfer-Encoding`). */
function declaresBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Closes the connection of any answer sent before the request's body has arrived (a 429, 413, 415,
 * 403 … decided from the headers): Node would otherwise keep the connection open, reading a body
 * that may never come, for as long as its time-outs allow. A body that has fully arrived, read or
 * not, keeps the connection: Node discards the rest at once.
 */
export function closeOnUnreadBody(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      if (!ctx.req.complete && declaresBody(ctx.req) && !ctx.headerSent) ctx.set('Connection', 'close');
    }
  };
}
