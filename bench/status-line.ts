/**
 * What a `reset-tracker status-line` call costs, as a user installs it (`npm run client:pack`, then
 * `npm install --global` into a temporary prefix), side by side with `ccusage statusline` installed
 * the same way from the npm registry (into its own temporary prefix, never a dependency of the
 * project). Each round runs, in an order of its own: an empty `node` start, the status line on a fresh
 * cache, the status line on a stale cache (`--max-age 0`: every call starts its detached refresh,
 * whose end is awaited before the next run), on a stale cache while a refresh holds the lock (what
 * the other status lines of that minute do), and `ccusage statusline`, all on the same Claude Code
 * JSON. Reports the median wall time of each, and the status line's own work: its median less the
 * empty start's. `--against <tarball>` installs another build of the client beside this one (the last
 * release, a branch's) and measures its status line in the same rounds: an A/B in one run.
 *
 *   npm run bench:status-line [-- --rounds 30] [--against <tarball>]
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCommandLine } from '../tools/command-line.js';
import { median } from './report.js';

const { positiveWhole, values } = readCommandLine({
  usage: 'tsx bench/status-line.ts [--rounds <n>] [--against <tarball>]',
  description:
    'Wall time of reset-tracker status-line (fresh and stale cache) against an empty node start and ccusage statusline.',
  options: {
    rounds: { type: 'string', value: '<n>', description: 'alternating rounds (default 30)' },
    against: {
      type: 'string',
      value: '<tarball>',
      description: 'also measure this build of the client, in the same rounds',
    },
  },
});
const rounds = positiveWhole('rounds', values.rounds ?? '30');
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[\d;]*m/g;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Ran {
  readonly code: number | null;
  readonly stdout: string;
  readonly ms: number;
}

/** Runs a command to its end with `input` on stdin; its wall time from spawn to exit. */
function timed(file: string, args: readonly string[], env: NodeJS.ProcessEnv, input = ''): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(file, args, { env });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.resume();
    child.on('error', reject);
    child.on('exit', (code) =>
      resolve({ code, stdout, ms: Number(process.hrtime.bigint() - started) / 1e6 }),
    );
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

async function run(file: string, args: readonly string[], options: { cwd?: string } = {}): Promise<string> {
  const ran = await new Promise<{ code: number | null; out: string }>((resolve, reject) => {
    const child = spawn(file, args, { cwd: options.cwd ?? root });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out }));
  });
  if (ran.code !== 0) throw new Error(`${file} ${args.join(' ')} failed:\n${ran.out}`);
  return ran.out;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * ccusage from the registry into `prefix`: the latest, else (when it does not run here: ccusage 20
 * is a native binary in per-platform packages, 19 wants Node 22) 18, its last release in JavaScript
 * for Node 20. Null when neither runs. Returns the command and the version measured.
 */
async function installCcusage(prefix: string): Promise<{ bin: string; version: string } | null> {
  for (const spec of ['ccusage', 'ccusage@18']) {
    await rm(prefix, { recursive: true, force: true });
    const installed = await run('npm', [
      'install',
      '--global',
      '--prefix',
      prefix,
      '--no-audit',
      '--no-fund',
      spec,
    ]).then(
      () => true,
      () => false,
    );
    const bin = path.join(prefix, 'bin', 'ccusage');
    if (!installed || (await timed(bin, ['--version'], process.env)).code !== 0) {
      console.error(`${spec} does not run here`);
      continue;
    }
    return { bin, version: (await timed(bin, ['--version'], process.env)).stdout.trim() };
  }
  return null;
}

const work = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-bench-'));
const children: { kill: () => void }[] = [];
try {
  console.error('packing and installing the client…');
  const tarball = (
    await run(process.execPath, ['--import=tsx', 'client/scripts/pack.ts', '--destination', work])
  )
    .trim()
    .split('\n')
    .at(-1)!;
  const prefix = path.join(work, 'prefix');
  await run('npm', [
    'install',
    '--global',
    '--prefix',
    prefix,
    '--prefer-offline',
    '--no-audit',
    '--no-fund',
    tarball,
  ]);
  const tracker = path.join(prefix, 'bin', 'reset-tracker');
  let against: string | null = null;
  if (values.against) {
    const other = path.join(work, 'against');
    await run('npm', [
      'install',
      '--global',
      '--prefix',
      other,
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      path.resolve(values.against),
    ]);
    against = path.join(other, 'bin', 'reset-tracker');
  }
  const ccusage = await installCcusage(path.join(work, 'ccusage'));
  await run('npm', ['run', '--silent', 'build']);
  const port = await freePort();
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_POINTS: '0',
    },
    stdio: 'ignore',
  });
  children.push(server);
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    if (
      await fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (tries > 100) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const home = path.join(work, 'home');
  // ccusage reads the sessions under CLAUDE_CONFIG_DIR/projects, and refuses to start without it.
  await mkdir(path.join(home, '.claude', 'projects'), { recursive: true });
  const env = {
    PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
    HOME: home,
    XDG_CACHE_HOME: path.join(home, '.cache'),
    CLAUDE_CONFIG_DIR: path.join(home, '.claude'),
    RESET_TRACKER_URL: url,
  };
  const filled = await timed(tracker, ['refresh'], env);
  if (filled.code !== 0) throw new Error('the first refresh failed');
  const empty = path.join(work, 'empty.mjs');
  await writeFile(empty, '');
  const seconds = Math.floor(Date.now() / 1000);
  const input = JSON.stringify({
    session_id: 'bench',
    transcript_path: path.join(home, 'none.jsonl'),
    cwd: work,
    model: { id: 'claude-opus-4-1', display_name: 'Opus' },
    workspace: { current_dir: work, project_dir: work },
    version: '2.1.100',
    cost: { total_cost_usd: 0.1, total_duration_ms: 1000 },
    rate_limits: {
      five_hour: { used_percentage: 42, resets_at: seconds + 7200 },
      seven_day: { used_percentage: 18, resets_at: seconds + 300_000 },
    },
  });
  const lock = path.join(env.XDG_CACHE_HOME, 'reset-tracker', 'refresh.lock');
  const cases: Record<string, () => Promise<Ran>> = {
    'empty node start': () => timed(process.execPath, [empty], env),
    'status-line, fresh cache': () =>
      timed(tracker, ['status-line', '--own-limits', '--max-age', '3600'], env, input),
    'status-line, stale cache': async () => {
      const ran = await timed(tracker, ['status-line', '--own-limits', '--max-age', '0'], env, input);
      // The detached refresh (its id in the lock) exits before the next run, so it loads no one
      // else's measurement.
      const pid = Number((await readFile(lock, 'utf8').catch(() => '0')).split(' ')[0]);
      while (pid > 0 && isAlive(pid)) await new Promise((resolve) => setTimeout(resolve, 5));
      while (existsSync(lock)) await new Promise((resolve) => setTimeout(resolve, 5));
      return ran;
    },
    // The other status lines of that minute: stale too, but the lock says a refresh is under way.
    'status-line, stale cache, refresh under way': async () => {
      await writeFile(lock, `${process.pid} ${Date.now()}`);
      const ran = await timed(tracker, ['status-line', '--own-limits', '--max-age', '0'], env, input);
      await rm(lock, { force: true });
      return ran;
    },
    ...(against
      ? {
          'against: status-line, fresh cache': () =>
            timed(against, ['status-line', '--own-limits', '--max-age', '3600'], env, input),
          'against: status-line, stale cache, refresh under way': async () => {
            await writeFile(lock, `${process.pid} ${Date.now()}`);
            const ran = await timed(against, ['status-line', '--own-limits', '--max-age', '0'], env, input);
            await rm(lock, { force: true });
            return ran;
          },
        }
      : {}),
    ...(ccusage
      ? { [`ccusage ${ccusage.version} statusline`]: () => timed(ccusage.bin, ['statusline'], env, input) }
      : {}),
  };
  const names = Object.keys(cases);
  const times = new Map<string, number[]>(names.map((name) => [name, []]));
  const samples = new Map<string, string>();
  for (const name of names) {
    const line = (await cases[name]!()).stdout.replace(ANSI, '').trim().split('\n')[0];
    samples.set(name, line ?? '');
  }
  for (let round = 0; round < rounds; round += 1) {
    // Shuffled, not rotated: a rotation keeps each case right after the same one, and the case that
    // always followed the stale cache (whose refresh had just made the server work) measured slower.
    const order = [...names];
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(Math.random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const name of order) {
      times.get(name)!.push((await cases[name]!()).ms);
    }
  }
  const base = median(times.get('empty node start')!);
  console.log(`Node ${process.version}, ${os.cpus().length} cores, ${rounds} alternating rounds, medians`);
  console.log('| call | wall ms | own work ms (less an empty node start) | its line |');
  console.log('| --- | ---: | ---: | --- |');
  for (const name of names) {
    const ms = median(times.get(name)!);
    const own = name === 'empty node start' ? '' : (ms - base).toFixed(1);
    console.log(`| ${name} | ${ms.toFixed(1)} | ${own} | ${samples.get(name)!.replace(/\|/g, '\\|')} |`);
  }
} finally {
  for (const child of children) child.kill();
  await rm(work, { recursive: true, force: true });
}
