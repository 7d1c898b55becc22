import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { makeProblem, problemFromError } from '../problems.js';
import { HttpProblem } from './http-problem.js';
import { CONTENT_UNAVAILABLE_RETRY_SECONDS } from './cache-control.js';

/**
 * The one place a failure becomes a response: `HttpProblem`s as they are, anything else as a bare
 * 500. Internals (messages, stacks) go to the log only, whatever NODE_ENV says.
 */
export function problemBoundary(problemTypeBase: string, logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      // `respond === false`: a handler (tRPC) wrote its own response, a 404 included.
      if (ctx.status === 404 && ctx.body == null && ctx.respond !== false && ctx.path.startsWith('/api/')) {
        throw new HttpProblem(makeProblem(problemTypeBase, 'not_found', `No resource at ${ctx.path}.`));
      }
    } catch (error) {
      let failure: HttpProblem;
      if (error instanceof HttpProblem) failure = error;
      else {
        const problem = problemFromError(error, problemTypeBase);
        if (problem.status >= 500)
          logger.error({ err: error, reqId: ctx.state.requestId as unknown }, 'request failed');
        failure = new HttpProblem(problem);
      }
      const { problem, headers } = failure;
      ctx.status = problem.status;
      ctx.set(headers);
      if (problem.code === 'content_unavailable' && !headers['Retry-After']) {
        ctx.set('Retry-After', String(CONTENT_UNAVAILABLE_RETRY_SECONDS));
      }
      ctx.set('Cache-Control', 'no-store');
      ctx.remove('ETag');
      ctx.type = 'application/problem+json';
      ctx.body = JSON.stringify(problem);
    }
  };
}
