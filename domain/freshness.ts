/**
 * How fast the record hears of the provider (docs/curating.md, "Freshness"): for each event
 * published from a lead, the minutes from the provider's post to the lead, to the publication and to
 * the first alert delivered, and the median and worst of the newest events. Only events the
 * collection measured count: those published after measuring began.
 */
import type { FreshnessEntry } from './content/files.js';
import type { ResetSummary } from './schemas/index.js';

interface FreshnessRow {
  readonly event: ResetSummary;
  /** The post's time: `announced_at`, or the start of `announced_on`'s UTC day. */
  readonly postedAt: string;
  readonly toLead: number;
  readonly toPublish: number;
  /** Null while no alert was delivered (or none was made: not every event alerts). */
  readonly toAlert: number | null;
}

export interface FreshnessSpread {
  readonly median: number | null;
  readonly worst: number | null;
}

export interface Freshness {
  /** Newest published first, at most `last`. */
  readonly rows: readonly FreshnessRow[];
  readonly toLead: FreshnessSpread;
  readonly toPublish: FreshnessSpread;
  readonly toAlert: FreshnessSpread;
}

const minutes = (from: string, to: string): number =>
  Math.max(0, (Date.parse(to) - Date.parse(from)) / 60_000);

function spread(values: readonly number[]): FreshnessSpread {
  if (values.length === 0) return { median: null, worst: null };
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median =
    sorted.length % 2 === 1 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, worst: sorted.at(-1)! };
}

/** The newest `last` measured events and the spread of each measure over them. */
export function computeFreshness(
  entries: readonly FreshnessEntry[],
  events: ReadonlyMap<string, ResetSummary>,
  last = 10,
): Freshness {
  const rows = entries
    .flatMap((entry) => {
      const event = events.get(entry.event_id);
      if (!event) return [];
      const postedAt = event.announced_at ?? `${event.announced_on!}T00:00:00Z`;
      return [
        {
          event,
          postedAt,
          toLead: minutes(postedAt, entry.lead_seen_at),
          toPublish: minutes(postedAt, event.first_published_at),
          toAlert: entry.first_alert_at ? minutes(postedAt, entry.first_alert_at) : null,
        },
      ];
    })
    .sort(
      (a, b) =>
        Date.parse(b.event.first_published_at) - Date.parse(a.event.first_published_at) ||
        (a.event.id < b.event.id ? -1 : 1),
    )
    .slice(0, last);
  return {
    rows,
    toLead: spread(rows.map((row) => row.toLead)),
    toPublish: spread(rows.map((row) => row.toPublish)),
    toAlert: spread(rows.flatMap((row) => (row.toAlert === null ? [] : [row.toAlert]))),
  };
}
