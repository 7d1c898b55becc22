import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';
import { answerThenLinger } from './lingering-close.js';

/** Whether a request declares a body (`Content-Length` above 0, or a `Transfer-Encoding`). */
function declaresBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Closes the connection of any answer sent before the request's body has arrived (a 429, 413, 415,
 * 403 … decided from the headers): Node would otherwise keep the connection open, reading a body
 * that may never come, for as long as its time-outs allow. The close lingers (server/http/
 * lingering-close.ts), so a client still sending its body reads the answer rather than a reset. A
 * body that has fully arrived, read or not, keeps the connection: Node discards the rest at once.
 */
export function closeOnUnreadBody(): Middleware {
  return async (ctx, next) => {
    const unread = () => !ctx.req.complete && declaresBody(ctx.req) && !ctx.headerSent;
    try {
      await next();
    } catch (error) {
      if (unread()) ctx.set('Connection', 'close');
      throw error;
    }
    if (!unread()) return;
    ctx.set('Connection', 'close');
    answerThenLinger(ctx);
  };
}
