/**
 * The server's pipeline (server/pipeline.ts, the one `createApp` uses), built from the compiled
 * modules in dist/, for the bench's Koa floor and peer: request log, problem boundary, security
 * headers, CORS, request shape, rate limit, conditional GET, compression and ETag. Only what comes
 * after it differs between them and the server.
 */
import nodeHttp from 'node:http';
import path from 'node:path';
import type Koa from 'koa';
import type * as ConfigModule from '../server/config.js';
import type * as LoggerModule from '../server/logger.js';
import type * as LimiterModule from '../server/http/rate-limit-store.js';
import type * as PipelineModule from '../server/pipeline.js';

const dist = (file: string) => path.resolve('dist/server', file);
// The compiled modules, loaded at run time: the bench measures what production runs.
const load = async <T>(file: string): Promise<T> => {
  const loaded: unknown = await import(dist(file));
  return loaded as T;
};

/**
 * The pipeline; `writeOnly` names the paths without CORS and `paths` what each path is (the route
 * table's, for the floor).
 */
export async function createStack(
  writeOnly: (path: string) => boolean = () => false,
  paths?: PipelineModule.PipelineOptions['paths'],
): Promise<Koa> {
  const { parseConfig } = await load<typeof ConfigModule>('config.js');
  const { createLogger } = await load<typeof LoggerModule>('logger.js');
  const { createLimiter } = await load<typeof LimiterModule>('http/rate-limit-store.js');
  const { createPipeline } = await load<typeof PipelineModule>('pipeline.js');
  const config = parseConfig(process.env);
  const { limiter } = createLimiter(config.rateLimit);
  return createPipeline({
    config,
    logger: createLogger(config.logLevel),
    limiter,
    problems: {
      renderPage: (problem) => ({ body: problem.detail, etag: '"p"' }),
      pageHeaders: () => ({}),
    },
    writeOnly,
    ...(paths ? { paths } : {}),
  });
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
