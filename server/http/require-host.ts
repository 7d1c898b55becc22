import type { Middleware } from 'koa';
import { makeProblem } from './problem-types.js';
import { HttpProblem } from './http-problem.js';

/**
 * An HTTP/1.1 request without a `Host` header is refused (RFC 9112 §3.2), with a problem body: Node's
 * own check answers it with an empty 400, so the server turns that check off and this one answers.
 */
export function requireHost(problemTypeBase: string): Middleware {
  return async (ctx, next) => {
    if (ctx.req.httpVersion === '1.1' && ctx.req.headers.host === undefined) {
      ctx.set('Connection', 'close');
      throw new HttpProblem(
        makeProblem(problemTypeBase, 'malformed_request', 'An HTTP/1.1 request needs a Host header.'),
      );
    }
    await next();
  };
}
