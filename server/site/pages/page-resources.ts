import type { Problem } from '../../../domain/schemas/index.js';
import { findAsset, IMMUTABLE_CACHE_CONTROL, serviceWorkerFile, UNHASHED_CACHE_CONTROL } from './assets.js';
import { SERVICE_WORKER_PATH } from './alerts-control.js';
import { renderPage } from './layout.js';
import { errorHeading, errorMain } from './problem-pages.js';
import { langOf } from '../i18n/lang.js';
import { LOCALES, splitLocale } from '../../../domain/locales.js';
import type { Rendered } from '../render-cache.js';
import { rendered } from '../render-cache.js';
import type { SiteResource } from '../resource.js';
import type { SiteOptions } from '../resource.js';
import { HTML, notFound, SERVICE_WORKER_CACHE_CONTROL, SERVICE_WORKER_CSP } from './page-policies.js';
import { localizedPages } from './localized-pages.js';

/** The site's pages and their files, as resources; failures are thrown as `HttpProblem`s. */
export function pageResources(options: SiteOptions): SiteResource[] {
  const { origin } = options;
  /** A hashed name is immutable; an old unhashed one keeps answering, cached briefly; any other is 404. */
  const fileResource = (path: string): SiteResource => ({
    path,
    files: true,
    resolve: (request) => {
      const asset = findAsset(request.path);
      if (!asset) throw notFound(origin, request.path);
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
  ];
}

/** The HTML page of a failed page request (the problem boundary sends it), in the language of its path. */
export function problemPageRenderer(origin: string) {
  return (problem: Problem, heading: string, path: string): Rendered => {
    const split = splitLocale(path);
    const lang = langOf(split.locale);
    const title = errorHeading(lang, heading, problem);
    return rendered(
      renderPage(origin, lang, { title, path: split.path, main: errorMain(lang, title, problem) }),
      HTML,
      problem.status,
    );
  };
}
