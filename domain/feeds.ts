import type { Catalog } from './catalog.js';
import type { EventStatus, ResetSummary, Window } from './schemas/index.js';

/** The statuses a feed carries (PRODUCT.md "Feeds and pages"); announced resets wait for confirmation. */
export const FEED_STATUSES = ['confirmed', 'cancelled', 'retracted'] as const;
export type FeedStatus = (typeof FEED_STATUSES)[number];

export const STATUS_LABELS: Readonly<Record<EventStatus, string>> = {
  announced: 'Announced',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  retracted: 'Retracted',
};

export const WINDOW_LABELS: Readonly<Record<Window, string>> = {
  five_hour: 'five-hour',
  weekly: 'weekly',
  other: 'other',
  unspecified: 'not stated',
};

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
  /** Public base URL of the site, without a trailing slash. */
  readonly baseUrl: string;
  readonly title: string;
  readonly description: string;
}

function isFeedStatus(status: EventStatus): status is FeedStatus {
  return (FEED_STATUSES as readonly string[]).includes(status);
}

/** `YYYY-MM-DD HH:MM:SS UTC` from an ISO UTC date-time. */
export function formatUtc(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** When the event was announced: the exact UTC time, or the date alone when only the date is known. */
export function describeWhen(event: ResetSummary): string {
  if (event.announced_at !== null) return formatUtc(event.announced_at);
  return `${event.announced_on ?? 'unknown date'} (date only; the time is not established)`;
}

export function describePlans(plans: ResetSummary['audience']['plans']): string {
  if (plans === 'all') return 'All plans';
  if (plans === 'subscribers') return 'All paid subscriptions';
  if (plans === 'unspecified') return 'Not stated';
  return plans.map((plan) => plan.charAt(0).toUpperCase() + plan.slice(1)).join(', ');
}

export function describeWindows(windows: readonly Window[]): string {
  return windows.map((window) => WINDOW_LABELS[window]).join(', ');
}

function itemParagraphs(event: ResetSummary, label: string | null): string[] {
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

export function feedItem(event: ResetSummary): FeedItem | null {
  const status = event.event_status;
  if (event.kind !== 'usage_reset' || !isFeedStatus(status)) return null;
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

/** The feed's entries: confirmed, cancelled and retracted `usage_reset` events, newest first. */
export function buildFeedData(catalog: Pick<Catalog, 'events'>, options: FeedOptions): FeedData {
  const items: FeedItem[] = [];
  for (let i = catalog.events.length - 1; i >= 0; i -= 1) {
    const item = feedItem(catalog.events[i]!.record);
    if (item) items.push(item);
  }
  const updated = items.reduce<string | null>(
    (latest, item) =>
      latest === null || Date.parse(item.modified) > Date.parse(latest) ? item.modified : latest,
    null,
  );
  return {
    title: options.title,
    description: options.description,
    homePageUrl: `${options.baseUrl}/`,
    language: 'en',
    updated,
    items,
  };
}
