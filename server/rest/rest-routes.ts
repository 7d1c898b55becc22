import type { Middleware } from 'koa';
import { PUBLIC_CACHE_CONTROL } from '../http/cache-control.js';
import type { RestOperation } from './operations.js';
import { readQuery } from '../http/query.js';
import type { RestResponder } from './rest-response.js';

/**
 * The handler of one REST operation: strict query reading, then the response cache or, on a miss,
 * the procedure through trpc-to-openapi. The ETag is set here (it leaves out `generated_at`, so every
 * process gives the same tag); koa-conditional-get turns a match into 304.
 */
export function restHandler(
  operation: RestOperation,
  responder: RestResponder,
  problemTypeBase: string,
): Middleware {
  return async (ctx) => {
    const { params, canonical } = operation.params
      ? readQuery(new URLSearchParams(ctx.querystring), operation.params, problemTypeBase)
      : { params: {}, canonical: '' };
    const request = responder.request(operation, params, canonical);
    const response = responder.cached(request) ?? (await responder.produce(request));
    ctx.status = 200;
    ctx.type = 'application/json';
    ctx.set('Cache-Control', PUBLIC_CACHE_CONTROL);
    ctx.etag = response.etag;
    ctx.body = response.body;
  };
}
