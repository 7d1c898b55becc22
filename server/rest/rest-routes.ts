import type { Middleware } from 'koa';
import { PUBLIC_CACHE_CONTROL } from '../http/cache-control.js';
import { REST_OPERATIONS } from './operations.js';
import { readQuery } from './query.js';
import { methodGuard } from '../http/method-guard.js';
import type { RestResponder } from './rest-response.js';
import { failedRequests } from './rest-response.js';

export interface RestRoutesOptions {
  /** Answers from the response cache or through the procedure; shared with the fast path. */
  readonly responder: RestResponder;
  readonly problemTypeBase: string;
}

/** Serves `/api/v1/*` through the tRPC procedures, with a response cache keyed on all the body depends on. */
export function restRoutes(options: RestRoutesOptions): Middleware {
  const { responder } = options;
  const guard = methodGuard(['GET', 'HEAD'], options.problemTypeBase);
  return async (ctx, next) => {
    const operation = REST_OPERATIONS.get(ctx.path);
    if (!operation) {
      await next();
      return;
    }
    if (guard(ctx)) return;
    if (failedRequests.has(ctx.req)) throw failedRequests.get(ctx.req);
    const { params, canonical } = operation.params
      ? readQuery(ctx.URL.searchParams, operation.params, options.problemTypeBase)
      : { params: {}, canonical: '' };
    const request = responder.request(ctx.path, operation, params, canonical);
    // A miss (or a failure, thrown for the problem boundary) goes through the procedure.
    const response = responder.cached(request) ?? (await responder.produce(request));
    ctx.status = 200;
    ctx.type = 'application/json';
    ctx.set('Cache-Control', PUBLIC_CACHE_CONTROL);
    ctx.etag = response.etag;
    ctx.body = response.body;
  };
}
