import { assetUrl, FAVICON_PATH, SITE_CSS_PATH } from './assets.js';
import type { SafeHtml } from './html.js';
import { html } from './html.js';
import { FEED_PATHS, LINK_BACK_NOTICE, SITE_DESCRIPTION, SITE_NAME } from '../site-info.js';

export interface PageSpec {
  readonly title: string;
  /** Path of the page on the site; the canonical link is the public base URL plus this path. */
  readonly path: string;
  readonly main: SafeHtml;
  readonly description?: string;
  /** The collection's notice (`collection.json`), shown above the content of data pages. */
  readonly notice?: string | null;
  /** Same-origin stylesheets and scripts beyond the site's own, by hashed name (the API explorer only). */
  readonly styles?: readonly string[];
  readonly scripts?: readonly string[];
}

const NAV = [
  { href: '/', label: 'Latest' },
  { href: '/sources', label: 'Sources' },
  { href: '/docs', label: 'API docs' },
  { href: '/alerts', label: 'Alerts' },
  { href: FEED_PATHS.rss, label: 'RSS' },
  { href: FEED_PATHS.json, label: 'JSON Feed' },
] as const;

/** Longest `<title>` search results and tabs show whole (html-validate's long-title limit). */
const MAX_TITLE = 70;

/** The page title, then the site's name when both fit; a long title is cut at a word, never mid-word. */
export function documentTitle(title: string): string {
  const full = `${title} · ${SITE_NAME}`;
  if (full.length <= MAX_TITLE) return full;
  if (title.length <= MAX_TITLE) return title;
  const cut = title.slice(0, MAX_TITLE - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > MAX_TITLE / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:·–-]+$/, '')}…`;
}

/** Wraps a page body in the site's shell: head links, navigation, notices and footer. */
export function renderPage(baseUrl: string, page: PageSpec): string {
  const title = page.path === '/' ? SITE_NAME : documentTitle(page.title);
  const section = page.path.startsWith('/events/') ? '/' : page.path;
  const doc = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <meta name="description" content="${page.description ?? SITE_DESCRIPTION}" />
        <link rel="canonical" href="${baseUrl}${page.path}" />
        <link
          rel="alternate"
          type="application/rss+xml"
          title="${SITE_NAME} (RSS)"
          href="${baseUrl}${FEED_PATHS.rss}"
        />
        <link
          rel="alternate"
          type="application/feed+json"
          title="${SITE_NAME} (JSON Feed)"
          href="${baseUrl}${FEED_PATHS.json}"
        />
        <link
          rel="alternate"
          type="application/atom+xml"
          title="${SITE_NAME} (Atom)"
          href="${baseUrl}${FEED_PATHS.atom}"
        />
        <link rel="icon" href="${assetUrl(FAVICON_PATH)}" type="image/svg+xml" />
        ${(page.styles ?? []).map((href) => html`<link rel="stylesheet" href="${href}" /> `)}
        <link rel="stylesheet" href="${assetUrl(SITE_CSS_PATH)}" />
        ${(page.scripts ?? []).map((src) => html`<script src="${src}" defer></script> `)}
      </head>
      <body>
        <header class="site">
          <div class="wrap">
            <a class="brand" href="/">${SITE_NAME}</a>
            <nav class="site" aria-label="Site">
              ${NAV.map(
                (item) =>
                  html`<a href="${item.href}" ${section === item.href ? html` aria-current="page"` : ''}
                    >${item.label}</a
                  >`,
              )}
            </nav>
          </div>
        </header>
        ${
          page.notice
            ? html`<aside class="notice" aria-label="About this data">
                <div class="wrap">${page.notice}</div>
              </aside>`
            : ''
        }
        <main class="wrap">${page.main}</main>
        <footer class="site">
          <div class="wrap">
            <p><strong>${LINK_BACK_NOTICE}</strong> Cite event pages by their address; it never changes.</p>
            <p>${SITE_DESCRIPTION}</p>
            <p>
              <a href="/api/openapi.json">OpenAPI document</a> · <a href="${FEED_PATHS.rss}">RSS feed</a> ·
              <a href="${FEED_PATHS.json}">JSON Feed</a> · <a href="${FEED_PATHS.atom}">Atom feed</a> ·
              <a href="/problems">Error codes</a> · <a href="/privacy">Privacy</a>
            </p>
          </div>
        </footer>
      </body>
    </html> `;
  // Template indentation leaves spaces at line ends; the served markup carries none.
  return doc.value.replace(/[ \t]+$/gm, '');
}
