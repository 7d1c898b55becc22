import type { FilterView } from './catalog.js';
import type { IndexedEvent } from './order.js';
import { indexEvent } from './order.js';
import { listGaps } from './stats.js';
import { DAY_MS } from './time.js';

/** One event placed on the timeline. */
export interface TimelineMark {
  readonly id: string;
  readonly title: string;
  readonly url: string;
  /** The event's UTC day. */
  readonly day: string;
  /** `announced_at`; null when only the date is known. */
  readonly at: string | null;
  readonly exact: boolean;
  /** Where it is drawn (epoch ms): its time, or the middle of its day when only the date is known. */
  readonly time: number;
}

/**
 * Counted resets a chart draws at most, the newest ones: a chart of the whole history would grow
 * with it (the whole history stays in the API, the exports and `/history`).
 */
export const CHART_MAX_RESETS = 200;

export interface TimelineData {
  /**
   * The newest counted resets for the filters (at most `CHART_MAX_RESETS`), ascending: the tail of
   * `/api/v1/resets?order=asc`.
   */
  readonly points: readonly TimelineMark[];
  /** Older counted resets left out of the chart. */
  readonly omitted: number;
  /** The announced reset for the filters (`announced_reset`), drawn apart: it is not counted. */
  readonly announced: TimelineMark | null;
  /** The newest day when the order of its resets is unknown (`latest_ambiguous`), else null. */
  readonly ambiguousDay: string | null;
  /** The whole UTC days the marks span (epoch ms), or null when there is nothing to draw. */
  readonly range: { readonly start: number; readonly end: number } | null;
}

/** One gap between consecutive counted resets. */
export interface GapBar {
  readonly from: string;
  readonly to: string;
  readonly fromDay: string;
  readonly toDay: string;
  /** Length in days; null when the gap cannot be measured (it touches or may bridge a date-only reset). */
  readonly days: number | null;
}

export interface GapSeries {
  /** The gaps between the charted resets, in order: all `total_gaps` unless older resets are omitted. */
  readonly bars: readonly GapBar[];
  /** Older gaps left out of the chart. */
  readonly omitted: number;
  /** `avg_interval_days` and `longest_gap_days` of the stats: measured gaps only. */
  readonly average: number | null;
  readonly longest: number | null;
  /** Index in `bars` of the first gap as long as `longest`, or null when none is measured. */
  readonly longestIndex: number | null;
}

function markOf(event: IndexedEvent): TimelineMark {
  const { record } = event;
  return {
    id: record.id,
    title: record.title,
    url: record.url,
    day: event.day,
    at: record.announced_at,
    exact: event.exact,
    time: event.exact ? event.key : event.key + DAY_MS / 2,
  };
}

/** The timeline of one filter combination: counted resets, the announced reset, and the days they span. */
export function buildTimeline(view: FilterView, max = CHART_MAX_RESETS): TimelineData {
  const shown = view.ascending.slice(-max);
  const points = shown.map(markOf);
  const announced = view.announced ? markOf(indexEvent(view.announced)) : null;
  const times = [...points, ...(announced ? [announced] : [])].map((mark) => mark.time);
  const range =
    times.length === 0
      ? null
      : {
          start: Math.floor(Math.min(...times) / DAY_MS) * DAY_MS,
          end: (Math.floor(Math.max(...times) / DAY_MS) + 1) * DAY_MS,
        };
  return {
    points,
    omitted: view.ascending.length - shown.length,
    announced,
    ambiguousDay: view.latest.ambiguous ? (view.latest.ambiguous[0]?.day ?? null) : null,
    range,
  };
}

/** The gaps of one filter combination, measured by the same rules as its stats. */
export function buildGapSeries(view: FilterView, max = CHART_MAX_RESETS): GapSeries {
  const gaps = listGaps(view.ascending);
  const shown = gaps.slice(-Math.max(0, max - 1));
  const bars = shown.map((gap) => ({
    from: gap.before.record.id,
    to: gap.after.record.id,
    fromDay: gap.before.day,
    toDay: gap.after.day,
    days: gap.days,
  }));
  const { avg_interval_days: average, longest_gap_days: longest } = view.stats;
  const index = longest === null ? -1 : bars.findIndex((bar) => bar.days === longest);
  return {
    bars,
    omitted: gaps.length - shown.length,
    average,
    longest,
    longestIndex: index < 0 ? null : index,
  };
}
