import type { Catalog, FilterView } from '../../../domain/catalog.js';
import { viewFor } from '../../../domain/catalog.js';
import type { FilterSet } from '../../../domain/filters.js';
import { filterKey } from '../../../domain/filters.js';
import type { ResetSummary } from '../../../domain/schemas/index.js';
import { daysSince } from '../../../domain/stats.js';
import { assetUrl, EMBED_CSS_PATH } from './assets.js';
import { daysAgo, dateTag, timeTag, whenTag } from './format.js';
import { filterLabel, homeHref } from './home-page.js';
import type { SafeHtml } from './html.js';
import { html } from './html.js';
import { readFilters } from './read-filters.js';
import { rendered } from '../render-cache.js';
import type { SiteResource } from '../resource.js';
import { SITE_NAME } from '../site-info.js';

export const EMBED_PATH = '/embed';
/** Like the site's pages (no script, same-origin styles), but any site may frame it. */
export const EMBED_CSP =
  "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors *";

/** Links leave the frame: the card is shown inside someone else's page. */
const outLink = (href: string, text: SafeHtml | string) =>
  html`<a href="${href}" target="_blank" rel="noopener">${text}</a>`;

function latest(view: FilterView, days: number | null, home: string): SafeHtml {
  if (view.latest.ambiguous) {
    const day = view.latest.ambiguous[0]?.day ?? '';
    return html`<p class="big">${dateTag(day)}</p>
      <p class="small">
        ${view.latest.ambiguous.length} resets that day could be the latest; their order is not known.
        ${outLink(home, 'See them')}.
      </p>`;
  }
  const event = view.latest.latest?.record;
  if (!event) return html`<p class="big">None recorded</p>`;
  return html`<p class="big">${days === null ? whenTag(event) : daysAgo(days)}</p>
    <p>${outLink(event.url, event.title)}</p>
    <p class="small muted">${whenTag(event)}</p>`;
}

function announced(event: ResetSummary | null): SafeHtml {
  if (!event) return html``;
  return html`<div class="announced">
    <h2>Announced, not yet counted</h2>
    <p>${outLink(event.url, event.title)}</p>
    <p class="small muted">
      ${event.effective_at ? html`Stated for ${timeTag(event.effective_at)}` : html`Announced ${whenTag(event)}`}
    </p>
  </div>`;
}

/** The whole document of the card for one filter combination; `days` is whole days since the latest exact reset. */
export function renderEmbed(
  catalog: Catalog,
  filters: FilterSet,
  days: number | null,
  baseUrl: string,
): string {
  const view = viewFor(catalog, filters);
  const home = `${baseUrl}${homeHref(filters)}`;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>Latest usage-limit reset · ${SITE_NAME}</title>
        <link rel="canonical" href="${home}" />
        <link rel="stylesheet" href="${assetUrl(EMBED_CSS_PATH)}" />
      </head>
      <body>
        <main class="embed">
          <h1>Latest usage-limit reset <span class="muted">(${filterLabel(filters)})</span></h1>
          ${latest(view, days, home)} ${announced(view.announced)}
          <p class="foot">${outLink(home, html`${SITE_NAME} →`)}</p>
        </main>
      </body>
    </html>`.value.replace(/[ \t]+$/gm, '');
}

/** `/embed`: the card, with the filters of `/api/v1/status`, rendered once per revision, filters and day. */
export function embedResource(baseUrl: string): SiteResource {
  return {
    path: EMBED_PATH,
    csp: EMBED_CSP,
    unavailable: { detail: 'The card is unavailable while the content is invalid.' },
    resolve: (request) => {
      const filters = readFilters(request.querystring, baseUrl);
      const catalog = request.catalog();
      const days = daysSince(viewFor(catalog, filters).stats.last_reset_at, request.now);
      const whole = days === null ? null : Math.floor(days);
      return {
        revision: catalog.revision,
        key: `embed ${filterKey(filters)} ${whole}`,
        render: () => rendered(renderEmbed(catalog, filters, whole, baseUrl), 'text/html; charset=utf-8'),
      };
    },
  };
}
