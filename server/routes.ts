import http from 'node:http';
import Router from '@koa/router';
import type { RouterMiddleware } from '@koa/router';
import type { Middleware } from 'koa';
import type { ContentState } from './content/content-state.js';
import type { createFeeds } from './site/feeds/feed-routes.js';
import { PUBLIC_CACHE_CONTROL } from './http/cache-control.js';
import { healthz } from './content/healthz.js';
import { TRPC_PREFIX } from './api/trpc-endpoint.js';
import type { Exports } from './site/exports/export-routes.js';
import type { Pages } from './site/pages/page-routes.js';
import { DOCS_ASSETS } from './site/pages/docs-page.js';
import type { RestOperation } from './api/rest-operations.js';
import { FEED_PATHS } from './site/site-info.js';

export interface RouteHandlers {
  readonly content: ContentState;
  readonly rest: readonly { readonly operation: RestOperation; readonly handle: Middleware }[];
  readonly trpc: RouterMiddleware;
  readonly openApiBody: string;
  readonly feeds: ReturnType<typeof createFeeds>;
  readonly pages: Pages;
  /** `/badge.svg`, `/badge/resets.svg`, `/badge.json`, by path. */
  readonly badges: Readonly<Record<string, Middleware>>;
  readonly exports: Readonly<Record<keyof Exports, Middleware>>;
  /** `/embed`, by path. */
  readonly embed: Readonly<Record<string, Middleware>>;
}

/**
 * The map of the site: every URL the service answers, top to bottom. Each GET route answers HEAD;
 * `allowedMethods` gives every other method on a known path its 405 (see server/http/allowed-methods.ts).
 */
export function createRoutes(handlers: RouteHandlers): Router {
  const { rest, feeds, pages } = handlers;
  // Every method Node parses is "implemented": a known path refuses it with 405, never 501.
  const router = new Router({ methods: http.METHODS });

  router.get('/healthz', healthz(handlers.content));

  // The REST operations, at the paths of their procedures' OpenAPI meta.
  for (const { operation, handle } of rest) router.get(operation.path, handle);
  router.get('/api/openapi.json', (ctx) => {
    ctx.set('Cache-Control', PUBLIC_CACHE_CONTROL);
    ctx.type = 'application/json';
    ctx.body = handlers.openApiBody;
  });
  // tRPC queries, single or batched (`a,b`): GET only, as the procedures are all queries.
  router.get(`${TRPC_PREFIX}/:procedures`, handlers.trpc);

  router.get(FEED_PATHS.rss, feeds.rss);
  router.get(FEED_PATHS.json, feeds.json);
  router.get(FEED_PATHS.atom, feeds.atom);

  // Exports and what agents read.
  router.get('/resets.csv', handlers.exports.resetsCsv);
  router.get('/calendar.ics', handlers.exports.calendar);
  router.get('/data/events.json', handlers.exports.eventsJson);
  router.get('/llms.txt', handlers.exports.llmsTxt);

  // Pictures and the card other sites frame.
  for (const [path, handle] of Object.entries(handlers.badges)) router.get(path, handle);
  for (const [path, handle] of Object.entries(handlers.embed)) router.get(path, handle);

  router.get('/', pages.home);
  router.get('/history', pages.history);
  router.get('/events/:id', pages.event);
  router.get('/sources', pages.sources);
  router.get('/docs', pages.docs);
  router.get(`${DOCS_ASSETS}/:file`, pages.asset);
  router.get('/problems', pages.problems);
  router.get('/problems/:code', pages.problem);
  router.get('/assets/:file', pages.asset);

  return router;
}
