/**
 * Run by lazy-imports.test.ts in a process of its own: a module hook logs the URL of every module
 * loaded from then on to the file MODULE_LOG names (tests/helpers/module-log.ts); the probe starts the service as `npm start` does
 * (alerts off), marks the log, answers one MCP call, then a feed, then the OpenAPI document, marking
 * the log after each, and stops.
 */
import { logModules } from '../helpers/module-log.js';

const mark = logModules();

const { parseConfig } = await import('../../server/config.js');
const { createServer } = await import('../../server/server.js');
const server = await (
  await createServer(
    parseConfig({
      CONTENT_DIR: 'tests/fixtures/content-demo',
      CONTENT_CACHE_DIR: 'off',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_POINTS: '0',
    }),
  )
).start();
mark('started');
const answer = await fetch(`${server.url}/mcp`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
});
mark(`mcp answered ${answer.status}`);
const feed = await fetch(`${server.url}/feed.xml`);
await feed.text();
mark(`feed answered ${feed.status}`);
const document = await fetch(`${server.url}/api/openapi.json`);
await document.text();
mark(`openapi answered ${document.status}`);
await server.stop();
