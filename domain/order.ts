import type { ResetSummary } from './schemas/index.js';
import { dayStart } from './time.js';

/** An event with the values ordering and filtering need, computed once at load. */
export interface IndexedEvent {
  readonly record: ResetSummary;
  /** Sort key: `announced_at`, or the start of `announced_on` for a date-only event. */
  readonly key: number;
  /** The event's UTC day: `utc_day` when exact, `announced_on` when date-only. */
  readonly day: string;
  readonly exact: boolean;
}

export interface Position {
  readonly key: number;
  readonly id: string;
}

export function indexEvent(record: ResetSummary): IndexedEvent {
  if (record.announced_at !== null) {
    const key = Date.parse(record.announced_at);
    return { record, key, day: record.utc_day ?? record.announced_at.slice(0, 10), exact: true };
  }
  if (record.announced_on === null)
    throw new Error(`event ${record.id} has neither announced_at nor announced_on`);
  return { record, key: dayStart(record.announced_on), day: record.announced_on, exact: false };
}

export function positionOf(event: IndexedEvent): Position {
  return { key: event.key, id: event.record.id };
}

/**
 * Ascending (sort key, id) of an event against a position, without building a Position: sorting and
 * every binary search would otherwise allocate one per comparison. `desc` is the exact reverse.
 */
function compareEventTo(event: IndexedEvent, key: number, id: string): number {
  if (event.key !== key) return event.key < key ? -1 : 1;
  if (event.record.id === id) return 0;
  return event.record.id < id ? -1 : 1;
}

export function sortAscending(events: readonly IndexedEvent[]): IndexedEvent[] {
  return [...events].sort((a, b) => compareEventTo(a, b.key, b.record.id));
}

/** Number of leading events of an ascending list for which `before` holds (binary search). */
function countWhile(events: readonly IndexedEvent[], before: (event: IndexedEvent) => boolean): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (before(events[mid]!)) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Index of the first event after `position` in an ascending list. */
export function indexAfter(events: readonly IndexedEvent[], position: Position): number {
  return countWhile(events, (event) => compareEventTo(event, position.key, position.id) <= 0);
}

/** Index of the first event at or after `position` in an ascending list. */
export function indexAtOrAfter(events: readonly IndexedEvent[], position: Position): number {
  return countWhile(events, (event) => compareEventTo(event, position.key, position.id) < 0);
}

/** Index of the first event whose sort key is at least `key` in an ascending list. */
export function indexAtOrAfterKey(events: readonly IndexedEvent[], key: number): number {
  return countWhile(events, (event) => event.key < key);
}
