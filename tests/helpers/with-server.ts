/**
 * The one way a test starts the service: on 127.0.0.1, port 0, stopped in `finally` (after the
 * shape of got's test/helpers/with-server.ts). Variants are options of the same factory:
 *
 * - `env`: environment overrides (`RATE_LIMIT_POINTS`, `SHUTDOWN_TIMEOUT_MS`, …);
 * - `content`: the content folder served (the demo fixture by default);
 * - `events`: an in-memory event list served instead of a folder;
 * - `clock`: a clock the test moves (the app's and the content state's);
 * - `contentState`: a content state of the test's own (content that misbehaves);
 * - `log`: collects what the server logs at level error and above;
 * - `logger`: the logger of the server `npm start` runs (its warnings, for a test to read);
 * - `before`: a middleware run before the app's own (e.g. one that holds a request in flight);
 * - `port`: a port to listen on instead of 0 (a browser test whose public origin is the server's own).
 *
 * Without `events`, `clock`, `contentState` or `log` the server is exactly what `npm start` runs
 * (`createServer(config).start()`: draining stop, client-error answers, content read in slices). With
 * them, the same app (`createApp`) gets the injected parts and listens the same way.
 *
 * `withCluster`/`usingCluster` are the production variant: the compiled service under PM2.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import test from 'ava';
import type { ExecutionContext } from 'ava';
import type { Middleware } from 'koa';
import pino from 'pino';
import type { PublishedEvent } from '../../domain/content/events.js';
import type { ValidationResult } from '../../domain/content/validate.js';
import { createApp } from '../../server/app.js';
import { parseConfig } from '../../server/config.js';
import { ContentState } from '../../server/content/content-state.js';
import { loadContent } from '../../server/content/read-content.js';
import { answerClientErrors } from '../../server/http/client-errors.js';
import { createLimiter } from '../../server/http/rate-limit-store.js';
import type { RunningServer } from '../../server/server.js';
import { createServer } from '../../server/server.js';
import type { Cluster, ClusterOptions } from '../production/helpers/pm2.js';
import { startCluster } from '../production/helpers/pm2.js';
import { publishedContent } from './events.js';
import { BASE_URL, DEMO_FIXTURE } from './fixtures.js';

export type ServerEnv = Readonly<Record<string, string>>;
export type { RunningServer };

export interface ServerOptions {
  /** Environment overrides, read by the service's own `parseConfig`. */
  readonly env?: ServerEnv;
  /** The content folder served (`CONTENT_DIR`); the demo fixture by default. */
  readonly content?: string;
  /** Serve exactly these events (built with tests/helpers/events.ts) instead of a folder. */
  readonly events?: readonly PublishedEvent[];
  /** The clock of the app and of its content state; `Date.now` by default. */
  readonly clock?: () => number;
  /** Builds the content state the app reads, from the load function the options describe. */
  readonly contentState?: (
    load: () => Promise<ValidationResult>,
    baseUrl: string,
    clock: () => number,
  ) => ContentState;
  /** Receives each line the server logs at level error and above. */
  readonly log?: string[];
  /** The logger of the whole service (`createServer`), instead of its own. */
  readonly logger?: pino.Logger;
  /** Runs before the app's own middleware. */
  readonly before?: Middleware;
  /** Listen on this port rather than any free one (`freePort()`), so `PUBLIC_BASE_URL` can name it. */
  readonly port?: number;
}

/** A port free on 127.0.0.1 now (the system's next ephemeral one), for `port`. */
export async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * Starts the whole service on 127.0.0.1, port 0. The demo fixture, no rate limit, the public origin
 * `BASE_URL` and no last-good store (nothing is written into the checkout) unless the options say
 * otherwise. For a server shared by a file's tests (`test.before`); stop it in `test.after.always`.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const config = parseConfig({
    CONTENT_DIR: options.content ?? DEMO_FIXTURE,
    PUBLIC_BASE_URL: BASE_URL,
    RATE_LIMIT_POINTS: '0',
    ALERTS_WRITES_PER_ADDRESS: '0',
    ALERTS_WRITES_PER_NETWORK: '0',
    CONTENT_CACHE_DIR: 'off',
    ...options.env,
    PORT: String(options.port ?? 0),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
  });
  const injected = options.events ?? options.clock ?? options.contentState ?? options.log;
  if (injected === undefined) {
    const service = createServer(config, options.logger ? { logger: options.logger } : {});
    if (options.before) service.app.middleware.unshift(options.before);
    return service.start();
  }

  const clock = options.clock ?? Date.now;
  const { events } = options;
  const load = events
    ? () => Promise.resolve({ ok: true as const, content: publishedContent(events), warnings: [] })
    : () => loadContent(config.contentDir);
  const content = options.contentState
    ? options.contentState(load, config.publicBaseUrl, clock)
    : new ContentState(load, config.publicBaseUrl, clock);
  await content.reload();
  const limiter = createLimiter(config.rateLimit);
  const app = createApp({
    config,
    content,
    logger: options.log ? pino({ level: 'error' }, lineSink(options.log)) : pino({ level: 'silent' }),
    limiter: limiter.limiter,
    clock,
  });
  if (options.before) app.middleware.unshift(options.before);
  const handle = app.callback();
  const server = http.createServer({ requireHostHeader: false }, (req, res) => {
    void handle(req, res);
  });
  answerClientErrors(server, config.publicBaseUrl);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let stopping: Promise<void> | null = null;
  return {
    url: `http://127.0.0.1:${port}`,
    content,
    reload: async () => (await content.reload()).ok,
    stop: () =>
      (stopping ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }).then(() => limiter.close())),
  };
}

function lineSink(lines: string[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
}

/** Runs `fn` against a server of its own and stops that server afterwards, whatever happens. */
export async function usingServer<T>(
  options: ServerOptions,
  fn: (server: RunningServer) => Promise<T>,
): Promise<T> {
  const server = await startServer(options);
  try {
    return await fn(server);
  } finally {
    await server.stop();
  }
}

type ServerTest = (t: ExecutionContext, server: RunningServer) => Promise<void>;

/**
 * ava macro: the test gets a server of its own, stopped in `finally`.
 * `test(title, withServer, run)` or, with options, `test(title, withServer, { env }, run)`.
 */
export const withServer = test.macro(
  async (t, ...args: [run: ServerTest] | [options: ServerOptions, run: ServerTest]) => {
    const [options, run] = args.length === 1 ? [{}, args[0]] : args;
    return usingServer(options, (server) => run(t, server));
  },
);

/** As `usingServer`, for the compiled service under PM2 (tests/production). */
export async function usingCluster<T>(
  options: ClusterOptions,
  fn: (cluster: Cluster) => Promise<T>,
): Promise<T> {
  const cluster = await startCluster(options);
  try {
    return await fn(cluster);
  } finally {
    await cluster.stop();
  }
}

/** ava macro: the test gets a PM2 cluster of its own (`startCluster`'s options), stopped in `finally`. */
export const withCluster = test.macro(
  async (t, options: ClusterOptions, run: (t: ExecutionContext, cluster: Cluster) => Promise<void>) =>
    usingCluster(options, (cluster) => run(t, cluster)),
);
