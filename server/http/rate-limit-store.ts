import { createRequire } from 'node:module';
import type { Redis as RedisClient } from 'ioredis';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { Config } from '../config.js';

export interface LimiterHandle {
  readonly limiter: RateLimiterAbstract | null;
  /** Another count on the same store (memory, or the shared Redis): `points` per `seconds` per key. */
  readonly derive: (points: number, seconds: number, keyPrefix: string) => RateLimiterAbstract;
  /** Resolves true once the shared store answers (at once without one), false if it does not within `timeoutMs`. */
  ready(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface StoreEvents {
  /** The shared store became unreachable: counts fall back to this process's memory. */
  readonly onStoreDown?: (error: Error) => void;
  /** The shared store answers again. */
  readonly onStoreUp?: () => void;
}

/**
 * The request counter: in memory per process by default; in Redis when configured, so every worker
 * and every instance shares one count per client.
 */
export function createLimiter(config: Config['rateLimit'], events: StoreEvents = {}): LimiterHandle {
  const memory = (points: number, duration: number, keyPrefix: string) =>
    new RateLimiterMemory({ points, duration, keyPrefix });
  const local = {
    ready: () => Promise.resolve(true),
    close: () => Promise.resolve(),
    derive: memory,
  };
  const options = { points: config.points, duration: config.windowSeconds, keyPrefix: 'rl' };
  if (!config.redisUrl)
    return { limiter: config.points === 0 ? null : new RateLimiterMemory(options), ...local };

  // Loaded only when a shared store is configured: the client and the modules it pulls in cost each
  // worker several MB of resident memory that a process counting in memory never uses.
  const { Redis } = createRequire(import.meta.url)('ioredis') as { Redis: typeof RedisClient };
  const redis = new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    events.onStoreDown?.(error);
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    events.onStoreUp?.();
  });
  const shared = (points: number, duration: number, keyPrefix: string) =>
    new RateLimiterRedis({
      points,
      duration,
      keyPrefix,
      storeClient: redis,
      // If Redis is unreachable, count in memory rather than refuse or pass everything.
      insuranceLimiter: memory(points, duration, keyPrefix),
    });
  return {
    limiter: config.points === 0 ? null : shared(options.points, options.duration, options.keyPrefix),
    derive: shared,
    ready: (timeoutMs) =>
      redis.status === 'ready'
        ? Promise.resolve(true)
        : new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => {
              redis.off('ready', onReady);
              resolve(false);
            }, timeoutMs);
            const onReady = () => {
              clearTimeout(timer);
              resolve(true);
            };
            redis.once('ready', onReady);
          }),
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
