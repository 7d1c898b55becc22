import type { Bound, Range } from './bounds.js';
import { boundFromCanonical, checkWithinCalendar, checkRange, inRange, parseBound } from './bounds.js';
import type { Catalog } from './catalog.js';
import { viewFor } from './catalog.js';
import type { CursorQuery, CursorState } from './cursor.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { DomainError } from './errors.js';
import type { IndexedEvent } from './order.js';
import { indexAfter, indexAtOrAfter, indexAtOrAfterKey, positionOf } from './order.js';
import type { Pagination, ResetSummary, ResetsQuery } from './schemas/index.js';
import { dayStart } from './time.js';

export interface ResetsPage {
  readonly data: ResetSummary[];
  readonly pagination: Pagination;
}

interface ResolvedQuery extends CursorQuery {
  readonly range: Range;
}

const DEFAULTS = { order: 'desc', audience: 'all', window: 'any' } as const;

/**
 * Binds the request to its cursor: parameters left out take the cursor's values, repeated ones must
 * match, so a page can never silently belong to another query.
 */
function resolveQuery(input: ResetsQuery, cursor: CursorState | null): ResolvedQuery {
  const given = (value: string | undefined, side: 'from' | 'to') => {
    if (value === undefined) return undefined;
    const bound = parseBound(value, side);
    checkWithinCalendar(bound, side);
    return bound;
  };
  const from = given(input.from, 'from');
  const to = given(input.to, 'to');
  if (!cursor) {
    const range = { from: from ?? null, to: to ?? null };
    checkRange(range);
    return {
      order: input.order ?? DEFAULTS.order,
      audience: input.audience ?? DEFAULTS.audience,
      window: input.window ?? DEFAULTS.window,
      from: from?.canonical ?? null,
      to: to?.canonical ?? null,
      range,
    };
  }
  const bound = <K extends keyof CursorQuery>(name: K, given: CursorQuery[K] | undefined): CursorQuery[K] => {
    if (given !== undefined && given !== cursor.query[name]) {
      throw new DomainError(
        'invalid_cursor',
        `The cursor was issued for a different query: "${name}" differs. Repeat the original value or leave it out.`,
        'cursor',
      );
    }
    return cursor.query[name];
  };
  const query = {
    order: bound('order', input.order),
    audience: bound('audience', input.audience),
    window: bound('window', input.window),
    from: bound('from', from?.canonical),
    to: bound('to', to?.canonical),
  };
  const restore = (canonical: string | null, side: 'from' | 'to'): Bound | null => {
    if (canonical === null) return null;
    const restored = boundFromCanonical(canonical, side);
    if (!restored)
      throw new DomainError('invalid_cursor', 'The cursor is malformed or was altered.', 'cursor');
    return restored;
  };
  const range = { from: restore(query.from, 'from'), to: restore(query.to, 'to') };
  checkRange(range);
  return { ...query, range };
}

/** Collects up to `count` events in range, walking from `start` in the given direction. */
function collect(
  list: readonly IndexedEvent[],
  start: number,
  step: 1 | -1,
  range: Range,
  count: number,
): IndexedEvent[] {
  // Every event in range has a key within [start of the from-day, to.ms]; past that nothing can match.
  const lowest = range.from ? dayStart(range.from.day) : -Infinity;
  const highest = range.to ? range.to.ms : Infinity;
  const out: IndexedEvent[] = [];
  for (let i = start; i >= 0 && i < list.length && out.length < count; i += step) {
    const event = list[i]!;
    if (step === 1 ? event.key > highest : event.key < lowest) break;
    if (inRange(event, range)) out.push(event);
  }
  return out;
}

/** docs/api-contract.md §4.2: one page of qualifying resets, by keyset on (sort key, id). */
export function listResets(catalog: Catalog, input: ResetsQuery): ResetsPage {
  const cursor = input.cursor === undefined ? null : decodeCursor(input.cursor);
  const query = resolveQuery(input, cursor);
  const { range } = query;
  const list = viewFor(catalog, query).ascending;
  let start: number;
  if (query.order === 'asc') {
    start = cursor
      ? indexAfter(list, cursor.position)
      : range.from
        ? indexAtOrAfterKey(list, dayStart(range.from.day))
        : 0;
  } else {
    start = cursor
      ? indexAtOrAfter(list, cursor.position) - 1
      : range.to
        ? indexAtOrAfterKey(list, range.to.ms + 1) - 1
        : list.length - 1;
  }
  const found = collect(list, start, query.order === 'asc' ? 1 : -1, range, input.limit + 1);
  const page = found.slice(0, input.limit);
  const last = page.at(-1);
  const hasMore = found.length > input.limit && last !== undefined;
  const cursorQuery: CursorQuery = {
    order: query.order,
    audience: query.audience,
    window: query.window,
    from: query.from,
    to: query.to,
  };
  return {
    data: page.map((event) => event.record),
    pagination: {
      has_more: hasMore,
      next_cursor: hasMore
        ? encodeCursor({ revision: catalog.revision, query: cursorQuery, position: positionOf(last) })
        : null,
      revision_changed: cursor !== null && cursor.revision !== catalog.revision,
    },
  };
}
