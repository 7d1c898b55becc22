import { z } from 'zod';
import {
  AudienceFilter,
  CalendarDate,
  Classification,
  Priority,
  UtcDateTime,
  WindowFilter,
} from './enums.js';
import { ResetSummary } from './event.js';

const count = () => z.int().min(0);

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
    content_revision: z.string(),
    editorial_reviewed_at: UtcDateTime,
    coverage_start: CalendarDate,
  })
  .meta({ id: 'Meta', description: 'Response metadata, present in every 200 response.' });

/** docs/api-contract.md §2.7 */
export const Filters = z
  .strictObject({ audience: AudienceFilter, window: WindowFilter })
  .meta({ id: 'Filters', description: 'The filters the response was computed with.' });

/** docs/api-contract.md §2.8 */
export const SourceAccount = z
  .strictObject({
    id: z.string(),
    handle: z.string(),
    display_name: z.string(),
    profile_url: z.url(),
    classification: Classification,
    priority: Priority,
    relevance: z.string(),
    affiliation_evidence_url: z.url(),
    affiliation_evidence_note: z.string(),
    reset_evidence_urls: z.array(z.url()),
    verification_method: z.string(),
    last_reviewed_at: UtcDateTime,
    active: z.boolean(),
    limitations: z.string().nullable(),
  })
  .meta({ id: 'SourceAccount', description: 'A public account the tracker watches.' });

/** docs/api-contract.md §2.9 */
export const Pagination = z
  .strictObject({
    has_more: z.boolean(),
    next_cursor: z.string().nullable(),
    revision_changed: z.boolean(),
  })
  .meta({ id: 'Pagination', description: 'Keyset pagination state.' });

/** docs/api-contract.md §7: RFC 9457 problem details. */
export const Problem = z
  .strictObject({
    type: z.url(),
    title: z.string(),
    status: z.int().min(400).max(599),
    code: z.string(),
    detail: z.string(),
    parameter: z.string().optional(),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 problem details.' });

export const StatusData = z.strictObject({
  latest_reset: ResetSummary.nullable(),
  latest_ambiguous: z.array(ResetSummary).nullable(),
  announced_reset: ResetSummary.nullable(),
  active_watch: z.null(),
  stats: Stats,
  filters: Filters,
});

export const StatusResponse = z.strictObject({ data: StatusData, meta: Meta }).meta({ id: 'StatusResponse' });

export const ResetsResponse = z
  .strictObject({ data: z.array(ResetSummary), pagination: Pagination, meta: Meta })
  .meta({ id: 'ResetsResponse' });

export const SourcesResponse = z
  .strictObject({ data: z.array(SourceAccount), meta: Meta })
  .meta({ id: 'SourcesResponse' });

export type Stats = z.infer<typeof Stats>;
export type Meta = z.infer<typeof Meta>;
export type Filters = z.infer<typeof Filters>;
export type SourceAccount = z.infer<typeof SourceAccount>;
export type Pagination = z.infer<typeof Pagination>;
export type Problem = z.infer<typeof Problem>;
export type StatusData = z.infer<typeof StatusData>;
export type StatusResponse = z.infer<typeof StatusResponse>;
export type ResetsResponse = z.infer<typeof ResetsResponse>;
export type SourcesResponse = z.infer<typeof SourcesResponse>;
