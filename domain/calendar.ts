import type { FilterView } from './catalog.js';
import type { ResetSummary } from './schemas/index.js';
import { DAY_MS, dayStart, utcDay } from './time.js';

/** How many weeks the year calendar shows: 53 columns of Sunday-to-Saturday UTC weeks. */
export const CALENDAR_WEEKS = 53;

export interface CalendarDay {
  /** The UTC date, `YYYY-MM-DD`. */
  readonly day: string;
  /** Before the collection's coverage began, or after today: nothing can be known of it here. */
  readonly outside: boolean;
  /** Counted resets (confirmed usage resets matching the filters) of that day, in list order. */
  readonly exact: readonly ResetSummary[];
  /** Counted resets known only by their date: they sit on that date, no time is invented. */
  readonly dateOnly: readonly ResetSummary[];
  /** The announced reset awaiting confirmation, when it is announced for this day. */
  readonly announced: ResetSummary | null;
}

export interface YearCalendar {
  /** `CALENDAR_WEEKS` weeks, oldest first, each Sunday to Saturday. */
  readonly weeks: readonly (readonly CalendarDay[])[];
  readonly first: string;
  readonly last: string;
}

/** The UTC day an event sits on: its exact time's date, or its date alone. */
function dayOf(event: Pick<ResetSummary, 'announced_at' | 'announced_on'>): string | null {
  if (event.announced_at !== null) return event.announced_at.slice(0, 10);
  return event.announced_on;
}

/**
 * The year calendar of one filter view (docs/product-decisions.md §5): the 53 UTC weeks ending with
 * the week of `today`. It shows exactly what the stats count (`view.ascending`: confirmed usage
 * resets matching the filters, a date-only one on its date) and the announced reset of the view.
 */
export function yearCalendar(view: FilterView, coverageStart: string, today: string): YearCalendar {
  const byDay = new Map<string, { exact: ResetSummary[]; dateOnly: ResetSummary[] }>();
  for (const { record, day, exact } of view.ascending) {
    const entry = byDay.get(day) ?? { exact: [], dateOnly: [] };
    (exact ? entry.exact : entry.dateOnly).push(record);
    byDay.set(day, entry);
  }
  const announcedDay = view.announced ? dayOf(view.announced) : null;
  const todayStart = dayStart(today);
  const lastSaturday = todayStart + (6 - new Date(todayStart).getUTCDay()) * DAY_MS;
  const firstSunday = lastSaturday - (CALENDAR_WEEKS * 7 - 1) * DAY_MS;
  const weeks: CalendarDay[][] = [];
  for (let week = 0; week < CALENDAR_WEEKS; week += 1) {
    const days: CalendarDay[] = [];
    for (let weekday = 0; weekday < 7; weekday += 1) {
      const day = utcDay(firstSunday + (week * 7 + weekday) * DAY_MS);
      const entry = byDay.get(day);
      days.push({
        day,
        outside: day < coverageStart || day > today,
        exact: entry?.exact ?? [],
        dateOnly: entry?.dateOnly ?? [],
        announced: day === announcedDay ? view.announced : null,
      });
    }
    weeks.push(days);
  }
  return { weeks, first: utcDay(firstSunday), last: utcDay(lastSaturday) };
}
