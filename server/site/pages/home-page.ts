import type { Catalog } from '../../../domain/catalog.js';
import { eventPath, viewFor } from '../../../domain/catalog.js';
import { describeWindows } from '../labels.js';
import type { FilterSet } from '../../../domain/filters.js';
import { AUDIENCE_FILTERS, WINDOW_FILTERS } from '../../../domain/schemas/index.js';
import type { ResetSummary } from '../../../domain/schemas/index.js';
import type { AlertsOptions } from '../resource.js';
import { alertsControl } from './alerts-control.js';
import { homeCharts } from './charts/home-charts.js';
import { yearCalendar } from '../../../domain/calendar.js';
import { yearCalendarHtml } from './year-calendar.js';
import { daysAgo, dateTag, formatDays, readUntilNote, timeTag, whenTag } from './format.js';
import type { SafeHtml } from '../html.js';
import { html } from '../html.js';
import { FEED_PATHS } from '../site-info.js';
import type { Lang } from '../i18n/lang.js';
import { eventText } from './event-text.js';

const DEFAULT_FILTERS: FilterSet = { audience: 'all', window: 'any' };

/** `/` with the filters in the query, defaults left out, so each view has one address. */
export function homeHref(filters: FilterSet): string {
  const query = new URLSearchParams();
  if (filters.audience !== DEFAULT_FILTERS.audience) query.set('audience', filters.audience);
  if (filters.window !== DEFAULT_FILTERS.window) query.set('window', filters.window);
  const search = query.toString();
  return search ? `/?${search}` : '/';
}

/** "Max, weekly": the filters in words, for captions. */
export const filterLabel = (lang: Lang, filters: FilterSet) =>
  lang.t.filters.label(lang.t.filters.audiences[filters.audience], lang.t.filters.windows[filters.window]);

/** A link to an event's page in the page's language, titled in it when translated (./event-text.ts). */
export const eventLink = (lang: Lang, catalog: Catalog, event: ResetSummary) =>
  html`<a href="${lang.href(eventPath(event.id))}">${eventText(lang, catalog, event).title}</a>`;

function latestCard(lang: Lang, catalog: Catalog, filters: FilterSet, days: number | null): SafeHtml {
  const { t } = lang;
  const { latest } = viewFor(catalog, filters);
  if (latest.ambiguous) {
    const day = latest.ambiguous[0]?.day ?? '';
    return html`<section class="card hero" aria-labelledby="latest">
      <h2 id="latest" class="muted small">${t.home.latest}</h2>
      <p class="big">${dateTag(lang, day)}</p>
      ${readUntilNote(lang, catalog.collection.material_until)}
      <p>${t.home.ambiguous}</p>
      <ul>
        ${latest.ambiguous.map(
          (event) =>
            html`<li>${eventLink(lang, catalog, event.record)} · ${whenTag(lang, event.record)}</li>`,
        )}
      </ul>
    </section>`;
  }
  const event = latest.latest?.record;
  if (!event) {
    return html`<section class="card hero" aria-labelledby="latest">
      <h2 id="latest" class="muted small">${t.home.latest}</h2>
      <p class="big">${t.home.noneRecorded}</p>
      ${readUntilNote(lang, catalog.collection.material_until)}
      <p>${t.home.noMatch}</p>
    </section>`;
  }
  return html`<section class="card hero" aria-labelledby="latest">
    <h2 id="latest" class="muted small">${t.home.latest}</h2>
    <p class="big">${days === null ? whenTag(lang, event) : daysAgo(lang, days)}</p>
    ${readUntilNote(lang, catalog.collection.material_until)}
    <p>${eventLink(lang, catalog, event)}</p>
    <p class="muted small">
      ${whenTag(lang, event)} · ${eventText(lang, catalog, event).statement} ·
      ${t.home.windows(describeWindows(event.windows, t))}
    </p>
  </section>`;
}

function announcedCard(lang: Lang, catalog: Catalog, announced: ResetSummary | null): SafeHtml {
  if (!announced) return html``;
  const { t } = lang;
  return html`<section class="card" aria-labelledby="announced">
    <h2 id="announced" class="muted small">${t.home.awaiting}</h2>
    <p>${eventLink(lang, catalog, announced)}</p>
    <p class="muted small">
      ${t.home.announcedAt(whenTag(lang, announced))}${
        announced.effective_at ? html` · ${t.home.statedFor(timeTag(lang, announced.effective_at))}` : ''
      }
      · ${eventText(lang, catalog, announced).statement}. ${t.home.notCountedYet}
    </p>
  </section>`;
}

function filterNav(lang: Lang, filters: FilterSet): SafeHtml {
  const { t } = lang;
  const chip = (target: FilterSet, label: string, current: boolean) =>
    html`<li>
      <a href="${lang.href(homeHref(target))}" ${current ? html` aria-current="true"` : ''}>${label}</a>
    </li>`;
  return html`<nav class="filters" aria-label="${t.filters.nav}">
    <div>
      <span class="label">${t.filters.audience}</span>
      <ul>
        ${AUDIENCE_FILTERS.map((audience) =>
          chip({ ...filters, audience }, t.filters.audiences[audience], audience === filters.audience),
        )}
      </ul>
    </div>
    <div>
      <span class="label">${t.filters.window}</span>
      <ul>
        ${WINDOW_FILTERS.map((window) =>
          chip({ ...filters, window }, t.filters.windows[window], window === filters.window),
        )}
      </ul>
    </div>
  </nav>`;
}

function statsList(lang: Lang, catalog: Catalog, filters: FilterSet): SafeHtml {
  const { t } = lang;
  const { stats } = viewFor(catalog, filters);
  const of = (part: number, total: number) => t.format.ofTotal(lang.integer(part), lang.integer(total));
  const item = (label: string, value: string | number) =>
    html`<div>
      <dt>${label}</dt>
      <dd>${value}</dd>
    </div>`;
  return html`<dl class="stats">
      ${item(t.home.stats.total, lang.integer(stats.total))}
      ${item(t.home.stats.average, formatDays(lang, stats.avg_interval_days))}
      ${item(t.home.stats.longest, formatDays(lang, stats.longest_gap_days))}
      ${item(t.home.stats.measured, of(stats.eligible_gaps, stats.total_gaps))}
      ${item(t.home.stats.exact, of(stats.exact_count, stats.total))}
    </dl>
    ${stats.partial_sample ? html`<p class="muted small">${t.home.partialSample}</p>` : ''}`;
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
export function historyTable(
  lang: Lang,
  catalog: Catalog,
  filters: FilterSet,
  from: number,
  count: number,
): SafeHtml {
  const { t } = lang;
  const { ascending } = viewFor(catalog, filters);
  const rows: ResetSummary[] = [];
  for (let i = ascending.length - 1 - from; i >= 0 && rows.length < count; i -= 1)
    rows.push(ascending[i]!.record);
  if (rows.length === 0) return html`<p>${t.home.noMatch}</p>`;
  return html`<div class="table-scroll">
    <table>
      <thead>
        <tr>
          <th scope="col">${t.home.table.announced}</th>
          <th scope="col">${t.home.table.event}</th>
          <th scope="col" class="hide-narrow">${t.home.table.appliesTo}</th>
          <th scope="col" class="hide-narrow">${t.home.table.windows}</th>
        </tr>
      </thead>
      <tbody>
        ${rows.map(
          (record) =>
            html`<tr>
              <td class="when">${whenTag(lang, record)}</td>
              <td>${eventLink(lang, catalog, record)}</td>
              <td class="hide-narrow">${eventText(lang, catalog, record).statement}</td>
              <td class="hide-narrow">${describeWindows(record.windows, t)}</td>
            </tr> `,
        )}
      </tbody>
    </table>
  </div>`;
}

/** The home page body for one filter combination; `days` is the whole days since the latest exact reset. */
export function homeMain(
  lang: Lang,
  catalog: Catalog,
  filters: FilterSet,
  days: number | null,
  alerts: AlertsOptions,
  today: string,
): SafeHtml {
  const { t } = lang;
  const view = viewFor(catalog, filters);
  const label = filterLabel(lang, filters);
  const total = view.ascending.length;
  return html`<h1>${t.home.heading}</h1>
    ${filterNav(lang, filters)}
    <div class="grid">
      ${latestCard(lang, catalog, filters, days)}${announcedCard(lang, catalog, view.announced)}
    </div>
    <h2>${t.home.statistics}</h2>
    ${statsList(lang, catalog, filters)}
    ${yearCalendarHtml(
      lang,
      yearCalendar(view, catalog.collection.coverage_start, today),
      label,
      (event) => eventText(lang, catalog, event).plainTitle,
    )}
    ${homeCharts(lang, view, label, homeHref(filters).slice(1))}
    <h2 id="history">${t.home.history}</h2>
    <p class="muted small">${t.home.historyNote}</p>
    ${historyTable(lang, catalog, filters, 0, HOME_HISTORY_ROWS)}
    ${
      total > HOME_HISTORY_ROWS
        ? html`<p>
            <a href="${lang.href(historyHref(filters, 1))}">${lang.count(t.home.wholeHistory, total)}</a>
          </p>`
        : ''
    }
    ${alertsControl(lang, filters, label, alerts)}
    <h2>${t.home.useData}</h2>
    <ul class="links">
      <li><a href="${FEED_PATHS.rss}">${t.home.links.rss}</a></li>
      <li><a href="${FEED_PATHS.json}">${t.home.links.jsonFeed}</a></li>
      <li><a href="${lang.href('/sources')}">${t.home.links.sources}</a></li>
      <li><a href="${lang.href('/docs')}">${t.home.links.docs}</a></li>
      <li><a href="/api/v1/status${homeHref(filters).slice(1)}">${t.home.links.json}</a></li>
    </ul>
    <p class="muted small">
      ${t.home.footnote(
        html`<code>${catalog.revision}</code>`,
        timeTag(lang, catalog.collection.editorial_reviewed_at),
        dateTag(lang, catalog.collection.coverage_start),
      )}
    </p>`;
}
