import type { Catalog } from '../../../domain/catalog.js';
import { viewFor } from '../../../domain/catalog.js';
import type { FilterSet } from '../../../domain/filters.js';
import type { Lang } from '../i18n/lang.js';
import { filterLabel, HISTORY_PAGE_ROWS, historyHref, historyTable, homeHref } from './home-page.js';
import type { SafeHtml } from '../html.js';
import { html } from '../html.js';

/** How many `/history` pages a filter view has (at least one, for the empty view). */
export function historyPages(catalog: Catalog, filters: FilterSet): number {
  return Math.max(1, Math.ceil(viewFor(catalog, filters).ascending.length / HISTORY_PAGE_ROWS));
}

/** `/history`: the whole counted history for the filters, `HISTORY_PAGE_ROWS` resets a page, newest first. */
export function historyMain(lang: Lang, catalog: Catalog, filters: FilterSet, page: number): SafeHtml {
  const { t } = lang;
  const total = viewFor(catalog, filters).ascending.length;
  const pages = historyPages(catalog, filters);
  const first = (page - 1) * HISTORY_PAGE_ROWS;
  const nav = (where: string) =>
    html`<nav class="pager" aria-label="${t.history.pages(where)}">
      ${page > 1 ? html`<a rel="prev" href="${lang.href(historyHref(filters, page - 1))}">${t.history.newer}</a>` : ''}
      <span>${t.history.pageOf(lang.integer(page), lang.integer(pages))}</span>
      ${page < pages ? html`<a rel="next" href="${lang.href(historyHref(filters, page + 1))}">${t.history.older}</a>` : ''}
    </nav>`;
  const summary = t.history.summary(
    lang.integer(total),
    lang.integer(total === 0 ? 0 : first + 1),
    lang.integer(Math.min(total, first + HISTORY_PAGE_ROWS)),
  );
  return html`<p class="small"><a href="${lang.href(homeHref(filters))}">${t.history.back}</a></p>
    <h1>
      ${t.history.title} <span class="muted">${t.format.aside(html`${filterLabel(lang, filters)}`)}</span>
    </h1>
    <p class="muted small">${summary}</p>
    ${nav(t.history.above)} ${historyTable(lang, catalog, filters, first, HISTORY_PAGE_ROWS)}
    ${nav(t.history.below)}`;
}
