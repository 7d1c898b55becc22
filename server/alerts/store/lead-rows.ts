import type { LeadOutcome, StoredLead } from './lead-types.js';

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
