import { createHash } from 'node:crypto';
import type { Middleware } from 'koa';
import { LRUCache } from 'lru-cache';
import type { ContentState } from '../content-state.js';
import { PUBLIC_CACHE_CONTROL } from '../http/cache-control.js';
import { HttpProblem } from '../http/http-problem.js';
import { problemFromError } from '../problems.js';
import type { RestBridge } from './bridge.js';
import { REST_OPERATIONS } from './operations.js';
import { readQuery } from './query.js';
import { methodGuard } from '../http/method-guard.js';

interface CachedResponse {
  readonly body: string;
  readonly etag: string;
}

export interface RestRoutesOptions {
  readonly callProcedure: RestBridge;
  readonly content: ContentState;
  readonly clock: () => number;
  readonly problemTypeBase: string;
  /** Responses kept per process; a miss goes through the procedure. */
  readonly cacheEntries?: number;
}

const MINUTE_MS = 60_000;

/**
 * The ETag is derived from the body without `meta.generated_at`, the one value that differs between
 * processes for the same content and request. Weak, because the bytes of that field may differ.
 */
export function etagFor(body: string): string {
  const stable = body.replace(/"generated_at":"[^"]*"/, '');
  return `W/"${createHash('sha256').update(stable).digest('base64url').slice(0, 27)}"`;
}

/** Serves `/api/v1/*` through the tRPC procedures, with a response cache keyed on all the body depends on. */
export function restRoutes(options: RestRoutesOptions): Middleware {
  const cache = new LRUCache<string, CachedResponse>({ max: options.cacheEntries ?? 2000, ttl: MINUTE_MS });
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
    const snapshot = options.content.snapshot;
    const now = options.clock();
    const revision = snapshot.catalog?.revision ?? snapshot.directory?.revision ?? '-';
    // The snapshot's revision, the path and canonical query, and the minute when the body moves with time.
    const key = `${revision}|${snapshot.catalog ? 'c' : 'd'}|${ctx.path}?${canonical}${
      operation.perMinute ? `|${Math.floor(now / MINUTE_MS)}` : ''
    }`;
    let response = cache.get(key);
    if (!response) {
      const result = await options.callProcedure(operation.procedurePath, params, {
        snapshot,
        now,
        problemTypeBase: options.problemTypeBase,
      });
      if (result.status !== 200)
        throw new HttpProblem(problemFromError(result.error, options.problemTypeBase));
      response = { body: result.body, etag: etagFor(result.body) };
      cache.set(key, response);
    }
    ctx.status = 200;
    ctx.type = 'application/json';
    ctx.set('Cache-Control', PUBLIC_CACHE_CONTROL);
    ctx.etag = response.etag;
    ctx.body = response.body;
  };
}
