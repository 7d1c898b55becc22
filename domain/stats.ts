import type { FilterSet } from './filters.js';
import { matchesFilters } from './filters.js';
import type { ResetSummary, Stats } from './schemas/index.js';
import type { IndexedEvent } from './order.js';
import { DAY_MS } from './time.js';

/** The part of the stats that depends only on content; `days_since_last` is added per request. */
export type BaseStats = Omit<Stats, 'days_since_last'>;

/** The newest event, or the candidates when the newest UTC day cannot be ordered. */
export interface Latest {
  readonly latest: IndexedEvent | null;
  /** In the default (descending) list order; null unless the newest day is ambiguous. */
  readonly ambiguous: readonly IndexedEvent[] | null;
}

/**
 * The announced reset (docs/product-decisions.md §5): the most recently announced `usage_reset` still
 * `announced` that matches the filters. A passed `effective_at` does not make it confirmed.
 */
export function findAnnouncedReset(
  ascending: readonly IndexedEvent[],
  filters: FilterSet,
): ResetSummary | null {
  const announced = ascending.findLast(
    ({ record }) =>
      record.kind === 'usage_reset' && record.event_status === 'announced' && matchesFilters(record, filters),
  );
  return announced?.record ?? null;
}

/**
 * The newest day is ambiguous when it holds a date-only event and any other event: a date-only
 * event's time is unknown, so it may come before or after the others that day.
 */
export function findLatest(ascending: readonly IndexedEvent[]): Latest {
  const newest = ascending.at(-1);
  if (!newest) return { latest: null, ambiguous: null };
  const sameDay = ascending.filter((event) => event.day === newest.day);
  const dateOnly = sameDay.filter((event) => !event.exact);
  if (dateOnly.length === 0 || sameDay.length === 1) return { latest: newest, ambiguous: null };
  const newestExact = sameDay.findLast((event) => event.exact);
  const candidates = sameDay.filter((event) => !event.exact || event === newestExact);
  return { latest: null, ambiguous: candidates.reverse() };
}

/** The interval between two consecutive events of an ascending list. */
export interface Gap {
  readonly before: IndexedEvent;
  readonly after: IndexedEvent;
  /** Length in days when the gap is eligible (docs/product-decisions.md §5); null when it cannot be measured. */
  readonly days: number | null;
}

/** Every gap between consecutive events, eligible or not, in list order. */
export function listGaps(ascending: readonly IndexedEvent[]): Gap[] {
  const dateOnlyDays = ascending.filter((event) => !event.exact).map((event) => event.day); // ascending
  const gaps: Gap[] = [];
  for (let i = 1; i < ascending.length; i += 1) {
    const before = ascending[i - 1]!;
    const after = ascending[i]!;
    // A date-only event dated within [before.day, after.day] may lie between them.
    const next = dateOnlyDays[firstAtOrAfter(dateOnlyDays, before.day)];
    const bridges = next !== undefined && next <= after.day;
    const eligible = before.exact && after.exact && !bridges;
    gaps.push({ before, after, days: eligible ? (after.key - before.key) / DAY_MS : null });
  }
  return gaps;
}

/**
 * Stats over an ascending, filtered list of qualifying events, applying the gap rules of
 * docs/product-decisions.md §5.
 */
export function computeBaseStats(ascending: readonly IndexedEvent[], latest: Latest): BaseStats {
  const gaps = listGaps(ascending).flatMap((gap) => (gap.days === null ? [] : [gap.days]));
  const totalGaps = Math.max(ascending.length - 1, 0);
  const newest = latest.latest;
  return {
    total: ascending.length,
    last_reset_at: newest?.exact ? newest.record.announced_at : null,
    last_reset_on: latest.ambiguous
      ? (latest.ambiguous[0]?.day ?? null)
      : newest && !newest.exact
        ? newest.day
        : null,
    avg_interval_days: gaps.length > 0 ? mean(gaps) : null,
    longest_gap_days: gaps.length > 0 ? Math.max(...gaps) : null,
    eligible_gaps: gaps.length,
    total_gaps: totalGaps,
    exact_count: ascending.filter((event) => event.exact).length,
    partial_sample: gaps.length < totalGaps,
  };
}

/** Never above the largest value, which a floating-point sum of equal values could otherwise give. */
function mean(values: readonly number[]): number {
  return Math.min(values.reduce((sum, value) => sum + value, 0) / values.length, Math.max(...values));
}

function firstAtOrAfter(sortedDays: readonly string[], day: string): number {
  let low = 0;
  let high = sortedDays.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sortedDays[mid]! < day) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Unfinished time since the latest exact event, in days; never negative. */
export function daysSince(lastResetAt: string | null, now: number): number | null {
  if (lastResetAt === null) return null;
  return Math.max(0, (now - Date.parse(lastResetAt)) / DAY_MS);
}
