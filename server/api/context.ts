import type { ContentSnapshot } from '../content/content-state.js';

/** What a subscription follows: the content as republishes replace it, and the clock. */
interface LiveFeed {
  follow(signal: AbortSignal): AsyncIterable<ContentSnapshot>;
  readonly clock: () => number;
}

/** What a procedure call sees: the content being served and the time of the request. */
export interface Context {
  readonly snapshot: ContentSnapshot;
  /** Epoch milliseconds at which the request is answered. */
  readonly now: number;
  /** The public origin: problem `type` URLs are `{origin}/problems/{code}`. */
  readonly origin: string;
  /** Set for subscriptions (the tRPC endpoint's live face); queries never read it. */
  readonly live?: LiveFeed;
}
