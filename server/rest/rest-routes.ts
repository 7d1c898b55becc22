import type { Middleware } from 'koa';
import { PUBLIC_CACHE_CONTROL } from '../http/cache-control.js';
import type { RestOperation } from './operations.js';
import { readQuery } from '../http/query.js';
import type { RestResponder } from './rest-response.js';

const NEXT_CURSOR = Buffer.from('"next_cursor":"');
const QUOTE = 0x22;
/** SPEC §8 `limit` default, repeated in the next link so a client following links keeps its page size. */
const DEFAULT_LIMIT = '20';

/**
 * `pagination.next_cursor` of a page body, found without parsing it: the key is written once, and
 * inside string values every quote is escaped, so the bytes `"next_cursor":"` occur only there. A
 * cursor is base64url: it holds no quote.
 */
function nextCursorOf(body: Buffer): string | null {
  const at = body.lastIndexOf(NEXT_CURSOR);
  if (at === -1) return null;
  const start = at + NEXT_CURSOR.length;
  const end = body.indexOf(QUOTE, start);
  return end === -1 ? null : body.toString('latin1', start, end);
}

/** RFC 8288 `Link` to the next page: the cursor and the same `limit` (the cursor carries the rest). */
function nextLink(base: string, path: string, cursor: string, params: Record<string, string>): string {
  const query = new URLSearchParams({ cursor, limit: params['limit'] ?? DEFAULT_LIMIT });
  return `<${base}${path}?${query.toString()}>; rel="next"`;
}

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
  const paginated = operation.params?.has('cursor') === true;
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
    if (paginated) {
      const cursor = nextCursorOf(response.body);
      if (cursor !== null) ctx.set('Link', nextLink(problemTypeBase, operation.path, cursor, params));
    }
    ctx.body = response.body;
  };
}
