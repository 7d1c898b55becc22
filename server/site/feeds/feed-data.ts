import type { Catalog } from '../../../domain/catalog.js';
import type { FeedEvent, FeedStatus } from '../../../domain/feeds.js';
import { feedEvents, lastRevised } from '../../../domain/feeds.js';
import { describePlans, describeWhen, describeWindows, formatUtc, STATUS_LABELS } from '../labels.js';

/** One feed entry, independent of the feed format. */
export interface FeedItem {
  /** The stable event page URL; also the item's id and link. */
  readonly id: string;
  readonly title: string;
  readonly status: FeedStatus;
  /** `Cancelled` or `Retracted`; null for a confirmed event. */
  readonly label: string | null;
  readonly tags: readonly string[];
  readonly summary: string;
  /** The body as paragraphs of plain text: summary, status, time, audience, windows. */
  readonly paragraphs: readonly string[];
  /** The paragraphs joined by newlines. */
  readonly text: string;
  /** `first_published_at` */
  readonly published: string;
  /** `revised_at`: changes when the event is corrected. */
  readonly modified: string;
}

export interface FeedData {
  readonly title: string;
  readonly description: string;
  readonly homePageUrl: string;
  readonly language: string;
  /** Latest `revised_at` of the items; null for an empty feed. Derived from content, never the clock. */
  readonly updated: string | null;
  readonly items: readonly FeedItem[];
}

export interface FeedOptions {
  /** The site's public origin, without a trailing slash. */
  readonly origin: string;
  readonly title: string;
  readonly description: string;
}

function itemParagraphs(event: FeedEvent, label: string | null): string[] {
  const lines = [event.summary];
  if (label) {
    const why = event.correction ? `: ${event.correction.reason}` : '';
    lines.push(`${label}. This event is not counted in the reset history${why}`);
  }
  lines.push(`Announced: ${describeWhen(event)}`);
  if (event.effective_at !== null || event.effective_note !== null) {
    const at = event.effective_at === null ? [] : [formatUtc(event.effective_at)];
    lines.push(`Effective: ${[...at, event.effective_note ?? ''].filter(Boolean).join('. ')}`);
  }
  lines.push(`Applies to: ${event.audience.statement} (${describePlans(event.audience.plans)})`);
  lines.push(`Windows: ${describeWindows(event.windows)}`);
  if (event.correction?.kind === 'correction' && !label) lines.push(`Corrected: ${event.correction.reason}`);
  return lines;
}

function feedItem(event: FeedEvent): FeedItem {
  const status = event.event_status;
  const label = status === 'confirmed' ? null : STATUS_LABELS[status];
  const paragraphs = itemParagraphs(event, label);
  return {
    id: event.url,
    title: label ? `[${label}] ${event.title}` : event.title,
    status,
    label,
    tags: [status],
    summary: event.summary,
    paragraphs,
    text: paragraphs.join('\n'),
    published: event.first_published_at,
    modified: event.revised_at,
  };
}

/** The feed's entries (domain/feeds.ts says which), in words, independent of the feed format. */
export function buildFeedData(catalog: Pick<Catalog, 'events'>, options: FeedOptions): FeedData {
  const events = feedEvents(catalog);
  return {
    title: options.title,
    description: options.description,
    homePageUrl: `${options.origin}/`,
    language: 'en',
    updated: lastRevised(events),
    items: events.map(feedItem),
  };
}
