import type { Catalog } from '../../../domain/catalog.js';
import { viewFor } from '../../../domain/catalog.js';
import { describeWindows } from '../labels.js';
import type { FilterSet } from '../../../domain/filters.js';
import { AUDIENCE_FILTERS, WINDOW_FILTERS } from '../../../domain/schemas/index.js';
import type { ResetSummary } from '../../../domain/schemas/index.js';
import type { AlertsOptions } from './alerts-control.js';
import { alertsControl } from './alerts-control.js';
import { homeCharts } from './charts/home-charts.js';
import { yearCalendar } from '../../../domain/calendar.js';
import { yearCalendarHtml } from './year-calendar.js';
import { daysAgo, dateTag, formatDays, timeTag, whenTag } from './format.js';
import type { SafeHtml } from './html.js';
import { html } from './html.js';
import { FEED_PATHS } from '../site-info.js';

const DEFAULT_FILTERS: FilterSet = { audience: 'all', window: 'any' };

const AUDIENCE_LABELS = { all: 'Everyone', broad: 'Broad', max: 'Max', pro: 'Pro', team: 'Team' } as const;
const WINDOW_FILTER_LABELS = { any: 'Any window', five_hour: 'Five-hour', weekly: 'Weekly' } as const;

/** `/` with the filters in the query, defaults left out, so each view has one address. */
export function homeHref(filters: FilterSet): string {
  const query = new URLSearchParams();
  if (filters.audience !== DEFAULT_FILTERS.audience) query.set('audience', filters.audience);
  if (filters.window !== DEFAULT_FILTERS.window) query.set('window', filters.window);
  const search = query.toString();
  return search ? `/?${search}` : '/';
}

/** "Max, weekly": the filters in words, for captions. */
export const filterLabel = (filters: FilterSet) =>
  `${AUDIENCE_LABELS[filters.audience]}, ${WINDOW_FILTER_LABELS[filters.window].toLowerCase()}`;

const eventLink = (event: ResetSummary) => html`<a href="${new URL(event.url).pathname}">${event.title}</a>`;

function latestCard(catalog: Catalog, filters: FilterSet, days: number | null): SafeHtml {
  const { latest } = viewFor(catalog, filters);
  if (latest.ambiguous) {
    const day = latest.ambiguous[0]?.day ?? '';
    return html`<section class="card hero" aria-labelledby="latest">
      <h2 id="latest" class="muted small">Latest reset</h2>
      <p class="big">${dateTag(day)}</p>
      <p>
        Several resets were announced that day and their order is not known, so any of these may be the
        latest:
      </p>
      <ul>
        ${latest.ambiguous.map((event) => html`<li>${eventLink(event.record)} · ${whenTag(event.record)}</li>`)}
      </ul>
    </section>`;
  }
  const event = latest.latest?.record;
  if (!event) {
    return html`<section class="card hero" aria-labelledby="latest">
      <h2 id="latest" class="muted small">Latest reset</h2>
      <p class="big">None recorded</p>
      <p>No counted reset matches these filters.</p>
    </section>`;
  }
  return html`<section class="card hero" aria-labelledby="latest">
    <h2 id="latest" class="muted small">Latest reset</h2>
    <p class="big">${days === null ? whenTag(event) : daysAgo(days)}</p>
    <p>${eventLink(event)}</p>
    <p class="muted small">
      ${whenTag(event)} · ${event.audience.statement} · windows: ${describeWindows(event.windows)}
    </p>
  </section>`;
}

function announcedCard(announced: ResetSummary | null): SafeHtml {
  if (!announced) return html``;
  return html`<section class="card" aria-labelledby="announced">
    <h2 id="announced" class="muted small">Announced, awaiting confirmation</h2>
    <p>${eventLink(announced)}</p>
    <p class="muted small">
      Announced
      ${whenTag(announced)}${
        announced.effective_at ? html` · stated for ${timeTag(announced.effective_at)}` : ''
      }
      · ${announced.audience.statement}. Not counted until it is confirmed.
    </p>
  </section>`;
}

function filterNav(filters: FilterSet): SafeHtml {
  const chip = (target: FilterSet, label: string, current: boolean) =>
    html`<li><a href="${homeHref(target)}" ${current ? html` aria-current="true"` : ''}>${label}</a></li>`;
  return html`<nav class="filters" aria-label="Filters">
    <div>
      <span class="label">Audience</span>
      <ul>
        ${AUDIENCE_FILTERS.map((audience) =>
          chip({ ...filters, audience }, AUDIENCE_LABELS[audience], audience === filters.audience),
        )}
      </ul>
    </div>
    <div>
      <span class="label">Window</span>
      <ul>
        ${WINDOW_FILTERS.map((window) =>
          chip({ ...filters, window }, WINDOW_FILTER_LABELS[window], window === filters.window),
        )}
      </ul>
    </div>
  </nav>`;
}

function statsList(catalog: Catalog, filters: FilterSet): SafeHtml {
  const { stats } = viewFor(catalog, filters);
  const item = (label: string, value: string | number) =>
    html`<div>
      <dt>${label}</dt>
      <dd>${value}</dd>
    </div>`;
  return html`<dl class="stats">
      ${item('Counted resets', stats.total)} ${item('Average interval', formatDays(stats.avg_interval_days))}
      ${item('Longest gap', formatDays(stats.longest_gap_days))}
      ${item('Measured gaps', `${stats.eligible_gaps} of ${stats.total_gaps}`)}
      ${item('Exact times', `${stats.exact_count} of ${stats.total}`)}
    </dl>
    ${stats.partial_sample ? html`<p class="muted small">Some gaps touch a date-only record and cannot be measured; averages use the measurable gaps only.</p>` : ''}`;
}

/** Rows of the counted history on the home page; the rest is on `/history`, page by page. */
export const HOME_HISTORY_ROWS = 25;
/** Rows of one `/history` page. */
export const HISTORY_PAGE_ROWS = 100;

/** `/history` with the filters and the page in the query, defaults left out. */
export function historyHref(filters: FilterSet, page: number): string {
  const query = new URLSearchParams(homeHref(filters).slice(2));
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return search ? `/history?${search}` : '/history';
}

/** The counted history, newest first, rows `from` (0-based) up to `from + count`. */
export function historyTable(catalog: Catalog, filters: FilterSet, from: number, count: number): SafeHtml {
  const { ascending } = viewFor(catalog, filters);
  const rows: ResetSummary[] = [];
  for (let i = ascending.length - 1 - from; i >= 0 && rows.length < count; i -= 1)
    rows.push(ascending[i]!.record);
  if (rows.length === 0) return html`<p>No counted reset matches these filters.</p>`;
  return html`<div class="table-scroll">
    <table>
      <thead>
        <tr>
          <th scope="col">Announced (UTC)</th>
          <th scope="col">Event</th>
          <th scope="col" class="hide-narrow">Applies to</th>
          <th scope="col" class="hide-narrow">Windows</th>
        </tr>
      </thead>
      <tbody>
        ${rows.map(
          (record) =>
            html`<tr>
              <td class="when">${whenTag(record)}</td>
              <td>${eventLink(record)}</td>
              <td class="hide-narrow">${record.audience.statement}</td>
              <td class="hide-narrow">${describeWindows(record.windows)}</td>
            </tr> `,
        )}
      </tbody>
    </table>
  </div>`;
}

/** The home page body for one filter combination; `days` is the whole days since the latest exact reset. */
export function homeMain(
  catalog: Catalog,
  filters: FilterSet,
  days: number | null,
  alerts: AlertsOptions,
  today: string,
): SafeHtml {
  const view = viewFor(catalog, filters);
  return html`<h1>Usage-limit resets: the latest, and how often</h1>
    ${filterNav(filters)}
    <div class="grid">${latestCard(catalog, filters, days)}${announcedCard(view.announced)}</div>
    <h2>Statistics</h2>
    ${statsList(catalog, filters)}
    ${yearCalendarHtml(yearCalendar(view, catalog.collection.coverage_start, today), filterLabel(filters))}
    ${homeCharts(view, filterLabel(filters), homeHref(filters).slice(1))}
    <h2 id="history">Counted history</h2>
    <p class="muted small">
      Confirmed usage resets matching the filters, newest first. Cancelled and retracted events keep their
      pages but are not counted.
    </p>
    ${historyTable(catalog, filters, 0, HOME_HISTORY_ROWS)}
    ${
      view.ascending.length > HOME_HISTORY_ROWS
        ? html`<p>
            <a href="${historyHref(filters, 1)}"
              >The whole counted history (${view.ascending.length} resets) →</a
            >
          </p>`
        : ''
    }
    ${alertsControl(filters, filterLabel(filters), alerts)}
    <h2>Use the data</h2>
    <ul class="links">
      <li><a href="${FEED_PATHS.rss}">RSS feed</a></li>
      <li><a href="${FEED_PATHS.json}">JSON Feed</a></li>
      <li><a href="/sources">Sources we watch</a></li>
      <li><a href="/docs">API documentation</a></li>
      <li><a href="/api/v1/status${homeHref(filters).slice(1)}">This view as JSON</a></li>
    </ul>
    <p class="muted small">
      Content revision <code>${catalog.revision}</code> · sources last reviewed
      ${timeTag(catalog.collection.editorial_reviewed_at)} · coverage from
      ${dateTag(catalog.collection.coverage_start)}.
    </p>`;
}
