import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { buildServer } from './helpers/build.js';
import { editJson } from './helpers/content.js';
import { getFresh, waitFor } from './helpers/http.js';
import { freePort } from '../helpers/free-port.js';
import { waitForWorkers } from './helpers/pm2.js';
import { copyContent, ROOT, VALID_FIXTURE } from '../helpers/fixtures.js';
import { commandLine, outputOf, runToEnd } from '../helpers/run.js';
import { usingCluster } from '../helpers/with-server.js';

const EDITED = 'events/2025-03-10-five-hour-reset.json';

/** Whether a process of this pid still exists (signal 0 only checks). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

interface Health {
  readonly content_revision: string;
}

test('content:publish signals the server under `npm run dev`, not npm, and prints the new revision or the refusal', async (t) => {
  t.timeout(120_000);
  const content = await copyContent(VALID_FIXTURE);
  const contentDir = content.dir;
  const temp = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-publish-'));
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    CONTENT_DIR: contentDir,
    CONTENT_CACHE_DIR: 'off',
    PID_FILE: path.join(temp, 'server.pid'),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_POINTS: '0',
  };
  // This test is about `npm run dev` (content:publish must signal the server, not npm in front of
  // it), so it starts the service as `npm run dev`, not with tests/helpers/with-server.ts.
  const npm = spawn('npm', ['run', 'dev'], { cwd: ROOT, env, stdio: 'ignore', detached: true });
  const npmExited = new Promise((resolve) => npm.once('exit', resolve));
  let serverPid = 0;
  const health = async () => (await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()) as Health;
  const publish = () =>
    runToEnd(process.execPath, [...commandLine('tools/content-publish.ts')], { cwd: ROOT, env });
  try {
    const before = await waitFor('the server to answer', () => health().catch(() => undefined), {
      timeoutMs: 60_000,
      intervalMs: 200,
    });
    serverPid = Number((await readFile(env.PID_FILE, 'utf8')).trim());
    t.not(serverPid, npm.pid, 'the pid file names the server, not npm');

    await editJson(contentDir, EDITED, (event) => {
      event.summary = 'Republished with content:publish.';
    });
    const published = await publish();
    t.is(published.code, 0, published.stderr);
    t.regex(published.stdout, new RegExp(`sent SIGHUP to the server \\(pid ${serverPid}\\)`));
    const revision = /now serving revision (\S+)/.exec(published.stdout)?.[1];
    t.truthy(revision);
    t.not(revision, before.content_revision);
    t.is((await health()).content_revision, revision!);
    t.is(npm.exitCode, null, 'npm still runs: it was not signalled');

    await editJson(contentDir, EDITED, (event) => {
      event.time_precision = 'sometimes';
    });
    const refused = await publish();
    t.is(refused.code, 1);
    t.regex(refused.stderr, /not published: .* is invalid/);
    t.regex(refused.stderr, /time_precision/);
    t.is((await health()).content_revision, revision!, 'the server keeps the last good set');
  } finally {
    if (npm.pid) {
      process.kill(-npm.pid, 'SIGTERM');
      await npmExited;
    }
    // The server is in npm's process group too: its folders go once it has exited.
    if (serverPid > 0)
      await waitFor('the server to exit', () => Promise.resolve(running(serverPid) ? undefined : true));
    await rm(temp, { recursive: true, force: true });
    await content.dispose();
  }
});

test('content:publish under PM2 signals every worker and returns once each serves the new revision', async (t) => {
  t.timeout(120_000);
  await buildServer();
  const content = await copyContent(VALID_FIXTURE);
  const contentDir = content.dir;
  try {
    await usingCluster({ instances: 2, env: { CONTENT_DIR: contentDir } }, async (cluster) => {
      const env = {
        ...process.env,
        PM2_HOME: cluster.home,
        PORT: new URL(cluster.url).port,
        CONTENT_DIR: contentDir,
      };
      const before = (await waitForWorkers(cluster, 2)).size;
      t.is(before, 2);
      await editJson(contentDir, EDITED, (event) => {
        event.summary = 'Republished to the cluster with content:publish.';
      });
      const published = await runToEnd(process.execPath, [...commandLine('tools/content-publish.ts')], {
        cwd: ROOT,
        env,
      });
      t.is(published.code, 0, outputOf(published));
      const { stdout } = published;
      t.regex(stdout, /sent SIGHUP to the 2 PM2 worker\(s\) of reset-tracker/);
      const revision = /now serving revision (\S+) on all 2 workers/.exec(stdout)?.[1];
      t.truthy(revision, stdout);
      // Right after the command returns, every worker (fresh connections reach each in turn) has it.
      const seen = new Map<number, string>();
      for (let i = 0; i < 8; i += 1) {
        const health = JSON.parse((await getFresh(`${cluster.url}/healthz`)).body) as Health & {
          pid: number;
        };
        seen.set(health.pid, health.content_revision);
      }
      t.is(seen.size, 2);
      t.deepEqual([...seen.values()], [revision, revision]);
    });
  } finally {
    await content.dispose();
  }
});
