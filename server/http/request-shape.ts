import type { Middleware } from 'koa';
import { makeProblem } from './problem-types.js';
import { HttpProblem } from './http-problem.js';

/**
 * Header lines a request may carry. Node keeps every line (the server sets `maxHeadersCount` to 0,
 * where by default it would drop those past 2,000 entries silently, `Host` among them when it comes
 * last); the total size stays bounded by Node's `maxHeaderSize`. Browsers and HTTP clients send a few
 * dozen lines.
 */
const MAX_HEADER_LINES = 200;

/** How many of the raw header lines are `Host` lines. */
function hostLines(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let index = 0; index < rawHeaders.length; index += 2)
    if (rawHeaders[index]!.length === 4 && rawHeaders[index]!.toLowerCase() === 'host') count += 1;
  return count;
}

/**
 * Refuses requests whose shape is wrong before anything reads them: more header lines than
 * `MAX_HEADER_LINES` (431 `request_too_large`), or an HTTP/1.1 request without exactly one `Host`
 * (RFC 9112 §3.2: none, or more than one, is 400; Node's own check answers a missing one with an
 * empty 400, so the server turns it off and this one answers with a problem body; Node keeps the
 * first of two and says nothing, so a proxy that read the other would route the request elsewhere).
 */
export function checkRequestShape(origin: string): Middleware {
  return async (ctx, next) => {
    const lines = ctx.req.rawHeaders.length / 2;
    if (lines > MAX_HEADER_LINES) {
      ctx.set('Connection', 'close');
      throw new HttpProblem(
        makeProblem(
          origin,
          'request_too_large',
          `The request has ${lines} header lines; at most ${MAX_HEADER_LINES} are read.`,
        ),
      );
    }
    if (ctx.req.httpVersion === '1.1' && ctx.req.headers.host === undefined) {
      ctx.set('Connection', 'close');
      throw new HttpProblem(
        makeProblem(origin, 'malformed_request', 'An HTTP/1.1 request needs a Host header.'),
      );
    }
    if (hostLines(ctx.req.rawHeaders) > 1) {
      ctx.set('Connection', 'close');
      throw new HttpProblem(
        makeProblem(origin, 'malformed_request', 'A request may have only one Host header.'),
      );
    }
    await next();
  };
}
