import type { SiteOptions } from '../resource.js';
import { viewFor } from '../../../domain/catalog.js';
import { filterKey } from '../../../domain/filters.js';
import { etagFor } from '../../http/etag.js';
import { parseFilterQuery } from '../filter-query.js';
import { rendered } from '../render-cache.js';
import type { SiteResource } from '../resource.js';
import { renderCalendar } from './calendar.js';
import { renderEventsJson } from './events-json.js';
import { renderLlmsTxt } from './llms-txt.js';
import { renderResetsCsv } from './resets-csv.js';

/** `resets.csv` or `resets-max-weekly.csv`: the filters in the file name when they are set. */
function csvName(audience: string, window: string): string {
  const parts = [audience === 'all' ? '' : audience, window === 'any' ? '' : window].filter(Boolean);
  return `resets${parts.map((part) => `-${part}`).join('')}.csv`;
}

const unavailable = (what: string) => ({ detail: `${what} is unavailable while the content is invalid.` });

/**
 * The exports and machine-readable resources: `/resets.csv` and `/calendar.ics` (with the filters of
 * `/api/v1/status`), `/data/events.json` (the whole set) and `/llms.txt`. Each is rendered once per
 * content revision (and filters), with an ETag and public caching like the feeds.
 */
export function exportResources(options: Pick<SiteOptions, 'origin' | 'openApi' | 'mcp'>): SiteResource[] {
  const { origin } = options;
  return [
    {
      path: '/resets.csv',
      unavailable: unavailable('The CSV export'),
      resolve: (request) => {
        const filters = parseFilterQuery(request.querystring, origin);
        const catalog = request.catalog();
        return {
          revision: catalog.revision,
          key: `csv ${filterKey(filters)}`,
          render: () =>
            rendered(renderResetsCsv(viewFor(catalog, filters)), 'text/csv; charset=utf-8; header=present'),
          filename: csvName(filters.audience, filters.window),
        };
      },
    },
    {
      path: '/calendar.ics',
      unavailable: unavailable('The calendar'),
      resolve: (request) => {
        const filters = parseFilterQuery(request.querystring, origin);
        const catalog = request.catalog();
        return {
          revision: catalog.revision,
          key: `ics ${filterKey(filters)}`,
          render: () => rendered(renderCalendar(catalog, filters, origin), 'text/calendar; charset=utf-8'),
        };
      },
    },
    {
      path: '/data/events.json',
      unavailable: unavailable('The data set'),
      resolve: (request) => {
        const catalog = request.catalog();
        return {
          revision: catalog.revision,
          key: 'events.json',
          render: () => {
            const body = Buffer.from(renderEventsJson(catalog, request.now));
            // As in the API, the tag leaves out `generated_at`: every process gives the same one.
            return {
              status: 200,
              type: 'application/json; charset=utf-8',
              body,
              etag: etagFor(body),
            };
          },
          filename: 'events.json',
        };
      },
    },
    {
      path: '/llms.txt',
      prepare: options.openApi.load,
      resolve: () => ({
        revision: null,
        key: 'llms.txt',
        render: () =>
          rendered(renderLlmsTxt(options.openApi.document, origin, options.mcp), 'text/plain; charset=utf-8'),
      }),
    },
  ];
}
