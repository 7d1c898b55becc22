import type { Middleware } from 'koa';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { makeProblem } from './problem-types.js';
import { HttpProblem } from './http-problem.js';

/** The longest rate-limit window (a day): `Retry-After` after a 429 is never longer. */
export const RATE_LIMIT_WINDOW_MAX_SECONDS = 86_400;

export interface RateLimitOptions {
  readonly limiter: RateLimiterAbstract;
  readonly points: number;
  readonly windowSeconds: number;
  readonly origin: string;
  /** Paths never counted (health checks). */
  readonly exempt: (path: string) => boolean;
  /** Points a request costs (a batch of calls costs one per call); 1 when absent. */
  readonly cost?: (path: string) => number;
}

interface RequestCount {
  readonly outcome: RateLimiterRes;
  /** The client is over its quota: the request is answered 429. */
  readonly limited: boolean;
}

/** Counts one request; `null` when the store failed (the request is then let through uncounted). */
function countRequest(
  limiter: RateLimiterAbstract,
  key: string,
  points: number,
): Promise<RequestCount | null> {
  // `then` rather than an async function: this runs on every request, and each async frame costs.
  return limiter.consume(key, points).then(
    (outcome) => ({ outcome, limited: false }),
    (rejection: unknown) =>
      rejection instanceof RateLimiterRes ? { outcome: rejection, limited: true } : null,
  );
}

/** The IETF draft headers for one counted request, and the seconds until the window resets. */
function rateLimitHeaders(
  options: Pick<RateLimitOptions, 'points' | 'windowSeconds'>,
  outcome: RateLimiterRes,
): { headers: Record<string, string>; resetSeconds: number } {
  const resetSeconds = Math.max(1, Math.ceil(outcome.msBeforeNext / 1000));
  return {
    headers: {
      'RateLimit-Policy': `"default";q=${options.points};w=${options.windowSeconds}`,
      RateLimit: `"default";r=${Math.max(0, outcome.remainingPoints)};t=${resetSeconds}`,
    },
    resetSeconds,
  };
}

/**
 * Counts requests per client IP (`ctx.ip`, which honours X-Forwarded-For only when the app trusts
 * proxies) and sends the IETF draft `RateLimit-Policy` / `RateLimit` headers on every counted response.
 * A request answered 304 Not Modified is given its points back (its `RateLimit` says so): revalidating
 * a cached copy costs a client nothing, which is what a client that caches should get. A client over
 * its quota is refused before its request is read, revalidations included.
 */
export function rateLimit(options: RateLimitOptions): Middleware {
  return async (ctx, next) => {
    if (options.exempt(ctx.path)) {
      await next();
      return;
    }
    const key = ctx.ip || 'unknown';
    const cost = options.cost?.(ctx.path) ?? 1;
    const counted = await countRequest(options.limiter, key, cost);
    // A store failure: let the request through rather than fail it.
    if (!counted) {
      await next();
      return;
    }
    const { headers, resetSeconds } = rateLimitHeaders(options, counted.outcome);
    if (counted.limited) {
      throw new HttpProblem(
        makeProblem(
          options.origin,
          'rate_limited',
          `Too many requests: at most ${options.points} per ${options.windowSeconds} s per client. Retry after ${resetSeconds} s.`,
        ),
        { headers: { ...headers, 'Retry-After': String(resetSeconds) } },
      );
    }
    ctx.set(headers);
    await next();
    if (ctx.status === 304) {
      const refunded = await options.limiter.reward(key, cost).catch(() => null);
      if (refunded) ctx.set(rateLimitHeaders(options, refunded).headers);
    }
  };
}
