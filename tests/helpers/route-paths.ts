/**
 * Every path the service reads, from its own route table (`RunningServer.routes`), for the tests that
 * must hold on each resource: a route added to the table is requested without a test being edited,
 * and a route with parameters that has no sample here fails them (server/routes.ts `samplePaths`).
 */
import { samplePaths } from '../../server/routes.js';
import { localePrefix, splitLocale } from '../../domain/locales.js';

/** Routes whose answer never ends (a live stream): the stream tests request them. */
const ENDLESS = new Set(['/api/v1/status/stream']);

/** Sample paths for each English route with parameters; a localized route gets them under its prefix. */
function samples(eventId: string): Readonly<Record<string, readonly string[]>> {
  return {
    '/api/trpc/:procedures': [
      '/api/trpc/listResets?input=%7B%22limit%22%3A3%7D',
      '/api/trpc/getResetStatus,listSources?batch=1&input=%7B%7D',
    ],
    '/events/:id': [`/events/${eventId}`],
    '/problems/:code': ['/problems/not_found'],
    '/assets/:file': ['/assets/site.css'],
    '/docs/assets/:file': ['/docs/assets/swagger-ui.css'],
  };
}

/** One path per fixed route and the samples of each route with parameters, streams left out. */
export function readPaths(routes: readonly string[], options: { readonly eventId: string }): string[] {
  const byRoute = samples(options.eventId);
  return samplePaths(
    routes.filter((route) => !ENDLESS.has(route)),
    (route) => {
      const { locale, path } = splitLocale(route);
      return byRoute[path]?.map((sample) => `${localePrefix(locale)}${sample}`);
    },
  );
}
