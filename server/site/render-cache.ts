import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** A response body rendered once, with the entity tag of exactly those bytes. */
export interface Rendered {
  readonly status: number;
  readonly type: string;
  /** Kept as bytes: every hit sends the same Buffer, and its encodings are made once (server/http/compression.ts). */
  readonly body: Buffer;
  readonly etag: string;
}

export function rendered(text: string, type: string, status = 200): Rendered {
  const body = Buffer.from(text);
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
   * At most `max` bodies and `maxBytes` of them: with 10,000 events one export (`/data/events.json`,
   * `/resets.csv`) is several megabytes.
   */
  constructor(max = 1000, maxBytes = 32 * 1024 * 1024) {
    this.#entries = new LRUCache({
      max,
      maxSize: maxBytes,
      sizeCalculation: (entry) => Math.max(1, entry.body.length),
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
