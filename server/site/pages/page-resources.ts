import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { eventPath, viewFor } from '../../../domain/catalog.js';
import { daysSince } from '../../../domain/stats.js';
import { utcDay } from '../../../domain/time.js';
import type { Problem } from '../../../domain/schemas/index.js';
import { HttpProblem } from '../../http/http-problem.js';
import { isProblemCode, makeProblem } from '../../http/problem-types.js';
import {
  assetUrl,
  DOCS_INIT_PATH,
  findAsset,
  IMMUTABLE_CACHE_CONTROL,
  serviceWorkerFile,
  SWAGGER_CSS_PATH,
  SWAGGER_JS_PATH,
  UNHASHED_CACHE_CONTROL,
} from './assets.js';
import type { AlertsOptions } from './alerts-control.js';
import { ALERTS_JS_PATH, ALERTS_PATH, PRIVACY_PATH, SERVICE_WORKER_PATH } from './alerts-control.js';
import { alertsMain, privacyMain } from './alerts-page.js';
import { ROBOTS_PATH, robotsTxt, SITEMAP_PATH, sitemapXml } from './crawl.js';
import { EXPLORER_PATH, explorerMain } from './docs-explorer.js';
import { docsMain } from './docs-page.js';
import { eventMain } from './event-page.js';
import { eventText } from './event-text.js';
import { historyHref, homeHref, homeMain } from './home-page.js';
import type { PageSpec } from './layout.js';
import { renderPage } from './layout.js';
import { errorHeading, errorMain, problemIndexMain, problemMain } from './problem-pages.js';
import type { Lang } from '../i18n/lang.js';
import { ENGLISH, langOf } from '../i18n/lang.js';
import { LOCALES, splitLocale } from '../i18n/locales.js';
import { historyMain, historyPages } from './history-page.js';
import { readFilters, readHistoryQuery } from './read-filters.js';
import type { Rendered } from '../render-cache.js';
import { rendered } from '../render-cache.js';
import type { SiteResource } from '../resource.js';
import { sourcesMain } from './sources-page.js';

export interface PagesOptions {
  readonly baseUrl: string;
  /** The OpenAPI document: `/docs` lists its operations. */
  readonly openApi: OpenAPIObject;
  /** Browser alerts: the VAPID public key the control subscribes with, or null when alerts are off. */
  readonly alerts: AlertsOptions;
}

const HTML = 'text/html; charset=utf-8';
const COMMON_CSP = "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
/**
 * The site's pages run only same-origin scripts: the local-time script (local-time.ts) on every page,
 * and nothing inline. `connect-src 'self'` lets the browser's own tools fetch same-origin files in the
 * page's name: Chromium's `Network.loadNetworkResource`, which Lighthouse uses to read /robots.txt,
 * obeys `connect-src`.
 */
export const PAGE_CSP = `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; ${COMMON_CSP}`;
/** /docs/explorer runs Swagger UI from same-origin files; its stylesheet draws icons from data: URIs. */
export const EXPLORER_CSP = `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; ${COMMON_CSP}`;

/**
 * A page with the alerts control (or the event page's note): its same-origin script, and the service
 * worker it registers (`/sw.js`). The script's requests go to this origin only.
 */
export const ALERTS_CSP = `default-src 'none'; script-src 'self'; worker-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; ${COMMON_CSP}`;
/** The service worker's own policy: it fetches only this origin's alerts endpoints. */
export const SERVICE_WORKER_CSP = "default-src 'none'; connect-src 'self'";
/** The service worker is asked for again on every registration check, never taken from a cache as it is. */
export const SERVICE_WORKER_CACHE_CONTROL = 'no-cache';

/** 404 for a page path (an asset, a problem code) that names nothing; the problem is the API's, in English. */
const notFound = (baseUrl: string, path: string) =>
  new HttpProblem(makeProblem(baseUrl, 'not_found', ENGLISH.t.errors.nothingAt(path)), {
    heading: ENGLISH.t.errors.pageNotFound,
  });

/** The site's pages and their files, as resources; failures are thrown as `HttpProblem`s. */
export function pageResources(options: PagesOptions): SiteResource[] {
  const { baseUrl } = options;
  /** A hashed name is immutable; an old unhashed one keeps answering, cached briefly; any other is 404. */
  const fileResource = (path: string): SiteResource => ({
    path,
    resolve: (request) => {
      const asset = findAsset(request.path);
      if (!asset) throw notFound(baseUrl, request.path);
      return {
        revision: null,
        key: `asset ${request.path}`,
        render: () => asset.file,
        cacheControl: asset.hashed ? IMMUTABLE_CACHE_CONTROL : UNHASHED_CACHE_CONTROL,
      };
    },
  });

  return [
    ...LOCALES.flatMap((locale) => localizedPages(options, langOf(locale))),

    {
      path: SERVICE_WORKER_PATH,
      csp: SERVICE_WORKER_CSP,
      cacheControl: SERVICE_WORKER_CACHE_CONTROL,
      resolve: () => ({
        revision: null,
        key: 'service worker',
        render: serviceWorkerFile,
      }),
    },

    /** Swagger UI's files under the unhashed names /docs linked before /docs/explorer. */
    fileResource('/docs/assets/:file'),
    /** Same-origin files (the stylesheets, the icon, the scripts) by hashed or old name. */
    fileResource('/assets/:file'),

    {
      path: ROBOTS_PATH,
      resolve: () => ({
        revision: null,
        key: 'robots',
        render: () => rendered(robotsTxt(baseUrl), 'text/plain; charset=utf-8'),
      }),
    },

    {
      path: SITEMAP_PATH,
      unavailable: { detail: 'The sitemap is unavailable while the content is invalid.' },
      resolve: (request) => {
        const catalog = request.catalog();
        return {
          revision: catalog.revision,
          key: 'sitemap',
          render: () => rendered(sitemapXml(baseUrl, catalog), 'application/xml; charset=utf-8'),
        };
      },
    },
  ];
}

/**
 * Every HTML page in one language, at its path in that language (`/history`, `/ja/history`). A
 * failure's problem (its `detail`, and the heading of the English page) is the API's, in English;
 * the page in another language says what the problem's code means in its words (problem-pages.ts).
 */
function localizedPages(options: PagesOptions, lang: Lang): SiteResource[] {
  const { baseUrl, alerts } = options;
  const { locale } = lang;
  const english = ENGLISH.t;
  const alertsOn = alerts.publicKey !== null;
  /** Pages with the control carry its script (and its CSP) only when alerts are on. */
  const alertsScripts = alertsOn ? [assetUrl(ALERTS_JS_PATH)] : [];
  const alertsCsp = alertsOn ? ALERTS_CSP : PAGE_CSP;
  const page = (spec: PageSpec, status = 200) => rendered(renderPage(baseUrl, lang, spec), HTML, status);
  const unavailable = { detail: english.errors.republishing, heading: english.errors.unavailable };
  const pageResource = (path: string, resolve: SiteResource['resolve'], csp = PAGE_CSP): SiteResource => ({
    path: lang.href(path),
    csp,
    unavailable,
    resolve,
  });
  const { t } = lang;

  return [
    pageResource(
      '/',
      (request) => {
        const filters = readFilters(request.querystring, baseUrl);
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

    pageResource('/history', (request) => {
      const { filters, page: number } = readHistoryQuery(request.querystring, baseUrl);
      const catalog = request.catalog();
      if (number > historyPages(catalog, filters)) {
        const detail = english.history.noPage(String(number));
        throw new HttpProblem(makeProblem(baseUrl, 'not_found', detail), {
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
      (request) => {
        const id = request.params['id'] ?? '';
        const catalog = request.catalog();
        const record = catalog.byId.get(id);
        if (!record)
          throw new HttpProblem(makeProblem(baseUrl, 'not_found', english.event.noEvent(id)), {
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
      (request) => {
        const filters = readFilters(request.querystring, baseUrl);
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

    pageResource(PRIVACY_PATH, () => ({
      revision: null,
      key: `privacy ${locale}`,
      render: () => page({ title: t.privacy.title, path: PRIVACY_PATH, main: privacyMain(lang) }),
    })),

    {
      ...pageResource('/sources', (request) => {
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

    pageResource('/docs', () => ({
      revision: null,
      key: `docs ${locale}`,
      render: () =>
        page({ title: t.docs.title, path: '/docs', main: docsMain(lang, baseUrl, options.openApi) }),
    })),

    pageResource(
      EXPLORER_PATH,
      () => ({
        revision: null,
        key: `explorer ${locale}`,
        render: () =>
          page({
            title: t.explorer.title,
            path: EXPLORER_PATH,
            main: explorerMain(lang),
            styles: [assetUrl(SWAGGER_CSS_PATH)],
            scripts: [assetUrl(SWAGGER_JS_PATH), assetUrl(DOCS_INIT_PATH)],
          }),
      }),
      EXPLORER_CSP,
    ),

    pageResource('/problems', () => ({
      revision: null,
      key: `problems ${locale}`,
      render: () => page({ title: t.problems.title, path: '/problems', main: problemIndexMain(lang) }),
    })),

    pageResource('/problems/:code', (request) => {
      const code = request.params['code'] ?? '';
      if (!isProblemCode(code)) throw notFound(baseUrl, request.path);
      return {
        revision: null,
        key: `problem ${locale} ${code}`,
        render: () =>
          page({
            // The code itself, as the API names it; the page's heading says its title.
            title: code,
            path: `/problems/${code}`,
            main: problemMain(lang, code, baseUrl),
          }),
      };
    }),
  ];
}

/** The HTML page of a failed page request (the problem boundary sends it), in the language of its path. */
export function problemPageRenderer(baseUrl: string) {
  return (problem: Problem, heading: string, path: string): Rendered => {
    const split = splitLocale(path);
    const lang = langOf(split.locale);
    const title = errorHeading(lang, heading, problem);
    return rendered(
      renderPage(baseUrl, lang, { title, path: split.path, main: errorMain(lang, title, problem) }),
      HTML,
      problem.status,
    );
  };
}
