import { z } from 'zod';
import { AudienceFilter, Classification, Priority, WindowFilter } from './enums.js';
import { PublishedRecord, ResetSummary } from './event.js';
import {
  CONTENT_LIMITS,
  CalendarDate,
  ContentRevision,
  Slug,
  Cursor,
  PAGE_LIMIT,
  PROBLEM_DETAIL_MAX_LENGTH,
  REQUEST_HEAD_MAX_BYTES,
  UtcDateTime,
  anyUrl,
  int32,
  text,
} from './limits.js';
import { PROBLEM_CODES, PROBLEM_TITLES } from './problems.js';

const count = () => int32(0);

/** docs/api-contract.md §2.5 */
export const Stats = z
  .strictObject({
    total: count(),
    last_reset_at: UtcDateTime.nullable(),
    last_reset_on: CalendarDate.nullable(),
    days_since_last: z.number().min(0).nullable(),
    avg_interval_days: z.number().min(0).nullable(),
    longest_gap_days: z.number().min(0).nullable(),
    eligible_gaps: count(),
    total_gaps: count(),
    exact_count: count(),
    partial_sample: z.boolean(),
  })
  .meta({ id: 'Stats', description: 'Statistics over the qualifying events matching the filters.' });

/** docs/api-contract.md §2.6 */
export const Meta = z
  .strictObject({
    api_version: z.literal('v1'),
    generated_at: UtcDateTime,
    content_revision: ContentRevision,
    editorial_reviewed_at: UtcDateTime,
    coverage_start: CalendarDate,
  })
  .meta({ id: 'Meta', description: 'Response metadata, present in every 200 response.' });

/**
 * docs/api-contract.md §2.7
 * @public Imported by no module: the client's contract generator names it (client/scripts/contract.ts).
 */
export const Filters = z
  .strictObject({ audience: AudienceFilter, window: WindowFilter })
  .meta({ id: 'Filters', description: 'The filters the response was computed with.' });

/** docs/api-contract.md §2.8 */
export const SourceAccount = z
  .strictObject({
    id: Slug,
    handle: text(CONTENT_LIMITS.name),
    display_name: text(CONTENT_LIMITS.name),
    profile_url: anyUrl(),
    classification: Classification,
    priority: Priority,
    relevance: text(CONTENT_LIMITS.accountText),
    affiliation_evidence_url: anyUrl(),
    affiliation_evidence_note: text(CONTENT_LIMITS.accountText),
    reset_evidence_urls: z.array(anyUrl()).max(CONTENT_LIMITS.evidenceUrls),
    verification_method: text(CONTENT_LIMITS.accountText),
    last_reviewed_at: UtcDateTime,
    active: z.boolean(),
    limitations: text(CONTENT_LIMITS.accountText).nullable(),
  })
  .meta({ id: 'SourceAccount', description: 'A public account the tracker watches.' });

/** docs/api-contract.md §2.9 */
export const Pagination = z
  .strictObject({
    has_more: z.boolean(),
    next_cursor: Cursor.nullable(),
    revision_changed: z.boolean(),
  })
  .meta({ id: 'Pagination', description: 'Keyset pagination state.' });

/** docs/api-contract.md §7: RFC 9457 problem details. */
export const Problem = z
  .strictObject({
    // `{PUBLIC_BASE_URL}/problems/{code}`: the base URL is bounded so that this stays a URL's bound.
    type: anyUrl(),
    title: z.enum(PROBLEM_TITLES),
    status: int32(400, 599),
    code: z.enum(PROBLEM_CODES),
    // The wording is the service's own, but it may quote what the request sent (a parameter's
    // name), so its bound is the size of a request's head.
    detail: text(PROBLEM_DETAIL_MAX_LENGTH),
    parameter: text(REQUEST_HEAD_MAX_BYTES).optional(),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 problem details.' });

/**
 * The bodies that carry event records, around a record schema: `ResetSummary` (the contract, which
 * checks every field) or `PublishedRecord` (what the procedures answer with: records the catalog
 * validated by ResetSummary once per content revision; docs/architecture.md).
 */
function recordBodies<R extends z.ZodType<ResetSummary>>(record: R) {
  const StatusData = z.strictObject({
    latest_reset: record.nullable(),
    // Each date-only event of the newest day and at most one exact event (docs/product-decisions.md §5).
    latest_ambiguous: z
      .array(record)
      .min(2)
      .max(CONTENT_LIMITS.dateOnlyEventsPerDay + 1)
      .nullable(),
    announced_reset: record.nullable(),
    active_watch: z.null(),
    stats: Stats,
    filters: Filters,
  });
  return {
    StatusData,
    StatusResponse: z.strictObject({ data: StatusData, meta: Meta }).meta({ id: 'StatusResponse' }),
    ResetsResponse: z
      .strictObject({ data: z.array(record).max(PAGE_LIMIT.max), pagination: Pagination, meta: Meta })
      .meta({ id: 'ResetsResponse' }),
  };
}

/** The contract's bodies: every field of every record checked (clients and tests read with these). */
export const { StatusData, StatusResponse, ResetsResponse } = recordBodies(ResetSummary);

/**
 * The same bodies as the procedures' outputs: the envelope checked on every call, each record by
 * identity as one the catalog validated. The OpenAPI document, the MCP tools' schemas and the tRPC
 * types come from these, and read as the contract's.
 */
export const PublishedBodies = recordBodies(PublishedRecord);

export const SourcesResponse = z
  .strictObject({ data: z.array(SourceAccount).max(CONTENT_LIMITS.accounts), meta: Meta })
  .meta({ id: 'SourcesResponse' });

export type Stats = z.infer<typeof Stats>;
export type Meta = z.infer<typeof Meta>;
/** @public As `Filters` above. */
export type Filters = z.infer<typeof Filters>;
export type SourceAccount = z.infer<typeof SourceAccount>;
export type Pagination = z.infer<typeof Pagination>;
export type Problem = z.infer<typeof Problem>;
export type StatusData = z.infer<typeof StatusData>;
export type StatusResponse = z.infer<typeof StatusResponse>;
export type ResetsResponse = z.infer<typeof ResetsResponse>;
export type SourcesResponse = z.infer<typeof SourcesResponse>;
