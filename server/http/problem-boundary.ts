import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import type { Problem } from '../../domain/schemas/index.js';
import { makeProblem, problemFromError } from './problem-types.js';
import { encodeResponse } from './compression.js';
import { HttpProblem } from './http-problem.js';
import { CONTENT_UNAVAILABLE_RETRY_SECONDS, PUBLIC_CACHE_CONTROL } from './cache-control.js';

/** An HTML page for a failed request to one of the site's pages. */
type ProblemPage = (
  problem: Problem,
  heading: string,
  path: string,
) => { readonly body: Buffer | string; readonly etag: string };

export interface ProblemBoundaryOptions {
  readonly origin: string;
  readonly logger: Logger;
  /**
   * Whether a failure at a path is answered with an HTML page (a page of the site) rather than
   * problem+json (what programs read): the route table says (server/routes.ts `RouteKind`).
   */
  readonly isPage: (path: string) => boolean;
  readonly renderPage: ProblemPage;
  /** Extra headers of an HTML problem page at a path (its Content-Security-Policy). */
  readonly pageHeaders: (path: string) => Readonly<Record<string, string>>;
  /** A face that keeps its own error envelope (tRPC's, under its prefix), carrying the problem. */
  readonly envelope?: {
    readonly prefix: string;
    readonly render: (problem: Problem, path: string) => string;
  };
}

/**
 * The one place a failure becomes a response: `HttpProblem`s as they are, anything else as a bare
 * 500, and a request no route answered as `not_found`. Internals (messages, stacks) go to the log
 * only, whatever NODE_ENV says.
 */
export function problemBoundary(options: ProblemBoundaryOptions): Middleware {
  const { origin, logger } = options;
  return async (ctx, next) => {
    try {
      await next();
      // `respond === false`: a handler (tRPC) wrote its own response, a 404 included.
      if (ctx.status === 404 && ctx.body == null && ctx.respond !== false) {
        const detail = `There is nothing at ${ctx.path}.`;
        throw new HttpProblem(makeProblem(origin, 'not_found', detail), {
          heading: 'Page not found',
        });
      }
    } catch (error) {
      let failure: HttpProblem;
      if (error instanceof HttpProblem) failure = error;
      else {
        const problem = problemFromError(error, origin);
        if (problem.status >= 500)
          logger.error({ err: error, reqId: ctx.state.requestId as unknown }, 'request failed');
        failure = new HttpProblem(problem);
      }
      send(ctx, failure);
      await encodeResponse(ctx);
    }
  };

  function send(ctx: Context, { problem, headers, heading }: HttpProblem): void {
    ctx.status = problem.status;
    ctx.set(headers);
    if (problem.code === 'content_unavailable' && !headers['Retry-After']) {
      ctx.set('Retry-After', String(CONTENT_UNAVAILABLE_RETRY_SECONDS));
    }
    // A client that asks a page for JSON gets the API's problem+json instead.
    const asPage =
      options.isPage(ctx.path) &&
      ctx.accepts('text/html', 'application/problem+json', 'application/json') === 'text/html';
    if (asPage) {
      // A missing page or a bad filter is as cacheable as the page would have been.
      const cacheable = problem.status === 404 || problem.status === 400;
      ctx.set('Cache-Control', cacheable ? PUBLIC_CACHE_CONTROL : 'no-store');
      ctx.set(options.pageHeaders(ctx.path));
      const page = options.renderPage(problem, heading, ctx.path);
      if (cacheable) ctx.etag = page.etag;
      else ctx.remove('ETag');
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = page.body;
      return;
    }
    ctx.remove('ETag');
    ctx.set('Cache-Control', 'no-store');
    const { envelope } = options;
    if (envelope && (ctx.path === envelope.prefix || ctx.path.startsWith(`${envelope.prefix}/`))) {
      ctx.type = 'application/json';
      ctx.body = envelope.render(problem, ctx.path);
      return;
    }
    ctx.type = 'application/problem+json';
    ctx.body = JSON.stringify(problem);
  }
}
