import { PassThrough, Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { RouterMiddleware } from '@koa/router';
import { getErrorShape, transformTRPCResponse } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { canonicalJson } from '../../domain/content/revision.js';
import type { Problem } from '../../domain/schemas/index.js';
import type { ContentState } from '../content/content-state.js';
import { PUBLIC_CACHE_CONTROL } from '../http/cache-control.js';
import { trpcErrorFromProblem } from '../http/problem-types.js';
import type { AppRouter } from './procedures.js';
import type { ProcedureMeta } from './trpc.js';
import { ResponseCache } from './rest.js';
import { etagFor } from '../http/etag.js';
import type { LiveStreams } from './live-streams.js';

export const TRPC_PREFIX = '/api/trpc';
/** Calls one GET may batch; more is the `invalid_parameter` problem (docs/operations.md). */
export const MAX_BATCH_CALLS = 10;

export interface TrpcEndpointOptions {
  readonly router: AppRouter;
  readonly content: ContentState;
  readonly clock: () => number;
  readonly origin: string;
  /** The same response cache as the REST operations. */
  readonly cache: ResponseCache;
  /** Admits subscriptions and ends them when the process stops. */
  readonly live: LiveStreams;
  /** The SSE `retry` hint: milliseconds a client waits before reconnecting. */
  readonly retryMs: number;
}

/** The number of procedure calls a `/api/trpc/...` path names (each counts against the rate limit). */
export function trpcCallCount(path: string): number {
  if (!path.startsWith(`${TRPC_PREFIX}/`)) return 1;
  let calls = 1;
  for (let i = TRPC_PREFIX.length + 1; i < path.length; i += 1) if (path[i] === ',') calls += 1;
  return calls;
}

/**
 * What a GET's response depends on besides the procedures: `batch` and the parsed `input` (tRPC reads
 * no other parameter), its keys sorted (`canonicalJson`) so the same input written differently keys
 * the same response. Null when the input is not JSON: such a request fails, and is not cached.
 */
function canonicalQuery(querystring: string): string | null {
  const search = new URLSearchParams(querystring);
  const input = search.get('input');
  let parsed: unknown = null;
  if (input !== null) {
    try {
      parsed = JSON.parse(input);
    } catch {
      return null;
    }
  }
  return `batch=${search.get('batch') ?? ''}&input=${canonicalJson(parsed)}`;
}

/**
 * `/api/trpc/*` for `@trpc/client`: queries by GET, single or batched, answered like REST from the same
 * response cache (keyed on the revision, the procedures, the canonical input and the status instant),
 * with an ETag that is the same on every process, public caching and 304. tRPC runs only on a miss and
 * its response keeps tRPC's envelope.
 */
export function trpcEndpoint(options: TrpcEndpointOptions): RouterMiddleware {
  const { router, content, clock, origin, cache, live } = options;
  const procedures = router._def.procedures as Record<
    string,
    { _def: { meta?: ProcedureMeta; type: 'query' | 'mutation' | 'subscription' } }
  >;
  const feed = { follow: (signal: AbortSignal) => live.follow(signal), clock };

  function instantOf(names: readonly string[], now: number): number | null {
    let instant: number | null = null;
    for (const name of names) {
      const moved = procedures[name]?._def.meta?.instant?.(now);
      if (moved !== undefined) instant = Math.max(instant ?? moved, moved);
    }
    return instant;
  }

  /**
   * A subscription over SSE, as tRPC's `httpSubscriptionLink` opens it: never cached, admitted within
   * the stream caps, and ended (without tRPC's `return` event, so the client's EventSource reconnects)
   * when the client leaves or the process stops. A failure before the stream starts keeps tRPC's
   * JSON envelope.
   */
  async function subscribe(ctx: Parameters<RouterMiddleware>[0]): Promise<void> {
    if (ctx.method === 'HEAD') {
      ctx.status = 200;
      ctx.type = 'text/event-stream';
      ctx.set('Cache-Control', 'no-store');
      return;
    }
    const lease = live.admit(ctx.ip);
    if (lease.signal.aborted) {
      // The process is stopping: the reconnection hint alone, so the client comes back elsewhere.
      ctx.status = 200;
      ctx.type = 'text/event-stream';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = `retry: ${options.retryMs}\n\n`;
      return;
    }
    const lastEventId = ctx.get('Last-Event-ID');
    const request = new Request(`http://trpc${ctx.url}`, {
      method: 'GET',
      headers: { accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
      signal: lease.signal,
    });
    const response = await fetchRequestHandler({
      endpoint: TRPC_PREFIX,
      req: request,
      router,
      createContext: () => ({ snapshot: content.snapshot, now: clock(), origin, live: feed }),
    });
    const isStream = response.headers.get('content-type')?.startsWith('text/event-stream') === true;
    if (!isStream || !response.body) {
      lease.release();
      ctx.status = response.status;
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'application/json';
      ctx.body = withAbsoluteTypes(await response.text(), origin);
      return;
    }
    // The same reconnection hint as the status stream (tRPC's own stream sends none).
    const body = new PassThrough();
    body.write(`retry: ${options.retryMs}\n\n`);
    const events = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    events.pipe(body);
    events.once('close', lease.release);
    body.once('close', () => events.destroy());
    ctx.req.on('close', lease.release);
    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    ctx.status = 200;
    ctx.type = 'text/event-stream';
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Accel-Buffering', 'no');
    ctx.body = body;
  }

  return async (ctx) => {
    const path = ctx.params['procedures'] ?? '';
    if (procedures[path]?._def.type === 'subscription') {
      await subscribe(ctx);
      return;
    }
    const snapshot = content.snapshot;
    const now = clock();
    const canonical = canonicalQuery(ctx.querystring);
    const key =
      canonical === null
        ? null
        : ResponseCache.key(snapshot, `trpc/${path}`, canonical, instantOf(path.split(','), now));
    let hit = key === null ? undefined : cache.get(key);
    if (!hit) {
      // HEAD is answered as GET (Koa leaves the body out); tRPC itself would answer HEAD with a bare 204.
      const request = new Request(`http://trpc${ctx.url}`, {
        method: 'GET',
        headers: { accept: 'application/json' },
      });
      const response = await fetchRequestHandler({
        endpoint: TRPC_PREFIX,
        req: request,
        router,
        maxBatchSize: MAX_BATCH_CALLS,
        createContext: () => ({ snapshot, now, origin }),
      });
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200) {
        ctx.status = response.status;
        ctx.set('Cache-Control', 'no-store');
        ctx.type = 'application/json';
        ctx.body = withAbsoluteTypes(body.toString('utf8'), origin);
        return;
      }
      hit = { body, etag: etagFor(body) };
      if (key !== null) cache.set(key, hit);
    }
    ctx.status = 200;
    ctx.type = 'application/json';
    ctx.set('Cache-Control', PUBLIC_CACHE_CONTROL);
    ctx.etag = hit.etag;
    ctx.body = hit.body;
  };
}

interface Envelope {
  readonly error?: { readonly data?: { readonly problem?: { type: string } } };
}

/** Problems tRPC formatted before it had a context carry a relative `type`; this makes every one absolute. */
function withAbsoluteTypes(body: string, origin: string): string {
  let parsed: Envelope | Envelope[];
  try {
    parsed = JSON.parse(body) as Envelope | Envelope[];
  } catch {
    return body;
  }
  let changed = false;
  for (const envelope of Array.isArray(parsed) ? parsed : [parsed]) {
    const problem = envelope.error?.data?.problem;
    if (problem?.type.startsWith('/')) {
      problem.type = `${origin}${problem.type}`;
      changed = true;
    }
  }
  return changed ? JSON.stringify(parsed) : body;
}

/**
 * A failure the middleware or the router answered on `/api/trpc` (a refused method, a rate limit), in
 * tRPC's envelope so `@trpc/client` reads it, with the problem in `error.data.problem`.
 */
export function trpcErrorBody(router: AppRouter, problem: Problem, path: string): string {
  const error = trpcErrorFromProblem(problem);
  const procedure = path.startsWith(`${TRPC_PREFIX}/`) ? path.slice(TRPC_PREFIX.length + 1) : undefined;
  const shape = getErrorShape({
    config: router._def._config,
    error,
    type: 'unknown',
    path: procedure,
    input: undefined,
    ctx: undefined,
  });
  return JSON.stringify(transformTRPCResponse(router._def._config, { error: shape }));
}
