import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { HttpProblem } from '../../http/http-problem.js';
import { networkOf } from '../../http/network.js';
import { makeProblem } from '../../http/problem-types.js';
import { CONFIRMATION_DAYS, DAY_MS } from '../../store/types.js';

/** One network may ask for at most this part of `ALERTS_MAX_UNVERIFIED` (at least one address). */
const NETWORK_SHARE = 10;

/** A network's share of the addresses awaiting confirmation. */
export interface UnconfirmedShare {
  readonly limiter: RateLimiterAbstract;
  readonly points: number;
}

/**
 * The share of the unconfirmed bound one network (IPv4 /24, IPv6 /64) may take: confirmation mails
 * it asked for within the time a link stays valid, on the rate limit's store. Without it one client
 * asking for many addresses fills the bound and every reader gets 503 `subscriptions_full`.
 */
export function unconfirmedShare(
  maxUnverified: number,
  derive: (points: number, seconds: number, keyPrefix: string) => RateLimiterAbstract,
): UnconfirmedShare {
  const points = Math.max(1, Math.ceil(maxUnverified / NETWORK_SHARE));
  return { limiter: derive(points, (CONFIRMATION_DAYS * DAY_MS) / 1000, 'alerts-unconfirmed'), points };
}

/**
 * Takes one place of `address`'s network's share, or throws 429 `rate_limited` when it has none left.
 * Resolves with what gives the place back (a request that sent no confirmation mail). A store
 * failure lets the request through, as the write limits do.
 */
export async function takeShare(
  share: UnconfirmedShare,
  address: string,
  origin: string,
): Promise<() => Promise<void>> {
  const key = networkOf(address || 'unknown');
  try {
    await share.limiter.consume(key);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) return async () => {};
    const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    throw new HttpProblem(
      makeProblem(
        origin,
        'rate_limited',
        `Too many addresses awaiting confirmation from this network: at most ${share.points}. Retry after ${seconds} s.`,
      ),
      { headers: { 'Retry-After': String(seconds), 'Cache-Control': 'no-store' } },
    );
  }
  return async () => {
    await share.limiter.reward(key).catch(() => undefined);
  };
}
