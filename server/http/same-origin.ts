import type { Middleware } from 'koa';
import { makeProblem } from './problem-types.js';
import { HttpProblem } from './http-problem.js';

/**
 * Refuses a request a web page of another site sends (its `Origin`), as the MCP Streamable HTTP
 * transport asks of a server against DNS rebinding: a request without `Origin` (not from a browser)
 * and one from the service's own public origin pass.
 */
export function sameOriginOnly(publicBaseUrl: string, problemTypeBase: string): Middleware {
  const own = new URL(publicBaseUrl).origin;
  return async (ctx, next) => {
    const origin = ctx.get('Origin');
    if (origin && origin !== own) {
      throw new HttpProblem(
        makeProblem(
          problemTypeBase,
          'forbidden',
          `Requests from the origin ${origin} are not accepted here.`,
        ),
      );
    }
    await next();
  };
}
