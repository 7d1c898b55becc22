import { DomainError } from './errors.js';
import type { IndexedEvent } from './order.js';
import { dayEnd, dayStart, utcDay } from './time.js';

/** A resolved `from`/`to` bound. A date bound covers its whole UTC day. */
export interface Bound {
  /** Canonical form, used to bind cursors to a query: `d:YYYY-MM-DD` or `t:<epoch ms>`. */
  readonly canonical: string;
  readonly day: string;
  readonly ms: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function parseBound(value: string, side: 'from' | 'to'): Bound {
  if (DATE.test(value)) {
    return { canonical: `d:${value}`, day: value, ms: side === 'from' ? dayStart(value) : dayEnd(value) };
  }
  const ms = Date.parse(value);
  if (Number.isNaN(ms))
    throw new DomainError('invalid_parameter', `"${side}" is not a valid date or date-time.`, side);
  return { canonical: `t:${ms}`, day: utcDay(ms), ms };
}

/**
 * A bound the client gives must lie in the collection's plausible range: from the year of
 * `coverage_start` to the year 9999. A year 0000 or 1970 is a mistake, not a query
 * (docs/product-decisions.md §3).
 */
export function checkPlausible(bound: Bound, side: 'from' | 'to', coverageStart: string): void {
  const year = Number(bound.day.slice(0, 4));
  const earliest = Number(coverageStart.slice(0, 4));
  if (!Number.isFinite(year) || year < earliest || year > 9999 || bound.day.length !== 10) {
    throw new DomainError(
      'invalid_parameter',
      `"${side}" must fall between the year ${earliest} (the collection starts ${coverageStart}) and 9999.`,
      side,
    );
  }
}

/** Restores a bound from its canonical form (as carried in a cursor). */
export function boundFromCanonical(canonical: string, side: 'from' | 'to'): Bound | null {
  if (canonical.startsWith('d:') && DATE.test(canonical.slice(2)))
    return parseBound(canonical.slice(2), side);
  if (/^t:-?\d{1,16}$/.test(canonical)) {
    const ms = Number(canonical.slice(2));
    return { canonical, day: utcDay(ms), ms };
  }
  return null;
}

export interface Range {
  readonly from: Bound | null;
  readonly to: Bound | null;
}

export function checkRange(range: Range): void {
  if (range.from && range.to && range.from.ms > range.to.ms) {
    throw new DomainError('invalid_range', '"from" is after "to".');
  }
}

/** Exact events compare by instant; date-only events compare by their date against the bound's date. */
export function inRange(event: IndexedEvent, { from, to }: Range): boolean {
  if (event.exact) return (!from || event.key >= from.ms) && (!to || event.key <= to.ms);
  return (!from || event.day >= from.day) && (!to || event.day <= to.day);
}
