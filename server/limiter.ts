import { Redis } from 'ioredis';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { Config } from './config.js';

export interface LimiterHandle {
  readonly limiter: RateLimiterAbstract | null;
  close(): Promise<void>;
}

/**
 * The request counter: in memory per process by default; in Redis when configured, so every worker
 * and every instance shares one count per client.
 */
export function createLimiter(config: Config['rateLimit']): LimiterHandle {
  if (config.points === 0) return { limiter: null, close: () => Promise.resolve() };
  const options = { points: config.points, duration: config.windowSeconds, keyPrefix: 'rl' };
  if (!config.redisUrl) return { limiter: new RateLimiterMemory(options), close: () => Promise.resolve() };
  const redis = new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  return {
    limiter: new RateLimiterRedis({
      ...options,
      storeClient: redis,
      // If Redis is unreachable, count in memory rather than refuse or pass everything.
      insuranceLimiter: new RateLimiterMemory(options),
    }),
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
