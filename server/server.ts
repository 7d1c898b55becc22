import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { openContent } from './content/read-content.js';
import type { ValidationResult } from '../domain/content/validate.js';
import { validateSteps } from '../domain/content/validate.js';
import { formatProblem } from '../domain/content/problems.js';
import { createApp } from './app.js';
import { answerClientErrors } from './http/client-errors.js';
import { checkingInterval, limitConnections } from './http/connection-limits.js';
import { continueOnRead } from './http/expect-continue.js';
import type { Config } from './config.js';
import { configWarnings, describeFeatures } from './config.js';
import { ContentState } from './content/content-state.js';
import { createLimiter } from './http/rate-limit-store.js';
import { createLastGoodStore } from './content/last-good.js';
import { createLogger } from './logger.js';
import { runInSlices } from './content/slices.js';
import { LiveStreams } from './api/live-streams.js';
import { startAlerts } from './alerts/alerts.js';
import { prepareBrowserFiles } from './site/pages/browser-files.js';

export interface RunningServer {
  readonly url: string;
  readonly content: ContentState;
  /** The paths the route table reads (server/routes.ts `readRoutes`). */
  readonly routes: readonly string[];
  /** Loads the content folder again; an invalid set is refused and logged. */
  reload(): Promise<boolean>;
  /**
   * Stops accepting, lets in-flight requests finish (their responses carry `Connection: close`),
   * answers any request still arriving on an open keep-alive socket with `Connection: close`, and
   * closes the sockets that stay idle. Resolves when every connection is closed.
   */
  stop(): Promise<void>;
}

/** How long start-up waits for the shared rate-limit store before serving anyway. */
const STORE_WAIT_MS = 3000;

/**
 * Responses that close their connection when it cannot be reused: a response to a request carrying
 * `Upgrade`, and, once the server is draining, every response whose head is
 * written after stopping starts (requests in flight, and requests still arriving on open keep-alive
 * sockets) carries `Connection: close`, so its client does not reuse the socket. Checked when the head
 * is written, which costs a request nothing, where tracking every response in flight cost a listener
 * and a set entry each.
 */
function drainingResponse(state: { readonly draining: boolean }): typeof http.ServerResponse {
  type Headers = http.OutgoingHttpHeaders | http.OutgoingHttpHeader[];
  return class DrainingResponse<
    Request extends http.IncomingMessage = http.IncomingMessage,
  > extends http.ServerResponse<Request> {
    override writeHead(statusCode: number, messageOrHeaders?: string | Headers, headers?: Headers): this {
      // A request asking to upgrade is answered as a plain one (there is no other protocol here), but
      // Node's parser stops reading that connection after it, so the client must not reuse it.
      const upgrade = this.req.headers.upgrade !== undefined;
      if ((state.draining || upgrade) && !this.headersSent) this.setHeader('Connection', 'close');
      return typeof messageOrHeaders === 'string'
        ? super.writeHead(statusCode, messageOrHeaders, headers)
        : super.writeHead(statusCode, messageOrHeaders ?? headers);
    }
  };
}

/**
 * The HTTP server, whose idle keep-alive sockets can be kept open for a grace while it stops. Since
 * Node 19 `close()` closes the idle sockets at once (through `closeIdleConnections()`), which resets
 * a request a client may already have sent on one; while `keepIdle` is set they stay open, and the
 * drain closes those still idle after the grace (`SHUTDOWN_IDLE_GRACE_MS`, 1 s): a client that has
 * just received a response usually sends its next request within milliseconds, and closing its socket
 * at that moment would reset the request it already wrote.
 */
class DrainingServer extends http.Server {
  keepIdle = false;

  override closeIdleConnections(): void {
    if (!this.keepIdle) super.closeIdleConnections();
  }
}

/** Parts of the service given instead of those it makes from the config (tests pass them). */
export interface ServerParts {
  /** The logger; one at `config.logLevel` on stdout by default. */
  readonly logger?: Logger;
  /** The clock of the app, the content state and the alerts (store and sender); `Date.now` by default. */
  readonly clock?: () => number;
  /** Loads the content set; `config.contentDir`, read and validated in slices, by default. */
  readonly load?: () => Promise<ValidationResult>;
  /** The content state served; one following `load` by default. */
  readonly content?: ContentState;
  /** A middleware run before the app's own (server/app.ts `AppDeps.before`). */
  readonly before?: Middleware;
}

/**
 * Creates the whole service from a config, once the alerts' store (when alerts are on) is open;
 * `start()` loads content and listens.
 */
export async function createServer(config: Config, parts: ServerParts = {}) {
  const logger = parts.logger ?? createLogger(config.logLevel);
  const clock = parts.clock ?? Date.now;
  const contentDir = path.resolve(config.contentDir);
  const lastGood = config.contentCacheDir
    ? createLastGoodStore(path.resolve(config.contentCacheDir), contentDir)
    : null;
  // Read and validated in slices between requests: a reload never holds the event loop for long.
  const load = parts.load ?? (async () => runInSlices(validateSteps(await openContent(contentDir))));
  const content = parts.content ?? new ContentState(load, config.origin, clock, lastGood);
  const limiter = createLimiter(config.rateLimit, {
    onStoreDown: (error) =>
      logger.warn(
        { err: error.message },
        'rate-limit store unreachable: counting in this process until it answers',
      ),
    onStoreUp: () => logger.info('rate-limit store answers again: counts are shared'),
  });
  const live = new LiveStreams(content, config.streams, config.origin);
  // Opened before the first load, so the ledger sees every content set this process serves.
  const alerts = config.alerts
    ? await startAlerts(config.alerts, content, logger, config.origin, { clock })
    : null;
  const { app, routes } = createApp({
    config,
    content,
    logger,
    limiter: limiter.limiter,
    deriveLimiter: limiter.derive,
    live,
    alertStore: alerts?.store,
    mailer: alerts?.mailer ?? null,
    clock,
    ...(parts.before ? { before: parts.before } : {}),
  });

  async function reload(): Promise<boolean> {
    const outcome = await content.reload();
    if (outcome.ok) {
      logger.info({ contentDir, revision: outcome.revision }, 'content loaded');
    } else {
      logger.error(
        { contentDir, serving: outcome.revision, problems: outcome.problems.map(formatProblem) },
        outcome.fellBack
          ? 'content refused: invalid set, serving the last good set stored by an earlier process'
          : 'content refused: invalid set, keeping the last good content',
      );
    }
    return outcome.ok;
  }

  async function start(): Promise<RunningServer> {
    // Listen only once the shared rate-limit store answers, so a new worker (a PM2 reload) counts in
    // it from its first request; an unreachable store does not keep the service down.
    // The site's browser files are built meanwhile, so no page waits for them (browser-files.ts).
    const [, storeReady] = await Promise.all([reload(), limiter.ready(STORE_WAIT_MS), prepareBrowserFiles()]);
    if (!storeReady)
      logger.warn({ waitedMs: STORE_WAIT_MS }, 'rate-limit store not answering: starting anyway');
    const handle = app.callback();
    const drainState = { draining: false };
    const { connections } = config;
    const server = new DrainingServer(
      {
        ServerResponse: drainingResponse(drainState),
        // The app answers a missing Host itself, with a problem body (server/http/request-shape.ts).
        requireHostHeader: false,
        // A public API's time-outs: headers within HEADERS_TIMEOUT_MS (408), looked for every second.
        headersTimeout: connections.headersTimeoutMs,
        connectionsCheckingInterval: checkingInterval(connections.headersTimeoutMs),
        keepAliveTimeout: connections.keepAliveTimeoutMs,
      },
      (req, res) => {
        void handle(req, res);
      },
    );
    continueOnRead(server, (req, res) => void handle(req, res));
    limitConnections(server, connections);
    // Every header line is kept and counted by the app (server/http/request-shape.ts), rather than
    // lines past 2,000 entries dropped without a word.
    server.maxHeadersCount = 0;
    answerClientErrors(server, config.origin);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, resolve);
    });
    const { port } = server.address() as AddressInfo;
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    // The start line names what this worker runs (docs/operations.md §8), secrets never.
    logger.info(
      {
        port,
        host: config.host,
        ...describeFeatures(config),
        contentRevision: content.lastReload?.revision ?? null,
      },
      'listening',
    );
    for (const warning of configWarnings(config)) logger.warn({ warning }, 'settings: unwise together');

    let stopping: Promise<void> | null = null;
    const stop = () => {
      stopping ??= drain().then(() => Promise.all([limiter.close(), alerts?.stop()]).then(() => undefined));
      return stopping;
    };

    function drain(): Promise<void> {
      const started = Date.now();
      drainState.draining = true;
      // Open streams end now, so their clients reconnect to a live worker at once.
      const streams = live.closeAll();
      if (streams > 0) logger.info({ streams }, 'stopping: live streams ended');
      return new Promise<void>((resolve) => {
        let forced = false;
        // Sockets still idle after the grace are closed; a busy one closes after its response.
        const idle = setInterval(() => {
          server.keepIdle = false;
          server.closeIdleConnections();
        }, config.shutdownIdleGraceMs);
        const force = setTimeout(() => {
          forced = true;
          server.closeAllConnections();
        }, config.shutdownTimeoutMs);
        // Stops accepting (in a cluster worker, tells the primary to route new connections
        // elsewhere); the idle sockets stay open for their grace.
        server.keepIdle = true;
        server.close(() => {
          clearInterval(idle);
          clearTimeout(force);
          logger.info({ ms: Date.now() - started, forced }, 'stopped: every connection closed');
          resolve();
        });
      });
    }

    return { url: `http://${host}:${port}`, content, routes, reload, stop };
  }

  return { app, logger, start };
}
