import type { LeadAnswer, LeadOutcome, LeadSighting, StoredLead } from './lead-types.js';

/** A `leads` row as either engine returns it (PostgreSQL's `bigint` read as a number). */
export interface LeadRow {
  id: number;
  key: string;
  url: string;
  post_id: string | null;
  posted_at: number | null;
  title: string;
  words: string;
  matched: string;
  sources: string;
  seen_at: number;
  told_at: number | null;
  outcome: LeadOutcome;
  event_id: string | null;
  why: string | null;
  answered_at: number | null;
}

/** A row as the store's users see it (the same for both engines). */
export function leadOf(row: LeadRow): StoredLead {
  return {
    id: row.id,
    key: row.key,
    url: row.url,
    postId: row.post_id,
    postedAt: row.posted_at,
    title: row.title,
    words: row.words,
    matched: JSON.parse(row.matched) as string[],
    sources: JSON.parse(row.sources) as string[],
    seenAt: row.seen_at,
    toldAt: row.told_at,
    outcome: row.outcome,
    eventId: row.event_id,
    why: row.why,
    answeredAt: row.answered_at,
  };
}

/**
 * Text as both engines store it alike: PostgreSQL's `text` cannot hold U+0000 (SQLite can), so it
 * is U+FFFD on both, and a lead read from a hostile feed is kept, not lost on one engine.
 */
const storable = (text: string): string => text.replaceAll('\u0000', '\ufffd');

/** A sighting with its text as both engines store it. */
export function storableSighting(sighting: LeadSighting): LeadSighting {
  return {
    ...sighting,
    key: storable(sighting.key),
    url: storable(sighting.url),
    postId: sighting.postId === null ? null : storable(sighting.postId),
    title: storable(sighting.title),
    words: storable(sighting.words),
    matched: sighting.matched.map(storable),
    source: storable(sighting.source),
  };
}

/** An answer with its text as both engines store it. */
export function storableAnswer(answer: LeadAnswer): LeadAnswer {
  return 'eventId' in answer ? { eventId: storable(answer.eventId) } : { why: storable(answer.why) };
}
