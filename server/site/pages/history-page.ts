import type { Catalog } from '../../../domain/catalog.js';
import { viewFor } from '../../../domain/catalog.js';
import type { FilterSet } from '../../../domain/filters.js';
import { filterLabel, HISTORY_PAGE_ROWS, historyHref, historyTable, homeHref } from './home-page.js';
import type { SafeHtml } from './html.js';
import { html } from './html.js';

/** How many `/history` pages a filter view has (at least one, for the empty view). */
export function historyPages(catalog: Catalog, filters: FilterSet): number {
  return Math.max(1, Math.ceil(viewFor(catalog, filters).ascending.length / HISTORY_PAGE_ROWS));
}

/** `/history`: the whole counted history for the filters, `HISTORY_PAGE_ROWS` resets a page, newest first. */
export function historyMain(catalog: Catalog, filters: FilterSet, page: number): SafeHtml {
  const total = viewFor(catalog, filters).ascending.length;
  const pages = historyPages(catalog, filters);
  const first = (page - 1) * HISTORY_PAGE_ROWS;
  const nav = (where: string) =>
    html`<nav class="pager" aria-label="History pages, ${where}">
      ${page > 1 ? html`<a rel="prev" href="${historyHref(filters, page - 1)}">← Newer</a>` : ''}
      <span>Page ${page} of ${pages}</span>
      ${page < pages ? html`<a rel="next" href="${historyHref(filters, page + 1)}">Older →</a>` : ''}
    </nav>`;
  return html`<p class="small"><a href="${homeHref(filters)}">← Latest resets</a></p>
    <h1>Counted history <span class="muted">(${filterLabel(filters)})</span></h1>
    <p class="muted small">
      ${total} confirmed usage resets matching the filters, newest first; resets
      ${total === 0 ? 0 : first + 1}–${Math.min(total, first + HISTORY_PAGE_ROWS)} on this page.
    </p>
    ${nav('above the table')} ${historyTable(catalog, filters, first, HISTORY_PAGE_ROWS)}
    ${nav('below the table')}`;
}
