import { eventPath, viewFor } from '../../../domain/catalog.js';
import { PROBLEM_CODES } from '../../../domain/schemas/problems.js';
import { daysSince } from '../../../domain/stats.js';
import { utcDay } from '../../../domain/time.js';
import { HttpProblem } from '../../http/http-problem.js';
import { isProblemCode, makeProblem } from '../../http/problem-types.js';
import { assetUrl, DOCS_INIT_PATH, SWAGGER_CSS_PATH, SWAGGER_JS_PATH } from './assets.js';
import { ALERTS_JS_PATH, ALERTS_PATH, PRIVACY_PATH } from './alerts-control.js';
import { alertsMain, privacyMain } from './alerts-page.js';
import { EXPLORER_PATH, explorerMain } from './docs-explorer.js';
import { docsMain } from './docs-page.js';
import { eventMain } from './event-page.js';
import { eventText } from './event-text.js';
import { historyHref, homeHref, homeMain } from './home-page.js';
import type { PageSpec } from './layout.js';
import { renderPage } from './layout.js';
import { problemIndexMain, problemMain } from './problem-pages.js';
import type { Lang } from '../i18n/lang.js';
import { ENGLISH } from '../i18n/lang.js';
import { historyMain, historyPages } from './history-page.js';
import { readFilters, readHistoryQuery } from './read-filters.js';
import { rendered } from '../render-cache.js';
import type { SiteResource } from '../resource.js';
import { sourcesMain } from './sources-page.js';
import { FRESHNESS_PATH, freshnessMain } from './freshness-page.js';
import { computeFreshness } from '../../../domain/freshness.js';
import type { SiteOptions } from '../resource.js';
import { ALERTS_CSP, EXPLORER_CSP, HTML, notFound, PAGE_CSP } from './page-policies.js';

/**
 * Every HTML page in one language, at its path in that language (`/history`, `/ja/history`). A
 * failure's problem (its `detail`, and the heading of the English page) is the API's, in English;
 * the page in another language says what the problem's code means in its words (problem-pages.ts).
 */
export function localizedPages(options: SiteOptions, lang: Lang): SiteResource[] {
  const { origin, alerts } = options;
  const { locale } = lang;
  const english = ENGLISH.t;
  const alertsOn = alerts.publicKey !== null;
  /** Pages with the control carry its script (and its CSP) only when alerts are on. */
  const alertsScripts = alertsOn ? [assetUrl(ALERTS_JS_PATH)] : [];
  const alertsCsp = alertsOn ? ALERTS_CSP : PAGE_CSP;
  const page = (spec: PageSpec, status = 200) => rendered(renderPage(origin, lang, spec), HTML, status);
  const unavailable = { detail: english.errors.republishing, heading: english.errors.unavailable };
  /**
   * A page at its path in this language. `listed` says what the sitemap lists of it (crawl.ts): the
   * page itself (`true`), the pages a route with a parameter has in the content, or nothing.
   */
  const pageResource = (
    path: string,
    listed: boolean | NonNullable<SiteResource['sitemap']>,
    resolve: SiteResource['resolve'],
    csp = PAGE_CSP,
  ): SiteResource => ({
    path: lang.href(path),
    csp,
    unavailable,
    resolve,
    ...(listed === false ? {} : { sitemap: listed === true ? () => [{ path, lastmod: null }] : listed }),
  });
  const { t } = lang;

  return [
    pageResource(
      '/',
      true,
      (request) => {
        const filters = readFilters(request.querystring, origin);
        const catalog = request.catalog();
        const days = daysSince(viewFor(catalog, filters).stats.last_reset_at, request.now);
        const whole = days === null ? null : Math.floor(days);
        // Whole days and the calendar's UTC day are all the page shows of the clock, so the body (and
        // its ETag) holds until one of them turns.
        const today = utcDay(request.now);
        return {
          revision: catalog.revision,
          key: `home ${locale} ${filters.audience}/${filters.window} ${whole} ${today}`,
          render: () =>
            page({
              title: t.home.title,
              path: '/',
              query: homeHref(filters).slice(1),
              main: homeMain(lang, catalog, filters, whole, alerts, today),
              notice: catalog.collection.notice,
              scripts: alertsScripts,
            }),
        };
      },
      alertsCsp,
    ),

    pageResource('/history', true, (request) => {
      const { filters, page: number } = readHistoryQuery(request.querystring, origin);
      const catalog = request.catalog();
      if (number > historyPages(catalog, filters)) {
        const detail = english.history.noPage(String(number));
        throw new HttpProblem(makeProblem(origin, 'not_found', detail), {
          heading: english.history.noSuchPage,
        });
      }
      return {
        revision: catalog.revision,
        key: `history ${locale} ${filters.audience}/${filters.window} ${number}`,
        render: () =>
          page({
            title: t.history.title,
            path: '/history',
            query: historyHref(filters, number).slice('/history'.length),
            main: historyMain(lang, catalog, filters, number),
            notice: catalog.collection.notice,
          }),
      };
    }),

    pageResource(
      '/events/:id',
      (catalog) =>
        catalog.events.map(({ record }) => ({ path: eventPath(record.id), lastmod: record.revised_at })),
      (request) => {
        const id = request.params['id'] ?? '';
        const catalog = request.catalog();
        const record = catalog.byId.get(id);
        if (!record)
          throw new HttpProblem(makeProblem(origin, 'not_found', english.event.noEvent(id)), {
            heading: english.event.noSuchEvent,
          });
        const text = eventText(lang, catalog, record);
        return {
          revision: catalog.revision,
          key: `event ${locale} ${id}`,
          render: () =>
            page({
              title: text.plainTitle,
              path: eventPath(record.id),
              description: text.plainSummary,
              main: eventMain(lang, catalog, record, alerts),
              notice: catalog.collection.notice,
              scripts: alertsScripts,
            }),
        };
      },
      alertsCsp,
    ),

    pageResource(
      ALERTS_PATH,
      true,
      (request) => {
        const filters = readFilters(request.querystring, origin);
        return {
          revision: null,
          key: `alerts ${locale} ${filters.audience}/${filters.window}`,
          render: () =>
            page({
              title: t.alerts.title,
              path: ALERTS_PATH,
              query: homeHref(filters).slice(1),
              description: t.alerts.description,
              main: alertsMain(lang, filters, alerts),
              scripts: alertsScripts,
            }),
        };
      },
      alertsCsp,
    ),

    pageResource(PRIVACY_PATH, true, () => ({
      revision: null,
      key: `privacy ${locale}`,
      render: () => page({ title: t.privacy.title, path: PRIVACY_PATH, main: privacyMain(lang) }),
    })),

    {
      ...pageResource('/sources', true, (request) => {
        const directory = request.directory();
        return {
          revision: directory.revision,
          key: `sources ${locale}`,
          render: () =>
            page({
              title: t.sources.title,
              path: '/sources',
              main: sourcesMain(lang, directory),
              notice: directory.collection.notice,
            }),
        };
      }),
      unavailable: { detail: english.sources.unavailable, heading: english.errors.unavailable },
    },

    pageResource(FRESHNESS_PATH, true, (request) => {
      const catalog = request.catalog();
      return {
        revision: catalog.revision,
        key: `freshness ${locale}`,
        render: () =>
          page({
            title: t.freshness.title,
            path: FRESHNESS_PATH,
            main: freshnessMain(lang, computeFreshness(catalog.collection.freshness ?? [], catalog.byId)),
            notice: catalog.collection.notice,
          }),
      };
    }),

    {
      ...pageResource('/docs', true, () => ({
        revision: null,
        key: `docs ${locale}`,
        render: () =>
          page({
            title: t.docs.title,
            path: '/docs',
            main: docsMain(lang, origin, options.openApi.document, options.mcp),
          }),
      })),
      // The page lists the OpenAPI document's operations: it is built at the first request that needs it.
      prepare: options.openApi.load,
    },

    // Opt-in, beside the reference on /docs, which is the page to find: outside search and the sitemap.
    pageResource(
      EXPLORER_PATH,
      false,
      () => ({
        revision: null,
        key: `explorer ${locale}`,
        render: () =>
          page({
            title: t.explorer.title,
            path: EXPLORER_PATH,
            main: explorerMain(lang),
            noindex: true,
            styles: [assetUrl(SWAGGER_CSS_PATH)],
            scripts: [assetUrl(SWAGGER_JS_PATH), assetUrl(DOCS_INIT_PATH)],
          }),
      }),
      EXPLORER_CSP,
    ),

    pageResource('/problems', true, () => ({
      revision: null,
      key: `problems ${locale}`,
      render: () => page({ title: t.problems.title, path: '/problems', main: problemIndexMain(lang) }),
    })),

    pageResource(
      '/problems/:code',
      () => PROBLEM_CODES.map((code) => ({ path: `/problems/${code}`, lastmod: null })),
      (request) => {
        const code = request.params['code'] ?? '';
        if (!isProblemCode(code)) throw notFound(origin, request.path);
        return {
          revision: null,
          key: `problem ${locale} ${code}`,
          render: () =>
            page({
              // The code itself, as the API names it; the page's heading says its title.
              title: code,
              path: `/problems/${code}`,
              main: problemMain(lang, code, origin),
            }),
        };
      },
    ),
  ];
}
