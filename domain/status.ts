import type { Catalog } from './catalog.js';
import { viewFor } from './catalog.js';
import type { FilterSet } from './filters.js';
import type { Meta, StatusData } from './schemas/index.js';
import { daysSince } from './stats.js';
import { MINUTE_MS, toIso } from './time.js';

/**
 * The instant a status body is computed for: the start of the minute holding `now`. `days_since_last`
 * moves with the clock, so bodies built in the same minute (on any process) are identical; caches of
 * status bodies key on this instant.
 */
export function statusInstant(now: number): number {
  return Math.floor(now / MINUTE_MS) * MINUTE_MS;
}

/**
 * docs/api-contract.md §4.1: the latest confirmed reset, an announced one, and the stats, for one
 * filter combination.
 */
export function getStatus(catalog: Catalog, filters: FilterSet, now: number): StatusData {
  const view = viewFor(catalog, filters);
  const { stats } = view;
  return {
    latest_reset: view.latest.latest?.record ?? null,
    latest_ambiguous: view.latest.ambiguous?.map((event) => event.record) ?? null,
    announced_reset: view.announced,
    active_watch: null,
    stats: {
      total: stats.total,
      last_reset_at: stats.last_reset_at,
      last_reset_on: stats.last_reset_on,
      days_since_last: daysSince(stats.last_reset_at, statusInstant(now)),
      avg_interval_days: stats.avg_interval_days,
      longest_gap_days: stats.longest_gap_days,
      eligible_gaps: stats.eligible_gaps,
      total_gaps: stats.total_gaps,
      exact_count: stats.exact_count,
      partial_sample: stats.partial_sample,
    },
    filters: { audience: filters.audience, window: filters.window },
  };
}

/** docs/api-contract.md §2.6 */
export function buildMeta(catalog: Pick<Catalog, 'revision' | 'collection'>, generatedAt: number): Meta {
  return {
    api_version: 'v1',
    generated_at: toIso(generatedAt),
    content_revision: catalog.revision,
    editorial_reviewed_at: catalog.collection.editorial_reviewed_at,
    coverage_start: catalog.collection.coverage_start,
  };
}
