import ical, { ICalEventStatus } from 'ical-generator';
import type { Catalog } from '../../../domain/catalog.js';
import type { FilterSet } from '../../../domain/filters.js';
import { matchesFilters } from '../../../domain/filters.js';
import type { ResetSummary } from '../../../domain/schemas/index.js';
import { DAY_MS } from '../../../domain/time.js';
import { SITE_NAME } from '../site-info.js';

const HOUR_MS = 3_600_000;

/**
 * Which usage resets a calendar holds for the filters: the counted history, the announced resets
 * (at their stated effective time), and cancelled or retracted resets as cancelled events, so a
 * subscribed calendar removes what it showed before.
 */
function inCalendar(event: ResetSummary, filters: FilterSet): boolean {
  return event.kind === 'usage_reset' && matchesFilters(event, filters);
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
 * RFC 5545 calendar of the usage resets for the filters, built with ical-generator: each VEVENT has
 * the event URL as UID and URL, `LAST-MODIFIED` and `DTSTAMP` from `revised_at` (so the body depends
 * only on the content), `SEQUENCE` from `revision`, and cancelled or retracted events are
 * `STATUS:CANCELLED`.
 */
export function renderCalendar(catalog: Catalog, filters: FilterSet, baseUrl: string): string {
  const calendar = ical({
    name: `${SITE_NAME}: usage-limit resets`,
    prodId: { company: 'usage-limit-reset-tracker', product: 'calendar', language: 'EN' },
    url: `${baseUrl}/calendar.ics`,
    timezone: 'UTC',
  });
  for (const { record } of catalog.events) {
    if (!inCalendar(record, filters)) continue;
    const { start, end, allDay } = whenOf(record);
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
