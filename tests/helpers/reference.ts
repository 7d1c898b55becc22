/*
 * A deliberately naive restatement of the rules of docs/product-decisions.md §5 and §6 (no indexes, no
 * binary search, no precomputed views), for property tests to compare the domain against.
 */
import type { PublishedEvent } from '../../domain/content/events.js';
import type { AudienceFilter, WindowFilter } from '../../domain/schemas/index.js';

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const dayOf = (event: PublishedEvent): string =>
  event.announced_at !== null ? event.announced_at.slice(0, 10) : event.announced_on!;

const keyOf = (event: PublishedEvent): number =>
  Date.parse(event.announced_at ?? `${event.announced_on!}T00:00:00.000Z`);

export const isExact = (event: PublishedEvent): boolean => event.announced_at !== null;

function qualifies(event: PublishedEvent): boolean {
  return event.kind === 'usage_reset' && event.event_status === 'confirmed';
}

function audienceMatches(event: PublishedEvent, audience: AudienceFilter): boolean {
  if (audience === 'all') return true;
  if (audience === 'broad') return event.audience.scope === 'broad';
  const plans = event.audience.plans;
  if (Array.isArray(plans)) return plans.includes(audience);
  return plans === 'all' || plans === 'subscribers';
}

function windowMatches(event: PublishedEvent, window: WindowFilter): boolean {
  return window === 'any' || event.windows.includes(window);
}

export interface RefBound {
  readonly day: string;
  readonly ms: number;
}

export function refBound(value: string, side: 'from' | 'to'): RefBound {
  if (DATE.test(value)) {
    const start = Date.parse(`${value}T00:00:00.000Z`);
    return { day: value, ms: side === 'from' ? start : start + DAY_MS - 1 };
  }
  const ms = Date.parse(value);
  return { day: new Date(ms).toISOString().slice(0, 10), ms };
}

function inRefRange(event: PublishedEvent, from: RefBound | null, to: RefBound | null): boolean {
  if (isExact(event)) {
    const key = keyOf(event);
    return (from === null || key >= from.ms) && (to === null || key <= to.ms);
  }
  const day = dayOf(event);
  return (from === null || day >= from.day) && (to === null || day <= to.day);
}

function compareEvents(a: PublishedEvent, b: PublishedEvent): number {
  const byKey = keyOf(a) - keyOf(b);
  if (byKey !== 0) return byKey;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export interface RefQuery {
  readonly audience: AudienceFilter;
  readonly window: WindowFilter;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
}

/** Qualifying events matching the query, ascending. */
export function referenceList(events: readonly PublishedEvent[], query: RefQuery): PublishedEvent[] {
  const from = query.from === undefined ? null : refBound(query.from, 'from');
  const to = query.to === undefined ? null : refBound(query.to, 'to');
  return events
    .filter(qualifies)
    .filter((event) => audienceMatches(event, query.audience) && windowMatches(event, query.window))
    .filter((event) => inRefRange(event, from, to))
    .sort(compareEvents);
}

export interface RefStats {
  readonly latestId: string | null;
  readonly ambiguousIds: readonly string[] | null;
  readonly eligibleGaps: readonly number[];
}

/** Latest and eligible gaps of an ascending list, straight from docs/product-decisions.md §5. */
export function referenceStats(ascending: readonly PublishedEvent[]): RefStats {
  const newest = ascending.at(-1);
  let latestId: string | null = null;
  let ambiguousIds: string[] | null = null;
  if (newest) {
    const sameDay = ascending.filter((event) => dayOf(event) === dayOf(newest));
    if (sameDay.some((event) => !isExact(event)) && sameDay.length > 1) {
      const exact = sameDay.filter(isExact);
      const candidates = [...sameDay.filter((event) => !isExact(event)), ...exact.slice(-1)];
      ambiguousIds = candidates
        .sort(compareEvents)
        .reverse()
        .map((event) => event.id);
    } else {
      latestId = newest.id;
    }
  }
  const dateOnlyDays = ascending.filter((event) => !isExact(event)).map(dayOf);
  const eligibleGaps: number[] = [];
  for (let i = 1; i < ascending.length; i += 1) {
    const a = ascending[i - 1]!;
    const b = ascending[i]!;
    if (!isExact(a) || !isExact(b)) continue;
    if (dateOnlyDays.some((day) => day >= dayOf(a) && day <= dayOf(b))) continue;
    eligibleGaps.push((keyOf(b) - keyOf(a)) / DAY_MS);
  }
  return { latestId, ambiguousIds, eligibleGaps };
}
