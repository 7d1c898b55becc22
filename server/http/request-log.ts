import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A well-formed incoming `X-Request-Id` is kept; otherwise the request gets a new id. */
export function requestIdFor(incoming: string | undefined): string {
  return incoming !== undefined && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The access log line, one per request, whichever path answered it (Koa or the fast path). */
export interface AccessLogEntry {
  readonly reqId: string;
  readonly method: string | undefined;
  readonly url: string | undefined;
  readonly status: number;
  readonly ms: number;
  readonly ip: string;
  readonly ua: string | undefined;
}

export function logAccess(logger: Logger, entry: AccessLogEntry): void {
  if (logger.isLevelEnabled('info')) logger.info(entry);
}

/** Gives each request an id (a well-formed incoming `X-Request-Id` is kept) and logs one line when it ends. */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdFor(ctx.get('X-Request-Id'));
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      logAccess(logger, {
        reqId: requestId,
        method: ctx.method,
        url: ctx.originalUrl,
        status: ctx.status,
        ms: Number(process.hrtime.bigint() - started) / 1e6,
        ip: ctx.ip,
        ua: ctx.get('User-Agent') || undefined,
      });
    }
  };
}
