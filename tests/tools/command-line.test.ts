import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { ExecutionContext } from 'ava';
import test from 'ava';
import pLimit from 'p-limit';
import { BROKEN_FIXTURES, ROOT } from '../helpers/fixtures.js';
import type { Completed } from '../helpers/run.js';
import { commandLine, outputOf, runToEnd } from '../helpers/run.js';

interface Command {
  readonly file: string;
  /** The options `--help` must list. */
  readonly options: readonly string[];
  /** Command lines the command refuses, each with what its one line must say. */
  readonly bad: readonly { readonly args: readonly string[]; readonly says: RegExp }[];
}

const COMMANDS: readonly Command[] = [
  {
    file: 'tools/content-check.ts',
    options: ['--dir <folder>', '--json', '--since <git ref>'],
    bad: [
      { args: ['one', 'two'], says: /unexpected argument 'two'/ },
      { args: ['--since'], says: /option --since needs a value/ },
      { args: ['--json=yes'], says: /option --json takes no value/ },
    ],
  },
  {
    file: 'tools/content-new.ts',
    options: [
      '--kind',
      '--status',
      '--title',
      '--summary',
      '--allocation',
      '--plans',
      '--audience',
      '--windows',
      '--no-alert',
      '--lead <id>',
      '--dir',
      'usage_reset, limit_increase, credit, policy_change, incident',
      'five_hour, weekly, other, unspecified',
    ],
    bad: [
      { args: [], says: /<post URL> or --lead <id> is required/ },
      { args: ['https://x.com/a/status/1', '--lead', '1'], says: /give a <post URL> or --lead, not both/ },
      { args: ['--lead', 'x'], says: /--lead: 'x' is not a positive whole number/ },
      {
        args: ['https://x.com/a/status/1', '--kind', 'reset'],
        says: /--kind: 'reset' is not one of usage_reset, limit_increase, credit, policy_change, incident/,
      },
      {
        args: ['https://x.com/a/status/1', '--windows', 'weekly,daily'],
        says: /--windows: 'daily' is not one of five_hour, weekly, other, unspecified/,
      },
      {
        args: ['https://x.com/a/status/1', '--plans', 'pro,gold'],
        says: /--plans: 'pro,gold' is not one of all, subscribers, unspecified, nor plans among free, pro, max, team, enterprise/,
      },
      {
        args: ['https://x.com/a/status/1', '--status', 'done'],
        says: /--status: 'done' is not one of announced, confirmed, cancelled, retracted/,
      },
      {
        args: ['https://x.com/a/status/1', '--allocation', 'tokens'],
        says: /--allocation: 'tokens' is not one of subscription_usage, api, unspecified/,
      },
      { args: ['not-a-url'], says: /'not-a-url' is not a URL/ },
      {
        args: ['https://x.com/example', '--dir', '/nonexistent-folder'],
        says: /https:\/\/x\.com\/example is on X or Bluesky but is not a post URL/,
      },
    ],
  },
  {
    file: 'tools/leads.ts',
    options: ['<command>', '<id>', '--all', '--json', '--why <text>', '--once', '--backfill'],
    bad: [
      { args: ['fly'], says: /<command>: 'fly' is not one of list, show, dismiss, watch, freshness/ },
      { args: ['show'], says: /show needs a lead <id>/ },
      { args: ['show', 'x'], says: /<id>: 'x' is not a positive whole number/ },
      { args: ['list', '3'], says: /unexpected argument '3'/ },
      { args: ['dismiss', '3'], says: /dismiss needs --why "…": the reason goes into the ledger/ },
      { args: ['list', '--why', 'x'], says: /--why is for dismiss/ },
      { args: ['watch', '--backfill'], says: /--backfill needs --once/ },
    ],
  },
  {
    file: 'tools/content-revise.ts',
    options: ['--confirm', '--cancel', '--retract', '--correct', '--alert', '--no-alert', '--dir'],
    bad: [
      { args: [], says: /missing argument <id>/ },
      { args: ['an-event', '--confirm', '--retract', 'why'], says: /one action.*--confirm and --retract/ },
      { args: ['../an-event'], says: /'\.\.\/an-event' is not an event id/ },
      { args: ['an-event', '--cancel', ' '], says: /--cancel needs a reason/ },
      { args: ['an-event', '--alert', '--no-alert'], says: /choose --alert or --no-alert, not both/ },
    ],
  },
  {
    file: 'tools/reload.ts',
    options: ['--check', '--watcher'],
    bad: [
      { args: ['now'], says: /unexpected argument 'now'/ },
      { args: ['--check=yes'], says: /option --check takes no value/ },
    ],
  },
  {
    file: 'tools/content-schema.ts',
    options: ['--dir <folder>'],
    bad: [{ args: ['schema'], says: /unexpected argument 'schema'/ }],
  },
  {
    file: 'tools/content-publish.ts',
    options: ['--dir <folder>'],
    bad: [
      { args: ['content'], says: /unexpected argument 'content'/ },
      { args: ['--dir'], says: /option --dir needs a value/ },
    ],
  },
  {
    file: 'tools/alerts-keys.ts',
    options: [],
    bad: [{ args: ['--bits', '512'], says: /--bits/ }],
  },
  {
    file: 'tools/alerts-mark.ts',
    options: ['--silent', '--alert', '--dir <folder>'],
    bad: [
      { args: [], says: /missing argument <id>/ },
      { args: ['an-event'], says: /choose --silent or --alert/ },
      { args: ['../x', '--silent'], says: /'\.\.\/x' is not an event id/ },
    ],
  },
  {
    file: 'tools/alerts-preview.ts',
    options: ['--dir <folder>'],
    bad: [{ args: ['content'], says: /unexpected argument 'content'/ }],
  },
  {
    file: 'tools/prose-shingles.ts',
    options: ['<folder>', '--out <file>'],
    bad: [
      { args: [], says: /missing argument <folder>/ },
      { args: ['a', 'b'], says: /unexpected argument 'b'/ },
      { args: ['--out'], says: /option --out needs a value/ },
    ],
  },
  {
    file: 'tools/openapi-dump.ts',
    options: [],
    bad: [{ args: ['a.json', 'b.json'], says: /unexpected argument 'b\.json'/ }],
  },
  {
    file: 'client/scripts/write-contract.ts',
    options: ['--check'],
    bad: [{ args: ['contract.ts'], says: /unexpected argument 'contract\.ts'/ }],
  },
  {
    file: 'client/scripts/pack.ts',
    options: ['--destination <folder>'],
    bad: [
      { args: ['--destination'], says: /option --destination needs a value/ },
      {
        args: ['--destination', '/nonexistent-folder'],
        says: /--destination: '\/nonexistent-folder' is not a folder/,
      },
    ],
  },
  {
    file: 'bench/streams.ts',
    options: ['--streams <n>', '--republishes <n>'],
    bad: [{ args: ['--streams', 'many'], says: /--streams: 'many' is not a positive whole number/ }],
  },
  {
    file: 'bench/run.ts',
    options: [
      '--seconds <n>',
      '--rounds <n>',
      '--connections <n>',
      '--events <n>',
      '--skip-build',
      '--profile <dir>',
    ],
    bad: [
      { args: ['--events', '10k'], says: /--events: '10k' is not a positive whole number/ },
      { args: ['--seconds', '0'], says: /--seconds: '0' is not a positive whole number/ },
      { args: ['--skip-build=yes'], says: /option --skip-build takes no value/ },
    ],
  },
  {
    file: 'tools/routes.ts',
    options: ['--json'],
    bad: [
      { args: ['table'], says: /unexpected argument 'table'/ },
      { args: ['--json=yes'], says: /option --json takes no value/ },
    ],
  },
  {
    file: 'bench/cold-ab.ts',
    options: ['<label>=<dir>...', '--content <dir>', '--blocks <n>', '--requests <n>', '--hot <path>'],
    bad: [
      { args: [], says: /missing argument <label>=<dir>\.\.\./ },
      { args: ['--blocks', '0', 'a=.'], says: /--blocks: '0' is not a positive whole number/ },
      { args: ['--hot', 'status', 'a=.'], says: /--hot: 'status' is not a path/ },
      { args: ['main'], says: /'main' is not <label>=<dir>/ },
      { args: ['a=/nonexistent-folder'], says: /a: '\/nonexistent-folder' has no dist\/server\/main\.js/ },
    ],
  },
  {
    file: 'bench/mcp.ts',
    options: ['<label>=<dir>...', '--seconds <n>', '--rounds <n>', '--content <dir>'],
    bad: [
      { args: [], says: /missing argument <label>=<dir>\.\.\./ },
      { args: ['--rounds', '0', 'a=.'], says: /--rounds: '0' is not a positive whole number/ },
      { args: ['a=/nonexistent-folder'], says: /a: '\/nonexistent-folder' has no dist\/server\/main\.js/ },
    ],
  },
  {
    file: 'bench/compression.ts',
    options: ['--seconds <n>', '--rounds <n>', '--content <dir>'],
    bad: [
      { args: ['--seconds', '-1'], says: /option --seconds needs a value/ },
      { args: ['--seconds=-1'], says: /--seconds: '-1' is not a positive whole number/ },
    ],
  },
  {
    file: 'bench/nginx-tier.ts',
    options: ['--seconds <n>', '--rounds <n>', '--connections <n>', '--skip-build'],
    bad: [{ args: ['--connections', '50k'], says: /--connections: '50k' is not a positive whole number/ }],
  },
  {
    file: 'bench/reload-latency.ts',
    options: ['--events <n>', '--reloads <n>', '--clients <n>', '--skip-build'],
    bad: [
      { args: ['--clients', 'many'], says: /--clients: 'many' is not a positive whole number/ },
      { args: ['--reloads', '0'], says: /--reloads: '0' is not a positive whole number/ },
    ],
  },
  {
    file: 'bench/profile-summary.ts',
    options: ['<file.cpuprofile>', '<top>'],
    bad: [
      { args: [], says: /missing argument <file\.cpuprofile>/ },
      { args: ['/nonexistent.cpuprofile'], says: /'\/nonexistent\.cpuprofile' does not exist/ },
      { args: ['package.json', 'ten'], says: /<top>: 'ten' is not a positive whole number/ },
    ],
  },
  {
    file: 'bench/leads.ts',
    options: ['--idle-seconds <n>'],
    bad: [
      { args: ['--idle-seconds', 'long'], says: /--idle-seconds: 'long' is not a positive whole number/ },
    ],
  },
  {
    file: 'bench/generate-content.ts',
    options: [],
    bad: [
      { args: [], says: /missing argument <dir>/ },
      { args: ['/nonexistent-folder', 'many'], says: /<count>: 'many' is not a positive whole number/ },
    ],
  },
];

// ava starts every test of the file at once: as many commands run at a time as the machine has cores,
// so their start-ups (node, tsx for some, each command's modules) queue instead of loading the cores
// all at once.
const limitCommands = pLimit(availableParallelism());

/** Runs a command; each run here ends in its command line but the one of `tools/` on a folder. */
function run(file: string, args: readonly string[]): Promise<Completed> {
  return limitCommands(() =>
    runToEnd(process.execPath, [...commandLine(file, { argumentsOnly: true }), ...args], { cwd: ROOT }),
  );
}

/** A usage error: exit 2, nothing on stdout, one line saying what is wrong and the usage line, no stack. */
function assertRefused(t: ExecutionContext, refused: Completed, says: RegExp): void {
  t.is(refused.code, 2, outputOf(refused));
  t.is(refused.stdout, '');
  const lines = refused.stderr.trimEnd().split('\n');
  t.is(lines.length, 2, refused.stderr);
  t.regex(lines[0] ?? '', says);
  t.regex(lines[1] ?? '', /^usage: /);
  t.notRegex(refused.stderr, /^\s+at /m, 'no stack trace');
}

for (const command of COMMANDS) {
  test(`${command.file} --help prints its usage, what it does and its options`, async (t) => {
    // -h is the same flag; once is enough to show it.
    for (const flag of command === COMMANDS[0] ? ['--help', '-h'] : ['--help']) {
      const help = await run(command.file, [flag]);
      t.is(help.code, 0, outputOf(help));
      t.is(help.stderr, '');
      t.regex(help.stdout, /^usage: \S/);
      for (const option of [...command.options, '-h, --help']) t.true(help.stdout.includes(option), option);
    }
  });

  test(`${command.file} refuses an unknown option in one line`, async (t) => {
    assertRefused(t, await run(command.file, ['--bogus']), /unknown option --bogus/);
  });

  test(`${command.file} refuses a bad argument in one line`, async (t) => {
    for (const { args, says } of command.bad) assertRefused(t, await run(command.file, args), says);
  });
}

test('every npm script that is one tsx command answers --help as a user runs it, through npm and tsx', async (t) => {
  // The tests above run the commands as compiled with the tests when they can (helpers/run.ts); the
  // scripts run the sources through tsx.
  const { scripts } = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const commands = Object.entries(scripts).filter(([, line]) =>
    /^tsx (tools|bench|client\/scripts)\/\S+\.ts$/.test(line),
  );
  t.true(commands.length >= 12, commands.map(([name]) => name).join(', '));
  await Promise.all(
    commands.map(async ([name, line]) => {
      const help = await limitCommands(() =>
        runToEnd('npm', ['run', '--silent', name, '--', '--help'], { cwd: ROOT }),
      );
      t.is(help.code, 0, `${name} (${line}): ${outputOf(help)}`);
      t.regex(help.stdout, /^usage: \S/, name);
    }),
  );
});

test('content:new on a folder without events/ says so in one line and exits 1, writing nothing', async (t) => {
  const dir = BROKEN_FIXTURES.noEventsFolder;
  const done = await run('tools/content-new.ts', ['https://wrenquill.example/changelog/late', '--dir', dir]);
  t.is(done.code, 1, outputOf(done));
  t.is(done.stdout, '');
  t.regex(done.stderr, /^not written: \S+ has no events\/ folder\b.*\n$/);
  t.notRegex(done.stderr, /^\s+at |ENOENT/m, 'no stack trace');
  t.false(existsSync(path.join(dir, 'events')));
});
