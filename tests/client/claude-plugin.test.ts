import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import test from 'ava';
import { parse as parseYaml } from 'yaml';
import { takeDirLock } from '../helpers/dir-lock.js';
import { ROOT } from '../helpers/fixtures.js';
import type { Completed } from '../helpers/run.js';
import { outputOf, runToEnd } from '../helpers/run.js';
import type { RunningServer } from '../helpers/with-server.js';
import { startServer } from '../helpers/with-server.js';

/*
 * The Claude Code plugin in plugin/ and the marketplace that lists it (.claude-plugin/), passed by
 * Claude Code's own validator (`claude plugin validate`, @anthropic-ai/claude-code from the npm
 * registry, installed into a prefix of its own as a user installs it) with no warning, and checked
 * for the structure Claude Code's plugin reference gives: the manifest's fields and their forms, the
 * marketplace's entry pointing at the plugin, `.mcp.json`'s HTTP server whose address, expanded as
 * Claude Code expands `${VAR:-default}`, reaches this service's MCP endpoint, and the `/resets`
 * command's frontmatter and the tools and arguments it names, against that endpoint's own tools.
 */

const read = (file: string): unknown => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));

/** A plugin or marketplace name: kebab-case, as the manifest reference requires. */
const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const SEMVER = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;
/** The manifest's fields (plugin.json): metadata and the component paths. */
const MANIFEST_FIELDS = new Set([
  ...['name', 'version', 'description', 'author', 'homepage', 'repository', 'license', 'keywords'],
  // The plugin directory's listing fields, which the validator reads.
  ...['icon', 'privacyPolicyUrl'],
  ...['commands', 'agents', 'skills', 'hooks', 'mcpServers', 'outputStyles', 'lspServers', 'userConfig'],
]);
/** A command file's frontmatter fields. */
const COMMAND_FIELDS = new Set([
  'description',
  'argument-hint',
  'allowed-tools',
  'model',
  'disable-model-invocation',
]);

interface Manifest {
  name: string;
  version?: string;
  description?: string;
  license?: string;
  keywords?: unknown;
}

interface Marketplace {
  name: string;
  owner: { name: string };
  plugins: { name: string; source: string; description?: string }[];
}

interface McpConfig {
  mcpServers: Record<string, { type?: string; url?: string; command?: string }>;
}

/** `${VAR}` and `${VAR:-default}`, the forms Claude Code expands in `.mcp.json`. */
function expand(text: string, env: Readonly<Record<string, string>>): string {
  return text.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g,
    (whole, name: string, fallback?: string) => env[name] ?? fallback ?? whole,
  );
}

/** The command file's YAML frontmatter and its body. */
function commandFile(file: string): { front: Record<string, unknown>; body: string } {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${file} has no frontmatter`);
  return { front: parseYaml(match[1]!) as Record<string, unknown>, body: match[2]! };
}

/** The Claude Code the validator and `claude mcp` are run from. */
const CLAUDE_CODE = '2.1.332';

let server: RunningServer;
/** Where Claude Code is installed, and the home it runs in (its settings, not the user's). */
let claude: { home: string; bin: string };

/**
 * Claude Code as `npm install --global` leaves it (about 380 MB unpacked), installed once per version
 * into the temp folder and kept for the next runs, under a lock: test files run in parallel processes.
 */
async function installClaudeCode(): Promise<typeof claude> {
  const home = await mkdtemp(path.join(os.tmpdir(), 'claude-code-home-'));
  const prefix = path.join(os.tmpdir(), `reset-tracker-claude-code-${CLAUDE_CODE}`);
  const bin = path.join(prefix, 'bin', 'claude');
  const lock = `${prefix}.lock`;
  await takeDirLock(lock, 300_000);
  try {
    if (await stat(bin).catch(() => null)) return { home, bin };
    const installed = await runToEnd(
      'npm',
      [
        'install',
        '--global',
        '--prefix',
        prefix,
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        `@anthropic-ai/claude-code@${CLAUDE_CODE}`,
      ],
      { cwd: os.tmpdir() },
    );
    if (installed.code !== 0) throw new Error(`npm install claude-code failed:\n${outputOf(installed)}`);
    return { home, bin };
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** `claude` with these arguments, in the repository, with a home of its own and no update check. */
function runClaude(args: readonly string[]): Promise<Completed> {
  return runToEnd(claude.bin, args, {
    cwd: ROOT,
    timeout: 60_000,
    env: {
      PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
      HOME: claude.home,
      DISABLE_AUTOUPDATER: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    },
  });
}

test.before(async () => {
  [server, claude] = await Promise.all([startServer(), installClaudeCode()]);
});

test.after.always(async () => {
  await server?.stop();
  if (claude) await rm(claude.home, { recursive: true, force: true });
});

for (const [what, target] of [
  ['the plugin', 'plugin'],
  ['the marketplace', '.'],
] as const) {
  test(`claude plugin validate passes ${what} with no warning and no advice`, async (t) => {
    const ran = await runClaude(['plugin', 'validate', target]);
    t.is(ran.code, 0, outputOf(ran));
    t.regex(ran.stdout, /^✔ Validation passed$/m, ran.stdout);
    t.notRegex(ran.stdout, /warning|⚠|Advice|✘/i, ran.stdout);
  });
}

test('claude mcp add --transport http and claude mcp list connect to this service’s /mcp', async (t) => {
  const added = await runClaude([
    'mcp',
    'add',
    '--scope',
    'user',
    '--transport',
    'http',
    'reset-tracker',
    `${server.url}/mcp`,
  ]);
  t.is(added.code, 0, outputOf(added));
  const listed = await runClaude(['mcp', 'list']);
  t.is(listed.code, 0, outputOf(listed));
  t.regex(
    listed.stdout,
    new RegExp(`^reset-tracker: ${server.url}/mcp \\(HTTP\\) - ✔ Connected$`, 'm'),
    listed.stdout,
  );
});

test('the manifest is at plugin/.claude-plugin/plugin.json with a kebab-case name and known fields', (t) => {
  const manifest = read('plugin/.claude-plugin/plugin.json') as Manifest;
  for (const field of Object.keys(manifest)) t.true(MANIFEST_FIELDS.has(field), `unknown field ${field}`);
  t.regex(manifest.name, KEBAB);
  t.regex(manifest.version ?? '', SEMVER);
  t.is(typeof manifest.description, 'string');
  t.is(typeof manifest.license, 'string');
  t.true(Array.isArray(manifest.keywords));
  t.true((manifest.keywords as unknown[]).every((keyword) => typeof keyword === 'string'));
});

test("the marketplace lists the plugin by its manifest's name, from a ./ path that holds it", (t) => {
  const marketplace = read('.claude-plugin/marketplace.json') as Marketplace;
  t.regex(marketplace.name, KEBAB);
  t.is(typeof marketplace.owner.name, 'string');
  t.is(marketplace.plugins.length, 1);
  const [entry] = marketplace.plugins;
  t.regex(entry!.source, /^\.\/[^.]/);
  const manifest = path.join(entry!.source, '.claude-plugin', 'plugin.json');
  t.true(existsSync(path.join(ROOT, manifest)), manifest);
  t.is(entry!.name, (read(manifest) as Manifest).name);
  // docs/status-line.md's install line names both.
  const docs = readFileSync(path.join(ROOT, 'docs/status-line.md'), 'utf8');
  t.true(docs.includes(`/plugin install ${entry!.name}@${marketplace.name}`));
});

test(".mcp.json's HTTP server, its address expanded as Claude Code does, is this service's MCP endpoint", async (t) => {
  const { mcpServers } = read('plugin/.mcp.json') as McpConfig;
  const servers = Object.entries(mcpServers);
  t.is(servers.length, 1);
  const [name, config] = servers[0]!;
  t.regex(name, KEBAB);
  t.is(config.type, 'http');
  t.is(config.command, undefined);
  const url = config.url ?? '';
  // Unset, the address is the documented placeholder host (a reserved name that resolves nowhere),
  // never whatever listens on this machine's port 3000.
  t.is(expand(url, {}), 'https://tracker.example/mcp');
  const expanded = expand(url, { RESET_TRACKER_URL: server.url });
  t.is(expanded, `${server.url}/mcp`);
  const client = new Client({ name: 'plugin-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(expanded)));
  t.teardown(() => client.close());
  const { tools } = await client.listTools();
  t.true(tools.length > 0);
});

test('/resets: its frontmatter has known fields, and the tools and arguments it names are the server’s', async (t) => {
  const { front, body } = commandFile('plugin/commands/resets.md');
  for (const field of Object.keys(front)) t.true(COMMAND_FIELDS.has(field), `unknown field ${field}`);
  t.is(typeof front.description, 'string');
  t.true((front.description as string).length > 0);
  // A hint written unquoted as `[a] [b]` would parse as a YAML list, not the string Claude Code shows.
  t.is(typeof front['argument-hint'], 'string');
  t.true(body.includes('$ARGUMENTS'));

  const client = new Client({ name: 'plugin-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
  t.teardown(() => client.close());
  const { tools } = await client.listTools();
  const named = [...body.matchAll(/`([a-z]+(?:_[a-z]+)+)` tool/g)].map((match) => match[1]!);
  t.deepEqual(named, ['get_reset_status', 'list_resets']);
  for (const tool of named)
    t.true(
      tools.some((known) => known.name === tool),
      tool,
    );

  const listResets = tools.find((known) => known.name === 'list_resets')!;
  t.true(body.includes('`list_resets` tool with `limit: 5`'));
  const limit = (listResets.inputSchema.properties ?? {}).limit as { maximum?: number } | undefined;
  t.true(limit !== undefined && (limit.maximum ?? Infinity) >= 5);

  // Each `[argument: a | b]` of the hint is an argument of those tools, with the values it accepts.
  const hints = [...(front['argument-hint'] as string).matchAll(/\[(\w+): ([^\]]+)\]/g)];
  t.is(hints.length, 2);
  for (const [, argument, values] of hints) {
    for (const toolName of named) {
      const tool = tools.find((known) => known.name === toolName)!;
      const property = (tool.inputSchema.properties ?? {})[argument!] as { enum?: string[] } | undefined;
      t.deepEqual([...(property?.enum ?? [])].sort(), values!.split(' | ').sort(), `${toolName} ${argument}`);
    }
  }
});
