import { LRUCache } from 'lru-cache';
import type { ContentSnapshot } from '../content/content-state.js';
import { MINUTE_MS } from '../../domain/time.js';

export interface CachedResponse {
  /** The encoded body: written as it is, never encoded again per request. */
  readonly body: Buffer;
  readonly etag: string;
  /** `pagination.next_cursor` of a page, for its `Link` header; null when there is none. */
  readonly nextCursor?: string | null;
}

export interface ResponseCacheOptions {
  /** Responses kept; a miss goes through the procedure. */
  readonly maxEntries?: number;
  /** Bound on the bodies kept, in bytes: 2,000 pages of 100 events would otherwise hold ~250 MB. */
  readonly maxBytes?: number;
}

/** The per-process cache of successful API responses, filled by their procedures. */
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
   * Everything a body depends on: the snapshot's revision and state, the resource and its canonical
   * input, and the instant the body is computed for when it moves with the clock.
   */
  static key(snapshot: ContentSnapshot, resource: string, canonical: string, instant: number | null): string {
    const revision = snapshot.directory?.revision ?? '-';
    return `${revision}|${snapshot.state}|${resource}?${canonical}${instant === null ? '' : `|${instant}`}`;
  }

  get(key: string): CachedResponse | undefined {
    return this.#entries.get(key);
  }

  set(key: string, response: CachedResponse): void {
    this.#entries.set(key, response);
  }
}
