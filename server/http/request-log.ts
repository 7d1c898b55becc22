import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const TOKEN_VALUE = /([?&]token=)[^&#]*/gi;

/**
 * The URL as the log keeps it: the value of every `token` query parameter (the capability of an
 * email confirm or unsubscribe link, stored only as a hash so that a copy is useless) redacted.
 */
function loggedUrl(url: string): string {
  return url.replace(TOKEN_VALUE, '$1[redacted]');
}

/** Gives each request an id (a well-formed incoming `X-Request-Id` is kept) and logs one line when it ends. */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const incoming = ctx.get('X-Request-Id');
    const requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      if (logger.isLevelEnabled('info')) {
        logger.info({
          reqId: requestId,
          method: ctx.method,
          url: loggedUrl(ctx.originalUrl),
          status: ctx.status,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          ip: ctx.ip,
          ua: ctx.get('User-Agent') || undefined,
        });
      }
    }
  };
}
