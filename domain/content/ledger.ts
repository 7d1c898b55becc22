/**
 * The research ledger (docs/record/ledger.json): every provider post and page the sweep found,
 * each with its outcome, the events that rest on it or the reason it was left out. With it,
 * "complete" is something a check can see: every post an event cites is in it, and so is every
 * provider post the other trackers' public data cite (docs/record/peer-post-ids.json).
 */
import { z } from 'zod';
import { decodePostTime, parsePostUrl } from './post-time.js';

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date, YYYY-MM-DD');

const LedgerEntry = z.union([
  z.strictObject({
    url: z.url(),
    date: Day,
    who: z.string().min(1),
    events: z.array(z.string().min(1)).min(1),
  }),
  z.strictObject({
    url: z.url(),
    date: Day,
    who: z.string().min(1),
    left_out: z.string().min(1),
  }),
]);
type LedgerEntry = z.infer<typeof LedgerEntry>;

export const Ledger = z.strictObject({
  reviewed_on: Day,
  material_until: Day,
  entries: z.array(LedgerEntry),
});
export type Ledger = z.infer<typeof Ledger>;

const Commit = z.string().regex(/^[0-9a-f]{7,40}$/);

/**
 * Which stored versions of a tracker's data were read: how many the index holds, the commits that
 * could be reached, and those read whole or in part (the rest of `reachable` matched a version read
 * whole in size, so they hold the same entries). `commit` beside it is the newest version read.
 */
const VersionsRead = z.strictObject({
  stored: z.number().int().min(1),
  reachable: z.array(Commit),
  read_in_full: z.array(Commit).min(1),
  read_in_part: z.array(Commit),
  note: z.string().min(1),
});

/**
 * The provider post ids one tracker's public data cite in any version read, with the newest commit
 * read and, where several versions were read, which.
 */
export const PeerPostIds = z.record(
  z.string().regex(/^[\w.-]+\/[\w.-]+$/, 'owner/name'),
  z.strictObject({
    commit: Commit,
    versions_read: VersionsRead.optional(),
    ids: z.array(z.string().regex(/^\d+$/)).min(1),
  }),
);
export type PeerPostIds = z.infer<typeof PeerPostIds>;

/** What the check needs of an event: its id, its day (exact or date-only) and the URLs of its sources. */
export interface CitingEvent {
  id: string;
  utc_day?: string | null;
  announced_on?: string | null;
  sources: readonly { url: string }[];
}

/**
 * The days a page's entry may carry for an event resting on it: the event's own day, or the day its
 * id was first published under (ids are permanent, and some keep a day a correction moved).
 */
function daysOf(event: CitingEvent): string[] {
  const days = [event.utc_day ?? event.announced_on ?? null, /^\d{4}-\d{2}-\d{2}/.exec(event.id)?.[0] ?? null];
  return days.filter((day): day is string => day !== null);
}

/** Pages of the provider's own: a post or page there is the provider's word, so the ledger holds it. */
const PROVIDER_HOSTS = /(^|\.)(anthropic\.com|claude\.com|claude\.ai)$/;

/** Whether a source URL is the provider's own post or page (an X or Bluesky post, or a provider site). */
function isProviderSource(url: string): boolean {
  const post = parsePostUrl(url);
  if (post !== null && post.platform !== 'other') return true;
  const host = URL.parse(url)?.hostname;
  return host !== undefined && PROVIDER_HOSTS.test(host);
}

const postIdOf = (url: string): string | null => {
  const post = parsePostUrl(url);
  return post?.platform === 'x' ? post.id : null;
};

/**
 * Every way the ledger falls short of the record and of the peers' ids, one line each; empty when
 * it is complete: every provider post or page an event cites is held and names the event, a post's
 * date is the day its id encodes, a page's date is the day of an event resting on it, and every id
 * a peer cites has an outcome.
 */
export function ledgerProblems(
  ledger: Ledger,
  events: readonly CitingEvent[],
  peers: PeerPostIds,
): string[] {
  const problems: string[] = [];
  const byUrl = new Map<string, LedgerEntry>();
  const byPostId = new Map<string, LedgerEntry>();
  const eventsById = new Map(events.map((event) => [event.id, event]));
  for (const entry of ledger.entries) {
    if (byUrl.has(entry.url)) problems.push(`${entry.url}: listed twice`);
    byUrl.set(entry.url, entry);
    const id = postIdOf(entry.url);
    if (id !== null) {
      byPostId.set(id, entry);
      const time = decodePostTime({ platform: 'x', id });
      const day = time === null ? null : new Date(time).toISOString().slice(0, 10);
      if (day !== entry.date) problems.push(`${entry.url}: dated ${entry.date}, its id encodes ${day}`);
    }
    if ('events' in entry && id === null) {
      const days = entry.events.flatMap((eventId) => {
        const event = eventsById.get(eventId);
        return event ? daysOf(event) : [];
      });
      if (days.length > 0 && !days.includes(entry.date))
        problems.push(`${entry.url}: dated ${entry.date}, but none of its events is of that day (${[...new Set(days)].join(', ')})`);
    }
    if ('events' in entry)
      for (const eventId of entry.events) {
        const event = eventsById.get(eventId);
        if (!event) problems.push(`${entry.url}: names ${eventId}, which is not in the record`);
        else if (!event.sources.some((source) => source.url === entry.url))
          problems.push(`${entry.url}: names ${eventId}, which does not cite it`);
      }
  }
  for (const event of events)
    for (const { url } of event.sources) {
      if (!isProviderSource(url)) continue;
      const entry = byUrl.get(url);
      if (!entry) problems.push(`${event.id} cites ${url}, which the ledger does not hold`);
      else if (!('events' in entry) || !entry.events.includes(event.id))
        problems.push(`${event.id} cites ${url}, whose ledger entry does not name it`);
    }
  for (const [repo, { ids }] of Object.entries(peers))
    for (const id of ids)
      if (!byPostId.has(id)) problems.push(`${repo} cites post ${id}, which the ledger does not hold`);
  return problems;
}
