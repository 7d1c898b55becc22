import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Context } from 'koa';

/** A response body rendered once, with the entity tag of exactly those bytes. */
export interface Rendered {
  readonly status: number;
  readonly type: string;
  readonly body: string;
  readonly etag: string;
}

export function rendered(body: string, type: string, status = 200): Rendered {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return { status, type, body, etag: `"${hash}"` };
}

/**
 * Keeps rendered bodies by content revision and key, so each page or feed is rendered once per
 * revision rather than per request; a republish changes the revision and so misses.
 */
export class RenderCache {
  readonly #entries: LRUCache<string, Rendered>;

  /**
   * At most `max` bodies and `maxBytes` of them (UTF-16 code units × 2, as V8 may hold them): with
   * 10,000 events one export (`/data/events.json`, `/resets.csv`) is several megabytes.
   */
  constructor(max = 1000, maxBytes = 32 * 1024 * 1024) {
    this.#entries = new LRUCache({
      max,
      maxSize: maxBytes,
      sizeCalculation: (entry) => Math.max(1, entry.body.length * 2),
    });
  }

  get(revision: string, key: string, render: () => Rendered): Rendered {
    const cacheKey = `${revision}\u0000${key}`;
    let entry = this.#entries.get(cacheKey);
    if (!entry) {
      entry = render();
      this.#entries.set(cacheKey, entry);
    }
    return entry;
  }
}

/** Sends a rendered body with its entity tag; conditional-get answers 304 when it matches. */
export function sendRendered(ctx: Context, response: Rendered, cacheControl: string): void {
  ctx.status = response.status;
  ctx.type = response.type;
  ctx.set('Cache-Control', cacheControl);
  ctx.etag = response.etag;
  ctx.body = response.body;
}
