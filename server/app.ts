import type Koa from 'koa';
import type { Logger } from 'pino';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { Config } from './config.js';
import { STREAM_DEFAULTS } from './config.js';
import type { ContentState } from './content/content-state.js';
import { allowedMethods } from './http/allowed-methods.js';
import { TRPC_PREFIX, trpcCallCount, trpcEndpoint, trpcErrorBody } from './api/trpc-endpoint.js';
import { OpenApiDocument } from './http/openapi-document.js';
import { EMBED_CSP, isEmbedPath } from './site/pages/embed-page.js';
import { PAGE_CSP } from './site/pages/page-policies.js';
import { problemPageRenderer } from './site/pages/page-resources.js';
import { serveResource } from './site/resource.js';
import { siteResources } from './site/site-resources.js';
import { RenderCache } from './site/render-cache.js';
import { createRestResponder, ResponseCache, restHandler, restOperations } from './api/rest.js';
import { appRouter } from './api/procedures.js';
import { LiveStreams } from './api/live-streams.js';
import { statusStreamHandler, statusStreamPath } from './api/status-stream.js';
import { MCP_PATH } from './api/mcp-names.js';
import { mcpTools } from './api/mcp-tools.js';
import { sameOriginOnly } from './http/same-origin.js';
import { lazyMiddleware } from './http/lazy-middleware.js';
import { createPipeline } from './pipeline.js';
import type { RouteEntry } from './routes.js';
import { createRoutes, readRoutes, writeOnlyPaths } from './routes.js';
import type { Store } from './store/index.js';
import { alertEndpoints } from './alerts/push/endpoints.js';
import { welcomePayload, welcomeSender } from './alerts/push/welcome.js';
import { webhookEndpoints } from './alerts/webhooks/endpoints.js';
import { emailEndpoints } from './alerts/email/endpoints.js';
import { StoreOutage } from './alerts/store-outage.js';
import type { Mailer } from './outbound/smtp.js';
import type { WriteCount } from './alerts/write-limit.js';
import type { DeliverFunction } from './alerts/webhooks/verify.js';
import type { LimiterHandle } from './http/rate-limit-store.js';
import { unconfirmedShare } from './alerts/email/unconfirmed-share.js';

export interface AppDeps {
  readonly config: Pick<Config, 'origin' | 'rateLimit' | 'trustProxyHops'> &
    Partial<Pick<Config, 'streams' | 'alerts' | 'originConfigured'>>;
  readonly content: ContentState;
  readonly logger: Logger;
  /** Counts requests per client; absent when rate limiting is off. */
  readonly limiter: RateLimiterAbstract | null;
  /** Makes another count on the limiter's store (the alerts' writes); in memory when absent. */
  readonly deriveLimiter?: LimiterHandle['derive'];
  readonly clock?: () => number;
  readonly version?: string;
  /** The process's live streams; the server ends them when it stops (server/server.ts). */
  readonly live?: LiveStreams;
  /** The alerts' store, when alerts are on (config.alerts) and this process opened it (server/alerts/alerts.ts). */
  readonly alertStore?: Store | null;
  /** The relay's mailer, when email alerts are on (config.alerts.email; server/alerts/alerts.ts). */
  readonly mailer?: Mailer | null;
  /** A middleware run before the app's own (tests hold or observe requests with it). */
  readonly before?: Koa.Middleware;
  /** Sends a new webhook's check; `deliverWebhook` by default (a test stands in for Discord or Slack). */
  readonly deliverWebhook?: DeliverFunction;
}

/** The alerts' write counts that are on (server/alerts/write-limit.ts), each per minute. */
function writeCounts(alerts: NonNullable<Config['alerts']>, derive: LimiterHandle['derive']): WriteCount[] {
  const counts: WriteCount[] = [];
  if (alerts.writesPerAddress > 0)
    counts.push({
      limiter: derive(alerts.writesPerAddress, 60, 'alerts-address'),
      points: alerts.writesPerAddress,
      per: 'address',
    });
  if (alerts.writesPerNetwork > 0)
    counts.push({
      limiter: derive(alerts.writesPerNetwork, 60, 'alerts-network'),
      points: alerts.writesPerNetwork,
      per: 'network',
    });
  return counts;
}

/** How long a client whose stream ended waits before it reconnects (the SSE `retry` field). */
const STREAM_RETRY_MS = 2000;

/**
 * The application, the paths its route table reads (for a crawl, a test or a benchmark) and every
 * route with what it is (for `npm run routes`).
 */
export interface ServiceApp {
  readonly app: Koa;
  readonly routes: readonly string[];
  readonly table: readonly RouteEntry[];
}

/**
 * Builds the Koa application; it is not listening. Every request goes through one pipeline
 * (server/pipeline.ts), then the route table (server/routes.ts).
 */
export function createApp(deps: AppDeps): ServiceApp {
  const { config, content, logger } = deps;
  const clock = deps.clock ?? Date.now;
  const origin = config.origin;
  // One Origin check for every write and for /mcp: without PUBLIC_BASE_URL, loopback pages only
  // (server/http/same-origin.ts).
  const sameOrigin = sameOriginOnly(origin, config.originConfigured ?? true);
  const renders = new RenderCache();
  const outage = new StoreOutage(logger, origin);
  // One response cache for both API faces: REST and tRPC answers are keyed apart, bounded together.
  const cache = new ResponseCache();
  const responder = createRestResponder({
    content,
    clock,
    origin,
    router: appRouter,
    cache,
  });
  const streams = config.streams ?? {
    perClient: STREAM_DEFAULTS.perClient,
    perProcess: STREAM_DEFAULTS.perProcess,
    heartbeatMs: STREAM_DEFAULTS.heartbeatSeconds * 1000,
  };
  const live = deps.live ?? new LiveStreams(content, streams, origin);
  const operations = restOperations(appRouter);
  const statusOperation = operations.find((operation) => operation.operationId === 'getResetStatus');
  if (!statusOperation) throw new Error('the status operation is missing');
  const tools = mcpTools(appRouter, operations);
  const openApi = new OpenApiDocument(async () =>
    (await import('./api/openapi.js')).buildOpenApiDocument(appRouter, {
      origin,
      version: deps.version ?? '1.0.0',
    }),
  );
  // One count of subscription writes per client and network, whichever channel they are for: a
  // client that fills the store through one channel must not get a fresh allowance on the next.
  const derive: LimiterHandle['derive'] =
    deps.deriveLimiter ??
    ((points, duration, keyPrefix) => new RateLimiterMemory({ points, duration, keyPrefix }));
  const writeLimits = config.alerts ? writeCounts(config.alerts, derive) : [];
  const routes = createRoutes({
    content,
    rest: operations.map((operation) => ({
      operation,
      handle: restHandler(operation, responder, origin),
    })),
    openStreams: () => live.size,
    statusStream: {
      path: statusStreamPath(statusOperation),
      handle: statusStreamHandler({
        operation: statusOperation,
        responder,
        live,
        origin,
        logger,
        heartbeatMs: streams.heartbeatMs,
        retryMs: STREAM_RETRY_MS,
      }),
    },
    trpc: trpcEndpoint({
      router: appRouter,
      content,
      clock,
      origin,
      cache,
      live,
      retryMs: STREAM_RETRY_MS,
    }),
    mcp: [
      sameOrigin,
      // The MCP SDK (with its JSON Schema validator) is the heaviest import of the server: about
      // 0.4 s of CPU at start, paid by the first call to /mcp instead of by every worker's start.
      lazyMiddleware(async () =>
        (await import('./api/mcp-endpoint.js')).mcpEndpoint({
          tools,
          responder,
          origin,
          version: deps.version ?? '1.0.0',
          logger,
        }),
      ),
    ],
    alerts: alertEndpoints({
      alerts:
        config.alerts?.push && deps.alertStore
          ? {
              store: deps.alertStore,
              publicKey: config.alerts.push.vapid.publicKey,
              pushHosts: config.alerts.push.pushHosts,
              maxSubscriptions: config.alerts.maxSubscriptions,
              writeLimits,
              welcome: welcomeSender(config.alerts.push.vapid, welcomePayload(origin)),
            }
          : null,
      sameOrigin,
      origin,
      logger,
      clock,
    }),
    webhooks: webhookEndpoints({
      webhooks:
        config.alerts?.webhooks && deps.alertStore
          ? {
              store: deps.alertStore.webhooks,
              allowedOrigins: config.alerts.webhooks.allowedOrigins,
              maxSubscriptions: config.alerts.maxSubscriptions,
              maxUnverified: config.alerts.maxUnverified,
              writeLimits,
            }
          : null,
      sameOrigin,
      origin,
      logger,
      ...(deps.deliverWebhook ? { deliver: deps.deliverWebhook } : {}),
    }),
    email: emailEndpoints({
      outage,
      email:
        config.alerts?.email && deps.alertStore && deps.mailer
          ? {
              store: deps.alertStore,
              mailer: deps.mailer,
              maxSubscriptions: config.alerts.maxSubscriptions,
              maxUnverified: config.alerts.maxUnverified,
              writeLimits,
              unconfirmedShare: unconfirmedShare(config.alerts.maxUnverified, derive),
            }
          : null,
      origin,
      sameOrigin,
      logger,
      clock,
    }),
    openApi,
    site: siteResources({
      origin,
      openApi,
      alerts: {
        publicKey: deps.config.alerts?.push?.vapid.publicKey ?? null,
        email: Boolean(deps.config.alerts?.email && deps.alertStore && deps.mailer),
        webhooks: Boolean(deps.config.alerts?.webhooks && deps.alertStore),
      },
      mcp: { path: MCP_PATH, tools: tools.map(({ tool }) => tool.name) },
    }),
    serve: (resource) => serveResource(resource, { content, origin, clock, cache: renders }),
  });

  const router = routes.table;

  const app = createPipeline({
    config,
    logger,
    limiter: deps.limiter,
    problems: {
      renderPage: problemPageRenderer(origin),
      // The card's own problem page stays frameable, like the card.
      pageHeaders: (path) => ({ 'Content-Security-Policy': isEmbedPath(path) ? EMBED_CSP : PAGE_CSP }),
      envelope: {
        prefix: TRPC_PREFIX,
        render: (problem, path) => trpcErrorBody(appRouter, problem, path),
      },
    },
    paths: routes,
    // A path the route table answers only with POST or DELETE (MCP, the alert subscriptions) or a
    // private read (a webhook, read with its token) is no public read: it sends no CORS headers.
    writeOnly: writeOnlyPaths(router),
    cost: trpcCallCount,
    ...(deps.before ? { before: deps.before } : {}),
  });
  app.use(outage.middleware());
  app.use(router.routes());
  app.use(allowedMethods(router, origin));
  return { app, routes: readRoutes(router), table: routes.entries };
}
