import { etagFor } from '../http/etag.js';
import type { ContentState } from '../content/content-state.js';
import type { Context } from './context.js';
import { HttpProblem } from '../http/http-problem.js';
import { problemFromError } from '../http/problem-types.js';
import type { RestBridge } from './rest-bridge.js';
import type { RestOperation } from './rest-operations.js';
import type { CachedResponse } from './response-cache.js';
import { ResponseCache } from './response-cache.js';

const QUOTE = 0x22;
const NEXT_CURSOR = Buffer.from('"next_cursor":"');

/** `pagination` and `meta` close every page: the cursor is within this many bytes of its end. */
const PAGE_TAIL_BYTES = 4096;

/**
 * `pagination.next_cursor` of a page body, found without parsing it: the key is written once, and
 * inside string values every quote is escaped, so the bytes `"next_cursor":"` occur only there. A
 * cursor is base64url (at most 1024 characters): it holds no quote.
 */
function nextCursorOf(body: Buffer): string | null {
  const at = body.indexOf(NEXT_CURSOR, Math.max(0, body.length - PAGE_TAIL_BYTES));
  if (at === -1) return null;
  const start = at + NEXT_CURSOR.length;
  const end = body.indexOf(QUOTE, start);
  return end === -1 ? null : body.toString('latin1', start, end);
}

/** One REST request, read: what its response depends on, and its cache key. */
export interface RestRequest {
  readonly operation: RestOperation;
  readonly params: Record<string, string>;
  readonly context: Context;
  readonly key: string;
}

export interface RestResponderOptions {
  readonly callProcedure: RestBridge;
  readonly content: ContentState;
  readonly clock: () => number;
  readonly problemTypeBase: string;
  readonly cache: ResponseCache;
}

/** Answers REST operations from the response cache, or through their procedure on a miss. */
export function createRestResponder(options: RestResponderOptions) {
  const { cache, problemTypeBase } = options;
  const inflight = new Map<string, Promise<CachedResponse>>();
  return {
    /** Reads the content snapshot and the clock once: the key and the procedure see the same. */
    request(operation: RestOperation, params: Record<string, string>, canonical: string) {
      const snapshot = options.content.snapshot;
      const now = options.clock();
      const instant = operation.instant?.(now) ?? null;
      const key = ResponseCache.key(snapshot, operation.path, canonical, instant);
      return { operation, params, context: { snapshot, now, problemTypeBase }, key } satisfies RestRequest;
    },

    cached(request: RestRequest): CachedResponse | undefined {
      return cache.get(request.key);
    },

    /**
     * Runs the procedure and caches its 200; a failure is thrown as the problem boundary expects it.
     * Requests that miss the same key while it runs share its run: after a republish every open
     * status stream asks for the same body at once.
     */
    produce(request: RestRequest): Promise<CachedResponse> {
      let running = inflight.get(request.key);
      if (!running) {
        running = run(request).finally(() => inflight.delete(request.key));
        inflight.set(request.key, running);
      }
      return running;
    },
  };

  async function run(request: RestRequest): Promise<CachedResponse> {
    let text: string;
    try {
      text = await options.callProcedure(
        request.operation.procedurePath,
        request.operation.params ? request.params : undefined,
        request.context,
      );
    } catch (error) {
      const problem = problemFromError(error, problemTypeBase);
      // An unexpected failure goes to the boundary as it is, so it is logged; the client gets the bare 500.
      if (problem.code === 'internal_error') throw error;
      throw new HttpProblem(problem);
    }
    // A buffer of its own: a small one cut from Node's shared pool would keep the whole pool slab
    // alive for as long as the cache keeps this response.
    const body = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
    body.write(text);
    // Read once here, not per request: scanning a large page for it cost every hit.
    const nextCursor = request.operation.paginated ? nextCursorOf(body) : null;
    const response = { body, etag: etagFor(body), nextCursor };
    cache.set(request.key, response);
    return response;
  }
}

export type RestResponder = ReturnType<typeof createRestResponder>;
