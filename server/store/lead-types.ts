/**
 * The leads' part of the alerts' store (docs/curating.md, "Leads"): what the watcher (server/leads/)
 * has seen that may be an event, each answered by the curator, the sources' polling state, and the
 * watcher's lease. SQLite and PostgreSQL implement it alike, as the rest of the store.
 */

/** One sighting of a provider post or page that may be an event, as a source reports it. */
export interface LeadSighting {
  /**
   * What makes two sightings one lead: the post's or page's URL, or for a changed page its URL and a
   * hash of the new text (a change is a new question).
   */
  readonly key: string;
  readonly url: string;
  /** The X post id, when the lead is an X post: the same post from another source is this lead. */
  readonly postId: string | null;
  /** When the provider posted it (ms): the time an X post id encodes, else the feed's date. */
  readonly postedAt: number | null;
  readonly title: string;
  /** The words read: the post's own (oEmbed), an entry's text, a page's changed lines. */
  readonly words: string;
  /** The usage words it matched (server/leads/words.ts); empty for a change that is a lead as such. */
  readonly matched: readonly string[];
  /** The source that saw it (its name in the sources file). */
  readonly source: string;
}

export type LeadOutcome = 'open' | 'event' | 'dismissed';

export interface StoredLead {
  readonly id: number;
  readonly key: string;
  readonly url: string;
  readonly postId: string | null;
  readonly postedAt: number | null;
  readonly title: string;
  readonly words: string;
  readonly matched: readonly string[];
  /** Every source that reported it, in the order they did. */
  readonly sources: readonly string[];
  readonly seenAt: number;
  /** When the curator was told (the operator's webhook or email), or null while not yet. */
  readonly toldAt: number | null;
  readonly outcome: LeadOutcome;
  /** The event it became (`outcome: 'event'`). */
  readonly eventId: string | null;
  /** Why it was dismissed (`outcome: 'dismissed'`). */
  readonly why: string | null;
  readonly answeredAt: number | null;
}

/** A lead's answer: the event it became, or why it is none. */
export type LeadAnswer = { readonly eventId: string } | { readonly why: string };

/**
 * A fenced write refused: the lease named as its fence is not held by that watcher any more (another
 * took it over, or it expired). Nothing was written.
 */
export class LeaseLost extends Error {
  override readonly name = 'LeaseLost';
}

/**
 * The writes of the watcher (server/leads/) take a `fence`, its holder's name: the write is made in
 * one transaction with a check that this holder holds the lease unexpired, or refused with
 * `LeaseLost`. A curator's command writes without one.
 */
export interface LeadStore {
  /**
   * Stores a sighting: a new lead, or the source added to the lead with its key or post id. `created`
   * says which; a lead already answered stays answered.
   */
  recordLead(sighting: LeadSighting, fence?: string): Promise<{ lead: StoredLead; created: boolean }>;
  /** The leads, newest seen first; only those with `outcome` when one is given. */
  leads(outcome?: LeadOutcome): Promise<StoredLead[]>;
  lead(id: number): Promise<StoredLead | null>;
  /** Answers an open lead; false when it is unknown or answered already. */
  answerLead(id: number, answer: LeadAnswer, fence?: string): Promise<boolean>;
  /** Open leads the curator has not been told of yet, oldest first. */
  untoldLeads(): Promise<StoredLead[]>;
  markTold(id: number, fence?: string): Promise<void>;
  /** A source's polling state (its validators, cursor, back-off), as the watcher saved it. */
  sourceState(name: string): Promise<string | null>;
  saveSourceState(name: string, state: string, fence?: string): Promise<void>;
  /** When the first alert about `eventId` was delivered on any channel, or null while none was. */
  firstDelivered(eventId: string): Promise<number | null>;
}
