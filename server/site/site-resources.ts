import type { OpenApiDocument } from '../http/openapi-document.js';
import { badgeResources } from './badges/badge-resources.js';
import { exportResources } from './exports/export-resources.js';
import { feedResources } from './feeds/feed-resources.js';
import { embedResources } from './pages/embed-page.js';
import { crawlResources } from './pages/crawl.js';
import { pageResources } from './pages/page-resources.js';
import type { McpFace, SiteResource } from './resource.js';

export interface SiteOptions {
  readonly origin: string;
  /** The OpenAPI document, built at the first request for a page that shows it. */
  readonly openApi: OpenApiDocument;
  /**
   * Alerts: the VAPID public key, or null when browser alerts are off, and whether email and webhooks
   * are on (server/config.ts).
   */
  readonly alerts: {
    readonly publicKey: string | null;
    readonly email?: boolean;
    readonly webhooks?: boolean;
  };
  /** The MCP endpoint and its tools, as the app serves them: /docs and llms.txt list them. */
  readonly mcp: McpFace;
}

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
