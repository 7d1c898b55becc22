import { readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { ROOT } from '../helpers/fixtures.js';
import { runInstalled } from '../helpers/packed-client.js';
import { outputOf, runToEnd } from '../helpers/run.js';
import type { CountingServer, Installed } from '../helpers/tracker-command.js';
import {
  cacheHome,
  installCommand,
  refreshedSince,
  removeInstalled,
  startCountingServer,
  statusLine,
  visible,
} from '../helpers/tracker-command.js';

/*
 * The recipes of docs/status-line.md, each run as the page writes it, with Claude Code's JSON on
 * stdin, against a server whose events sit around now: ccstatusline installed from the npm registry
 * (the version the page names) and Debian's tmux, each running the installed `reset-tracker`.
 * Claude Code itself (it needs an account and a terminal), claude-powerline (the registry the tests
 * install from answers 404 for it) and starship (no Debian or npm package) are not run; the page
 * says so for each, and the wrappers around them that are ours run through the shell.
 */

const PAGE = readFileSync(path.join(ROOT, 'docs/status-line.md'), 'utf8');
/** The ccstatusline the page says the recipe was tested with. */
const CCSTATUSLINE = '2.2.30';

/** The fenced blocks in `language` of one `### ` recipe of the page. */
function blocks(heading: string, language: string): string[] {
  const start = PAGE.indexOf(`\n### ${heading}\n`);
  if (start === -1) throw new Error(`docs/status-line.md has no recipe "${heading}"`);
  const rest = PAGE.slice(start + 1);
  const end = rest.slice(1).search(/\n##/);
  const section = end === -1 ? rest : rest.slice(0, end + 1);
  return [...section.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map(
    (match) => match[1]!,
  );
}

/** The `statusLine` setting's fields in Claude Code's settings.json. */
const STATUS_LINE_FIELDS = new Set(['type', 'command', 'padding', 'refreshInterval', 'hideVimModeIndicator']);

interface StatusLineSetting {
  type: unknown;
  command: unknown;
  padding?: unknown;
  refreshInterval?: unknown;
}

/** The line without the own limits, as the events of startCountingServer make it. */
const LINE = 'New reset 40m ago · Limits up until \\w{3} \\d{1,2} · Incident 1d ago';

let installed: Installed;
let service: CountingServer;
/** The environment a recipe runs in: a home, a warm cache, the service's address, our command on PATH. */
let env: Record<string, string>;
/** Where ccstatusline was installed. */
let tools: string;
/** Claude Code's JSON on stdin, with the user's own windows; they reset in UTC hours below. */
let claudeJson: string;
let fiveHour: number;

async function installTool(spec: string): Promise<string> {
  const prefix = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-recipe-tool-'));
  const installedTool = await runToEnd(
    'npm',
    ['install', '--global', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', spec],
    { cwd: prefix },
  );
  if (installedTool.code !== 0) throw new Error(`npm install ${spec} failed:\n${outputOf(installedTool)}`);
  return prefix;
}

test.before(async () => {
  [installed, service, tools] = await Promise.all([
    installCommand(),
    startCountingServer(Date.now()),
    installTool(`ccstatusline@${CCSTATUSLINE}`),
  ]);
  const home = await cacheHome(installed);
  env = {
    ...home.env,
    RESET_TRACKER_URL: service.server.url,
    TZ: 'UTC',
    PATH: [
      path.join(installed.prefix, 'bin'),
      path.dirname(process.execPath),
      process.env.PATH ?? '/usr/bin:/bin',
    ].join(path.delimiter),
  };
  const first = await statusLine(installed, [], env);
  if (first.code !== 0) throw new Error(first.stderr);
  await refreshedSince(home.file, 0);
  const seconds = Math.floor(Date.now() / 1000);
  fiveHour = seconds + 2 * 3600;
  claudeJson = JSON.stringify({
    session_id: 'recipes',
    cwd: ROOT,
    model: { id: 'claude-opus-4-1', display_name: 'Opus' },
    workspace: { current_dir: ROOT, project_dir: ROOT },
    version: '2.1.100',
    rate_limits: {
      five_hour: { used_percentage: 42, resets_at: fiveHour },
      seven_day: { used_percentage: 18, resets_at: seconds + 4 * 86_400 },
    },
  });
});

test.after.always(async () => {
  await service?.server.stop();
  await removeInstalled(installed);
  if (tools) await rm(tools, { recursive: true, force: true });
});

const hour = (seconds: number) => new Date(seconds * 1000).toISOString().slice(11, 16);

test("every settings.json of the recipes parses and holds Claude Code's statusLine fields", (t) => {
  const settings = [...blocks('Claude Code', 'json'), ...blocks('claude-powerline', 'json')];
  t.is(settings.length, 2);
  for (const json of settings) {
    const { statusLine: setting } = JSON.parse(json) as { statusLine: StatusLineSetting };
    for (const field of Object.keys(setting)) t.true(STATUS_LINE_FIELDS.has(field), field);
    t.is(setting.type, 'command');
    t.is(typeof setting.command, 'string');
    if ('padding' in setting) t.true(Number.isInteger(setting.padding) && Number(setting.padding) >= 0);
    t.true(Number.isInteger(setting.refreshInterval) && Number(setting.refreshInterval) >= 1);
  }
});

test("Claude Code: the statusLine command, run through the shell, prints the line with the user's own limits", async (t) => {
  const { statusLine: setting } = JSON.parse(blocks('Claude Code', 'json')[0]!) as {
    statusLine: { command: string };
  };
  const ran = await runInstalled('/bin/sh', ['-c', setting.command], { env, input: claudeJson });
  t.is(ran.code, 0, ran.stderr);
  t.regex(
    visible(ran.stdout),
    new RegExp(`^${LINE} · 5h 42% ↺${hour(fiveHour)} · 7d 18% ↺\\w{3} \\d\\d:\\d\\d$`),
  );
});

test('claude-powerline (a stand-in): the wrapper gives both commands the same stdin and prints their two lines', async (t) => {
  const { statusLine: setting } = JSON.parse(blocks('claude-powerline', 'json')[0]!) as {
    statusLine: { command: string };
  };
  const bin = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-powerline-'));
  t.teardown(() => rm(bin, { recursive: true, force: true }));
  const expected = path.join(bin, 'expected.json');
  await writeFile(expected, claudeJson);
  // Like claude-powerline (console.log of its line): one line ending in a newline, from the JSON.
  const standIn = path.join(bin, 'claude-powerline');
  await writeFile(
    standIn,
    `#!/bin/sh\ninput=$(cat)\n[ "$input" = "$(cat '${expected}')" ] || exit 1\necho 'powerline stand-in'\n`,
  );
  await chmod(standIn, 0o755);
  const ran = await runInstalled('/bin/sh', ['-c', setting.command], {
    env: { ...env, NO_COLOR: '1', PATH: `${bin}${path.delimiter}${env.PATH}` },
    input: claudeJson,
  });
  t.is(ran.code, 0, ran.stderr);
  const lines = ran.stdout.split('\n');
  t.is(lines.length, 3, ran.stdout);
  t.is(lines[0], 'powerline stand-in');
  t.regex(lines[1]!, new RegExp(`^${LINE}$`));
  t.is(lines[2], '');
});

test(`ccstatusline ${CCSTATUSLINE}: its Custom Command widget shows the line, and --own-limits there reads its stdin`, async (t) => {
  const home = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-ccstatusline-'));
  t.teardown(() => rm(home, { recursive: true, force: true }));
  const settingsFile = path.join(home, '.config', 'ccstatusline', 'settings.json');
  await mkdir(path.dirname(settingsFile), { recursive: true });
  const settings = JSON.parse(blocks('ccstatusline', 'json')[0]!) as {
    lines: { type: string; commandPath?: string }[][];
  };
  const ccstatusline = path.join(tools, 'bin', 'ccstatusline');
  const render = async (): Promise<string> => {
    await writeFile(settingsFile, JSON.stringify(settings));
    const ran = await runInstalled(ccstatusline, [], { env: { ...env, HOME: home }, input: claudeJson });
    t.is(ran.code, 0, ran.stderr);
    // ccstatusline writes each space as a no-break space.
    return visible(ran.stdout).replaceAll('\u00a0', ' ');
  };
  t.regex(await render(), new RegExp(`^${LINE}$`));
  const widget = settings.lines[0]![0]!;
  t.is(widget.type, 'custom-command');
  widget.commandPath = `${widget.commandPath} --own-limits`;
  t.regex(await render(), new RegExp(`^${LINE} · 5h 42% ↺${hour(fiveHour)} · 7d 18% `));
});

test("tmux: status-right shows the whole line before the clock, within tmux's status-right-length", async (t) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-tmux-'));
  const socket = path.join(folder, 'socket');
  const conf = path.join(folder, 'tmux.conf');
  await writeFile(conf, blocks('tmux', 'tmux')[0]!);
  // In a UTF-8 locale, as a user's terminal is: elsewhere tmux shows the line's `·` as `_`.
  const tmux = (...args: string[]) =>
    runToEnd('tmux', ['-S', socket, ...args], { env: { ...env, LANG: 'C.UTF-8' } });
  const started = await tmux('-f', conf, 'new-session', '-d', '-x', '200', '-y', '20').catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      throw new Error('tmux is not installed: run `bash .ci/setup-test-env.sh`');
    },
  );
  t.is(started.code, 0, outputOf(started));
  t.teardown(async () => {
    await tmux('kill-server');
    await rm(folder, { recursive: true, force: true });
  });
  // A `#()` job's output shows once the job has ended, and tmux keeps it with the client that asked:
  // one client asks, waits and asks again, a longer wait each time (a busy machine).
  let shown = { code: -1, stdout: '', stderr: '' };
  let status = '';
  for (const seconds of ['0.3', '0.6', '1.2', '2.4']) {
    const ask = ['display-message', '-p', '#{T:status-right}'];
    shown = await tmux(...ask, ';', 'run-shell', `sleep ${seconds}`, ';', ...ask);
    t.is(shown.code, 0, outputOf(shown));
    status = shown.stdout.split('\n').find((line) => line.startsWith('New reset')) ?? '';
    if (status) break;
  }
  const length = Number((await tmux('display-message', '-p', '#{status-right-length}')).stdout);
  t.regex(status, new RegExp(`^${LINE} \\d\\d:\\d\\d$`), shown.stdout);
  t.true(status.length <= length, `${status.length} columns, status-right-length ${length}`);
});
