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
 * - `port`: a port to listen on instead of 0 (a browser test whose public origin is the server's own;
 *   `freePort()` from tests/helpers/free-port.ts).
 *
 * Every variant is the server `npm start` runs (`createServer(config).start()`: draining stop,
 * client-error answers, live streams, alerts when the env turns them on), given the parts the options
 * name (server/server.ts `ServerParts`).
 *
 * `usingCluster` is the production variant: the compiled service under PM2.
 */
import { Writable } from 'node:stream';
import test from 'ava';
import type { ExecutionContext } from 'ava';
import type { Middleware } from 'koa';
import pino from 'pino';
import type { PublishedEvent } from '../../domain/content/events.js';
import type { ValidationResult } from '../../domain/content/validate.js';
import { parseConfig } from '../../server/config.js';
import type { ContentState } from '../../server/content/content-state.js';
import { loadContent } from '../../server/content/read-content.js';
import type { RunningServer, ServerParts } from '../../server/server.js';
import { createServer } from '../../server/server.js';
import type { Cluster, ClusterOptions } from '../production/helpers/pm2.js';
import { startCluster } from '../production/helpers/pm2.js';
import type { ContentExtras } from './events.js';
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
  /** With `events`: the stated ends and collection fields served beside them. */
  readonly extras?: ContentExtras;
  /** The clock of the app and of its content state; `Date.now` by default. */
  readonly clock?: () => number;
  /** Builds the content state the app reads, from the load function the options describe. */
  readonly contentState?: (
    load: () => Promise<ValidationResult>,
    origin: string,
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
    // Stopping keeps an idle keep-alive connection open 1 s for a request a client already sent; the
    // tests' clients send none after their last answer, so their servers stop without the wait.
    // tests/server/graceful-shutdown.test.ts proves the grace at its production value.
    SHUTDOWN_IDLE_GRACE_MS: '10',
    ...options.env,
    PORT: String(options.port ?? 0),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
  });
  const clock = options.clock ?? Date.now;
  const { events } = options;
  const load = events
    ? () =>
        Promise.resolve({
          ok: true as const,
          content: publishedContent(events, undefined, options.extras),
          warnings: [],
        })
    : undefined;
  const parts: ServerParts = {
    clock,
    ...(load ? { load } : {}),
    ...(options.contentState
      ? {
          content: options.contentState(load ?? (() => loadContent(config.contentDir)), config.origin, clock),
        }
      : {}),
    ...(options.log ? { logger: pino({ level: 'error' }, lineSink(options.log)) } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.before ? { before: options.before } : {}),
  };
  return (await createServer(config, parts)).start();
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

/**
 * Options for a server whose clock stands at the instant they are made. A test that compares two
 * answers of a resource that moves with the minute (the unfiltered status's `days_since_last`, on
 * REST and in tRPC batches: the only ones that did in a sweep of every path a minute apart) uses
 * it, so that the two requests cannot straddle a minute and differ for that reason.
 */
export function standingStill(): ServerOptions {
  const at = Date.now();
  return { clock: () => at };
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
