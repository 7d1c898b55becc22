import { cp, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import type { ExecutionContext } from 'ava';
import type Koa from 'koa';
import { parseConfig } from '../../server/config.js';
import type { RunningServer } from '../../server/server.js';
import { createServer } from '../../server/server.js';

/** Public origin the test servers claim: event `url`s and problem `type`s live under it. */
export const TEST_BASE_URL = 'https://tracker.test';
/** The shipped demonstration dataset (43 events). */
export const DEMO_CONTENT = fileURLToPath(new URL('../../content', import.meta.url));
export const VALID_FIXTURE = fileURLToPath(new URL('../fixtures/content-valid', import.meta.url));

export type ServerEnv = Readonly<Record<string, string>>;

/**
 * Starts the whole service (config → content → listening) on 127.0.0.1, port 0: the one server
 * factory of the HTTP, page, feed and browser tests. Demo content, no rate limit, a fixed public
 * origin and no last-good store (nothing is written into the checkout) unless `env` says otherwise.
 */
export async function startServer(env: ServerEnv = {}): Promise<RunningServer> {
  const config = parseConfig({
    CONTENT_DIR: DEMO_CONTENT,
    PUBLIC_BASE_URL: TEST_BASE_URL,
    RATE_LIMIT_POINTS: '0',
    CONTENT_CACHE_DIR: 'off',
    ...env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
  });
  return createServer(config).start();
}

/** Runs `fn` against a server of its own and stops that server afterwards, whatever happens. */
export async function usingServer<T>(env: ServerEnv, fn: (server: RunningServer) => Promise<T>): Promise<T> {
  const server = await startServer(env);
  try {
    return await fn(server);
  } finally {
    await server.stop();
  }
}

type ServerTest = (t: ExecutionContext, server: RunningServer) => Promise<void>;

/** ava macro: the test gets its own server on port 0 (defaults of `startServer`), stopped in `finally`. */
export const withServer = test.macro(async (t, run: ServerTest) =>
  usingServer({}, (server) => run(t, server)),
);

/** ava macro: as `withServer`, with environment overrides (`RATE_LIMIT_POINTS`, `CONTENT_DIR`, …). */
export const withServerEnv = test.macro(async (t, env: ServerEnv, run: ServerTest) =>
  usingServer(env, (server) => run(t, server)),
);

export interface ListeningApp {
  readonly url: string;
  close(): Promise<void>;
}

/** Serves an app built with `createApp` (for injected clocks or content) on 127.0.0.1, port 0. */
export async function listen(app: Koa): Promise<ListeningApp> {
  const handle = app.callback();
  const server = http.createServer((req, res) => {
    void handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** A private copy of a content folder in a temp dir, removed by `dispose`. */
export async function copyContent(from: string): Promise<{ dir: string; dispose(): Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), 'reset-tracker-'));
  const dir = path.join(root, 'content');
  await cp(from, dir, { recursive: true });
  return { dir, dispose: () => rm(root, { recursive: true, force: true }) };
}
