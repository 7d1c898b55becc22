/**
 * The server's middleware stack (server/app.ts), built from the compiled modules in dist/, for the
 * bench's Koa floor and peer: request log, problem boundary, Host check, security headers, CORS, rate
 * limit, conditional GET and ETag. Only what comes after it differs between them and the server.
 */
import nodeHttp from 'node:http';
import path from 'node:path';
import type Koa from 'koa';
import type * as ConfigModule from '../server/config.js';
import type * as LoggerModule from '../server/logger.js';
import type * as LimiterModule from '../server/http/rate-limit-store.js';
import type * as RequestLog from '../server/http/request-log.js';
import type * as Boundary from '../server/http/problem-boundary.js';
import type * as RequestShape from '../server/http/request-shape.js';
import type * as Cors from '../server/http/cors.js';
import type * as Compression from '../server/http/compression.js';
import type * as Security from '../server/http/security-headers.js';
import type * as RateLimit from '../server/http/rate-limit.js';
import type * as Preconditions from '../server/http/preconditions.js';

const dist = (file: string) => path.resolve('dist/server', file);
// The compiled modules, loaded at run time: the bench measures what production runs.
const load = async <T>(file: string): Promise<T> => {
  const loaded: unknown = await import(dist(file));
  return loaded as T;
};

export async function createStack(): Promise<Koa> {
  const { default: KoaApp } = await import('koa');
  const { default: etag } = await import('@koa/etag');
  const { parseConfig } = await load<typeof ConfigModule>('config.js');
  const { createLogger } = await load<typeof LoggerModule>('logger.js');
  const { createLimiter } = await load<typeof LimiterModule>('http/rate-limit-store.js');
  const http = {
    requestLog: await load<typeof RequestLog>('http/request-log.js'),
    boundary: await load<typeof Boundary>('http/problem-boundary.js'),
    shape: await load<typeof RequestShape>('http/request-shape.js'),
    cors: await load<typeof Cors>('http/cors.js'),
    compression: await load<typeof Compression>('http/compression.js'),
    security: await load<typeof Security>('http/security-headers.js'),
    rateLimit: await load<typeof RateLimit>('http/rate-limit.js'),
    preconditions: await load<typeof Preconditions>('http/preconditions.js'),
  };
  const config = parseConfig(process.env);
  const base = config.publicBaseUrl;
  const logger = createLogger(config.logLevel);
  const { limiter } = createLimiter(config.rateLimit);
  const app = new KoaApp({ proxy: config.trustProxyHops > 0, maxIpsCount: config.trustProxyHops });
  app.silent = true;
  app.use(http.requestLog.requestLog(logger));
  app.use(
    http.boundary.problemBoundary({
      problemTypeBase: base,
      logger,
      renderPage: (problem) => ({ body: problem.detail, etag: '"p"' }),
      pageHeaders: () => ({}),
    }),
  );
  app.use(http.security.securityHeaders());
  app.use(
    http.cors.publicCors({
      allowMethods: ['GET', 'HEAD', 'OPTIONS'],
      exposeHeaders: ['ETag', 'Link', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'X-Request-Id'],
      maxAgeSeconds: 86400,
    }),
  );
  app.use(http.shape.checkRequestShape(base));
  if (limiter) {
    app.use(
      http.rateLimit.rateLimit({
        limiter,
        points: config.rateLimit.points,
        windowSeconds: config.rateLimit.windowSeconds,
        problemTypeBase: base,
        exempt: (p) => p === '/healthz',
      }),
    );
  }
  app.use(http.preconditions.conditionalGet());
  app.use(http.compression.compression());
  app.use(etag());
  return app;
}

/** Listens on 127.0.0.1:`port` with the server's keep-alive. */
export function listen(app: Koa, port: number): void {
  const handle = app.callback();
  const server = nodeHttp.createServer((req, res) => {
    void handle(req, res);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, '127.0.0.1');
  process.on('SIGTERM', () => process.exit(0));
  process.on('SIGINT', () => process.exit(0));
}
