/**
 * A source's sightings stored as leads (./watcher.ts): those the ledger or the record answers are
 * known; a post not stored yet is read through oEmbed once (./post-words.ts), one stored already is
 * not read again; a change of a page or entry names the lead it follows; each new lead is told.
 */
import type { AlertStore, StoredLead } from '../alerts/store/index.js';
import type { Answered } from './answered.js';
import type { PoliteClient } from './polite-client.js';
import { webAddress } from '../../domain/text/web-address.js';
import { plausibleTime } from '../../domain/time.js';
import { withPostWords } from './post-words.js';
import type { Sighting } from './read/types.js';

export interface StoreOptions {
  readonly source: string;
  readonly store: AlertStore;
  readonly answered: Answered;
  readonly client: PoliteClient;
  readonly oembedOrigin?: string;
  /** Runs a write as the lease holder, given its fence (./lease.ts). */
  readonly fenced: <T>(write: (fence: string) => Promise<T>) => Promise<T>;
  /** Called with each new lead. */
  readonly told: (lead: StoredLead) => Promise<void>;
}

/** New leads stored, and sightings the ledger, the record or an earlier lead already held. */
export async function storeSightings(
  all: readonly Sighting[],
  options: StoreOptions,
): Promise<{ leads: number; known: number }> {
  const { store, answered, fenced } = options;
  // A lead's address is an http(s) one, whatever a reader let through: the rest are no lead.
  const linked = all.filter((seen) => webAddress(seen.url) !== null);
  const sightings = linked.filter((seen) => !answered.has(seen));
  let known = linked.length - sightings.length;
  let leads = 0;
  const stored = sightings.length === 0 ? [] : await store.leads();
  const storedKeys = new Set(stored.flatMap((lead) => [lead.key, `post:${lead.postId}`]));
  for (const seen of sightings) {
    const isStored =
      storedKeys.has(seen.key) || (seen.postId !== null && storedKeys.has(`post:${seen.postId}`));
    const { sighting, failed } = isStored
      ? { sighting: seen, failed: undefined }
      : await withPostWords(seen, options.client, options.oembedOrigin);
    const words = failed ? `(the post's words could not be read through oEmbed: ${failed})` : sighting.words;
    // `leads()` is newest first: the first lead on this page is the last.
    const first = seen.change ? stored.findLast((lead) => lead.url === seen.url) : undefined;
    const title = first ? `${sighting.title} (follows lead #${first.id})` : sighting.title;
    // A date out of all reason (a feed dated in year 10000) is no date: the ledger could not hold it.
    const postedAt = plausibleTime(sighting.postedAt);
    const { lead, created } = await fenced((fence) =>
      store.recordLead({ ...sighting, postedAt, title, words, source: options.source }, fence),
    );
    if (!created) {
      known += 1;
      continue;
    }
    leads += 1;
    await options.told(lead);
  }
  return { leads, known };
}
