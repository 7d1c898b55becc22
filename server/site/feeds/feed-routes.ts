import type { Middleware } from 'koa';
import { buildFeedData } from './feed-data.js';
import type { ContentState } from '../../content/content-state.js';
import { PUBLIC_CACHE_CONTROL } from '../../http/cache-control.js';
import { HttpProblem } from '../../http/http-problem.js';
import { makeProblem } from '../../http/problem-types.js';
import type { RenderCache } from '../render-cache.js';
import { rendered, sendRendered } from '../render-cache.js';
import { FEED_PATHS, SITE_DESCRIPTION, SITE_NAME } from '../site-info.js';
import { renderJsonFeed } from './json-feed.js';
import { renderRss } from './rss.js';
import { renderAtom } from './atom.js';
import type { FeedData } from './feed-data.js';

export interface FeedsOptions {
  readonly content: ContentState;
  readonly baseUrl: string;
  readonly cache: RenderCache;
}

/** `/feed.xml` (RSS 2.0), `/feed.json` (JSON Feed 1.1) and `/feed.atom` (Atom 1.0) handlers, each rendered once per content revision. */
export function createFeeds(options: FeedsOptions) {
  const { content, baseUrl, cache } = options;
  const feed =
    (path: string, type: string, render: (feed: FeedData, selfUrl: string) => string): Middleware =>
    (ctx) => {
      const { catalog } = content.snapshot;
      if (!catalog) {
        throw new HttpProblem(
          makeProblem(
            baseUrl,
            'content_unavailable',
            'The feed is unavailable while the content is invalid.',
          ),
        );
      }
      const response = cache.get(catalog.revision, `feed ${path}`, () => {
        const data = buildFeedData(catalog, {
          baseUrl,
          title: `${SITE_NAME}: usage-limit resets`,
          description: SITE_DESCRIPTION,
        });
        return rendered(render(data, `${baseUrl}${path}`), type);
      });
      sendRendered(ctx, response, PUBLIC_CACHE_CONTROL);
    };
  return {
    rss: feed(FEED_PATHS.rss, 'application/rss+xml; charset=utf-8', renderRss),
    json: feed(FEED_PATHS.json, 'application/feed+json; charset=utf-8', renderJsonFeed),
    atom: feed(FEED_PATHS.atom, 'application/atom+xml; charset=utf-8', renderAtom),
  };
}
