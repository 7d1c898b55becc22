import type { Middleware } from 'koa';
import type { ContentState } from '../content-state.js';
import { PUBLIC_CACHE_CONTROL } from '../http/cache-control.js';
import type { RestBridge } from './bridge.js';
import { REST_OPERATIONS } from './operations.js';
import { readQuery } from './query.js';
import { methodGuard } from '../http/method-guard.js';
import { ResponseCache } from './response-cache.js';
import { createRestResponder } from './rest-response.js';

export interface RestRoutesOptions {
  readonly callProcedure: RestBridge;
  readonly content: ContentState;
  readonly clock: () => number;
  readonly problemTypeBase: string;
  /** Responses kept per process, shared with the fast path; a miss goes through the procedure. */
  readonly cache?: ResponseCache;
}

/** Serves `/api/v1/*` through the tRPC procedures, with a response cache keyed on all the body depends on. */
export function restRoutes(options: RestRoutesOptions): Middleware {
  const responder = createRestResponder({ ...options, cache: options.cache ?? new ResponseCache() });
  const guard = methodGuard(['GET', 'HEAD'], options.problemTypeBase);
  return async (ctx, next) => {
    const operation = REST_OPERATIONS.get(ctx.path);
    if (!operation) {
      await next();
      return;
    }
    if (guard(ctx)) return;
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
