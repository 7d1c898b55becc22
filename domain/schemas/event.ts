import { z } from 'zod';
import {
  Allocation,
  AudienceScope,
  CalendarDate,
  CorrectionKind,
  EventKind,
  EventStatus,
  Plan,
  PlanGroup,
  SourceKind,
  SourceRole,
  TimePrecision,
  UtcDateTime,
  Window,
} from './enums.js';

export const Audience = z
  .strictObject({
    scope: AudienceScope,
    statement: z.string().min(1),
    plans: z.union([PlanGroup, z.array(Plan).min(1)]),
    exclusions: z.string().nullable(),
  })
  .meta({ id: 'Audience', description: 'Who the event applies to, as stated by its sources.' });

export const SourceEntry = z
  .strictObject({
    url: z.url(),
    handle: z.string().min(1),
    display_name: z.string().min(1),
    role: SourceRole,
    kind: SourceKind,
    posted_at: UtcDateTime.nullable(),
    excerpt: z.string().nullable(),
  })
  .meta({ id: 'SourceEntry', description: 'One public post or page reporting the event.' });

export const Correction = z
  .strictObject({
    kind: CorrectionKind,
    reason: z.string().min(1),
    at: UtcDateTime,
  })
  .meta({ id: 'Correction', description: 'A correction or retraction of the event record.' });

/** docs/api-contract.md §2.1: the published event record. */
export const ResetSummary = z
  .strictObject({
    id: z.string(),
    kind: EventKind,
    event_status: EventStatus,
    title: z.string(),
    summary: z.string(),
    time_precision: TimePrecision,
    announced_at: UtcDateTime.nullable(),
    announced_on: CalendarDate.nullable(),
    utc_day: CalendarDate.nullable(),
    effective_at: UtcDateTime.nullable(),
    effective_note: z.string().nullable(),
    allocation: Allocation,
    audience: Audience,
    windows: z.array(Window),
    sources: z.array(SourceEntry),
    url: z.url(),
    first_published_at: UtcDateTime,
    revised_at: UtcDateTime,
    revision: z.int().min(1),
    correction: Correction.nullable(),
    related_event_ids: z.array(z.string()),
  })
  .meta({ id: 'ResetSummary', description: 'One real-world event, merged from all its source posts.' });

export type Audience = z.infer<typeof Audience>;
export type SourceEntry = z.infer<typeof SourceEntry>;
export type Correction = z.infer<typeof Correction>;
export type ResetSummary = z.infer<typeof ResetSummary>;
