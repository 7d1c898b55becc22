import { assetUrl, FAVICON_PATH, SITE_CSS_PATH } from './assets.js';
import type { SafeHtml } from '../html.js';
import { html } from '../html.js';
import { FEED_PATHS, SITE_NAME } from '../site-info.js';
import type { Lang } from '../i18n/lang.js';
import { LOCALE_NAMES, localeAlternates, LOCALES, localePath } from '../../../domain/locales.js';
import { LOCAL_TIME_JS_PATH } from './local-time.js';

export interface PageSpec {
  readonly title: string;
  /**
   * Path of the page on the site, in English (`/history`); the canonical link is the public base URL
   * plus this path in the page's language, and the alternates are the path in every language.
   */
  readonly path: string;
  /** The page's query (`?audience=max`, or ''), kept by the language menu's links. */
  readonly query?: string;
  readonly main: SafeHtml;
  readonly description?: string;
  /** The collection's notice (`collection.json`), shown above the content of data pages. */
  readonly notice?: string | null;
  /** Same-origin stylesheets and scripts beyond the site's own, by hashed name (the API explorer only). */
  readonly styles?: readonly string[];
  readonly scripts?: readonly string[];
  /** Asks search engines not to list the page (`robots` noindex); such a page is outside the sitemap. */
  readonly noindex?: boolean;
}

/** Longest `<title>` search results and tabs show whole (html-validate's long-title limit). */
const MAX_TITLE = 70;

/** The page title, then the site's name when both fit; a long title is cut at a word, never mid-word. */
export function documentTitle(title: string, siteName: string = SITE_NAME): string {
  const full = `${title} · ${siteName}`;
  if (full.length <= MAX_TITLE) return full;
  if (title.length <= MAX_TITLE) return title;
  const cut = title.slice(0, MAX_TITLE - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > MAX_TITLE / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:·–-]+$/, '')}…`;
}

/**
 * The language menu: the same page (and query) in every language, each link named in its own
 * language. A `<details>` element opens it, so it works without a script.
 */
function languageMenu(lang: Lang, path: string, query: string): SafeHtml {
  return html`<details class="lang-menu">
    <summary>
      <span class="visually-hidden">${lang.t.layout.language}: </span>${LOCALE_NAMES[lang.locale]}
    </summary>
    <ul>
      ${LOCALES.map(
        (locale) =>
          html`<li>
            <a
              href="${localePath(locale, path)}${query}"
              hreflang="${locale}"
              lang="${locale}"
              ${locale === lang.locale ? html` aria-current="true"` : ''}
              >${LOCALE_NAMES[locale]}</a
            >
          </li>`,
      )}
    </ul>
  </details>`;
}

/** One `hreflang` alternate of the page, on one line. */
const alternateLink = (hreflang: string, href: string) =>
  html`<link rel="alternate" hreflang="${hreflang}" href="${href}" />`;

/** Wraps a page body in the site's shell: head links, navigation, notices and footer, in the page's language. */
export function renderPage(origin: string, lang: Lang, page: PageSpec): string {
  const { t } = lang;
  const siteName = t.site.name;
  const title = page.path === '/' ? siteName : documentTitle(page.title, siteName);
  const section = page.path.startsWith('/events/') ? '/' : page.path;
  const pages = [
    { href: lang.href('/'), path: '/', label: t.layout.nav.latest },
    { href: lang.href('/sources'), path: '/sources', label: t.layout.nav.sources },
    { href: lang.href('/docs'), path: '/docs', label: t.layout.nav.docs },
    { href: lang.href('/alerts'), path: '/alerts', label: t.layout.nav.alerts },
  ];
  const feeds = [
    { href: FEED_PATHS.rss, label: t.layout.nav.rss },
    { href: FEED_PATHS.json, label: t.layout.nav.jsonFeed },
  ];
  const doc = html`<!doctype html>
    <html lang="${lang.locale}" data-your-time="${t.layout.yourTime('{time}')}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <meta name="description" content="${page.description ?? t.site.description}" />
        ${page.noindex ? html` <meta name="robots" content="noindex" />` : ''}
        <link rel="canonical" href="${origin}${lang.href(page.path)}" />
        ${localeAlternates(page.path).map((alternate) => alternateLink(alternate.hreflang, `${origin}${alternate.path}`))}
        <link
          rel="alternate"
          type="application/rss+xml"
          title="${siteName} (${t.layout.feedTitle.rss})"
          href="${origin}${FEED_PATHS.rss}"
        />
        <link
          rel="alternate"
          type="application/feed+json"
          title="${siteName} (${t.layout.feedTitle.json})"
          href="${origin}${FEED_PATHS.json}"
        />
        <link
          rel="alternate"
          type="application/atom+xml"
          title="${siteName} (${t.layout.feedTitle.atom})"
          href="${origin}${FEED_PATHS.atom}"
        />
        <link rel="icon" href="${assetUrl(FAVICON_PATH)}" type="image/svg+xml" />
        ${(page.styles ?? []).map((href) => html`<link rel="stylesheet" href="${href}" /> `)}
        <link rel="stylesheet" href="${assetUrl(SITE_CSS_PATH)}" />
        ${[...(page.scripts ?? []), assetUrl(LOCAL_TIME_JS_PATH)].map(
          (src) => html`<script src="${src}" defer></script> `,
        )}
      </head>
      <body>
        <header class="site">
          <div class="wrap">
            <a class="brand" href="${lang.href('/')}">${siteName}</a>
            <nav class="site" aria-label="${t.layout.siteNav}">
              ${pages.map(
                (item) =>
                  html`<a href="${item.href}" ${section === item.path ? html` aria-current="page"` : ''}
                    >${item.label}</a
                  >`,
              )}
              <span class="feeds"
                >${feeds.map((item) => html`<a href="${item.href}">${item.label}</a>`)}</span
              >
            </nav>
            ${languageMenu(lang, page.path, page.query ?? '')}
          </div>
        </header>
        ${
          page.notice
            ? html`<aside class="notice" aria-label="${t.layout.notice}">
                <div class="wrap">${lang.editorial(page.notice)}</div>
              </aside>`
            : ''
        }
        <main class="wrap">${page.main}</main>
        <footer class="site">
          <div class="wrap">
            <p><strong>${t.site.linkBack}</strong> ${t.site.cite}</p>
            <p>${t.site.description}</p>
            <p>
              <a href="/api/openapi.json">${t.layout.footer.openApi}</a> ·
              <a href="${FEED_PATHS.rss}">${t.layout.footer.rss}</a> ·
              <a href="${FEED_PATHS.json}">${t.layout.footer.jsonFeed}</a> ·
              <a href="${FEED_PATHS.atom}">${t.layout.footer.atom}</a> ·
              <a href="${lang.href('/problems')}">${t.layout.footer.problems}</a> ·
              <a href="${lang.href('/freshness')}">${t.layout.footer.freshness}</a> ·
              <a href="${lang.href('/privacy')}">${t.layout.footer.privacy}</a>
            </p>
          </div>
        </footer>
      </body>
    </html> `;
  // Template indentation leaves spaces at line ends; the served markup carries none.
  return doc.value.replace(/[ \t]+$/gm, '');
}
