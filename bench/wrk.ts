import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface WrkResult {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Responses outside 2xx/3xx, and socket errors: a bench that produced them is not a valid one. */
  readonly errors: number;
}

export interface WrkRun {
  readonly url: string;
  readonly seconds: number;
  readonly connections: number;
  readonly headers?: readonly string[];
  /** A wrk Lua script and its arguments. */
  readonly script?: { readonly path: string; readonly args: readonly string[] };
  /** `taskset -c` core list for the load generator, when the machine has cores to spare. */
  readonly cores: string | null;
}

/** Installs Debian's wrk when it is missing (as root), so `npm run bench` works on a fresh machine. */
export function ensureWrk(): void {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return;
  } catch (error) {
    // wrk --version exits 1 after printing its version; only a missing binary is ENOENT.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return;
  }
  if (process.getuid?.() !== 0) throw new Error('wrk is missing: install it with `apt-get install -y wrk`');
  console.error('installing wrk (apt-get install -y wrk)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'inherit', env });
  } catch {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'inherit', env });
  }
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function latency(output: string, percentile: string): number {
  const match = new RegExp(`^\\s+${percentile}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(output);
  return match ? Number(match[1]) * UNIT_MS[match[2]!]! : Number.NaN;
}

export function parseWrk(output: string): WrkResult {
  const rps = /^Requests\/sec:\s+([\d.]+)/m.exec(output);
  if (!rps) throw new Error(`unexpected wrk output:\n${output}`);
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(output);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    requestsPerSecond: Number(rps[1]),
    p50Ms: latency(output, '50'),
    p99Ms: latency(output, '99'),
    errors: Number(non2xx?.[1] ?? 0) + socketErrors,
  };
}

export async function runWrk(options: WrkRun): Promise<WrkResult> {
  const args = ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--latency'];
  for (const header of options.headers ?? []) args.push('-H', header);
  if (options.script) args.push('-s', options.script.path);
  args.push(options.url);
  if (options.script) args.push('--', ...options.script.args);
  const command = options.cores ? 'taskset' : 'wrk';
  const argv = options.cores ? ['-c', options.cores, 'wrk', ...args] : args;
  const { stdout } = await run(command, argv, { maxBuffer: 1 << 20 });
  return parseWrk(stdout);
}
