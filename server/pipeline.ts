import Koa from 'koa';
import etag from '@koa/etag';
import conditional from 'koa-conditional-get';
import type { Logger } from 'pino';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from './config.js';
import { compression } from './http/compression.js';
import { publicCors } from './http/cors.js';
import { defineOriginFreshness } from './http/preconditions.js';
import type { ProblemBoundaryOptions } from './http/problem-boundary.js';
import { problemBoundary } from './http/problem-boundary.js';
import { rateLimit } from './http/rate-limit.js';
import { requestLog } from './http/request-log.js';
import { checkRequestShape } from './http/request-shape.js';
import { securityHeaders } from './http/security-headers.js';
import { closeOnUnreadBody } from './http/unread-body.js';

/** The response headers a script on another site may read. */
const EXPOSED_HEADERS = ['ETag', 'Link', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'X-Request-Id'];

export interface PipelineOptions {
  readonly config: Pick<Config, 'origin' | 'rateLimit' | 'trustProxyHops'>;
  readonly logger: Logger;
  /** Counts requests per client; absent when rate limiting is off. */
  readonly limiter: RateLimiterAbstract | null;
  /** How a failure is answered: an HTML page for the site, an envelope for tRPC. */
  readonly problems: Pick<ProblemBoundaryOptions, 'renderPage' | 'pageHeaders' | 'envelope'>;
  /**
   * What the route table says of a path (server/routes.ts): whether a failure there is answered
   * with a page, and whether the rate limit counts it. Absent, every path is a program's, counted.
   */
  readonly paths?: {
    readonly isPage: (path: string) => boolean;
    readonly limited: (path: string) => boolean;
  };
  /** Paths that are no public read, so no CORS (the route table's `writeOnlyPaths`). */
  readonly writeOnly: (path: string) => boolean;
  /** Points a request costs of the rate limit (a tRPC batch, one per call); 1 when absent. */
  readonly cost?: (path: string) => number;
  /** A middleware run before the pipeline's own (tests hold or observe requests with it). */
  readonly before?: Koa.Middleware;
}

/**
 * A Koa application with the one pipeline every request goes through, in order: the request log,
 * closing a connection whose body was not read, problems, security headers, CORS, the request's shape, the rate limit, conditional GET,
 * compression and the ETag of reads. The router comes after it (server/app.ts); the benches build
 * their floor and peer on the same pipeline.
 */
export function createPipeline(options: PipelineOptions): Koa {
  const { config, logger, limiter } = options;
  const origin = config.origin;
  const app = new Koa({ proxy: config.trustProxyHops > 0, maxIpsCount: config.trustProxyHops });
  // koa-conditional-get answers 304 when `ctx.fresh`; this makes that an origin's freshness.
  defineOriginFreshness(app);
  // Errors are answered by problemBoundary; Koa's default handler would only print them again.
  app.silent = true;
  if (options.before) app.use(options.before);
  app.use(requestLog(logger));
  // Outside the boundary: it sees the answer to every request, a refusal's included.
  app.use(closeOnUnreadBody());
  const isPage = options.paths?.isPage ?? (() => false);
  app.use(problemBoundary({ origin, logger, isPage, ...options.problems }));
  // Before anything else reads the request, but after the headers every answer carries.
  app.use(securityHeaders());
  app.use(
    publicCors({
      exposeHeaders: EXPOSED_HEADERS,
      allowMethods: ['GET', 'HEAD', 'OPTIONS'],
      maxAgeSeconds: 86400,
      except: options.writeOnly,
    }),
  );
  app.use(checkRequestShape(origin));
  if (limiter && config.rateLimit.points > 0) {
    const limited = options.paths?.limited ?? (() => true);
    app.use(
      rateLimit({
        limiter,
        points: config.rateLimit.points,
        windowSeconds: config.rateLimit.windowSeconds,
        origin,
        exempt: (path) => !limited(path),
        ...(options.cost ? { cost: options.cost } : {}),
      }),
    );
  }
  app.use(conditional());
  app.use(compression());
  app.use(representationTag());
  return app;
}

/**
 * The ETag of a GET or HEAD answer, for conditional requests on it. The answer to a POST or DELETE
 * is no representation of its URL that a later request could name (RFC 9110 §8.8.3): tagging it
 * would only hash its body (an MCP answer of several kilobytes, each call).
 */
function representationTag(): Koa.Middleware {
  const tag = etag();
  return async (ctx, next) => {
    if (ctx.method === 'GET' || ctx.method === 'HEAD') await tag(ctx, next);
    else await next();
  };
}
