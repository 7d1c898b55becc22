import type { FeedData } from './feed-data.js';
import { buildFeedData } from './feed-data.js';
import { rendered } from '../render-cache.js';
import type { SiteResource } from '../resource.js';
import { FEED_PATHS, SITE_DESCRIPTION, SITE_NAME } from '../site-info.js';
import { renderJsonFeed } from './json-feed.js';
import { renderRss } from './rss.js';
import { renderAtom } from './atom.js';
import { loadXmlBuilder } from '../xml-builder.js';

interface Feed {
  readonly path: string;
  readonly type: string;
  readonly render: (feed: FeedData, selfUrl: string) => string;
  /** The XML feeds' serializer loads with the first request for one (server/site/xml-builder.ts). */
  readonly prepare?: () => Promise<void>;
}

const FEEDS: readonly Feed[] = [
  {
    path: FEED_PATHS.rss,
    type: 'application/rss+xml; charset=utf-8',
    render: renderRss,
    prepare: loadXmlBuilder,
  },
  { path: FEED_PATHS.json, type: 'application/feed+json; charset=utf-8', render: renderJsonFeed },
  {
    path: FEED_PATHS.atom,
    type: 'application/atom+xml; charset=utf-8',
    render: renderAtom,
    prepare: loadXmlBuilder,
  },
];

/**
 * The site's description and, when the collection names it, up to which day the record's sources
 * were read: a feed's newest item is "the latest" only within that material.
 */
function feedDescription(until: string | null | undefined): string {
  if (!until) return SITE_DESCRIPTION;
  return `${SITE_DESCRIPTION} Sources read up to ${until}: a reset announced after that day is not in the feed yet.`;
}

/** `/feed.xml` (RSS 2.0), `/feed.json` (JSON Feed 1.1) and `/feed.atom` (Atom 1.0), each rendered once per content revision. */
export function feedResources(origin: string): SiteResource[] {
  return FEEDS.map(({ path, type, render, prepare }) => ({
    path,
    prepare,
    unavailable: { detail: 'The feed is unavailable while the content is invalid.' },
    resolve: (request) => {
      const catalog = request.catalog();
      return {
        revision: catalog.revision,
        key: `feed ${path}`,
        render: () => {
          const data = buildFeedData(catalog, {
            origin,
            title: `${SITE_NAME}: usage-limit resets`,
            description: feedDescription(catalog.collection.material_until),
          });
          return rendered(render(data, `${origin}${path}`), type);
        },
      };
    },
  }));
}
