import type { FilterView } from '../../../../domain/catalog.js';
import { buildGapSeries, buildTimeline } from '../../../../domain/charts.js';
import type { Lang } from '../../i18n/lang.js';
import type { SafeHtml } from '../../html.js';
import { html } from '../../html.js';
import type { DataLink } from './figure.js';
import { gapChart } from './gap-chart.js';
import { timelineChart } from './timeline-chart.js';

/**
 * The home page's two charts for one filter combination. `search` is the filters' query string
 * (`?audience=…&window=…`, or empty), so each chart links the API data it shows.
 */
export function homeCharts(lang: Lang, view: FilterView, filterLabel: string, search: string): SafeHtml {
  const { t } = lang;
  const join = (extra: string) => (search ? `${search}&${extra}` : `?${extra}`);
  const resets: DataLink = {
    href: `/api/v1/resets${join('order=asc&limit=100')}`,
    label: t.charts.resetsJson,
  };
  const status: DataLink = { href: `/api/v1/status${search}`, label: t.charts.statusJson };
  const csv: DataLink = { href: `/resets.csv${search}`, label: t.charts.resetsCsv };
  const timeline = buildTimeline(view);
  const note =
    timeline.omitted > 0
      ? html`<p class="muted small">
          ${t.charts.omitted(
            lang.integer(timeline.points.length),
            lang.integer(view.ascending.length),
            html`<a href="${lang.href(`/history${search}`)}">${t.charts.historyPages}</a>`,
          )}
        </p>`
      : '';
  return html`${timelineChart(lang, timeline, filterLabel, [resets, csv, status])}
  ${gapChart(lang, buildGapSeries(view), filterLabel, [status, resets, csv])} ${note}`;
}
