/**
 * The application alone (server/app.ts `createApp`), listening on 127.0.0.1, port 0: for a test
 * that gives it parts the whole service (tests/helpers/with-server.ts) makes from its config, such
 * as an alerts' store that fails or a webhook delivery that stands in for a platform.
 */
import type { AddressInfo } from 'node:net';
import type { AppDeps } from '../../server/app.js';
import { createApp } from '../../server/app.js';
import { parseConfig } from '../../server/config.js';
import { ContentState } from '../../server/content/content-state.js';
import { loadContent } from '../../server/content/read-content.js';
import type { ServerEnv } from './with-server.js';
import { BASE_URL, DEMO_FIXTURE } from './fixtures.js';

/** What the test gives the app: its parts, and environment overrides read by `parseConfig`. */
export type AppParts = Omit<AppDeps, 'config' | 'content' | 'limiter'> & { readonly env?: ServerEnv };

/**
 * Runs `run` against the app over the demo fixture, the public origin `BASE_URL`, no rate limit and
 * no write limits unless `env` says otherwise; closes it after, whatever happens.
 */
export async function usingApp<T>(parts: AppParts, run: (url: string) => Promise<T>): Promise<T> {
  const { env, ...deps } = parts;
  const config = parseConfig({
    CONTENT_DIR: DEMO_FIXTURE,
    PUBLIC_BASE_URL: BASE_URL,
    RATE_LIMIT_POINTS: '0',
    ALERTS_WRITES_PER_ADDRESS: '0',
    ALERTS_WRITES_PER_NETWORK: '0',
    ...env,
  });
  const content = new ContentState(() => loadContent(config.contentDir), config.origin);
  await content.reload();
  const { app } = createApp({ ...deps, config, content, limiter: null });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    return await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}
