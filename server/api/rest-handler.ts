import type { Middleware } from 'koa';
import { PAGE_LIMIT } from '../../domain/schemas/index.js';
import { PUBLIC_CACHE_CONTROL } from '../http/cache-control.js';
import type { RestOperation } from './rest-operations.js';
import { readQuery } from '../http/query.js';
import type { RestResponder } from './rest-responder.js';

/** docs/api-contract.md §8: the `limit` default, repeated in the next link so a client following links keeps its page size. */
const DEFAULT_LIMIT = String(PAGE_LIMIT.default);

/** RFC 8288 `Link` to the next page: the cursor and the same `limit` (the cursor carries the rest). */
function nextLink(base: string, path: string, cursor: string, params: Record<string, string>): string {
  const query = new URLSearchParams({ cursor, limit: params['limit'] ?? DEFAULT_LIMIT });
  return `<${base}${path}?${query.toString()}>; rel="next"`;
}

/**
 * The handler of one REST operation: strict query reading, then the response cache or, on a miss,
 * the procedure through the REST bridge (./rest-bridge.ts: tRPC's server-side caller; trpc-to-openapi
 * only makes the OpenAPI document). The ETag is set here (it leaves out `generated_at`, so every
 * process gives the same tag); the conditional GET (koa-conditional-get, with the freshness of
 * server/http/preconditions.ts) turns a match into 304.
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
    if (operation.paginated) {
      const cursor = response.nextCursor;
      if (cursor) ctx.set('Link', nextLink(problemTypeBase, operation.path, cursor, params));
    }
    ctx.body = response.body;
  };
}
