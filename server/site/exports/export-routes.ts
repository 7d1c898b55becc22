import type { Middleware } from 'koa';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { viewFor } from '../../../domain/catalog.js';
import { filterKey } from '../../../domain/filters.js';
import type { ContentState } from '../../content/content-state.js';
import { requireCatalog } from '../require-catalog.js';
import { PUBLIC_CACHE_CONTROL } from '../../http/cache-control.js';
import { etagFor } from '../../http/etag.js';
import { parseFilterQuery } from '../../http/filter-query.js';
import type { RenderCache, Rendered } from '../render-cache.js';
import { rendered, sendRendered } from '../render-cache.js';
import { renderCalendar } from './calendar.js';
import { renderEventsJson } from './events-json.js';
import { renderLlmsTxt } from './llms-txt.js';
import { renderResetsCsv } from './resets-csv.js';

export interface ExportsOptions {
  readonly content: ContentState;
  readonly baseUrl: string;
  readonly clock: () => number;
  readonly cache: RenderCache;
  readonly openApi: OpenAPIObject;
}

/** `resets.csv` or `resets-max-weekly.csv`: the filters in the file name when they are set. */
function csvName(audience: string, window: string): string {
  const parts = [audience === 'all' ? '' : audience, window === 'any' ? '' : window].filter(Boolean);
  return `resets${parts.map((part) => `-${part}`).join('')}.csv`;
}

/**
 * The exports and machine-readable resources: `/resets.csv` and `/calendar.ics` (with the filters of
 * `/api/v1/status`), `/data/events.json` (the whole set) and `/llms.txt`. Each is rendered once per
 * content revision (and filters), with an ETag and public caching like the feeds.
 */
export function createExports(options: ExportsOptions) {
  const { content, baseUrl, clock, cache } = options;
  const llms = rendered(renderLlmsTxt(options.openApi, baseUrl), 'text/plain; charset=utf-8');
  const send = (ctx: Parameters<Middleware>[0], response: Rendered, filename?: string) => {
    if (filename) ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
    sendRendered(ctx, response, PUBLIC_CACHE_CONTROL);
  };

  return {
    resetsCsv: ((ctx) => {
      const filters = parseFilterQuery(ctx.querystring, baseUrl);
      const catalog = requireCatalog(content, baseUrl, 'The CSV export');
      const response = cache.get(catalog.revision, `csv ${filterKey(filters)}`, () =>
        rendered(renderResetsCsv(viewFor(catalog, filters)), 'text/csv; charset=utf-8; header=present'),
      );
      send(ctx, response, csvName(filters.audience, filters.window));
    }) satisfies Middleware,

    calendar: ((ctx) => {
      const filters = parseFilterQuery(ctx.querystring, baseUrl);
      const catalog = requireCatalog(content, baseUrl, 'The calendar');
      const response = cache.get(catalog.revision, `ics ${filterKey(filters)}`, () =>
        rendered(renderCalendar(catalog, filters, baseUrl), 'text/calendar; charset=utf-8'),
      );
      send(ctx, response);
    }) satisfies Middleware,

    eventsJson: ((ctx) => {
      const catalog = requireCatalog(content, baseUrl, 'The data set');
      const response = cache.get(catalog.revision, 'events.json', () => {
        const body = renderEventsJson(catalog, clock());
        // As in the API, the tag leaves out `generated_at`: every process gives the same one.
        return {
          status: 200,
          type: 'application/json; charset=utf-8',
          body,
          etag: etagFor(Buffer.from(body)),
        };
      });
      send(ctx, response, 'events.json');
    }) satisfies Middleware,

    llmsTxt: ((ctx) => send(ctx, llms)) satisfies Middleware,
  };
}

export type Exports = ReturnType<typeof createExports>;
