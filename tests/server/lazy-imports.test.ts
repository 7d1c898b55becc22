import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import test from 'ava';
import { ROOT } from '../helpers/fixtures.js';
import { marksOf, readModuleLog } from '../helpers/module-log.js';
import { outputOf, runToEnd } from '../helpers/run.js';

/** The drivers and SDKs only some servers use, by the folder their modules load from. */
const OPTIONAL = {
  'the MCP SDK': /\/node_modules\/@modelcontextprotocol\/sdk\//,
  'the PostgreSQL driver (pg)': /\/node_modules\/pg\//,
  'the SQLite driver (better-sqlite3)': /\/node_modules\/better-sqlite3\//,
  'the SMTP client (nodemailer)': /\/node_modules\/nodemailer\//,
  'the Web Push library (web-push)': /\/node_modules\/web-push\//,
  'the XML serializer of the feeds and the sitemap (xmlbuilder2)': /\/node_modules\/xmlbuilder2\//,
  'the OpenAPI generator (trpc-to-openapi)': /\/node_modules\/trpc-to-openapi\//,
};

test('a server starts without the MCP SDK, the store drivers, the SMTP or Web Push clients, the XML serializer or the OpenAPI generator; each loads with the first request that needs it', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'lazy-imports-'));
  try {
    const log = path.join(dir, 'modules.log');
    const run = await runToEnd(process.execPath, ['--import', 'tsx', 'tests/server/lazy-imports-probe.ts'], {
      cwd: ROOT,
      env: { ...process.env, MODULE_LOG: log },
    });
    t.is(run.code, 0, outputOf(run));
    const lines = await readModuleLog(log);
    const started = lines.indexOf('-- started');
    const answered = lines.findIndex((line) => line.startsWith('-- mcp answered'));
    const fed = lines.findIndex((line) => line.startsWith('-- feed answered'));
    const described = lines.findIndex((line) => line.startsWith('-- openapi answered'));
    t.true(started > 0 && answered > started && fed > answered && described > fed, marksOf(lines));
    t.is(lines[answered], '-- mcp answered 200');
    t.is(lines[fed], '-- feed answered 200');
    t.is(lines[described], '-- openapi answered 200');
    const atStart = lines.slice(0, started);
    t.true(
      atStart.some((url) => url.includes('/server/server.ts')),
      'the log sees the server load',
    );
    for (const [name, folder] of Object.entries(OPTIONAL))
      t.false(
        atStart.some((url) => folder.test(url)),
        `${name} loaded before any request needed it`,
      );
    const forMcp = lines.slice(started, answered);
    t.true(
      forMcp.some((url) => OPTIONAL['the MCP SDK'].test(url)),
      'the MCP call loads the SDK',
    );
    const forFeed = lines.slice(answered, fed);
    t.true(
      forFeed.some((url) =>
        OPTIONAL['the XML serializer of the feeds and the sitemap (xmlbuilder2)'].test(url),
      ),
      'the first feed loads the XML serializer',
    );
    const forDocument = lines.slice(fed, described);
    t.true(
      forDocument.some((url) => OPTIONAL['the OpenAPI generator (trpc-to-openapi)'].test(url)),
      'the OpenAPI document loads its generator',
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
