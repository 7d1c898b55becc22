/**
 * `npm run content:publish [-- --dir <folder>]`: republishes the content folder to the running
 * server and says what happened. The folder is checked first; an invalid set is not sent, and its
 * problems are printed (exit 1). Under PM2 every worker gets SIGHUP through `pm2 sendSignal`;
 * otherwise the server's own pid, from the pid file it wrote (`PID_FILE`, default one per `PORT` in
 * the temp folder), gets it, never npm. Then `/healthz` on `PORT` must show the new revision, from
 * every PM2 worker when there are several.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { loadContent } from '../server/content/read-content.js';
import { formatProblem } from '../domain/content/problems.js';
import { readServiceConfig } from './service-settings.js';
import { readCommandLine } from './command-line.js';

const APP = 'reset-tracker';
const WAIT_MS = 30_000;

interface Health {
  readonly pid: number;
  readonly content_revision: string | null;
  readonly last_reload: { readonly ok: boolean; readonly at: string; readonly problems: number } | null;
}

const { values: flags } = readCommandLine({
  usage: 'npm run content:publish -- [--dir <folder>]',
  description:
    'Checks the content folder and has the running server (on PORT) serve it, waiting until it does.',
  options: {
    dir: {
      type: 'string',
      value: '<folder>',
      description: "the content folder (default: the server's CONTENT_DIR, else content/)",
    },
  },
});
const config = readServiceConfig();
const dir = path.resolve(flags.dir ?? config.contentDir);
const healthUrl = `http://127.0.0.1:${config.port}/healthz`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/**
 * Whether a PM2 daemon of `PM2_HOME` (default `~/.pm2`) is running: its pid file names a live
 * process. Asked first, because any `pm2` command starts a daemon when none runs.
 */
function pm2DaemonRuns(): boolean {
  const home = process.env['PM2_HOME'] || path.join(os.homedir(), '.pm2');
  try {
    process.kill(Number(readFileSync(path.join(home, 'pm2.pid'), 'utf8').trim()), 0);
    return true;
  } catch {
    return false;
  }
}

/** The pids of PM2's processes of this app, when a PM2 daemon (of `PM2_HOME`) runs it; never starts one. */
function pm2Workers(): number[] {
  if (!pm2DaemonRuns()) return [];
  try {
    const pm2 = createRequire(import.meta.url).resolve('pm2/bin/pm2');
    const list = JSON.parse(execFileSync(process.execPath, [pm2, 'jlist'], { encoding: 'utf8' })) as {
      name: string;
      pid: number;
    }[];
    return list.filter((entry) => entry.name === APP && entry.pid > 0).map((entry) => entry.pid);
  } catch {
    return [];
  }
}

/** What `/healthz` answered, or why it did not: an error's code, or a status whose body was not health. */
type Asked = { readonly health: Health } | { readonly failure: string };

/** `/healthz` over a connection of its own, so PM2's round robin hands successive asks to every worker. */
function ask(): Promise<Asked> {
  return new Promise((resolve) => {
    const request = http.get(healthUrl, { agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        try {
          resolve({ health: JSON.parse(body) as Health });
        } catch {
          resolve({ failure: `HTTP ${response.statusCode ?? '?'}, not health JSON` });
        }
      });
      response.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ failure: error.code ?? error.message }),
      );
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ failure: error.code ?? error.message }));
  });
}

async function health(): Promise<Health | null> {
  const asked = await ask();
  return 'health' in asked ? asked.health : null;
}

/**
 * The first ask, tried `FIRST_TRIES` times a little apart: one connection closed under it (a worker
 * at its connection cap, a restart in progress) is not a server that is down.
 */
const FIRST_TRIES = 4;
async function firstHealth(): Promise<Health> {
  let asked = await ask();
  for (let tried = 1; tried < FIRST_TRIES && 'failure' in asked; tried += 1) {
    await new Promise((resolve) => setTimeout(resolve, 250 * tried));
    asked = await ask();
  }
  if ('failure' in asked) fail(`no server answers on ${healthUrl} (${asked.failure}): start it, or set PORT`);
  return asked.health;
}

const result = await loadContent(dir);
if (!result.ok) {
  console.error(
    `not published: ${dir} is invalid (${result.problems.length} problems); the server keeps its set`,
  );
  for (const problem of result.problems) console.error(`  ${formatProblem(problem)}`);
  process.exit(1);
}
const revision = result.content.revision;
const before = await firstHealth();
if (before.content_revision === revision) {
  console.log(`already serving revision ${revision}`);
  process.exit(0);
}

const workers = pm2Workers();
const signalledAt = Date.now();
if (workers.length > 0) {
  const pm2 = createRequire(import.meta.url).resolve('pm2/bin/pm2');
  execFileSync(process.execPath, [pm2, 'sendSignal', 'SIGHUP', APP], { stdio: 'ignore' });
  console.log(`sent SIGHUP to the ${workers.length} PM2 worker(s) of ${APP}`);
} else {
  if (!config.pidFile) fail('PID_FILE is off: send SIGHUP to the server process yourself');
  let pid: number;
  try {
    pid = Number(readFileSync(config.pidFile, 'utf8').trim());
  } catch {
    fail(
      `no PM2 daemon runs ${APP} and no pid file is at ${config.pidFile}: start the server (npm start, or pm2 start ecosystem.config.cjs) and publish again`,
    );
  }
  try {
    process.kill(pid, 'SIGHUP');
  } catch {
    fail(`the pid file ${config.pidFile} names process ${pid}, which is not running`);
  }
  console.log(`sent SIGHUP to the server (pid ${pid})`);
}

// Outside PM2 the one server answers every ask; under PM2 each worker must show the revision.
const waitingFor = new Set(workers);
const deadline = Date.now() + WAIT_MS;
for (;;) {
  const now = await health();
  if (now?.content_revision === revision) waitingFor.delete(now.pid);
  if (now?.content_revision === revision && waitingFor.size === 0) {
    const where = workers.length > 1 ? ` on all ${workers.length} workers` : '';
    console.log(`published: now serving revision ${revision}${where}`);
    break;
  }
  if (now?.last_reload && !now.last_reload.ok && Date.parse(now.last_reload.at) >= signalledAt) {
    fail(
      `refused by the server (${now.last_reload.problems} problems): it keeps revision ${now.content_revision}`,
    );
  }
  if (Date.now() > deadline) fail(`the server did not show revision ${revision} within ${WAIT_MS / 1000} s`);
  if (now?.content_revision !== revision) await new Promise((resolve) => setTimeout(resolve, 200));
}
