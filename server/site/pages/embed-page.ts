import type { Catalog, FilterView } from '../../../domain/catalog.js';
import { eventPath, viewFor } from '../../../domain/catalog.js';
import type { FilterSet } from '../../../domain/filters.js';
import { filterKey } from '../../../domain/filters.js';
import type { ResetSummary } from '../../../domain/schemas/index.js';
import { daysSince } from '../../../domain/stats.js';
import { assetUrl, EMBED_CSS_PATH } from './assets.js';
import { daysAgo, dateTag, readUntilNote, timeTag, whenTag } from './format.js';
import type { Lang } from '../i18n/lang.js';
import { ENGLISH, langOf } from '../i18n/lang.js';
import type { Locale } from '../../../domain/locales.js';
import { LOCALES, localePath } from '../../../domain/locales.js';
import { filterLabel, homeHref } from './home-page.js';
import { eventText } from './event-text.js';
import type { SafeHtml } from '../html.js';
import { html } from '../html.js';
import { readFilters } from './read-filters.js';
import { rendered } from '../render-cache.js';
import type { SiteResource } from '../resource.js';

const EMBED_PATH = '/embed';
/** Like the site's pages (no script, same-origin styles), but any site may frame it. */
export const EMBED_CSP =
  "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors *";

/** Links leave the frame: the card is shown inside someone else's page. */
const outLink = (href: string, text: SafeHtml | string) =>
  html`<a href="${href}" target="_blank" rel="noopener">${text}</a>`;

/** An event's page, in the card's language. */
const eventHref = (lang: Lang, origin: string, event: ResetSummary) =>
  `${origin}${lang.href(eventPath(event.id))}`;

function latest(
  lang: Lang,
  catalog: Catalog,
  view: FilterView,
  days: number | null,
  home: string,
  origin: string,
): SafeHtml {
  const { t } = lang;
  if (view.latest.ambiguous) {
    const day = view.latest.ambiguous[0]?.day ?? '';
    return html`<p class="big">${dateTag(lang, day)}</p>
      ${readUntilNote(lang, catalog.collection.material_until, true)}
      <p class="small">
        ${lang.count(t.embed.couldBeLatest, view.latest.ambiguous.length)} ${outLink(home, t.embed.seeThem)}.
      </p>`;
  }
  const event = view.latest.latest?.record;
  if (!event)
    return html`<p class="big">${t.embed.noneRecorded}</p>
      ${readUntilNote(lang, catalog.collection.material_until, true)}`;
  return html`<p class="big">${days === null ? whenTag(lang, event) : daysAgo(lang, days)}</p>
    <p>${outLink(eventHref(lang, origin, event), eventText(lang, catalog, event).title)}</p>
    <p class="small muted">${whenTag(lang, event)}</p>
    ${readUntilNote(lang, catalog.collection.material_until, true)}`;
}

function announced(lang: Lang, catalog: Catalog, event: ResetSummary | null, origin: string): SafeHtml {
  if (!event) return html``;
  const { t } = lang;
  return html`<div class="announced">
    <h2>${t.embed.announced}</h2>
    <p>${outLink(eventHref(lang, origin, event), eventText(lang, catalog, event).title)}</p>
    <p class="small muted">
      ${
        event.effective_at
          ? t.embed.statedFor(timeTag(lang, event.effective_at))
          : t.embed.announcedAt(whenTag(lang, event))
      }
    </p>
  </div>`;
}

/** The whole document of the card for one filter combination; `days` is whole days since the latest exact reset. */
function renderEmbed(
  lang: Lang,
  catalog: Catalog,
  filters: FilterSet,
  days: number | null,
  origin: string,
): string {
  const { t } = lang;
  const view = viewFor(catalog, filters);
  const home = `${origin}${lang.href(homeHref(filters))}`;
  return html`<!doctype html>
    <html lang="${lang.locale}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${t.embed.title} · ${t.site.name}</title>
        <link rel="canonical" href="${home}" />
        <link rel="stylesheet" href="${assetUrl(EMBED_CSS_PATH)}" />
      </head>
      <body>
        <main class="embed">
          <h1>
            ${t.embed.title} <span class="muted">${t.format.aside(html`${filterLabel(lang, filters)}`)}</span>
          </h1>
          ${latest(lang, catalog, view, days, home, origin)}
          ${announced(lang, catalog, view.announced, origin)}
          <p class="foot">${outLink(home, html`${t.site.name} →`)}</p>
        </main>
      </body>
    </html>`.value.replace(/[ \t]+$/gm, '');
}

/** `/embed` in a language: the card, with the filters of `/api/v1/status`, once per revision, filters and day. */
function embedIn(locale: Locale, origin: string): SiteResource {
  const lang = langOf(locale);
  return {
    path: localePath(locale, EMBED_PATH),
    csp: EMBED_CSP,
    // A problem's detail is the API's, in English; a page in another language says its own words.
    unavailable: { detail: ENGLISH.t.embed.unavailable },
    resolve: (request) => {
      const filters = readFilters(request.querystring, origin);
      const catalog = request.catalog();
      const days = daysSince(viewFor(catalog, filters).stats.last_reset_at, request.now);
      const whole = days === null ? null : Math.floor(days);
      return {
        revision: catalog.revision,
        key: `embed ${locale} ${filterKey(filters)} ${whole}`,
        render: () =>
          rendered(renderEmbed(lang, catalog, filters, whole, origin), 'text/html; charset=utf-8'),
      };
    },
  };
}

/** The card in every language: `/embed`, `/ja/embed`, … */
export function embedResources(origin: string): SiteResource[] {
  return LOCALES.map((locale) => embedIn(locale, origin));
}

/** Whether a request path is the card's, in any language (its problem page stays frameable too). */
export const isEmbedPath = (path: string): boolean =>
  LOCALES.some((locale) => localePath(locale, EMBED_PATH) === path);
