import { HttpProblem } from '../../http/http-problem.js';
import { makeProblem } from '../../http/problem-types.js';
import { ENGLISH } from '../i18n/lang.js';

/**
 * What the site's page resources share: the HTML content type, the Content Security Policies of the
 * pages and of the service worker, and the 404 of a path that names nothing.
 */

export const HTML = 'text/html; charset=utf-8';
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
export const notFound = (origin: string, path: string) =>
  new HttpProblem(makeProblem(origin, 'not_found', ENGLISH.t.errors.nothingAt(path)), {
    heading: ENGLISH.t.errors.pageNotFound,
  });
