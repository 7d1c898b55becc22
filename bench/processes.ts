import type { ChildProcess } from 'node:child_process';
import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, openSync, closeSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { once } from 'node:events';
import { promisify } from 'node:util';

export interface Running {
  readonly pid: number;
  readonly origin: string;
  /** From spawn to the first healthy answer. */
  readonly readyMs: number;
  /** SIGTERM, then SIGKILL after 15 s; resolves with how the process exited. */
  stop(): Promise<Exit>;
}

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** `taskset -c CORES` in front of a command when cores are given. */
function pinned(cores: string | null, command: string, args: string[]): [string, string[]] {
  return cores ? ['taskset', ['-c', cores, command, ...args]] : [command, args];
}

async function stopChild(child: ChildProcess): Promise<Exit> {
  if (child.exitCode !== null || child.signalCode !== null)
    return { code: child.exitCode, signal: child.signalCode };
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  const [code, signal] = await exited;
  clearTimeout(timer);
  return { code, signal };
}

async function waitHealthy(origin: string, child: ChildProcess, path: string): Promise<void> {
  for (let attempt = 0; attempt < 1500; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`${origin}: process exited with ${child.exitCode}`);
    try {
      const response = await fetch(origin + path);
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${origin}${path} never answered 200`);
}

export interface ServerOptions {
  /** The build to run: a folder holding its compiled `dist/` (this checkout unless given). */
  readonly dir?: string;
  readonly port: number;
  readonly contentDir: string;
  readonly logLevel: string;
  /** Where the access log goes (stdout, as PM2 collects it into a file). */
  readonly logFile: string;
  readonly cores: string | null;
  readonly env: Readonly<Record<string, string>>;
  /** Extra node flags, e.g. `--cpu-prof`. */
  readonly nodeArgs?: readonly string[];
}

/**
 * The V8 flags a build's `npm start` passes on this Node: `server/node-flags.cjs` when the build has
 * one, else its `server/node-flags.json` list (builds before 26 November), else none.
 */
export function buildNodeFlags(dir: string): string[] {
  const module = path.join(dir, 'server/node-flags.cjs');
  if (existsSync(module)) {
    return (createRequire(import.meta.url)(module) as { nodeFlags: () => string[] }).nodeFlags();
  }
  const list = path.join(dir, 'server/node-flags.json');
  return existsSync(list) ? (JSON.parse(readFileSync(list, 'utf8')) as string[]) : [];
}

/** The real server, compiled, as production runs it. */
export async function startServer(options: ServerOptions): Promise<Running> {
  const started = performance.now();
  const log = openSync(options.logFile, 'w');
  const [command, args] = pinned(options.cores, process.execPath, [
    ...(options.nodeArgs ?? []),
    'dist/server/main.js',
  ]);
  const child = spawn(command, args, {
    cwd: options.dir,
    env: {
      ...process.env,
      ...options.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      CONTENT_DIR: options.contentDir,
      LOG_LEVEL: options.logLevel,
    },
    stdio: ['ignore', log, 'inherit'],
  });
  closeSync(log);
  const origin = `http://127.0.0.1:${options.port}`;
  await waitHealthy(origin, child, '/healthz');
  return { pid: child.pid!, origin, readyMs: performance.now() - started, stop: () => stopChild(child) };
}

export interface HelperOptions {
  readonly port: number;
  readonly cores: string | null;
  readonly env?: Readonly<Record<string, string>>;
  /** Where its stdout (an access log, for the Koa floor and the peer) goes; discarded when absent. */
  readonly logFile?: string;
  readonly nodeArgs?: readonly string[];
}

/**
 * A baseline process (`bench/baseline.ts`, `bench/koa-floor.ts`, `bench/peer.ts`), ready once it answers
 * `/api/v1/status`.
 */
export async function startHelper(
  name: string,
  args: readonly string[],
  options: HelperOptions,
): Promise<Running> {
  const started = performance.now();
  const [command, commandArgs] = pinned(options.cores, process.execPath, [
    ...(options.nodeArgs ?? []),
    '--import',
    'tsx',
    ...args,
  ]);
  const log = options.logFile ? openSync(options.logFile, 'w') : 'ignore';
  const child = spawn(command, commandArgs, {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', log, 'inherit'],
  });
  if (typeof log === 'number') closeSync(log);
  const origin = `http://127.0.0.1:${options.port}`;
  try {
    await waitHealthy(origin, child, '/api/v1/status');
  } catch (error) {
    throw new Error(`${name}: ${(error as Error).message}`, { cause: error });
  }
  return { pid: child.pid!, origin, readyMs: performance.now() - started, stop: () => stopChild(child) };
}

/** Resident set size now and at its peak, in MiB, from /proc. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  return { rssMb: field('VmRSS'), peakMb: field('VmHWM') };
}

/** CPU time (user + system) a process has used so far, in microseconds, from /proc. */
export function cpuTimeUs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name (which may hold spaces) start at its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1e6) / CLOCK_TICKS;
}

/**
 * CPU time every core of the machine has spent busy so far and in all, in microseconds, from
 * /proc/stat (busy: all but idle and iowait): over an interval, busy ÷ all is how much of the
 * machine was in use.
 */
export function machineCpuUs(): { busy: number; all: number } {
  const fields = /^cpu\s+(.+)$/m.exec(readFileSync('/proc/stat', 'utf8'))![1]!.split(/\s+/).map(Number);
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  const busy = user + nice + system + irq + softirq + steal;
  return { busy: (busy * 1e6) / CLOCK_TICKS, all: ((busy + idle + iowait) * 1e6) / CLOCK_TICKS };
}

/** The kernel's clock ticks per second (`getconf CLK_TCK`), 100 on Linux. */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

const exec = promisify(execFile);

/**
 * Times a content load as the server does it at start (read and validate, then the catalog with its
 * filter views) with the compiled modules, in a fresh plain `node` process.
 */
export async function measureLoad(contentDir: string): Promise<{ loadMs: number; rssMb: number }> {
  const script = `
    const { loadContent } = await import(process.cwd() + '/dist/server/content/read-content.js');
    const { buildCatalog } = await import(process.cwd() + '/dist/domain/catalog.js');
    const started = performance.now();
    const result = await loadContent(process.argv[1]);
    if (!result.ok) throw new Error('invalid content');
    buildCatalog(result.content, { origin: 'http://localhost:3000' });
    console.log(JSON.stringify({ loadMs: performance.now() - started, rssMb: process.memoryUsage.rss() / 2 ** 20 }));
  `;
  const { stdout } = await exec(process.execPath, ['--input-type=module', '-e', script, contentDir]);
  return JSON.parse(stdout) as { loadMs: number; rssMb: number };
}

/** Machine facts for the report. */
export function machine(): { nproc: number; cpu: string; node: string } {
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
  return {
    nproc: (cpuinfo.match(/^processor\s*:/gm) ?? []).length,
    cpu: /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1] ?? 'unknown',
    node: process.version,
  };
}
