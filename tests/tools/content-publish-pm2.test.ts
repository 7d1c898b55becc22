import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { ROOT, VALID_FIXTURE } from '../helpers/fixtures.js';
import { commandLine, outputOf, runToEnd } from '../helpers/run.js';
import { startServer } from '../helpers/with-server.js';

test('a publish with no PM2 daemon running starts none, and says in one line what to do', async (t) => {
  const home = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-pm2-home-'));
  const server = await startServer();
  try {
    const { port } = new URL(server.url);
    const run = await runToEnd(
      process.execPath,
      [...commandLine('tools/content-publish.ts'), '--dir', VALID_FIXTURE],
      {
        cwd: ROOT,
        env: { ...process.env, PORT: port, PM2_HOME: home, PID_FILE: path.join(home, 'no-server.pid') },
      },
    );
    t.is(run.code, 1, outputOf(run));
    t.is(run.stderr.trim().split('\n').length, 1, run.stderr);
    t.regex(run.stderr, /pid file/);
    t.false(existsSync(path.join(home, 'pm2.pid')), 'no PM2 daemon was started');
  } finally {
    await server.stop();
    // A daemon the publish started (before it knew better) is stopped by the pid it wrote.
    const pidFile = path.join(home, 'pm2.pid');
    if (existsSync(pidFile)) process.kill(Number(readFileSync(pidFile, 'utf8').trim()), 'SIGTERM');
    await rm(home, { recursive: true, force: true });
  }
});
