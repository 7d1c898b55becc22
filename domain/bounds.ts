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

/** The days a bound may name, in UTC: every calendar date of the years 0001 to 9999. */
const FIRST_DAY = '0001-01-01';
const LAST_DAY = '9999-12-31';

/**
 * A bound the client gives may be any date or date-time whose UTC day lies from 0001-01-01 to
 * 9999-12-31: one before the collection starts or far in the future is a question with an empty or
 * full answer, not a mistake (docs/product-decisions.md §3).
 */
export function checkWithinCalendar(bound: Bound, side: 'from' | 'to'): void {
  if (bound.day.length !== 10 || bound.day < FIRST_DAY || bound.day > LAST_DAY) {
    throw new DomainError(
      'invalid_parameter',
      `"${side}" must be a date or date-time from ${FIRST_DAY} to ${LAST_DAY} (UTC).`,
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
