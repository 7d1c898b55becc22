import { z } from 'zod';
import {
  Allocation,
  AudienceScope,
  CorrectionKind,
  EventKind,
  EventStatus,
  PLANS,
  Plan,
  PlanGroup,
  SourceKind,
  SourceRole,
  TimePrecision,
  WINDOWS,
  Window,
} from './enums.js';
import { CONTENT_LIMITS, CalendarDate, Slug, UtcDateTime, anyUrl, httpsUrl, int32, text } from './limits.js';

/*
 * The published event record. Every bound is the one the content files are checked with
 * (`./limits.ts`, `domain/content/files.ts`), so what the loader accepts always passes here.
 */

export const Audience = z
  .strictObject({
    scope: AudienceScope,
    statement: text(CONTENT_LIMITS.statement),
    // At most every plan once: the content file refuses repeats.
    plans: z.union([PlanGroup, z.array(Plan).min(1).max(PLANS.length)]),
    exclusions: text(CONTENT_LIMITS.statement).nullable(),
  })
  .meta({ id: 'Audience', description: 'Who the event applies to, as stated by its sources.' });

export const SourceEntry = z
  .strictObject({
    url: httpsUrl(),
    handle: text(CONTENT_LIMITS.name),
    display_name: text(CONTENT_LIMITS.name),
    role: SourceRole,
    kind: SourceKind,
    posted_at: UtcDateTime.nullable(),
    excerpt: text(CONTENT_LIMITS.excerpt).nullable(),
  })
  .meta({ id: 'SourceEntry', description: 'One public post or page reporting the event.' });

export const Correction = z
  .strictObject({
    kind: CorrectionKind,
    reason: text(CONTENT_LIMITS.reason),
    at: UtcDateTime,
  })
  .meta({ id: 'Correction', description: 'A correction or retraction of the event record.' });

/** docs/api-contract.md §2.1: the published event record. */
export const ResetSummary = z
  .strictObject({
    id: Slug,
    kind: EventKind,
    event_status: EventStatus,
    title: text(CONTENT_LIMITS.title),
    summary: text(CONTENT_LIMITS.summary),
    time_precision: TimePrecision,
    announced_at: UtcDateTime.nullable(),
    announced_on: CalendarDate.nullable(),
    utc_day: CalendarDate.nullable(),
    effective_at: UtcDateTime.nullable(),
    effective_note: text(CONTENT_LIMITS.note).nullable(),
    allocation: Allocation,
    audience: Audience,
    // At most every window once: the content file refuses repeats.
    windows: z.array(Window).min(1).max(WINDOWS.length),
    sources: z.array(SourceEntry).min(1).max(CONTENT_LIMITS.sourcesPerEvent),
    // `{PUBLIC_BASE_URL}/events/{id}`: the base URL is bounded so that this stays a URL's bound.
    url: anyUrl(),
    first_published_at: UtcDateTime,
    revised_at: UtcDateTime,
    revision: int32(1),
    correction: Correction.nullable(),
    related_event_ids: z.array(Slug).max(CONTENT_LIMITS.relatedEvents),
  })
  .meta({ id: 'ResetSummary', description: 'One real-world event, merged from all its source posts.' });

export type Audience = z.infer<typeof Audience>;
export type SourceEntry = z.infer<typeof SourceEntry>;
export type Correction = z.infer<typeof Correction>;
export type ResetSummary = z.infer<typeof ResetSummary>;

/** Frozen records `PublishedRecord` has checked in full; held weakly, so a replaced revision's go. */
const validatedRecords = new WeakSet<object>();

/** Whether `value` is a frozen record `PublishedRecord` has already checked in full. */
export function isPublishedRecord(value: unknown): value is ResetSummary {
  return typeof value === 'object' && value !== null && validatedRecords.has(value);
}

/**
 * A record in a procedure's output, checked in full by ResetSummary the first time it is answered and,
 * when it is frozen (the catalog deep-freezes every record of a content revision, so it stays what was
 * checked), remembered: later responses name it by identity and check only their envelope. The value
 * is the record itself, not a copy. Documented as ResetSummary: a `$ref` to its component, which the
 * OpenAPI document and the MCP tools' schemas define from ResetSummary itself.
 */
export const PublishedRecord = z
  .custom<ResetSummary>(
    (value) => {
      if (isPublishedRecord(value)) return true;
      if (!ResetSummary.safeParse(value).success) return false;
      if (Object.isFrozen(value)) validatedRecords.add(value as object);
      return true;
    },
    {
      // Only on the failing path: ResetSummary's own issues, read again.
      error: (issue) => {
        const result = ResetSummary.safeParse(issue.input);
        return result.success
          ? 'Expected an event record'
          : `Not an event record: ${z.prettifyError(result.error)}`;
      },
    },
  )
  .meta({ override: { $ref: '#/components/schemas/ResetSummary' } });
