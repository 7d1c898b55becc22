import type { Middleware } from 'koa';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { makeProblem } from '../problems.js';
import { HttpProblem } from './http-problem.js';

export interface RateLimitOptions {
  readonly limiter: RateLimiterAbstract;
  readonly points: number;
  readonly windowSeconds: number;
  readonly problemTypeBase: string;
  /** Paths never counted (health checks). */
  readonly exempt: (path: string) => boolean;
}

/**
 * Counts requests per client IP (`ctx.ip`, which honours X-Forwarded-For only when the app trusts
 * proxies) and sends the IETF draft `RateLimit-Policy` / `RateLimit` headers on every counted response.
 */
export function rateLimit(options: RateLimitOptions): Middleware {
  const policy = `"default";q=${options.points};w=${options.windowSeconds}`;
  return async (ctx, next) => {
    if (options.exempt(ctx.path)) {
      await next();
      return;
    }
    let outcome: RateLimiterRes;
    let limited = false;
    try {
      outcome = await options.limiter.consume(ctx.ip || 'unknown');
    } catch (rejection) {
      // A store failure rejects with an Error: let the request through rather than fail it.
      if (!(rejection instanceof RateLimiterRes)) {
        await next();
        return;
      }
      outcome = rejection;
      limited = true;
    }
    const resetSeconds = Math.max(1, Math.ceil(outcome.msBeforeNext / 1000));
    const headers = {
      'RateLimit-Policy': policy,
      RateLimit: `"default";r=${Math.max(0, outcome.remainingPoints)};t=${resetSeconds}`,
    };
    if (limited) {
      throw new HttpProblem(
        makeProblem(
          options.problemTypeBase,
          'rate_limited',
          `Too many requests: at most ${options.points} per ${options.windowSeconds} s per client. Retry after ${resetSeconds} s.`,
        ),
        { ...headers, 'Retry-After': String(resetSeconds) },
      );
    }
    ctx.set(headers);
    await next();
  };
}
