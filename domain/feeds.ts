import type { Catalog } from './catalog.js';
import type { EventStatus, ResetSummary } from './schemas/index.js';

/** The statuses a feed carries (docs/product-decisions.md §9); announced resets wait for confirmation. */
const FEED_STATUSES = ['confirmed', 'cancelled', 'retracted'] as const;
export type FeedStatus = (typeof FEED_STATUSES)[number];

/** A feed event: a `usage_reset` whose status a feed carries. */
export type FeedEvent = ResetSummary & { readonly event_status: FeedStatus };

function isFeedEvent(event: ResetSummary): event is FeedEvent {
  return (
    event.kind === 'usage_reset' && (FEED_STATUSES as readonly EventStatus[]).includes(event.event_status)
  );
}

/**
 * Entries a feed carries at most: readers poll feeds for what is new, and a feed that grew with the
 * whole history would grow without bound (the whole history stays in the API, the exports and the
 * calendar).
 */
export const FEED_MAX_ENTRIES = 50;

/**
 * The events a feed carries: confirmed, cancelled and retracted `usage_reset` events, newest first,
 * at most `FEED_MAX_ENTRIES`.
 */
export function feedEvents(catalog: Pick<Catalog, 'events'>, max = FEED_MAX_ENTRIES): FeedEvent[] {
  const events: FeedEvent[] = [];
  for (let i = catalog.events.length - 1; i >= 0 && events.length < max; i -= 1) {
    const { record } = catalog.events[i]!;
    if (isFeedEvent(record)) events.push(record);
  }
  return events;
}

/** Latest `revised_at` of the events; null for none. Derived from content, never the clock. */
export function lastRevised(events: readonly ResetSummary[]): string | null {
  return events.reduce<string | null>(
    (latest, event) =>
      latest === null || Date.parse(event.revised_at) > Date.parse(latest) ? event.revised_at : latest,
    null,
  );
}
