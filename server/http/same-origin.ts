import type { Context, Middleware } from 'koa';
import { makeProblem } from './problem-types.js';
import { HttpProblem } from './http-problem.js';

/**
 * Refuses a request a web page of another site sends (its `Origin`), as the MCP Streamable HTTP
 * transport asks of a server against DNS rebinding: a request without `Origin` (not from a browser)
 * and one from the site's own origin pass. The site's origin is `PUBLIC_BASE_URL`'s; a server given
 * none (a local one, reached as `localhost` or `127.0.0.1` alike) takes the request's own scheme and
 * `Host`.
 */
export function sameOriginOnly(publicBaseUrl: string | null, problemTypeBase: string): Middleware {
  const configured = publicBaseUrl === null ? null : new URL(publicBaseUrl).origin;
  const own = (ctx: Context) => configured ?? `${ctx.protocol}://${ctx.host}`;
  return async (ctx, next) => {
    const origin = ctx.get('Origin');
    if (origin && origin !== own(ctx)) {
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
