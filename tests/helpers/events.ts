import type { Catalog, PublishedContent } from '../../domain/catalog.js';
import { buildCatalog } from '../../domain/catalog.js';
import type { PublishedEvent } from '../../domain/content/events.js';
import type { CollectionFile } from '../../domain/content/files.js';
import type { SourceAccount } from '../../domain/schemas/index.js';
import { BASE_URL } from './fixtures.js';

const TWITTER_EPOCH_MS = 1288834974657n;
const TID_ALPHABET = '234567abcdefghijklmnopqrstuvwxyz';

/** An X/Twitter status id whose snowflake encodes `ms`; `sequence` fills the low 22 bits. */
export function snowflakeFor(ms: number, sequence = 0): string {
  return (((BigInt(ms) - TWITTER_EPOCH_MS) << 22n) | BigInt(sequence)).toString();
}

/** A Bluesky TID record key: 13 base32-sortable characters of (microseconds << 10) | clock id. */
export function tidFor(micros: number | bigint, clock = 0): string {
  let value = (BigInt(micros) << 10n) | BigInt(clock);
  let out = '';
  for (let i = 0; i < 13; i += 1) {
    out = TID_ALPHABET[Number(value & 31n)]! + out;
    value >>= 5n;
  }
  return out;
}

export const xPostUrl = (ms: number, handle = 'example') =>
  `https://x.com/${handle}/status/${snowflakeFor(ms)}`;
export const bskyPostUrl = (micros: number, handle = 'example.bsky.social') =>
  `https://bsky.app/profile/${handle}/post/${tidFor(micros)}`;

type EventOverrides = Partial<PublishedEvent>;

/** A valid published confirmed `usage_reset` with an exact time, as the loader would produce it. */
export function exactEvent(id: string, announcedAt: string, overrides: EventOverrides = {}): PublishedEvent {
  const ms = Date.parse(announcedAt);
  const iso = new Date(ms).toISOString();
  return baseEvent(id, {
    time_precision: 'exact',
    announced_at: iso,
    announced_on: null,
    utc_day: iso.slice(0, 10),
    sources: [
      {
        url: xPostUrl(ms),
        handle: '@example',
        display_name: 'Example',
        role: 'original',
        kind: 'social_post',
        posted_at: iso,
        excerpt: null,
      },
    ],
    ...overrides,
  });
}

/** A valid published confirmed `usage_reset` of which only the UTC date is known. */
export function dateEvent(id: string, announcedOn: string, overrides: EventOverrides = {}): PublishedEvent {
  return baseEvent(id, {
    time_precision: 'date',
    announced_at: null,
    announced_on: announcedOn,
    utc_day: null,
    sources: [
      {
        url: `https://example.com/news/${id}`,
        handle: 'example.com',
        display_name: 'Example news',
        role: 'original',
        kind: 'web_page',
        posted_at: null,
        excerpt: null,
      },
    ],
    ...overrides,
  });
}

function baseEvent(id: string, overrides: EventOverrides): PublishedEvent {
  return {
    id,
    kind: 'usage_reset',
    event_status: 'confirmed',
    title: `Reset ${id}`,
    summary: 'Usage limits were reset.',
    time_precision: 'exact',
    announced_at: null,
    announced_on: null,
    utc_day: null,
    effective_at: null,
    effective_note: null,
    allocation: 'subscription_usage',
    audience: { scope: 'broad', statement: 'Everyone', plans: 'all', exclusions: null },
    windows: ['five_hour', 'weekly'],
    sources: [],
    first_published_at: '2025-06-01T00:00:00.000Z',
    revised_at: '2025-06-01T00:00:00.000Z',
    revision: 1,
    correction: null,
    related_event_ids: [],
    ...overrides,
  };
}

const SOURCE_ACCOUNT: SourceAccount = {
  id: 'example-official',
  handle: '@example',
  display_name: 'Example',
  profile_url: 'https://x.com/example',
  classification: 'official',
  priority: 'primary',
  relevance: 'Announces resets.',
  affiliation_evidence_url: 'https://example.com/about',
  affiliation_evidence_note: 'Linked from the official site.',
  reset_evidence_urls: [],
  verification_method: 'Manual review.',
  last_reviewed_at: '2025-06-01T00:00:00Z',
  active: true,
  limitations: null,
};

/** A content revision as the service writes them: 22 base64url characters. */
const TEST_REVISION = 'testRevision0000000001';

/** What a test set may add beside its events: stated ends, and collection fields such as `material_until`. */
export type ContentExtras = Partial<Pick<PublishedContent, 'ends'>> & {
  readonly collection?: Partial<CollectionFile>;
};

export function publishedContent(
  events: readonly PublishedEvent[],
  revision = TEST_REVISION,
  extras: ContentExtras = {},
): PublishedContent {
  return {
    revision,
    collection: {
      coverage_start: '2025-01-01',
      editorial_reviewed_at: '2025-06-01T00:00:00Z',
      ...extras.collection,
    },
    sources: [SOURCE_ACCOUNT],
    events,
    ...(extras.ends ? { ends: extras.ends } : {}),
  };
}

export function catalogOf(
  events: readonly PublishedEvent[],
  revision = TEST_REVISION,
  extras: ContentExtras = {},
): Catalog {
  return buildCatalog(publishedContent(events, revision, extras), { origin: BASE_URL });
}
