import type { ExecutionContext } from 'ava';
import fc from 'fast-check';
import type { PublishedEvent } from '../../domain/content/events.js';
import type { AudienceFilter, Order, Window, WindowFilter } from '../../domain/schemas/index.js';
import {
  AUDIENCE_FILTERS,
  EVENT_KINDS,
  EVENT_STATUSES,
  PLANS,
  WINDOW_FILTERS,
} from '../../domain/schemas/index.js';
import { dateEvent, exactEvent } from './events.js';

const DAY_MS = 86_400_000;
/** Events fall on 14 days from here, so same-day collisions are common. */
export const FIRST_DAY = Date.parse('2025-03-01T00:00:00Z');
const DAYS = 14;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const timeOfDay = fc.oneof(
  fc.constantFrom(0, 1, 12 * 3_600_000, DAY_MS - 1),
  fc.integer({ min: 0, max: DAY_MS - 1 }),
);

const plans: fc.Arbitrary<PublishedEvent['audience']['plans']> = fc.oneof(
  fc.constantFrom('all' as const, 'subscribers' as const, 'unspecified' as const),
  fc.uniqueArray(fc.constantFrom(...PLANS), { minLength: 1, maxLength: PLANS.length }),
);

const windows: fc.Arbitrary<Window[]> = fc.oneof(
  fc.constant<Window[]>(['unspecified']),
  fc.uniqueArray(fc.constantFrom('five_hour' as const, 'weekly' as const, 'other' as const), {
    minLength: 1,
    maxLength: 3,
  }),
);

/** A published event of any kind and status, exact or date-only, on one of a few days. */
const eventArb: fc.Arbitrary<PublishedEvent> = fc
  .record({
    // Slug ids that compare unlike their numbers (ev-10 < ev-9).
    id: fc.integer({ min: 0, max: 999 }).map((n) => `ev-${n}`),
    exact: fc.boolean(),
    day: fc.integer({ min: 0, max: DAYS - 1 }),
    time: timeOfDay,
    qualifying: fc.boolean(),
    kind: fc.constantFrom(...EVENT_KINDS),
    status: fc.constantFrom(...EVENT_STATUSES),
    scope: fc.constantFrom('broad' as const, 'limited' as const, 'unspecified' as const),
    plans,
    windows,
  })
  .map((r) => {
    const overrides = {
      // Half the events qualify outright; the rest are a random kind and status, which may too.
      kind: r.qualifying ? ('usage_reset' as const) : r.kind,
      event_status: r.qualifying ? ('confirmed' as const) : r.status,
      audience: { scope: r.scope, statement: 'As stated', plans: r.plans, exclusions: null },
      windows: r.windows,
    };
    const start = FIRST_DAY + r.day * DAY_MS;
    return r.exact
      ? exactEvent(r.id, new Date(start + r.time).toISOString(), overrides)
      : dateEvent(r.id, isoDay(start), overrides);
  });

/** Up to `maxLength` events with distinct ids. */
export const eventsArb = (maxLength = 40): fc.Arbitrary<PublishedEvent[]> =>
  fc.uniqueArray(eventArb, { selector: (event) => event.id, maxLength });

const OFFSETS = [
  ['Z', 0],
  ['+02:00', 120],
  ['-05:00', -300],
  ['+05:30', 330],
] as const;

/** A `from`/`to` value: a calendar date, or a date-time in Z or with an offset, around the event days. */
const boundArb: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: -1, max: DAYS }).map((day) => isoDay(FIRST_DAY + day * DAY_MS)),
  fc
    .tuple(fc.integer({ min: -1, max: DAYS }), timeOfDay, fc.constantFrom(...OFFSETS))
    .map(([day, time, [suffix, minutes]]) => {
      const local = new Date(FIRST_DAY + day * DAY_MS + time + minutes * 60_000).toISOString().slice(0, 23);
      return `${local}${suffix}`;
    }),
);

export interface QueryCase {
  readonly order: Order;
  readonly audience: AudienceFilter;
  readonly window: WindowFilter;
  readonly from: string | undefined;
  readonly to: string | undefined;
}

export const queryArb: fc.Arbitrary<QueryCase> = fc.record({
  order: fc.constantFrom('asc' as const, 'desc' as const),
  audience: fc.constantFrom(...AUDIENCE_FILTERS),
  window: fc.constantFrom(...WINDOW_FILTERS),
  from: fc.option(boundArb, { nil: undefined }),
  to: fc.option(boundArb, { nil: undefined }),
});

/** Page sizes for successive pages: mostly small, so walks have many pages. */
export const limitsArb = fc.array(
  fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 100 })),
  { minLength: 1, maxLength: 4 },
);

/** Runs a property inside an ava test, so a failure shows fast-check's shrunk counterexample. */
export function holds(
  t: ExecutionContext,
  property: fc.IProperty<never> | fc.IProperty<unknown[]>,
  numRuns = 100,
): void {
  t.notThrows(() => fc.assert(property as fc.IProperty<unknown[]>, { numRuns }));
}

/** The same JSON with object keys in reverse order at every level. */
export function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, inner]) => [key, reverseKeys(inner)]),
  );
}
