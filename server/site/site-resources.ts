import { badgeResources } from './badges/badge-resources.js';
import { exportResources } from './exports/export-resources.js';
import { feedResources } from './feeds/feed-resources.js';
import { embedResources } from './pages/embed-page.js';
import { crawlResources } from './pages/crawl.js';
import { pageResources } from './pages/page-resources.js';
import type { SiteOptions, SiteResource } from './resource.js';

/** Every GET resource of the site, each served by `serveResource` (server/site/resource.ts). */
export function siteResources(options: SiteOptions): SiteResource[] {
  const resources = [
    ...feedResources(options.origin),
    ...exportResources(options),
    ...badgeResources(options.origin),
    ...embedResources(options.origin),
    ...pageResources(options),
  ];
  // robots.txt and the sitemap, which lists the pages the resources above declare.
  return [...resources, ...crawlResources(options.origin, resources)];
}
