import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { ROOT, VALID_FIXTURE } from '../helpers/fixtures.js';
import { commandLine, outputOf, runToEnd } from '../helpers/run.js';
import { freePort } from '../helpers/free-port.js';
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

/** content:publish against the server on `port`, with no PM2 daemon and no pid file to signal. */
async function publishTo(port: string, home: string) {
  return await runToEnd(
    process.execPath,
    [...commandLine('tools/content-publish.ts'), '--dir', VALID_FIXTURE],
    {
      cwd: ROOT,
      env: { ...process.env, PORT: port, PM2_HOME: home, PID_FILE: path.join(home, 'no-server.pid') },
    },
  );
}

test('with no server on the port, the publish says so in one line, naming the error', async (t) => {
  const home = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-pm2-home-'));
  try {
    const run = await publishTo(String(await freePort()), home);
    t.is(run.code, 1, outputOf(run));
    t.is(run.stderr.trim().split('\n').length, 1, run.stderr);
    t.regex(
      run.stderr,
      /^no server answers on http:\/\/127\.0\.0\.1:\d+\/healthz \(ECONNREFUSED\): start it, or set PORT$/m,
    );
  } finally {
    await rm(home, { recursive: true, force: true });
  }
});

/** A front on 127.0.0.1 that closes the first `closing` connections as they open and relays the rest. */
async function closingFront(target: string, closing: number) {
  let opened = 0;
  const front = net.createServer((client) => {
    opened += 1;
    if (opened <= closing) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(Number(new URL(target).port), '127.0.0.1');
    for (const socket of [client, upstream]) socket.on('error', () => socket.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  return {
    port: String((front.address() as net.AddressInfo).port),
    opened: () => opened,
    stop: () => new Promise<void>((resolve) => front.close(() => resolve())),
  };
}

test('a health connection reset as it opens is asked again; one reset every time is named', async (t) => {
  const home = await mkdtemp(path.join(os.tmpdir(), 'reset-tracker-pm2-home-'));
  const server = await startServer();
  const once = await closingFront(server.url, 1);
  const always = await closingFront(server.url, Infinity);
  try {
    // The second ask reaches the server, and the publish goes on, to the signal (no process here).
    const published = await publishTo(once.port, home);
    t.is(published.code, 1, outputOf(published));
    t.notRegex(published.stderr, /no server answers/);
    t.regex(published.stderr, /pid file/);
    t.true(once.opened() >= 2, `${once.opened()} connections`);

    const refused = await publishTo(always.port, home);
    t.is(refused.code, 1, outputOf(refused));
    t.is(refused.stderr.trim().split('\n').length, 1, refused.stderr);
    t.regex(refused.stderr, /^no server answers on \S+ \(ECONNRESET\): start it, or set PORT$/m);
    t.is(always.opened(), 4, 'asked four times');
  } finally {
    await Promise.all([once.stop(), always.stop()]);
    await server.stop();
    await rm(home, { recursive: true, force: true });
  }
});
