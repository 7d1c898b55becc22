import ical, { ICalEventStatus } from 'ical-generator';
import type { Catalog } from '../../../domain/catalog.js';
import type { FilterSet } from '../../../domain/filters.js';
import { matchesFilters } from '../../../domain/filters.js';
import type { ResetSummary } from '../../../domain/schemas/index.js';
import { DAY_MS } from '../../../domain/time.js';
import { SITE_NAME } from '../site-info.js';

const HOUR_MS = 3_600_000;

/**
 * Which events a calendar holds for the filters: the usage resets (the counted history, the
 * announced resets at their stated effective time, and cancelled or retracted resets as cancelled
 * events, so a subscribed calendar removes what it showed before), and every other event whose end
 * the provider stated (an increase, promotion or credit), drawn until that end.
 */
function inCalendar(event: ResetSummary, end: string | undefined, filters: FilterSet): boolean {
  return (event.kind === 'usage_reset' || end !== undefined) && matchesFilters(event, filters);
}

/**
 * An event with a stated end: from its effective time (else its announcement) to that end; whole
 * days when the end is a date alone (DTEND is then the day after it, as RFC 5545 counts).
 */
function spanOf(event: ResetSummary, end: string): { start: Date; end: Date; allDay: boolean } {
  const from = event.effective_at ?? event.announced_at;
  if (end.length > 10 && from !== null) return { start: new Date(from), end: new Date(end), allDay: false };
  const startDay = from?.slice(0, 10) ?? event.announced_on ?? event.utc_day ?? end.slice(0, 10);
  const lastDay = Date.parse(`${end.slice(0, 10)}T00:00:00Z`);
  return { start: new Date(`${startDay}T00:00:00Z`), end: new Date(lastDay + DAY_MS), allDay: true };
}

/**
 * When the event is drawn: an announced reset at its stated effective time, any other at its
 * announcement, each an hour long; a whole day when only a date is known (an announced reset with
 * no stated time sits on the day it was announced).
 */
function whenOf(event: ResetSummary): { start: Date; end: Date; allDay: boolean } {
  if (event.event_status === 'announced' && event.effective_at !== null) {
    const start = new Date(event.effective_at);
    return { start, end: new Date(start.getTime() + HOUR_MS), allDay: false };
  }
  if (event.event_status !== 'announced' && event.announced_at !== null) {
    const start = new Date(event.announced_at);
    return { start, end: new Date(start.getTime() + HOUR_MS), allDay: false };
  }
  const day = new Date(`${event.announced_on ?? event.utc_day ?? '1970-01-01'}T00:00:00Z`);
  return { start: day, end: new Date(day.getTime() + DAY_MS), allDay: true };
}

/**
 * RFC 5545 calendar of the usage resets for the filters, and of the changes with a stated end, built with ical-generator: each VEVENT has
 * the event URL as UID and URL, `LAST-MODIFIED` and `DTSTAMP` from `revised_at` (so the body depends
 * only on the content), `SEQUENCE` from `revision`, and cancelled or retracted events are
 * `STATUS:CANCELLED`.
 */
export function renderCalendar(catalog: Catalog, filters: FilterSet, origin: string): string {
  const calendar = ical({
    name: `${SITE_NAME}: usage-limit resets`,
    prodId: { company: 'usage-limit-reset-tracker', product: 'calendar', language: 'EN' },
    url: `${origin}/calendar.ics`,
    timezone: 'UTC',
  });
  for (const { record } of catalog.events) {
    const ends = catalog.ends.get(record.id);
    if (!inCalendar(record, ends, filters)) continue;
    const { start, end, allDay } =
      ends === undefined || record.kind === 'usage_reset' ? whenOf(record) : spanOf(record, ends);
    const cancelled = record.event_status === 'cancelled' || record.event_status === 'retracted';
    const label =
      record.event_status === 'announced' ? 'Announced: ' : cancelled ? `${record.event_status}: ` : '';
    calendar.createEvent({
      id: record.url,
      url: record.url,
      start,
      end,
      allDay,
      summary: `${label}${record.title}`,
      description: record.summary,
      lastModified: new Date(record.revised_at),
      stamp: new Date(record.revised_at),
      sequence: record.revision,
      status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
