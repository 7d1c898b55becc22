import { filterKey } from '../../../domain/filters.js';
import { getStatus, statusInstant } from '../../../domain/status.js';
import { parseFilterQuery } from '../filter-query.js';
import { rendered } from '../render-cache.js';
import type { SiteResource } from '../resource.js';
import { lastResetBadge, resetCountBadge, shieldsEndpoint } from './badge-content.js';
import type { Badge } from './badge-svg.js';
import { renderBadgeSvg } from './badge-svg.js';

const BADGE_PATHS = {
  lastReset: '/badge.svg',
  resets: '/badge/resets.svg',
  endpoint: '/badge.json',
} as const;

const SVG = 'image/svg+xml; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';
const BADGE_CSP = "default-src 'none'";

type BadgeOf = typeof lastResetBadge;

/**
 * `/badge.svg`, `/badge/resets.svg` and `/badge.json`, with the filters of `/api/v1/status`. Each
 * body is rendered once per content revision and per message, so an elapsed time that moves by the
 * minute, hour or day gives a new body (and ETag) only when its text changes.
 */
export function badgeResources(origin: string): SiteResource[] {
  const badge = (path: string, make: BadgeOf, format: 'svg' | 'json'): SiteResource => ({
    path,
    // A badge is an image: nothing in it may load or run anything.
    ...(format === 'svg' ? { csp: BADGE_CSP } : {}),
    unavailable: { detail: 'The badge is unavailable while the content is invalid.' },
    resolve: (request) => {
      const filters = parseFilterQuery(request.querystring, origin);
      const catalog = request.catalog();
      // Elapsed time from the start of the minute, as /api/v1/status measures it.
      const now = statusInstant(request.now);
      const shown: Badge = make(getStatus(catalog, filters, now), filters);
      return {
        revision: catalog.revision,
        key: `badge ${path} ${filterKey(filters)} ${shown.message}`,
        render: () =>
          format === 'svg'
            ? rendered(renderBadgeSvg(shown), SVG)
            : rendered(shieldsEndpoint(shown), JSON_TYPE),
      };
    },
  });
  return [
    badge(BADGE_PATHS.lastReset, lastResetBadge, 'svg'),
    badge(BADGE_PATHS.resets, resetCountBadge, 'svg'),
    badge(BADGE_PATHS.endpoint, lastResetBadge, 'json'),
  ];
}
