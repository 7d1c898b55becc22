import { z } from 'zod';
import { AudienceFilter, Order, WindowFilter } from './enums.js';
import { CalendarDate, Cursor, OffsetDateTime, PAGE_LIMIT } from './limits.js';

/** A `from`/`to` bound: a calendar date, or a date-time that carries `Z` or an offset. */
const TimeBound = z.union([CalendarDate, OffsetDateTime]).meta({
  description: 'ISO 8601 date (`YYYY-MM-DD`, the whole UTC day) or date-time with `Z` or an offset.',
  examples: ['2025-03-03', '2025-03-03T12:00:00Z'],
});

const DECIMAL = /^[0-9]{1,9}$/;

/**
 * A count given as text (a query string, or a string in tRPC's JSON input) is read only when it is
 * plain decimal digits: `0x10`, `1e2`, `100.0`, `' 5'` and `+5` stay strings, and the integer check
 * refuses them, where `Number()` would have read each as a number. Typed as taking a number, so typed
 * clients are asked for one.
 */
function readDecimal(value: number): unknown {
  const given: unknown = value;
  return typeof given === 'string' && DECIMAL.test(given) ? Number(given) : given;
}

export const StatusQuery = z.strictObject({
  audience: AudienceFilter.default('all').meta({ description: 'Audience filter.' }),
  window: WindowFilter.default('any').meta({ description: 'Usage-window filter.' }),
});

/**
 * The live status subscription's input: the status filters, and the `id` of the last event a
 * reconnecting client received (tRPC passes `Last-Event-ID` in as `lastEventId`). Any text is taken:
 * an id that is not the current revision only means the client gets the current status.
 */
export const StatusSubscriptionInput = StatusQuery.extend({
  lastEventId: z
    .string()
    .max(256)
    .meta({ description: 'The `id` (content revision) of the last status event received.' })
    .optional(),
});

export const ResetsQuery = z.strictObject({
  limit: z
    .preprocess(
      readDecimal,
      z
        .int32()
        .min(PAGE_LIMIT.min)
        .max(PAGE_LIMIT.max)
        .meta({
          format: 'int32',
          description: `Page size, ${PAGE_LIMIT.min} to ${PAGE_LIMIT.max}: a decimal integer, without sign, spaces or exponent.`,
          default: PAGE_LIMIT.default,
        }),
    )
    .default(PAGE_LIMIT.default),
  cursor: Cursor.meta({
    description: 'Opaque cursor from `pagination.next_cursor` of the previous page.',
  }).optional(),
  from: TimeBound.meta({ description: 'Include events at or after this date or time.' }).optional(),
  to: TimeBound.meta({ description: 'Include events at or before this date or time.' }).optional(),
  // No Zod default: with a cursor, a parameter left out takes the cursor's value (domain/cursor.ts).
  order: Order.meta({ description: 'Announcement-time order.', default: 'desc' }).optional(),
  audience: AudienceFilter.meta({ description: 'Audience filter.', default: 'all' }).optional(),
  window: WindowFilter.meta({ description: 'Usage-window filter.', default: 'any' }).optional(),
});

export type StatusQuery = z.infer<typeof StatusQuery>;
export type StatusSubscriptionInput = z.infer<typeof StatusSubscriptionInput>;
export type ResetsQuery = z.infer<typeof ResetsQuery>;
export type ResetsQueryInput = z.input<typeof ResetsQuery>;
