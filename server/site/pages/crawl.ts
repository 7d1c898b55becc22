import type { Catalog } from '../../../domain/catalog.js';
import { localeAlternates, LOCALES, localePath } from '../../../domain/locales.js';
import { rendered } from '../render-cache.js';
import type { SitemapPage, SiteResource } from '../resource.js';
import { loadXmlBuilder, xmlDocument } from '../xml-builder.js';

const ROBOTS_PATH = '/robots.txt';
const SITEMAP_PATH = '/sitemap.xml';

/** xmlbuilder2 leaves an `&` that starts something entity-like as it is (oozcitak/xmlbuilder2#117). */
const xmlText = (value: string) => value.replaceAll('&', '&amp;');

/** `/robots.txt`: every crawler may read everything; the sitemap by its absolute URL. */
function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${origin}${SITEMAP_PATH}\n`;
}

/**
 * `/sitemap.xml` (sitemaps.org 0.9, with Google's `xhtml:link` alternates): every page a resource
 * lists (`SiteResource.sitemap`) in every language by its absolute URL, each with the page in every
 * language (and `x-default`, the English one) as `hreflang` alternates; an event's page with
 * `lastmod` = its `revised_at`. The other pages change with the clock or the release, not with a
 * date the content states, so they carry none.
 */
function sitemapXml(origin: string, pages: readonly SitemapPage[]): string {
  const urlset = xmlDocument().ele('urlset', {
    xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9',
    'xmlns:xhtml': 'http://www.w3.org/1999/xhtml',
  });
  for (const { path, lastmod } of pages) {
    for (const locale of LOCALES) {
      const url = urlset.ele('url');
      url.ele('loc').txt(xmlText(`${origin}${localePath(locale, path)}`));
      if (lastmod !== null) url.ele('lastmod').txt(lastmod);
      for (const alternate of localeAlternates(path))
        url.ele('xhtml:link', {
          rel: 'alternate',
          hreflang: alternate.hreflang,
          href: xmlText(`${origin}${alternate.path}`),
        });
    }
  }
  return urlset.end({ prettyPrint: true });
}

/** The pages the resources list, each once (every language's resource lists the same English path). */
function listedPages(resources: readonly SiteResource[], catalog: Catalog): SitemapPage[] {
  const pages = new Map<string, SitemapPage>();
  for (const resource of resources)
    for (const page of resource.sitemap?.(catalog) ?? [])
      if (!pages.has(page.path)) pages.set(page.path, page);
  return [...pages.values()];
}

/** `/robots.txt` and `/sitemap.xml`, listing the pages of `resources` (the site's route table). */
export function crawlResources(origin: string, resources: readonly SiteResource[]): SiteResource[] {
  return [
    {
      path: ROBOTS_PATH,
      resolve: () => ({
        revision: null,
        key: 'robots',
        render: () => rendered(robotsTxt(origin), 'text/plain; charset=utf-8'),
      }),
    },
    {
      path: SITEMAP_PATH,
      unavailable: { detail: 'The sitemap is unavailable while the content is invalid.' },
      prepare: loadXmlBuilder,
      resolve: (request) => {
        const catalog = request.catalog();
        return {
          revision: catalog.revision,
          key: 'sitemap',
          render: () =>
            rendered(sitemapXml(origin, listedPages(resources, catalog)), 'application/xml; charset=utf-8'),
        };
      },
    },
  ];
}
