import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../helpers/free-port.js';
import { getFresh, waitFor } from './http.js';
import { DEMO_FIXTURE, ROOT } from '../../helpers/fixtures.js';
import { outputOf, runToEnd } from '../../helpers/run.js';

const PM2 = path.join(ROOT, 'node_modules/pm2/bin/pm2');
export const APP = 'reset-tracker';
const HOME_PREFIX = 'reset-tracker-pm2-';
const OWNER_FILE = 'test-owner.pid';

/** PM2 homes (and their environment) of the clusters this process started and has not stopped. */
const unstopped = new Map<string, NodeJS.ProcessEnv>();

// ava ends a test process at once on an uncaught exception: `finally` blocks do not run, this does.
// An 'exit' listener cannot wait, so this is the one command run synchronously, not with runToEnd.
process.once('exit', () => {
  for (const [home, env] of unstopped) {
    try {
      execFileSync(process.execPath, [PM2, 'kill'], { env, timeout: 30_000, stdio: 'ignore' });
    } catch {
      // best effort; the next run's sweep tries again
    }
    rmSync(home, { recursive: true, force: true });
  }
});

export interface ClusterOptions {
  readonly instances?: number;
  /**
   * Service environment (CONTENT_DIR, the demo fixture unless set; RATE_LIMIT_*, ...); PORT, HOST and
   * INSTANCES are set here.
   */
  readonly env?: Record<string, string>;
  /** Wait until /healthz answers 200 on every worker (false: any answer, for invalid content). */
  readonly expectContent?: boolean;
}

export interface LogLine {
  readonly pid: number;
  readonly msg?: string;
  readonly reqId?: string;
  readonly status?: number;
  readonly [key: string]: unknown;
}

export interface Cluster {
  readonly url: string;
  readonly home: string;
  /** The environment its pm2 commands run in (the shell of its operator). */
  readonly env: NodeJS.ProcessEnv;
  /** Runs the pm2 CLI against this cluster's own daemon. */
  pm2(...args: string[]): Promise<string>;
  /** Pids of the online workers, from `pm2 jlist`. */
  workers(): Promise<{ pid: number; status: string; restarts: number }[]>;
  /** Every JSON line the workers logged so far. */
  log(): Promise<LogLine[]>;
  /** `pm2 kill` on this cluster's own PM2_HOME, then removes it. */
  stop(): Promise<void>;
}

/**
 * Starts `ecosystem.config.cjs` under a PM2 daemon of its own (a temporary PM2_HOME) on a free port of
 * 127.0.0.1, and waits until every worker answers.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const instances = options.instances ?? 2;
  await sweepOrphans();
  const home = await mkdtemp(path.join(os.tmpdir(), HOME_PREFIX));
  await writeFile(path.join(home, OWNER_FILE), String(process.pid));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PM2_HOME: home,
    PM2_NO_INTERACTION: 'true',
    HOST: '127.0.0.1',
    PORT: String(port),
    INSTANCES: String(instances),
    LOG_DIR: path.join(home, 'logs'),
    // The last-good store lives with the cluster, never in the checkout.
    CONTENT_CACHE_DIR: path.join(home, 'content-cache'),
    LOG_LEVEL: 'info',
    RATE_LIMIT_POINTS: '0',
    ALERTS_WRITES_PER_ADDRESS: '0',
    ALERTS_WRITES_PER_NETWORK: '0',
    CONTENT_DIR: DEMO_FIXTURE,
    ...options.env,
  };
  const run = async (...args: string[]) => {
    const done = await runToEnd(process.execPath, [PM2, ...args], { cwd: ROOT, env, timeout: 60_000 });
    if (done.code !== 0) throw new Error(`pm2 ${args.join(' ')} exited ${done.code}:\n${outputOf(done)}`);
    return done.stdout;
  };
  let lastPids: number[] = [];
  const cluster: Cluster = {
    url: `http://127.0.0.1:${port}`,
    home,
    env,
    pm2: run,
    async workers() {
      const list = JSON.parse(await run('jlist')) as {
        pid: number;
        name: string;
        pm2_env: { status: string; restart_time: number };
      }[];
      const workers = list
        .filter((entry) => entry.name === APP)
        .map((entry) => ({
          pid: entry.pid,
          status: entry.pm2_env.status,
          restarts: entry.pm2_env.restart_time,
        }));
      lastPids = workers.map((worker) => worker.pid).filter((pid) => pid > 0);
      return workers;
    },
    async log() {
      const text = await readFile(path.join(home, 'logs', `${APP}-out.log`), 'utf8').catch(() => '');
      return text.split('\n').flatMap((line) => {
        try {
          return [JSON.parse(line) as LogLine];
        } catch {
          return [];
        }
      });
    },
    async stop() {
      unstopped.delete(home);
      const killed = await run('kill').then(
        () => true,
        () => false,
      );
      if (!killed) {
        // Only when `pm2 kill` failed: end this cluster's own daemon and workers, by pid.
        const daemon = Number(await readFile(path.join(home, 'pm2.pid'), 'utf8').catch(() => '0'));
        for (const pid of [...lastPids, daemon]) {
          try {
            if (pid > 0) process.kill(pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
      }
      await rm(home, { recursive: true, force: true });
    },
  };
  unstopped.set(home, env);
  try {
    await run('start', path.join(ROOT, 'ecosystem.config.cjs'));
    await cluster.workers();
    await waitForWorkers(cluster, instances, options.expectContent ?? true);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}

/** Waits until /healthz has been answered by `count` different workers, over fresh connections. */
export async function waitForWorkers(
  cluster: Cluster,
  count: number,
  expectContent = true,
): Promise<Set<number>> {
  const pids = new Set<number>();
  return waitFor(`${count} workers answering /healthz`, async () => {
    const reply = await getFresh(`${cluster.url}/healthz`);
    if (expectContent && reply.status !== 200) return undefined;
    pids.add((JSON.parse(reply.body) as { pid: number }).pid);
    return pids.size >= count ? pids : undefined;
  });
}

/** The pid that logged each request id, once every id is in the log. */
export async function servedBy(
  cluster: Cluster,
  requestIds: readonly string[],
): Promise<Map<string, LogLine>> {
  return waitFor(
    'request log lines',
    async () => {
      const lines = new Map(
        (await cluster.log()).filter((line) => line.reqId).map((line) => [line.reqId!, line]),
      );
      return requestIds.every((id) => lines.has(id)) ? lines : undefined;
    },
    { timeoutMs: 15_000, intervalMs: 200 },
  );
}

/**
 * Stops the clusters of test processes that died without cleaning up (killed on a timeout): each
 * PM2 home names the test process that started it.
 */
async function sweepOrphans(): Promise<void> {
  for (const name of await readdir(os.tmpdir())) {
    if (!name.startsWith(HOME_PREFIX)) continue;
    const home = path.join(os.tmpdir(), name);
    const owner = Number(await readFile(path.join(home, OWNER_FILE), 'utf8').catch(() => '0'));
    if (!owner || isAlive(owner)) continue;
    await runToEnd(process.execPath, [PM2, 'kill'], {
      env: { ...process.env, PM2_HOME: home },
      timeout: 60_000,
    }).catch(() => undefined);
    await rm(home, { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
