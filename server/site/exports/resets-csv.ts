import { stringify } from 'csv-stringify/sync';
import type { FilterView } from '../../../domain/catalog.js';
import type { ResetSummary } from '../../../domain/schemas/index.js';

/** The columns of `/resets.csv`, in order; one row per counted reset. */
export const CSV_COLUMNS = [
  'id',
  'title',
  'time_precision',
  'announced_at',
  'announced_on',
  'utc_day',
  'audience_scope',
  'audience_statement',
  'plans',
  'windows',
  'allocation',
  'revision',
  'revised_at',
  'event_url',
  'source_url',
] as const;

function row(event: ResetSummary): Record<(typeof CSV_COLUMNS)[number], string | number> {
  const original = event.sources.find((source) => source.role === 'original') ?? event.sources[0];
  return {
    id: event.id,
    title: event.title,
    time_precision: event.time_precision,
    announced_at: event.announced_at ?? '',
    announced_on: event.announced_on ?? '',
    utc_day: event.utc_day ?? '',
    audience_scope: event.audience.scope,
    audience_statement: event.audience.statement,
    plans: typeof event.audience.plans === 'string' ? event.audience.plans : event.audience.plans.join(' '),
    windows: event.windows.join(' '),
    allocation: event.allocation,
    revision: event.revision,
    revised_at: event.revised_at,
    event_url: event.url,
    source_url: original?.url ?? '',
  };
}

/**
 * The counted history of one filter view as RFC 4180 CSV (CRLF line ends, a header row, quotes where
 * needed), oldest first, through csv-stringify: quoting rules are easy to get subtly wrong by hand.
 */
export function renderResetsCsv(view: FilterView): string {
  return stringify(
    view.ascending.map(({ record }) => row(record)),
    { header: true, columns: [...CSV_COLUMNS], record_delimiter: '\r\n' },
  );
}
