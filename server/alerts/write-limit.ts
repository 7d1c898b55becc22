import type { Middleware } from 'koa';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { HttpProblem } from '../http/http-problem.js';
import { networkOf } from '../http/network.js';
import { makeProblem } from '../http/problem-types.js';

/** A count of subscription writes per minute: per client address, or per its network. */
export interface WriteCount {
  readonly limiter: RateLimiterAbstract;
  readonly points: number;
  readonly per: 'address' | 'network';
}

/**
 * Limits subscription writes (POST and DELETE) per client address and per network (IPv4 /24,
 * IPv6 /64), beside the limit on all requests: a subscription is made once per browser, and many
 * addresses of one network must not fill the store. A write over either is 429 with `Retry-After`.
 */
export function limitWrites(counts: readonly WriteCount[], origin: string): Middleware {
  return async (ctx, next) => {
    const address = ctx.ip || 'unknown';
    for (const count of counts) {
      const key = count.per === 'address' ? address : networkOf(address);
      try {
        await count.limiter.consume(key);
      } catch (rejection) {
        // A store failure lets the write through, as the request limit does.
        if (!(rejection instanceof RateLimiterRes)) continue;
        const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        throw new HttpProblem(
          makeProblem(
            origin,
            'rate_limited',
            `Too many subscription changes: at most ${count.points} a minute per ${count.per === 'address' ? 'client address' : 'network'}. Retry after ${seconds} s.`,
          ),
          { headers: { 'Retry-After': String(seconds) } },
        );
      }
    }
    await next();
  };
}
