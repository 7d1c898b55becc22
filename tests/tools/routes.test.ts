import test from 'ava';
import pino from 'pino';
import { createApp } from '../../server/app.js';
import { parseConfig } from '../../server/config.js';
import { ContentState } from '../../server/content/content-state.js';
import type { RouteEntry } from '../../server/routes.js';
import { BASE_URL, ROOT } from '../helpers/fixtures.js';
import { commandLine, outputOf, runToEnd } from '../helpers/run.js';

const routes = (...args: string[]) =>
  runToEnd(process.execPath, [...commandLine('tools/routes.ts'), ...args], { cwd: ROOT });

/** The app as the server builds it (server/app.ts), never started: its own lists of its routes. */
function app() {
  const config = parseConfig({ PUBLIC_BASE_URL: BASE_URL });
  const content = new ContentState(() => Promise.reject(new Error('not loaded')), config.origin);
  return createApp({ config, content, logger: pino({ level: 'silent' }), limiter: null });
}

test('npm run routes prints every route the app serves, with its methods, kind and rate limit', async (t) => {
  const served = app();
  const json = await routes('--json');
  t.is(json.code, 0, outputOf(json));
  const printed = JSON.parse(json.stdout) as RouteEntry[];
  t.deepEqual(printed, JSON.parse(JSON.stringify(served.table)) as RouteEntry[]);
  // Every path the app reads (its own list, made apart from the table: server/routes.ts `readRoutes`).
  t.true(served.routes.length > 0);
  for (const path of served.routes)
    t.true(
      printed.some((route) => route.path === path && route.methods.includes('GET')),
      `${path} is printed`,
    );
  const find = (method: string, path: string) =>
    printed.find((route) => route.path === path && route.methods.includes(method));
  t.like(find('GET', '/healthz'), { kind: 'program', limited: false });
  t.like(find('GET', '/'), { kind: 'page', limited: true });
  t.like(find('GET', '/api/v1/status'), { kind: 'program', limited: true });
  t.like(find('POST', '/mcp'), { kind: 'program', limited: true });
  t.like(find('GET', '/assets/:file'), { kind: 'program', limited: true });

  const text = await routes();
  t.is(text.code, 0, outputOf(text));
  const rows = text.stdout.trimEnd().split('\n');
  t.regex(rows[0]!, /^METHODS\s+PATH\s+KIND\s+LIMITED$/);
  t.is(rows.length - 1, printed.length, 'one row a route');
  printed.forEach((route, index) => {
    t.deepEqual(rows[index + 1]!.split(/\s{2,}/), [
      route.methods.join(', '),
      route.path,
      route.kind,
      route.limited ? 'yes' : 'no',
    ]);
  });
});
