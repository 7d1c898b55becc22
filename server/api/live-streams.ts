import type { ContentSnapshot, ContentState } from '../content/content-state.js';
import { HttpProblem } from '../http/http-problem.js';
import { makeProblem } from '../http/problem-types.js';

export interface LiveStreamLimits {
  /** Streams one client IP may hold open at once; over it, 429. */
  readonly perClient: number;
  /** Streams this process holds open at once; over it, 503. */
  readonly perProcess: number;
}

/** An admitted stream: `signal` aborts when the client leaves (`release`) or the process stops. */
export interface StreamLease {
  readonly signal: AbortSignal;
  readonly release: () => void;
}

/** Seconds a refused client is told to wait before opening a stream again. */
const STREAM_RETRY_AFTER_SECONDS = 30;

/**
 * The live streams of one process (the status stream and the tRPC subscription): admits each within
 * the caps, lets it follow the content as republishes replace it, and ends them all when the process
 * stops, so their clients reconnect to a live worker.
 */
export class LiveStreams {
  readonly #open = new Set<AbortController>();
  readonly #perClient = new Map<string, number>();
  #closed = false;

  constructor(
    private readonly content: ContentState,
    private readonly limits: LiveStreamLimits,
    private readonly origin: string,
  ) {}

  /** Streams open now. */
  get size(): number {
    return this.#open.size;
  }

  /**
   * Admits one stream of `client`, or throws the problem that refuses it before anything is sent.
   * Once the process is stopping, the lease comes back already aborted.
   */
  admit(client: string): StreamLease {
    const held = this.#perClient.get(client) ?? 0;
    const retry = { 'Retry-After': String(STREAM_RETRY_AFTER_SECONDS) };
    if (held >= this.limits.perClient) {
      throw new HttpProblem(
        makeProblem(
          this.origin,
          'rate_limited',
          `This client already holds ${held} open streams, the most one client may hold. Close one, or poll /api/v1/status.`,
        ),
        { headers: retry },
      );
    }
    // A stopping process still answers requests that arrive on open connections (with `Connection:
    // close`): such a stream is admitted already ended, so its client reconnects, on a new connection,
    // to a live worker. A refusal would make an EventSource give up for good.
    if (this.#closed) {
      const ended = new AbortController();
      ended.abort();
      return { signal: ended.signal, release: () => undefined };
    }
    if (this.#open.size >= this.limits.perProcess) {
      throw new HttpProblem(
        makeProblem(
          this.origin,
          'service_busy',
          'This server holds as many open streams as it allows. Retry later, or poll /api/v1/status.',
        ),
        { headers: retry },
      );
    }
    const controller = new AbortController();
    this.#open.add(controller);
    this.#perClient.set(client, held + 1);
    let released = false;
    return {
      signal: controller.signal,
      release: () => {
        if (released) return;
        released = true;
        this.#open.delete(controller);
        const left = (this.#perClient.get(client) ?? 1) - 1;
        if (left > 0) this.#perClient.set(client, left);
        else this.#perClient.delete(client);
        controller.abort();
      },
    };
  }

  /**
   * The snapshot served now, then each one that replaces it, until `signal` aborts. Republishes that
   * land while the follower is busy are coalesced: it always gets the newest.
   */
  async *follow(signal: AbortSignal): AsyncGenerator<ContentSnapshot, void, undefined> {
    let changed = true;
    let wake: (() => void) | null = null;
    const stopListening = this.content.onChange(() => {
      changed = true;
      wake?.();
    });
    const onAbort = () => wake?.();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      while (!signal.aborted) {
        if (changed) {
          changed = false;
          yield this.content.snapshot;
          continue;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = null;
      }
    } finally {
      stopListening();
      signal.removeEventListener('abort', onAbort);
    }
  }

  /** Ends every open stream and admits no more: the process is stopping. Returns how many ended. */
  closeAll(): number {
    this.#closed = true;
    const open = [...this.#open];
    for (const controller of open) controller.abort();
    this.#open.clear();
    this.#perClient.clear();
    return open.length;
  }
}
