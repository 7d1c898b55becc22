import Koa from 'koa';
import cors from '@koa/cors';
import conditional from 'koa-conditional-get';
import etag from '@koa/etag';
import type { Logger } from 'pino';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { coerceSchema } from 'trpc-to-openapi';
import { ResetsQuery, StatusQuery } from '../domain/schemas/index.js';
import { badgeRoutes } from './badges/badge-routes.js';
import type { Config } from './config.js';
import type { ContentState } from './content-state.js';
import { feedRoutes } from './feeds/feed-routes.js';
import { PUBLIC_CACHE_CONTROL } from './http/cache-control.js';
import { healthz } from './http/healthz.js';
import { methodGuard } from './http/method-guard.js';
import { problemBoundary } from './http/problem-boundary.js';
import { rateLimit } from './http/rate-limit.js';
import { requestLog } from './http/request-log.js';
import { securityHeaders } from './http/security-headers.js';
import { trpcEndpoint } from './http/trpc-endpoint.js';
import { buildOpenApiDocument } from './openapi.js';
import { embedRoutes } from './pages/embed-page.js';
import { pageRoutes } from './pages/page-routes.js';
import { RenderCache } from './pages/render-cache.js';
import { createRestBridge } from './rest/bridge.js';
import { ResponseCache } from './rest/response-cache.js';
import type { RestResponder, RestResponderOptions } from './rest/rest-response.js';
import { createRestResponder } from './rest/rest-response.js';
import { restRoutes } from './rest/rest-routes.js';
import { appRouter } from './router.js';

// trpc-to-openapi coerces query strings by mutating the input schemas on the first REST call; doing it
// up front makes the tRPC endpoint behave the same before and after that call.
coerceSchema(StatusQuery);
coerceSchema(ResetsQuery);

export interface AppDeps {
  readonly config: Pick<Config, 'publicBaseUrl' | 'rateLimit' | 'trustProxyHops'>;
  readonly content: ContentState;
  readonly logger: Logger;
  /** Counts requests per client; absent when rate limiting is off. */
  readonly limiter: RateLimiterAbstract | null;
  readonly clock?: () => number;
  readonly version?: string;
  /** The REST responder (procedures and response cache); pass one to share it with the fast path. */
  readonly rest?: RestResponder;
}

export const EXPOSED_HEADERS = ['ETag', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'X-Request-Id'];

/** The REST responder: the procedures through trpc-to-openapi, with a per-process response cache. */
export function createRest(
  options: Pick<RestResponderOptions, 'content' | 'clock' | 'problemTypeBase'>,
): RestResponder {
  return createRestResponder({
    ...options,
    callProcedure: createRestBridge(appRouter),
    cache: new ResponseCache(),
  });
}

/** Builds the Koa application; it is not listening. */
export function createApp(deps: AppDeps): Koa {
  const { config, content, logger } = deps;
  const clock = deps.clock ?? Date.now;
  const base = config.publicBaseUrl;
  const app = new Koa({ proxy: config.trustProxyHops > 0, maxIpsCount: config.trustProxyHops });
  // Errors are answered by problemBoundary; Koa's default handler would only print them again.
  app.silent = true;

  const openApiBody = JSON.stringify(
    buildOpenApiDocument(appRouter, { baseUrl: base, version: deps.version ?? '1.0.0' }),
  );
  const readOnly = methodGuard(['GET', 'HEAD'], base);

  app.use(requestLog(logger));
  app.use(problemBoundary(base, logger));
  app.use(securityHeaders());
  app.use(
    cors({
      origin: '*',
      allowMethods: ['GET', 'HEAD', 'OPTIONS'],
      exposeHeaders: EXPOSED_HEADERS,
      maxAge: 86400,
    }),
  );
  if (deps.limiter && config.rateLimit.points > 0) {
    app.use(
      rateLimit({
        limiter: deps.limiter,
        points: config.rateLimit.points,
        windowSeconds: config.rateLimit.windowSeconds,
        problemTypeBase: base,
        exempt: (path) => path === '/healthz',
      }),
    );
  }
  app.use(conditional());
  app.use(etag());
  app.use(healthz(content));
  app.use(trpcEndpoint(appRouter, content, clock, base));
  app.use(
    restRoutes({
      responder: deps.rest ?? createRest({ content, clock, problemTypeBase: base }),
      problemTypeBase: base,
    }),
  );
  app.use(async (ctx, next) => {
    if (ctx.path !== '/api/openapi.json') {
      await next();
      return;
    }
    if (readOnly(ctx)) return;
    ctx.set('Cache-Control', PUBLIC_CACHE_CONTROL);
    ctx.type = 'application/json';
    ctx.body = openApiBody;
  });
  const renders = new RenderCache();
  app.use(feedRoutes({ content, baseUrl: base, cache: renders }));
  const extras = { content, baseUrl: base, clock, cache: renders };
  const byPath = { ...badgeRoutes(extras), ...embedRoutes(extras) };
  app.use((ctx, next) =>
    Object.hasOwn(byPath, ctx.path) ? readOnly(ctx) || byPath[ctx.path]!(ctx) : next(),
  );
  app.use(pageRoutes({ content, baseUrl: base, clock, cache: renders }));
  return app;
}
