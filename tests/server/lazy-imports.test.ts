import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import test from 'ava';
import { ROOT } from '../helpers/fixtures.js';
import { outputOf, runToEnd } from '../helpers/run.js';

/** The drivers and SDKs only some servers use, by the folder their modules load from. */
const OPTIONAL = {
  'the MCP SDK': /\/node_modules\/@modelcontextprotocol\/sdk\//,
  'the PostgreSQL driver (pg)': /\/node_modules\/pg\//,
  'the SQLite driver (better-sqlite3)': /\/node_modules\/better-sqlite3\//,
  'the SMTP client (nodemailer)': /\/node_modules\/nodemailer\//,
};

test('a server starts without the MCP SDK, the store drivers or the SMTP client; the first MCP call loads the SDK', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'lazy-imports-'));
  try {
    const log = path.join(dir, 'modules.log');
    const run = await runToEnd(process.execPath, ['--import', 'tsx', 'tests/server/lazy-imports-probe.ts'], {
      cwd: ROOT,
      env: { ...process.env, MODULE_LOG: log },
    });
    t.is(run.code, 0, outputOf(run));
    const lines = (await readFile(log, 'utf8')).trimEnd().split('\n');
    const started = lines.indexOf('-- started');
    const answered = lines.findIndex((line) => line.startsWith('-- mcp answered'));
    t.true(started > 0 && answered > started, lines.filter((line) => line.startsWith('--')).join(', '));
    t.is(lines[answered], '-- mcp answered 200');
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
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
