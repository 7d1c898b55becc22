import type { Middleware } from 'koa';
import { makeProblem } from './problem-types.js';
import { HttpProblem } from './http-problem.js';

/**
 * Header lines a request may carry. Node keeps every line (the server sets `maxHeadersCount` to 0,
 * where by default it would drop those past 2,000 entries silently, `Host` among them when it comes
 * last); the total size stays bounded by Node's `maxHeaderSize`. Browsers and HTTP clients send a few
 * dozen lines.
 */
export const MAX_HEADER_LINES = 200;

/**
 * Refuses requests whose shape is wrong before anything reads them: more header lines than
 * `MAX_HEADER_LINES` (431 `request_too_large`), or an HTTP/1.1 request without `Host` (RFC 9112
 * §3.2; Node's own check answers that with an empty 400, so the server turns it off and this one
 * answers with a problem body).
 */
export function checkRequestShape(problemTypeBase: string): Middleware {
  return async (ctx, next) => {
    const lines = ctx.req.rawHeaders.length / 2;
    if (lines > MAX_HEADER_LINES) {
      ctx.set('Connection', 'close');
      throw new HttpProblem(
        makeProblem(
          problemTypeBase,
          'request_too_large',
          `The request has ${lines} header lines; at most ${MAX_HEADER_LINES} are read.`,
        ),
      );
    }
    if (ctx.req.httpVersion === '1.1' && ctx.req.headers.host === undefined) {
      ctx.set('Connection', 'close');
      throw new HttpProblem(
        makeProblem(problemTypeBase, 'malformed_request', 'An HTTP/1.1 request needs a Host header.'),
      );
    }
    await next();
  };
}
