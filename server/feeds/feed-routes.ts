import type { Middleware } from 'koa';
import { buildFeedData } from '../../domain/feeds.js';
import type { ContentState } from '../content-state.js';
import { PUBLIC_CACHE_CONTROL } from '../http/cache-control.js';
import { HttpProblem } from '../http/http-problem.js';
import { methodGuard } from '../http/method-guard.js';
import { makeProblem } from '../problems.js';
import type { RenderCache } from '../pages/render-cache.js';
import { rendered, sendRendered } from '../pages/render-cache.js';
import { FEED_PATHS, SITE_DESCRIPTION, SITE_NAME } from '../pages/site.js';
import { renderJsonFeed } from './json-feed.js';
import { renderRss } from './rss.js';

export interface FeedRoutesOptions {
  readonly content: ContentState;
  readonly baseUrl: string;
  readonly cache: RenderCache;
}

const FORMATS = {
  [FEED_PATHS.rss]: { type: 'application/rss+xml; charset=utf-8', render: renderRss },
  [FEED_PATHS.json]: { type: 'application/feed+json; charset=utf-8', render: renderJsonFeed },
} as const;

/** `/feed.xml` (RSS 2.0) and `/feed.json` (JSON Feed 1.1), each rendered once per content revision. */
export function feedRoutes(options: FeedRoutesOptions): Middleware {
  const { content, baseUrl, cache } = options;
  const guard = methodGuard(['GET', 'HEAD'], baseUrl);
  return async (ctx, next) => {
    const format = Object.hasOwn(FORMATS, ctx.path) ? FORMATS[ctx.path as keyof typeof FORMATS] : null;
    if (!format) {
      await next();
      return;
    }
    if (guard(ctx)) return;
    const { catalog } = content.snapshot;
    if (!catalog) {
      throw new HttpProblem(
        makeProblem(baseUrl, 'content_unavailable', 'The feed is unavailable while the content is invalid.'),
      );
    }
    const response = cache.get(catalog.revision, `feed ${ctx.path}`, () => {
      const feed = buildFeedData(catalog, {
        baseUrl,
        title: `${SITE_NAME}: usage-limit resets`,
        description: SITE_DESCRIPTION,
      });
      return rendered(format.render(feed, `${baseUrl}${ctx.path}`), format.type);
    });
    sendRendered(ctx, response, PUBLIC_CACHE_CONTROL);
  };
}
