/**
 * A source's sightings stored as leads (./watcher.ts): those the ledger or the record answers are
 * known; a post not stored yet is read through oEmbed once (./post-words.ts), one stored already is
 * not read again; a change of a page or entry names the lead it follows. At most `LEADS_PER_POLL`
 * new leads (and so oEmbed reads) are made in one poll: the rest are deferred, for the watcher to
 * store in its next rounds.
 */
import type { Store, StoredLead } from '../store/index.js';
import { webAddress } from '../../domain/text/web-address.js';
import { plausibleTime } from '../../domain/time.js';
import type { Answered } from './answered.js';
import type { PoliteClient } from './polite-client.js';
import { withPostWords } from './post-words.js';
import type { Sighting } from './read/types.js';
import type { SourceState } from './source-state.js';

/** The most new leads one poll of one source makes: a peer naming 500 posts is 25 polls, not one. */
export const LEADS_PER_POLL = 20;

export interface StoreOptions {
  readonly source: string;
  readonly store: Pick<Store, 'leads'>;
  readonly answered: Answered;
  readonly client: PoliteClient;
  readonly oembedOrigin?: string;
  /** Runs a write as the lease holder, given its fence (./lease.ts). */
  readonly fenced: <T>(write: (fence: string) => Promise<T>) => Promise<T>;
  /** Aborted when the watcher stops: what is not stored yet is deferred. */
  readonly signal?: AbortSignal;
}

export interface Stored {
  /** The new leads stored. */
  readonly created: readonly StoredLead[];
  /** Sightings the ledger, the record or an earlier lead already held. */
  readonly known: number;
  /** Sightings not stored now (past `LEADS_PER_POLL`, or the watcher stopping), in their order. */
  readonly deferred: readonly Sighting[];
}

export async function storeSightings(all: readonly Sighting[], options: StoreOptions): Promise<Stored> {
  const { store, answered, fenced, signal } = options;
  // A lead's address is an http(s) one, whatever a reader let through: the rest are no lead.
  const linked = all.filter((seen) => webAddress(seen.url) !== null);
  const sightings = linked.filter((seen) => !answered.has(seen));
  let known = linked.length - sightings.length;
  const created: StoredLead[] = [];
  const deferred: Sighting[] = [];
  const stored = sightings.length === 0 ? [] : await store.leads.leads();
  const storedKeys = new Set(stored.flatMap((lead) => [lead.key, `post:${lead.postId}`]));
  for (const seen of sightings) {
    const isStored =
      storedKeys.has(seen.key) || (seen.postId !== null && storedKeys.has(`post:${seen.postId}`));
    if (!isStored && (created.length === LEADS_PER_POLL || signal?.aborted)) {
      deferred.push(seen);
      continue;
    }
    const { sighting, failed } = isStored
      ? { sighting: seen, failed: undefined }
      : await withPostWords(seen, options.client, options.oembedOrigin);
    // Its oEmbed read ended by a stop: the post waits for the next watcher, words and all.
    if (failed !== undefined && signal?.aborted) {
      deferred.push(seen);
      continue;
    }
    const words = failed ? `(the post's words could not be read through oEmbed: ${failed})` : sighting.words;
    // `leads()` is newest first: the first lead on this page is the last.
    const first = seen.change ? stored.findLast((lead) => lead.url === seen.url) : undefined;
    const title = first ? `${sighting.title} (follows lead #${first.id})` : sighting.title;
    // A date out of all reason (a feed dated in year 10000) is no date: the ledger could not hold it.
    const postedAt = plausibleTime(sighting.postedAt);
    const { lead, created: isNew } = await fenced((fence) =>
      store.leads.recordLead({ ...sighting, postedAt, title, words, source: options.source }, fence),
    );
    if (!isNew) known += 1;
    else {
      created.push(lead);
      storedKeys.add(lead.key);
      if (lead.postId !== null) storedKeys.add(`post:${lead.postId}`);
    }
  }
  return { created, known, deferred };
}

/**
 * A source with sightings deferred past its poll's bound is taken again after this, its next batch
 * stored without asking the source: a peer naming 500 posts is 25 batches, a minute apart.
 */
const DEFERRED_AFTER_MS = 60_000;
/** The most deferred sightings a source keeps: a 4 MiB answer could name some 70,000. */
export const DEFERRED_KEPT = 1_000;

/** The state that follows a poll or batch: what is left deferred, and when the source is taken next. */
export function deferring(stored: Stored, pollAt: number, now: number): Partial<SourceState> {
  const byKey = new Map(stored.deferred.map((sighting) => [sighting.key, sighting]));
  const deferred = [...byKey.values()].slice(0, DEFERRED_KEPT);
  return {
    deferred,
    pollAt,
    nextAt: deferred.length > 0 ? Math.min(pollAt, now + DEFERRED_AFTER_MS) : pollAt,
  };
}
