/**
 * The sources the watcher reads: one JSON file the operator edits (`LEADS_SOURCES`, by default
 * deploy/leads-sources.json, which lists the real addresses). Each source names its kind, its
 * address and, where it differs from its kind's, its interval in minutes. Refused whole, naming the
 * entry and the rule, when any entry is wrong.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';

/**
 * Each kind's interval when its entry names none: the status page often (an incident is news within
 * minutes), the rest so that the shipped sources ask at most 1,000 times a day in all
 * (`dailyRequests`, docs/operations.md §13). claude-code's three files carry the same releases, so
 * at an hour each a release is seen within twenty minutes or so.
 */
const DEFAULT_INTERVAL_MINUTES = {
  feed: 60,
  status_page: 2,
  changelog: 60,
  help_article: 720,
  sitemap: 60,
  peer_data: 120,
  x_recent: 60,
} as const;

const Name = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a slug: lowercase letters, digits and dashes');
const Https = z.url({ protocol: /^https?$/ });
/**
 * A sitemap's `match`: an address with a path (`https://www.anthropic.com/news/`). A bare origin
 * would let a page's address run on past the host (`https://www.anthropic.com@169.254.169.254/`).
 */
const PathPrefix = Https.refine((url) => /^https?:\/\/[^/?#]+\/[^?#]*[^/?#]/.test(url), {
  message: 'a match names a path after the host (https://host/news/), not a bare origin',
});
const Interval = z.number().min(0.05).max(1440).optional();

export const SourceEntry = z.discriminatedUnion('kind', [
  z.strictObject({ name: Name, kind: z.literal('status_page'), url: Https, interval_minutes: Interval }),
  z.strictObject({ name: Name, kind: z.literal('feed'), url: Https, interval_minutes: Interval }),
  z.strictObject({
    name: Name,
    kind: z.literal('changelog'),
    url: Https,
    /** The human page each release's anchor is added to (the file's page on GitHub). */
    link: Https,
    interval_minutes: Interval,
  }),
  z.strictObject({
    name: Name,
    kind: z.literal('help_article'),
    /** The article's plain text (`….md`). */
    url: Https,
    /** The article as a reader opens it, what the lead names. */
    page: Https,
    interval_minutes: Interval,
  }),
  z.strictObject({
    name: Name,
    kind: z.literal('sitemap'),
    url: Https,
    /** Only pages whose address starts with this, or one of these, are read (news, launch pages). */
    match: z.union([PathPrefix, z.array(PathPrefix).min(1)]),
    interval_minutes: Interval,
  }),
  z.strictObject({ name: Name, kind: z.literal('peer_data'), url: Https, interval_minutes: Interval }),
  z.strictObject({ name: Name, kind: z.literal('x_recent'), interval_minutes: Interval }),
]);
export type SourceEntry = z.infer<typeof SourceEntry>;

const SourcesFile = z
  .strictObject({ $comment: z.string().optional(), sources: z.array(SourceEntry).min(1) })
  .refine((file) => new Set(file.sources.map((source) => source.name)).size === file.sources.length, {
    message: 'source names must be unique',
    path: ['sources'],
  });

/** Every way `value` is not a sources file, one line each naming the path and the rule. */
function problemsOf(error: z.ZodError): string {
  return error.issues.map((issue) => `  ${issue.path.join('.') || '(file)'}: ${issue.message}`).join('\n');
}

/** The sources in `file`; rejects with one message naming the file and each problem. */
export async function readSourcesFile(file: string): Promise<SourceEntry[]> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
  }
  const parsed = SourcesFile.safeParse(value);
  if (!parsed.success) throw new Error(`${file} is not a sources file:\n${problemsOf(parsed.error)}`);
  return parsed.data.sources;
}

export const intervalMs = (source: SourceEntry): number =>
  (source.interval_minutes ?? DEFAULT_INTERVAL_MINUTES[source.kind]) * 60_000;

const DAY_MS = 86_400_000;

/**
 * When a source is asked again, given how long its answers have not changed: after two quiet days
 * half as often, after a week a quarter, never less than once a day (and never less than its own
 * interval). The status page keeps its interval: an incident is news within minutes.
 */
export function pollIntervalMs(source: SourceEntry, unchangedMs: number): number {
  const base = intervalMs(source);
  if (source.kind === 'status_page') return base;
  const factor = unchangedMs >= 7 * DAY_MS ? 4 : unchangedMs >= 2 * DAY_MS ? 2 : 1;
  return Math.max(base, Math.min(base * factor, DAY_MS));
}

/**
 * The requests a day each source makes at most while it changes (its interval's polls, and for a
 * sitemap the pages it may read per poll, `pagesPerPoll`): quieter sources ask less.
 */
export function dailyRequests(
  sources: readonly SourceEntry[],
  pagesPerPoll: number,
): { name: string; perDay: number }[] {
  return sources.map((source) => {
    const polls = DAY_MS / intervalMs(source);
    return {
      name: source.name,
      perDay: Math.round(source.kind === 'sitemap' ? polls * (1 + pagesPerPoll) : polls),
    };
  });
}
