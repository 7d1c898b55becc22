import { create } from 'xmlbuilder2';
import type { Catalog } from '../../../domain/catalog.js';
import { eventPath } from '../../../domain/catalog.js';
import { PROBLEM_TYPES } from '../../http/problem-types.js';
import { localeAlternates, LOCALES, localePath } from '../i18n/locales.js';

export const ROBOTS_PATH = '/robots.txt';
export const SITEMAP_PATH = '/sitemap.xml';

/** The HTML pages that do not depend on the content: the sitemap lists them before the events. */
export const FIXED_PAGES: readonly string[] = [
  '/',
  '/history',
  '/sources',
  '/docs',
  '/alerts',
  '/privacy',
  '/problems',
  ...Object.keys(PROBLEM_TYPES).map((code) => `/problems/${code}`),
];

/** xmlbuilder2 leaves an `&` that starts something entity-like as it is (oozcitak/xmlbuilder2#117). */
const xmlText = (value: string) => value.replaceAll('&', '&amp;');

/** `/robots.txt`: every crawler may read everything; the sitemap by its absolute URL. */
export function robotsTxt(baseUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${baseUrl}${SITEMAP_PATH}\n`;
}

/**
 * `/sitemap.xml` (sitemaps.org 0.9, with Google's `xhtml:link` alternates): every HTML page in every
 * language by its absolute URL, each with the page in every language (and `x-default`, the English
 * one) as `hreflang` alternates; each event's page with `lastmod` = its `revised_at`. The other pages
 * change with the clock or the release, not with a date the content states, so they carry none.
 */
export function sitemapXml(baseUrl: string, catalog: Catalog): string {
  const urlset = create({ version: '1.0', encoding: 'UTF-8' }).ele('urlset', {
    xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9',
    'xmlns:xhtml': 'http://www.w3.org/1999/xhtml',
  });
  const page = (path: string, lastmod: string | null) => {
    for (const locale of LOCALES) {
      const url = urlset.ele('url');
      url.ele('loc').txt(xmlText(`${baseUrl}${localePath(locale, path)}`));
      if (lastmod !== null) url.ele('lastmod').txt(lastmod);
      for (const alternate of localeAlternates(path))
        url.ele('xhtml:link', {
          rel: 'alternate',
          hreflang: alternate.hreflang,
          href: xmlText(`${baseUrl}${alternate.path}`),
        });
    }
  };
  for (const path of FIXED_PAGES) page(path, null);
  for (const { record } of catalog.events) page(eventPath(record.id), record.revised_at);
  return urlset.end({ prettyPrint: true });
}
