import type { FilterView } from '../../../../domain/catalog.js';
import { buildGapSeries, buildTimeline } from '../../../../domain/charts.js';
import type { SafeHtml } from '../html.js';
import { html } from '../html.js';
import type { DataLink } from './figure.js';
import { gapChart } from './gap-chart.js';
import { timelineChart } from './timeline-chart.js';

/**
 * The home page's two charts for one filter combination. `search` is the filters' query string
 * (`?audience=…&window=…`, or empty), so each chart links the API data it shows.
 */
export function homeCharts(view: FilterView, filterLabel: string, search: string): SafeHtml {
  const join = (extra: string) => (search ? `${search}&${extra}` : `?${extra}`);
  const resets: DataLink = {
    href: `/api/v1/resets${join('order=asc&limit=100')}`,
    label: 'counted resets (JSON)',
  };
  const status: DataLink = { href: `/api/v1/status${search}`, label: 'status and stats (JSON)' };
  const csv: DataLink = { href: `/resets.csv${search}`, label: 'counted resets (CSV)' };
  const timeline = buildTimeline(view);
  const note =
    timeline.omitted > 0
      ? html`<p class="muted small">
          The charts show the latest ${timeline.points.length} of ${view.ascending.length} counted resets; the
          whole history is on <a href="/history${search}">the history pages</a> and in the API.
        </p>`
      : '';
  return html`${timelineChart(timeline, filterLabel, [resets, csv, status])}
  ${gapChart(buildGapSeries(view), filterLabel, [status, resets, csv])} ${note}`;
}
