import type { RouterContext, RouterMiddleware } from '@koa/router';
import type { Catalog } from '../../../domain/catalog.js';
import { viewFor } from '../../../domain/catalog.js';
import { daysSince } from '../../../domain/stats.js';
import type { Problem } from '../../../domain/schemas/index.js';
import type { ContentState } from '../../content/content-state.js';
import { PUBLIC_CACHE_CONTROL } from '../../http/cache-control.js';
import { HttpProblem } from '../../http/http-problem.js';
import { isProblemCode, makeProblem } from '../../http/problem-types.js';
import { createAssets } from './assets.js';
import { DOCS_ASSETS, docsMain } from './docs-page.js';
import { eventMain } from './event-page.js';
import { homeMain } from './home-page.js';
import type { PageSpec } from './layout.js';
import { renderPage } from './layout.js';
import { errorMain, problemIndexMain, problemMain } from './problem-pages.js';
import { historyMain, historyPages } from './history-page.js';
import { readFilters, readHistoryQuery } from './read-filters.js';
import type { RenderCache, Rendered } from '../render-cache.js';
import { rendered, sendRendered } from '../render-cache.js';
import { sourcesMain } from './sources-page.js';

export interface PagesOptions {
  readonly content: ContentState;
  readonly baseUrl: string;
  readonly clock: () => number;
  readonly cache: RenderCache;
}

const HTML = 'text/html; charset=utf-8';
const COMMON_CSP = "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
/** No script at all on the site's pages. */
export const PAGE_CSP = `default-src 'none'; style-src 'self'; img-src 'self'; ${COMMON_CSP}`;
/** /docs runs Swagger UI from same-origin files; its stylesheet draws icons from data: URIs. */
export const DOCS_CSP = `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; ${COMMON_CSP}`;
const ASSET_CACHE_CONTROL = 'public, max-age=3600';

/** The site's pages and their files, each a route handler; failures are thrown as `HttpProblem`s. */
export function createPages(options: PagesOptions) {
  const { content, baseUrl, clock, cache } = options;
  const asset = createAssets();
  const page = (spec: PageSpec, status = 200) => rendered(renderPage(baseUrl, spec), HTML, status);

  function requireCatalog(): Catalog {
    const { catalog } = content.snapshot;
    if (!catalog)
      throw new HttpProblem(
        makeProblem(
          baseUrl,
          'content_unavailable',
          'The reset data is being republished or is invalid. Please try again in a minute.',
        ),
        { heading: 'Temporarily unavailable' },
      );
    return catalog;
  }

  const send =
    (render: (ctx: RouterContext) => Rendered, csp = PAGE_CSP): RouterMiddleware =>
    (ctx) => {
      const response = render(ctx);
      ctx.set('Content-Security-Policy', csp);
      sendRendered(ctx, response, PUBLIC_CACHE_CONTROL);
    };

  return {
    home: send((ctx) => {
      const filters = readFilters(ctx.querystring, baseUrl);
      const catalog = requireCatalog();
      const days = daysSince(viewFor(catalog, filters).stats.last_reset_at, clock());
      const whole = days === null ? null : Math.floor(days);
      // Whole days is all the page shows of the clock, so the body (and its ETag) holds for a day.
      return cache.get(catalog.revision, `home ${filters.audience}/${filters.window} ${whole}`, () =>
        page({
          title: 'Latest resets',
          path: '/',
          main: homeMain(catalog, filters, whole),
          notice: catalog.collection.notice,
        }),
      );
    }),

    history: send((ctx) => {
      const { filters, page: number } = readHistoryQuery(ctx.querystring, baseUrl);
      const catalog = requireCatalog();
      if (number > historyPages(catalog, filters)) {
        const detail = `There is no page ${number} of this history.`;
        throw new HttpProblem(makeProblem(baseUrl, 'not_found', detail), { heading: 'No such page' });
      }
      return cache.get(catalog.revision, `history ${filters.audience}/${filters.window} ${number}`, () =>
        page({
          title: 'Counted history',
          path: '/history',
          main: historyMain(catalog, filters, number),
          notice: catalog.collection.notice,
        }),
      );
    }),

    event: send((ctx) => {
      const id = ctx.params['id'] ?? '';
      const catalog = requireCatalog();
      const record = catalog.byId.get(id);
      if (!record)
        throw new HttpProblem(makeProblem(baseUrl, 'not_found', `There is no event with the id "${id}".`), {
          heading: 'No such event',
        });
      return cache.get(catalog.revision, `event ${id}`, () =>
        page({
          title: record.title,
          path: `/events/${id}`,
          description: record.summary,
          main: eventMain(catalog, record),
          notice: catalog.collection.notice,
        }),
      );
    }),

    sources: send(() => {
      const { directory } = content.snapshot;
      if (!directory)
        throw new HttpProblem(
          makeProblem(baseUrl, 'content_unavailable', 'The sources directory is unavailable.'),
          { heading: 'Temporarily unavailable' },
        );
      return cache.get(directory.revision, 'sources', () =>
        page({
          title: 'Sources',
          path: '/sources',
          main: sourcesMain(directory),
          notice: directory.collection.notice,
        }),
      );
    }),

    docs: send(
      () =>
        cache.get('-', 'docs', () =>
          page({
            title: 'API documentation',
            path: '/docs',
            main: docsMain(baseUrl),
            styles: [`${DOCS_ASSETS}/swagger-ui.css`],
            scripts: [`${DOCS_ASSETS}/swagger-ui-bundle.js`, `${DOCS_ASSETS}/docs-init.js`],
          }),
        ),
      DOCS_CSP,
    ),

    problems: send(() =>
      cache.get('-', 'problems', () =>
        page({ title: 'Error codes', path: '/problems', main: problemIndexMain() }),
      ),
    ),

    problem: send((ctx) => {
      const code = ctx.params['code'] ?? '';
      if (!isProblemCode(code)) throw notFound(ctx.path);
      return cache.get('-', `problem ${code}`, () =>
        page({ title: code, path: `/problems/${code}`, main: problemMain(code, baseUrl) }),
      );
    }),

    /** Same-origin files: the site's stylesheet and icon, Swagger UI's files. */
    asset: ((ctx) => {
      const file = asset(ctx.path);
      if (!file) throw notFound(ctx.path);
      sendRendered(ctx, file, ASSET_CACHE_CONTROL);
    }) satisfies RouterMiddleware,

    /** The HTML page of a failed page request (the problem boundary sends it). */
    problemPage: (problem: Problem, heading: string, path: string) =>
      page({ title: heading, path, main: errorMain(heading, problem.detail) }, problem.status),
  };

  function notFound(path: string): HttpProblem {
    return new HttpProblem(makeProblem(baseUrl, 'not_found', `There is nothing at ${path}.`), {
      heading: 'Page not found',
    });
  }
}

export type Pages = ReturnType<typeof createPages>;
