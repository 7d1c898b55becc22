import { z } from 'zod';
import {
  Allocation,
  AudienceScope,
  CalendarDate,
  EventKind,
  EventStatus,
  Plan,
  PlanGroup,
  Slug,
  SourceKind,
  SourceRole,
  TimePrecision,
  UtcDateTime,
  Window,
} from '../schemas/enums.js';
import { Correction } from '../schemas/event.js';
import { SourceAccount } from '../schemas/api.js';

/*
 * The shapes of the files a curator edits (see content/README.md). They differ from the published
 * record only where a value is derived: `url` and `utc_day` are never written, `announced_at` and
 * `posted_at` may be left out when the post id encodes them, and null fields may be omitted.
 */

const unique = <T>(items: readonly T[]) => new Set(items).size === items.length;

export const AudienceFile = z.strictObject({
  scope: AudienceScope,
  statement: z.string().min(1),
  // Without its own message a failed union reports only "Invalid input", which names no rule.
  plans: z.union([PlanGroup, z.array(Plan).min(1).refine(unique, 'plans must not repeat')], {
    error: `must be "all", "subscribers", "unspecified" or a list of plans (${Plan.options.join(', ')})`,
  }),
  exclusions: z.string().min(1).nullish(),
});

export const SourceEntryFile = z.strictObject({
  url: z.url({ protocol: /^https$/ }),
  handle: z.string().min(1),
  display_name: z.string().min(1),
  role: SourceRole,
  kind: SourceKind,
  posted_at: UtcDateTime.nullish(),
  excerpt: z.string().min(1).nullish(),
});

export const EventFile = z.strictObject({
  id: Slug,
  kind: EventKind,
  event_status: EventStatus,
  title: z.string().min(1),
  summary: z.string().min(1),
  time_precision: TimePrecision,
  announced_at: UtcDateTime.nullish(),
  announced_on: CalendarDate.nullish(),
  effective_at: UtcDateTime.nullish(),
  effective_note: z.string().min(1).nullish(),
  allocation: Allocation,
  audience: AudienceFile,
  windows: z
    .array(Window)
    .min(1)
    .refine(unique, 'windows must not repeat')
    .refine((w) => !w.includes('unspecified') || w.length === 1, '"unspecified" must stand alone'),
  sources: z.array(SourceEntryFile).min(1),
  first_published_at: UtcDateTime,
  revised_at: UtcDateTime,
  revision: z.int().min(1),
  correction: Correction.nullish(),
  related_event_ids: z.array(Slug).refine(unique, 'related_event_ids must not repeat').default([]),
});

export const SourcesFile = z.strictObject({
  sources: z.array(SourceAccount),
});

export const CollectionFile = z.strictObject({
  coverage_start: CalendarDate,
  editorial_reviewed_at: UtcDateTime,
  /** Shown on every data page of the site, e.g. that the set is demonstration data. */
  notice: z.string().min(1).nullish(),
});

export type EventFile = z.infer<typeof EventFile>;
export type SourcesFile = z.infer<typeof SourcesFile>;
export type CollectionFile = z.infer<typeof CollectionFile>;
