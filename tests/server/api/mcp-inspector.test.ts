import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import test from 'ava';
import { withServer } from '../../helpers/with-server.js';
import { getJson, urlOf } from '../../helpers/api.js';
import { ROOT } from '../../helpers/fixtures.js';

const run = promisify(execFile);

/**
 * The MCP Inspector's CLI mode (`mcp-inspector --cli` runs this same entry in a child process), an
 * MCP client built apart from the SDK client of tests/server/api/mcp.test.ts. It is started from its
 * own build folder: it finds its package.json by a path relative to the working directory, and
 * through the `mcp-inspector` bin it would load the hoisted commander 2 of pm2, not its own.
 */
const INSPECTOR_CLI = path.join(ROOT, 'node_modules/@modelcontextprotocol/inspector-cli/build');

async function inspector(url: string, args: readonly string[]): Promise<Record<string, unknown>> {
  const { stdout } = await run(process.execPath, ['index.js', `${url}/mcp`, '--transport', 'http', ...args], {
    cwd: INSPECTOR_CLI,
    timeout: 60_000,
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

test('the MCP Inspector CLI lists the tools and calls one', withServer, async (t, server) => {
  const list = (await inspector(server.url, ['--method', 'tools/list'])) as { tools: { name: string }[] };
  t.deepEqual(
    list.tools.map((tool) => tool.name),
    ['get_reset_status', 'list_resets', 'list_sources'],
  );

  const result = await inspector(server.url, [
    '--method',
    'tools/call',
    '--tool-name',
    'list_resets',
    '--tool-arg',
    'limit=3',
    '--tool-arg',
    'audience=max',
  ]);
  const { body } = await getJson(urlOf(server.url, '/api/v1/resets', { limit: 3, audience: 'max' }));
  t.deepEqual(result['structuredContent'], body);
  t.falsy(result['isError']);

  const refused = (await inspector(server.url, [
    '--method',
    'tools/call',
    '--tool-name',
    'list_resets',
    '--tool-arg',
    'limit=0',
  ])) as { isError: boolean; content: { text: string }[] };
  t.true(refused.isError);
  t.like(JSON.parse(refused.content[0]!.text), { code: 'invalid_parameter', parameter: 'limit' });
});
