import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { loadContent } from '../domain/content/load.js';
import { formatProblem } from '../domain/content/problems.js';
import { createApp } from './app.js';
import type { Config } from './config.js';
import { ContentState } from './content-state.js';
import { createLimiter } from './limiter.js';
import { createLogger } from './logger.js';

export interface RunningServer {
  readonly url: string;
  readonly content: ContentState;
  /** Loads the content folder again; an invalid set is refused and logged. */
  reload(): Promise<boolean>;
  /** Stops accepting, lets in-flight requests finish, closes idle keep-alive sockets. */
  stop(): Promise<void>;
}

/** Creates the whole service from a config; `start()` loads content and listens. */
export function createServer(config: Config) {
  const logger = createLogger(config.logLevel);
  const contentDir = path.resolve(config.contentDir);
  const content = new ContentState(() => loadContent(contentDir), config.publicBaseUrl);
  const limiter = createLimiter(config.rateLimit);
  const app = createApp({ config, content, logger, limiter: limiter.limiter });

  async function reload(): Promise<boolean> {
    const outcome = await content.reload();
    if (outcome.ok) {
      logger.info({ contentDir, revision: outcome.revision }, 'content loaded');
    } else {
      logger.error(
        { contentDir, serving: outcome.revision, problems: outcome.problems.map(formatProblem) },
        'content refused: invalid set, keeping the last good content',
      );
    }
    return outcome.ok;
  }

  async function start(): Promise<RunningServer> {
    await reload();
    const handle = app.callback();
    const server = http.createServer((req, res) => {
      void handle(req, res);
    });
    server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, resolve);
    });
    const { port } = server.address() as AddressInfo;
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    logger.info({ port, host: config.host }, 'listening');

    let stopping: Promise<void> | null = null;
    const stop = () => {
      stopping ??= new Promise<void>((resolve) => {
        // Idle keep-alive sockets are closed now; busy ones once their response is written.
        server.close(() => resolve());
        server.closeIdleConnections();
        const timer = setTimeout(() => server.closeAllConnections(), config.shutdownTimeoutMs);
        timer.unref();
      }).then(() => limiter.close());
      return stopping;
    };
    return { url: `http://${host}:${port}`, content, reload, stop };
  }

  return { app, logger, start };
}
