import http from 'node:http';
import type { Layer, RouterMiddleware } from '@koa/router';
import type { Middleware } from 'koa';
import type { ContentState } from './content/content-state.js';
import { RouteTable } from './http/route-table.js';
import { PUBLIC_CACHE_CONTROL } from './http/cache-control.js';
import { healthz } from './api/healthz.js';
import { TRPC_PREFIX } from './api/trpc-endpoint.js';
import { MCP_PATH } from './api/mcp-names.js';
import type { RestOperation } from './api/rest.js';
import type { OpenApiDocument } from './http/openapi-document.js';
import type { SiteResource } from './site/resource.js';
import type { AlertEndpoints } from './alerts/push/endpoints.js';
import { SUBSCRIPTIONS_PATH, VAPID_KEY_PATH } from './alerts/push/endpoints.js';
import type { WebhookEndpoints } from './alerts/webhooks/endpoints.js';
import { WEBHOOK_PATH, WEBHOOKS_PATH } from './alerts/webhooks/endpoints.js';
import type { EmailEndpoints } from './alerts/email/endpoints.js';
import { EMAIL_SUBSCRIBE_PATH } from './alerts/email/endpoints.js';

/**
 * What a URL is: a `page` a person reads (a failure there is answered with an HTML page, unless the
 * client asks for JSON) or a `program`'s (the API, MCP, the alerts' endpoints, /healthz, feeds,
 * exports, badges and files: a failure is problem+json, whatever the request accepts).
 */
export type RouteKind = 'page' | 'program';

/** What the route table says of a route: what it is, and whether the rate limit counts its requests. */
export interface RouteFacts {
  readonly kind: RouteKind;
  readonly limited: boolean;
}

/** One route of the table, as `npm run routes` prints it. */
export interface RouteEntry extends RouteFacts {
  /** As the router answers them: a GET route answers HEAD too. */
  readonly methods: readonly string[];
  readonly path: string;
}

/** The route table, and what it says of each path, for the pipeline (server/app.ts passes them on). */
export interface ServiceRoutes {
  readonly table: RouteTable;
  /** Every route, in the order declared. */
  readonly entries: readonly RouteEntry[];
  /** Whether a failure at `path` is answered as a page (see `RouteKind`). */
  readonly isPage: (path: string) => boolean;
  /** Whether the rate limit counts a request for `path`. */
  readonly limited: (path: string) => boolean;
}

const PAGE: RouteFacts = { kind: 'page', limited: true };
const PROGRAM: RouteFacts = { kind: 'program', limited: true };
/** A health check is asked every few seconds by the machines that run the service: never refused. */
const HEALTH_CHECK: RouteFacts = { kind: 'program', limited: false };

/**
 * Where a path no route matches belongs, for its 404: under these prefixes, to the programs there
 * (a mistyped API or alerts' endpoint gets problem+json); elsewhere to the pages, but a file.
 */
const PROGRAM_AREAS = ['/api/', '/alerts/'];

/** A path with a file extension (a feed, an export, a badge, an asset) is a file, read by programs. */
const isFile = (path: string) => /\.[A-Za-z0-9]+$/.test(path);

export interface RouteHandlers {
  readonly content: ContentState;
  /** Live streams open in this process, for /healthz. */
  readonly openStreams: () => number;
  readonly rest: readonly { readonly operation: RestOperation; readonly handle: Middleware }[];
  /** The live status stream (`text/event-stream`), beside the operation it follows. */
  readonly statusStream: { readonly path: string; readonly handle: Middleware };
  readonly trpc: RouterMiddleware;
  /** The MCP endpoint, behind its Origin check (server/api/mcp-endpoint.ts). */
  readonly mcp: readonly Middleware[];
  /** Browser alerts: the public key, subscribing and unsubscribing (server/alerts/push/endpoints.ts). */
  readonly alerts: AlertEndpoints;
  /** Webhooks: registering, reading and deleting one (server/alerts/webhooks/endpoints.ts). */
  readonly webhooks: WebhookEndpoints;
  /** Email alerts: asking for them, and the confirm and unsubscribe pages (server/alerts/email/endpoints.ts). */
  readonly email: EmailEndpoints;
  /** The OpenAPI document `/api/openapi.json` serves, built at its first request. */
  readonly openApi: OpenApiDocument;
  /** Pages, feeds, exports, badges, the card and static files (server/site/site-resources.ts). */
  readonly site: readonly SiteResource[];
  readonly serve: (resource: SiteResource) => RouterMiddleware;
}

/**
 * The name of a GET route that answers only the holder of a secret (a webhook's token): it is no
 * public read, so it gets no CORS headers and no crawl requests it (`writeOnlyPaths`, `readRoutes`).
 */
export const PRIVATE_READ = 'private-read';

/** Whether a route reads (GET) publicly: a GET route but a private read. */
const readsPublicly = (layer: Layer) => layer.methods.includes('GET') && layer.name !== PRIVATE_READ;
/** Whether a route only changes something (POST, DELETE) or is a private read. */
const writesOnly = (layer: Layer) =>
  layer.methods.length > 0 && (!layer.methods.includes('GET') || layer.name === PRIVATE_READ);

/**
 * The map of the site: every URL the service answers. Each GET route answers HEAD; `allowedMethods`
 * gives every other method on a known path its 405 (see server/http/allowed-methods.ts).
 */
export function createRoutes(handlers: RouteHandlers): ServiceRoutes {
  // Every method Node parses is "implemented": a known path refuses it with 405, never 501.
  const router = new RouteTable({ methods: http.METHODS });
  const facts = new Map<Layer, RouteFacts>();
  /** Declares the routes `add` adds as `about` says. */
  const declare = (about: RouteFacts, add: () => void) => {
    const before = router.layers.length;
    add();
    for (const layer of router.layers.slice(before)) facts.set(layer, about);
  };

  declare(HEALTH_CHECK, () => router.get('/healthz', healthz(handlers.content, handlers.openStreams)));

  declare(PROGRAM, () => {
    // The REST operations, at the paths of their procedures' OpenAPI meta.
    for (const { operation, handle } of handlers.rest) router.get(operation.path, handle);
    router.get(handlers.statusStream.path, handlers.statusStream.handle);
    router.get('/api/openapi.json', async (ctx) => {
      await handlers.openApi.load();
      ctx.set('Cache-Control', PUBLIC_CACHE_CONTROL);
      ctx.type = 'application/json';
      ctx.body = handlers.openApi.body;
    });
    // tRPC queries, single or batched (`a,b`), and subscriptions over SSE: GET only.
    router.get(`${TRPC_PREFIX}/:procedures`, handlers.trpc);
    // MCP over stateless Streamable HTTP: POST only; GET (an SSE stream) and DELETE (a session) get 405.
    router.post(MCP_PATH, ...handlers.mcp);

    // Browser alerts: the key to subscribe with; a subscription is stored with POST, removed with DELETE.
    router.get(VAPID_KEY_PATH, handlers.alerts.vapidKey);
    router.post(SUBSCRIPTIONS_PATH, ...handlers.alerts.subscribe);
    router.delete(SUBSCRIPTIONS_PATH, ...handlers.alerts.unsubscribe);
    // Webhooks: registered with POST; read (its owner's token, so a private read) and deleted by id.
    router.post(WEBHOOKS_PATH, ...handlers.webhooks.register);
    router.get(PRIVATE_READ, WEBHOOK_PATH, ...handlers.webhooks.show);
    router.delete(WEBHOOK_PATH, ...handlers.webhooks.remove);

    // Email alerts: asked for with POST.
    router.post(EMAIL_SUBSCRIBE_PATH, ...handlers.email.subscribe);
  });
  // The links of the mails, in every language, are a page (GET, which changes nothing) and its
  // button (POST). The English copies live under /alerts/, whose failures the service has always
  // answered as problem+json, the translated copies as pages: kept as they were.
  for (const page of handlers.email.pages)
    declare(page.path.startsWith(PROGRAM_AREAS[1]!) ? PROGRAM : PAGE, () => {
      router.get(page.path, page.get);
      router.post(page.path, page.post);
    });

  // The site: feeds, exports, badges, the card and files (programs read them), and pages.
  for (const resource of handlers.site)
    declare(resource.files || isFile(resource.path) ? PROGRAM : PAGE, () =>
      router.get(resource.path, handlers.serve(resource)),
    );

  const unlimited = router.layers.filter((layer) => !factsOf(layer).limited);
  return {
    table: router,
    entries: router.layers.map((layer) => ({
      methods: layer.methods,
      path: String(layer.path),
      ...factsOf(layer),
    })),
    isPage: (path) => {
      const route = router.layersFor(path).find((layer) => layer.regexp.test(path));
      if (route) return factsOf(route).kind === 'page';
      return !PROGRAM_AREAS.some((prefix) => path.startsWith(prefix)) && !isFile(path);
    },
    // Tested against the few routes that are not limited only: this runs on every request.
    limited: (path) => !unlimited.some((layer) => layer.regexp.test(path)),
  };

  function factsOf(layer: Layer): RouteFacts {
    const about = facts.get(layer);
    if (!about) throw new Error(`the route ${String(layer.path)} was declared without its kind`);
    return about;
  }
}

/**
 * Whether the router answers a path only with methods that change something (POST, DELETE) or with
 * a private read (`PRIVATE_READ`): such a path is no public read, so it gets no CORS headers (a page
 * of another site may neither read its answers nor send it JSON), and it is so by being declared
 * that way above, not by a list kept apart. A path the router does not know (a 404) or also reads
 * publicly (GET) stays public.
 */
export function writeOnlyPaths(routes: RouteTable): (path: string) => boolean {
  return (path) => {
    const layers = routes.layersFor(path);
    return (
      layers.some((layer) => writesOnly(layer) && layer.regexp.test(path)) &&
      !layers.some((layer) => readsPublicly(layer) && layer.regexp.test(path))
    );
  };
}

/**
 * Every path the route table reads publicly (GET, but a private read), in its order, each once: what
 * a crawl of the service starts from.
 */
export function readRoutes(routes: RouteTable): readonly string[] {
  const paths = routes.layers.filter(readsPublicly).map((layer) => layer.path);
  return [...new Set(paths.filter((path) => typeof path === 'string'))];
}

/**
 * The routes as paths to request: a fixed route as it is, a route with parameters (`/events/:id`) as
 * the paths `sample` gives for it. A parameterized route without a sample throws, so a route added to
 * the table is never silently left out of what tests and benchmarks request.
 */
export function samplePaths(
  routes: readonly string[],
  sample: (route: string) => readonly string[] | undefined,
): string[] {
  return routes.flatMap((route) => {
    if (!route.includes(':')) return [route];
    const paths = sample(route);
    if (!paths || paths.length === 0) throw new Error(`no sample path for the route ${route}`);
    return [...paths];
  });
}
