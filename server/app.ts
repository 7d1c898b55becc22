import Koa from 'koa';
import etag from '@koa/etag';
import type { Logger } from 'pino';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { Config } from './config.js';
import { STREAM_DEFAULTS } from './config.js';
import type { ContentState } from './content/content-state.js';
import { allowedMethods } from './http/allowed-methods.js';
import { compression } from './http/compression.js';
import { publicCors } from './http/cors.js';
import { conditionalGet } from './http/preconditions.js';
import { problemBoundary } from './http/problem-boundary.js';
import { rateLimit } from './http/rate-limit.js';
import { requestLog } from './http/request-log.js';
import { checkRequestShape } from './http/request-shape.js';
import { securityHeaders } from './http/security-headers.js';
import { TRPC_PREFIX, trpcCallCount, trpcEndpoint, trpcErrorBody } from './api/trpc-endpoint.js';
import { buildOpenApiDocument } from './api/openapi.js';
import { EMBED_CSP, isEmbedPath } from './site/pages/embed-page.js';
import { PAGE_CSP } from './site/pages/page-policies.js';
import { problemPageRenderer } from './site/pages/page-resources.js';
import { serveResource } from './site/resource.js';
import { siteResources } from './site/site-resources.js';
import { RenderCache } from './site/render-cache.js';
import { createRestBridge } from './api/rest-bridge.js';
import { restOperations } from './api/rest-operations.js';
import { ResponseCache } from './api/response-cache.js';
import { createRestResponder } from './api/rest-responder.js';
import { restHandler } from './api/rest-handler.js';
import { appRouter } from './api/procedures.js';
import { LiveStreams } from './api/live-streams.js';
import { statusStreamHandler, statusStreamPath } from './api/status-stream.js';
import { mcpEndpoint } from './api/mcp-endpoint.js';
import { MCP_PATH } from './http/mcp-names.js';
import { mcpTools } from './api/mcp-tools.js';
import { sameOriginOnly } from './http/same-origin.js';
import { createRoutes } from './routes.js';
import type { AlertStore } from './alerts/store/index.js';
import { alertEndpoints, SUBSCRIPTIONS_PATH } from './alerts/endpoints.js';
import type { WriteCount } from './alerts/write-limit.js';
import type { LimiterHandle } from './http/rate-limit-store.js';

export interface AppDeps {
  readonly config: Pick<Config, 'publicBaseUrl' | 'rateLimit' | 'trustProxyHops'> &
    Partial<Pick<Config, 'streams' | 'alerts' | 'configuredBaseUrl'>>;
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
  readonly alertStore?: AlertStore | null;
  /** A middleware run before the app's own (tests hold or observe requests with it). */
  readonly before?: Koa.Middleware;
}

/** The alerts' write counts that are on (server/alerts/write-limit.ts), each per minute. */
function writeCounts(
  alerts: NonNullable<Config['alerts']>,
  derive: LimiterHandle['derive'] = (points, duration, keyPrefix) =>
    new RateLimiterMemory({ points, duration, keyPrefix }),
): WriteCount[] {
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

const EXPOSED_HEADERS = ['ETag', 'Link', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'X-Request-Id'];

/**
 * Builds the Koa application; it is not listening. One pipeline for every request: log, problems,
 * security headers, CORS, rate limit, conditional GET and ETag, then the router.
 */
export function createApp(deps: AppDeps): Koa {
  const { config, content, logger } = deps;
  const clock = deps.clock ?? Date.now;
  const base = config.publicBaseUrl;
  // Without PUBLIC_BASE_URL, Origin checks take each request's own origin (server/http/same-origin.ts).
  const siteOrigin = config.configuredBaseUrl === undefined ? base : config.configuredBaseUrl;
  const app = new Koa({ proxy: config.trustProxyHops > 0, maxIpsCount: config.trustProxyHops });
  // Errors are answered by problemBoundary; Koa's default handler would only print them again.
  app.silent = true;

  const renders = new RenderCache();
  // One response cache for both API faces: REST and tRPC answers are keyed apart, bounded together.
  const cache = new ResponseCache();
  const responder = createRestResponder({
    content,
    clock,
    problemTypeBase: base,
    callProcedure: createRestBridge(appRouter),
    cache,
  });
  const streams = config.streams ?? {
    perClient: STREAM_DEFAULTS.perClient,
    perProcess: STREAM_DEFAULTS.perProcess,
    heartbeatMs: STREAM_DEFAULTS.heartbeatSeconds * 1000,
  };
  const live = deps.live ?? new LiveStreams(content, streams, base);
  const operations = restOperations(appRouter);
  const statusOperation = operations.find((operation) => operation.operationId === 'getResetStatus');
  if (!statusOperation) throw new Error('the status operation is missing');
  const openApi = buildOpenApiDocument(appRouter, { baseUrl: base, version: deps.version ?? '1.0.0' });
  const router = createRoutes({
    content,
    rest: operations.map((operation) => ({
      operation,
      handle: restHandler(operation, responder, base),
    })),
    openStreams: () => live.size,
    statusStream: {
      path: statusStreamPath(statusOperation),
      handle: statusStreamHandler({
        operation: statusOperation,
        responder,
        live,
        problemTypeBase: base,
        logger,
        heartbeatMs: streams.heartbeatMs,
        retryMs: STREAM_RETRY_MS,
      }),
    },
    trpc: trpcEndpoint({
      router: appRouter,
      content,
      clock,
      problemTypeBase: base,
      cache,
      live,
      retryMs: STREAM_RETRY_MS,
    }),
    mcp: [
      sameOriginOnly(siteOrigin, base),
      mcpEndpoint({
        tools: mcpTools(appRouter, operations),
        responder,
        publicBaseUrl: base,
        problemTypeBase: base,
        version: deps.version ?? '1.0.0',
        logger,
      }),
    ],
    alerts: alertEndpoints({
      alerts:
        config.alerts && deps.alertStore
          ? {
              store: deps.alertStore,
              publicKey: config.alerts.vapid.publicKey,
              pushHosts: config.alerts.pushHosts,
              maxSubscriptions: config.alerts.maxSubscriptions,
              writeLimits: writeCounts(config.alerts, deps.deriveLimiter),
            }
          : null,
      configuredBaseUrl: siteOrigin,
      problemTypeBase: base,
      logger,
      clock,
    }),
    openApiBody: Buffer.from(JSON.stringify(openApi)),
    site: siteResources({
      baseUrl: base,
      openApi,
      alerts: { publicKey: deps.config.alerts?.vapid.publicKey ?? null },
    }),
    serve: (resource) => serveResource(resource, { content, baseUrl: base, clock, cache: renders }),
  });

  if (deps.before) app.use(deps.before);
  app.use(requestLog(logger));
  app.use(
    problemBoundary({
      problemTypeBase: base,
      logger,
      renderPage: problemPageRenderer(base),
      // The card's own problem page stays frameable, like the card.
      pageHeaders: (path) => ({ 'Content-Security-Policy': isEmbedPath(path) ? EMBED_CSP : PAGE_CSP }),
      envelope: {
        prefix: TRPC_PREFIX,
        render: (problem, path) => trpcErrorBody(appRouter, problem, path),
      },
    }),
  );
  // Before anything else reads the request, but after the headers every answer carries.
  app.use(securityHeaders());
  app.use(
    publicCors({
      exposeHeaders: EXPOSED_HEADERS,
      allowMethods: ['GET', 'HEAD', 'OPTIONS'],
      maxAgeSeconds: 86400,
      // MCP's Streamable HTTP transport and the alert subscriptions are no public reads: they check
      // Origin and send no CORS headers.
      except: (path) => path === MCP_PATH || path === SUBSCRIPTIONS_PATH,
    }),
  );
  app.use(checkRequestShape(base));
  if (deps.limiter && config.rateLimit.points > 0) {
    app.use(
      rateLimit({
        limiter: deps.limiter,
        points: config.rateLimit.points,
        windowSeconds: config.rateLimit.windowSeconds,
        problemTypeBase: base,
        exempt: (path) => path === '/healthz',
        cost: trpcCallCount,
      }),
    );
  }
  app.use(conditionalGet());
  app.use(compression());
  app.use(etag());
  app.use(router.routes());
  app.use(allowedMethods(router, base));
  return app;
}
