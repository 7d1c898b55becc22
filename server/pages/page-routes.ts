import type { Context, Middleware } from 'koa';
import type { Catalog } from '../../domain/catalog.js';
import { viewFor } from '../../domain/catalog.js';
import type { FilterSet } from '../../domain/filters.js';
import { daysSince } from '../../domain/stats.js';
import type { ContentState } from '../content-state.js';
import { CONTENT_UNAVAILABLE_RETRY_SECONDS, PUBLIC_CACHE_CONTROL } from '../http/cache-control.js';
import { HttpProblem } from '../http/http-problem.js';
import { methodGuard } from '../http/method-guard.js';
import { isProblemCode, makeProblem, PROBLEM_TYPES } from '../problems.js';
import { createAssets } from './assets.js';
import { DOCS_ASSETS, docsMain } from './docs-page.js';
import { eventMain } from './event-page.js';
import { homeMain } from './home-page.js';
import type { PageSpec } from './layout.js';
import { renderPage } from './layout.js';
import { PageError } from './page-error.js';
import { errorMain, problemIndexMain, problemMain } from './problem-pages.js';
import { readFilters } from './read-filters.js';
import type { RenderCache, Rendered } from './render-cache.js';
import { rendered, sendRendered } from './render-cache.js';
import { sourcesMain } from './sources-page.js';

export interface PageRoutesOptions {
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

function requireCatalog(content: ContentState): Catalog {
  const { catalog } = content.snapshot;
  if (!catalog)
    throw new PageError(
      'content_unavailable',
      'Temporarily unavailable',
      'The reset data is being republished or is invalid. Please try again in a minute.',
    );
  return catalog;
}

/** The site: HTML pages, their stylesheet, and the API docs with Swagger UI's files. */
export function pageRoutes(options: PageRoutesOptions): Middleware {
  const { content, baseUrl, clock, cache } = options;
  const guard = methodGuard(['GET', 'HEAD'], baseUrl);
  const asset = createAssets();
  const page = (spec: PageSpec, status = 200) => rendered(renderPage(baseUrl, spec), HTML, status);

  function home(ctx: Context): Rendered {
    const filters: FilterSet = readFilters(ctx.URL.searchParams);
    const catalog = requireCatalog(content);
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
  }

  function event(id: string): Rendered {
    const catalog = requireCatalog(content);
    const record = catalog.byId.get(id);
    if (!record) throw new PageError('not_found', 'No such event', `There is no event with the id "${id}".`);
    return cache.get(catalog.revision, `event ${id}`, () =>
      page({
        title: record.title,
        path: `/events/${id}`,
        description: record.summary,
        main: eventMain(catalog, record),
        notice: catalog.collection.notice,
      }),
    );
  }

  function sources(): Rendered {
    const directory = content.snapshot.directory;
    if (!directory)
      throw new PageError(
        'content_unavailable',
        'Temporarily unavailable',
        'The sources directory is unavailable.',
      );
    return cache.get(directory.revision, 'sources', () =>
      page({
        title: 'Sources',
        path: '/sources',
        main: sourcesMain(directory),
        notice: directory.collection.notice,
      }),
    );
  }

  function route(ctx: Context): { response: Rendered; csp: string } | null {
    const path = ctx.path;
    if (path === '/') return { response: home(ctx), csp: PAGE_CSP };
    if (path === '/sources') return { response: sources(), csp: PAGE_CSP };
    if (path === '/docs') {
      const response = cache.get('-', 'docs', () =>
        page({
          title: 'API documentation',
          path: '/docs',
          main: docsMain(baseUrl),
          styles: [`${DOCS_ASSETS}/swagger-ui.css`],
          scripts: [`${DOCS_ASSETS}/swagger-ui-bundle.js`, `${DOCS_ASSETS}/docs-init.js`],
        }),
      );
      return { response, csp: DOCS_CSP };
    }
    if (path === '/problems') {
      const response = cache.get('-', 'problems', () =>
        page({ title: 'Error codes', path, main: problemIndexMain() }),
      );
      return { response, csp: PAGE_CSP };
    }
    const segments = /^\/(events|problems)\/([^/]+)$/.exec(path);
    if (segments) {
      const [, kind, raw = ''] = segments;
      const key = decodeSegment(raw);
      if (kind === 'events') return { response: event(key), csp: PAGE_CSP };
      if (isProblemCode(key)) {
        const response = cache.get('-', `problem ${key}`, () =>
          page({ title: key, path, main: problemMain(key, baseUrl) }),
        );
        return { response, csp: PAGE_CSP };
      }
    }
    return null;
  }

  return async (ctx, next) => {
    if (ctx.path.startsWith('/api/')) {
      await next();
      return;
    }
    const file = asset(ctx.path);
    if (file) {
      if (guard(ctx)) return;
      sendRendered(ctx, file, ASSET_CACHE_CONTROL);
      return;
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD' && !isPagePath(ctx.path)) {
      await next();
      return;
    }
    if (guard(ctx)) return;
    try {
      const found = route(ctx);
      if (!found) throw new PageError('not_found', 'Page not found', `There is nothing at ${ctx.path}.`);
      ctx.set('Content-Security-Policy', found.csp);
      sendRendered(ctx, found.response, PUBLIC_CACHE_CONTROL);
    } catch (error) {
      if (!(error instanceof PageError)) throw error;
      sendError(ctx, error);
    }
  };

  function sendError(ctx: Context, error: PageError): void {
    // A client that asks for JSON gets the API's problem+json instead of a page.
    if (ctx.accepts('text/html', 'application/problem+json', 'application/json') !== 'text/html') {
      throw new HttpProblem(makeProblem(baseUrl, error.code, error.detail, error.parameter));
    }
    const { status } = PROBLEM_TYPES[error.code];
    ctx.set('Content-Security-Policy', PAGE_CSP);
    if (status === 503) ctx.set('Retry-After', String(CONTENT_UNAVAILABLE_RETRY_SECONDS));
    const response = page(
      { title: error.title, path: ctx.path, main: errorMain(error.title, error.detail) },
      status,
    );
    sendRendered(ctx, response, status === 503 ? 'no-store' : PUBLIC_CACHE_CONTROL);
  }
}

function isPagePath(path: string): boolean {
  return ['/', '/sources', '/docs', '/problems'].includes(path) || /^\/(events|problems)\/[^/]+$/.test(path);
}

function decodeSegment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
