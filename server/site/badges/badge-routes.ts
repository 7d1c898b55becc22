import type { Context } from 'koa';
import { filterKey } from '../../../domain/filters.js';
import { getStatus, statusInstant } from '../../../domain/status.js';
import type { ContentState } from '../../content/content-state.js';
import { requireCatalog } from '../require-catalog.js';
import { PUBLIC_CACHE_CONTROL } from '../../http/cache-control.js';
import { parseFilterQuery } from '../../http/filter-query.js';
import type { RenderCache } from '../render-cache.js';
import { rendered, sendRendered } from '../render-cache.js';
import { lastResetBadge, resetCountBadge, shieldsEndpoint } from './badge-content.js';
import type { Badge } from './badge-svg.js';
import { renderBadgeSvg } from './badge-svg.js';

export interface BadgeRoutesOptions {
  readonly content: ContentState;
  readonly baseUrl: string;
  readonly clock: () => number;
  readonly cache: RenderCache;
}

export const BADGE_PATHS = {
  lastReset: '/badge.svg',
  resets: '/badge/resets.svg',
  endpoint: '/badge.json',
} as const;

const SVG = 'image/svg+xml; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';
/** A badge is an image: nothing in it may load or run anything. */
const BADGE_CSP = "default-src 'none'";

type BadgeOf = typeof lastResetBadge;

/**
 * `/badge.svg`, `/badge/resets.svg` and `/badge.json`, with the filters of `/api/v1/status`. Each
 * body is rendered once per content revision and per message, so an elapsed time that moves by the
 * minute, hour or day gives a new body (and ETag) only when its text changes.
 */
export function badgeRoutes(options: BadgeRoutesOptions): Record<string, (ctx: Context) => void> {
  const { content, baseUrl, clock, cache } = options;

  const handler =
    (make: BadgeOf, format: 'svg' | 'json') =>
    (ctx: Context): void => {
      const filters = parseFilterQuery(ctx.querystring, baseUrl);
      const catalog = requireCatalog(content, baseUrl, 'The badge');
      // Elapsed time from the start of the minute, as /api/v1/status measures it.
      const now = statusInstant(clock());
      const badge: Badge = make(getStatus(catalog, filters, now), filters);
      const key = `badge ${ctx.path} ${filterKey(filters)} ${badge.message}`;
      const response = cache.get(catalog.revision, key, () =>
        format === 'svg' ? rendered(renderBadgeSvg(badge), SVG) : rendered(shieldsEndpoint(badge), JSON_TYPE),
      );
      if (format === 'svg') ctx.set('Content-Security-Policy', BADGE_CSP);
      sendRendered(ctx, response, PUBLIC_CACHE_CONTROL);
    };

  return {
    [BADGE_PATHS.lastReset]: handler(lastResetBadge, 'svg'),
    [BADGE_PATHS.resets]: handler(resetCountBadge, 'svg'),
    [BADGE_PATHS.endpoint]: handler(lastResetBadge, 'json'),
  };
}
