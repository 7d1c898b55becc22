import { LRUCache } from 'lru-cache';
import type { ContentSnapshot } from '../content-state.js';
import type { RestOperation } from './operations.js';
import { MINUTE_MS } from '../../domain/time.js';

export interface CachedResponse {
  /** The encoded body: written as it is, never encoded again per request. */
  readonly body: Buffer;
  readonly etag: string;
}

export interface ResponseCacheOptions {
  /** Responses kept; a miss goes through the procedure. */
  readonly maxEntries?: number;
  /** Bound on the bodies kept, in bytes: 2,000 pages of 100 events would otherwise hold ~250 MB. */
  readonly maxBytes?: number;
}

/**
 * The per-process cache of REST 200 responses, shared by the REST routes (which fill it from the
 * procedures) and the fast path (which serves its hits without going through Koa).
 */
export class ResponseCache {
  readonly #entries: LRUCache<string, CachedResponse>;

  constructor(options: ResponseCacheOptions = {}) {
    this.#entries = new LRUCache<string, CachedResponse>({
      max: options.maxEntries ?? 2000,
      maxSize: options.maxBytes ?? 16 * 1024 * 1024,
      sizeCalculation: (response) => Math.max(1, response.body.length),
      ttl: MINUTE_MS,
    });
  }

  /**
   * Everything a body depends on: the snapshot's revision (and whether events are loaded), the path
   * and canonical query, and the minute when the body moves with time.
   */
  static key(
    snapshot: ContentSnapshot,
    path: string,
    canonical: string,
    operation: RestOperation,
    now: number,
  ): string {
    const revision = snapshot.catalog?.revision ?? snapshot.directory?.revision ?? '-';
    const minute = operation.perMinute ? `|${Math.floor(now / MINUTE_MS)}` : '';
    return `${revision}|${snapshot.catalog ? 'c' : 'd'}|${path}?${canonical}${minute}`;
  }

  get(key: string): CachedResponse | undefined {
    return this.#entries.get(key);
  }

  set(key: string, response: CachedResponse): void {
    this.#entries.set(key, response);
  }
}
