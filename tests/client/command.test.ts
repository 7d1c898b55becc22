import { spawn } from 'node:child_process';
import { readFile, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import { writeReset } from '../helpers/alerts.js';
import { getJson, withoutGeneratedAt } from '../helpers/api.js';
import type { CopiedContent } from '../helpers/fixtures.js';
import { DEMO_FIXTURE, copyContent } from '../helpers/fixtures.js';
import { runInstalled } from '../helpers/packed-client.js';
import { startTcpRelay } from '../helpers/tcp-relay.js';
import type { Installed } from '../helpers/tracker-command.js';
import { cacheHome, installCommand, removeInstalled } from '../helpers/tracker-command.js';
import { eventually } from '../helpers/wait.js';
import type { RunningServer } from '../helpers/with-server.js';
import { startServer } from '../helpers/with-server.js';

/*
 * The installed `reset-tracker` besides its status line: its command line, `status`, `status --json`
 * and `watch`, against a server of a private copy of the demo content, whose latest reset is held
 * back so that `watch` sees it published (first: the other tests read the content as it then is),
 * and `watch` again through a relay that drops its stream, seeing a reset published after that.
 */

interface Status {
  data: { latest_reset: { id: string; title: string; url: string } | null };
}

let installed: Installed;
let server: RunningServer;
let content: CopiedContent;
/** The latest reset's file, moved out of the content until the watch test publishes it. */
let heldBack: { file: string; aside: string };

test.before(async () => {
  content = await copyContent(DEMO_FIXTURE);
  const probe = await startServer({ content: content.dir });
  const { body } = await getJson<Status>(`${probe.url}/api/v1/status`);
  await probe.stop();
  const latest = body.data.latest_reset!.id;
  const events = path.join(content.dir, 'events');
  const file = (await readdir(events)).find((name) => name === `${latest}.json`)!;
  heldBack = { file: path.join(events, file), aside: path.join(content.dir, file) };
  await rename(heldBack.file, heldBack.aside);
  [installed, server] = await Promise.all([installCommand(), startServer({ content: content.dir })]);
});

test.after.always(async () => {
  await server?.stop();
  await content?.dispose();
  await removeInstalled(installed);
});

test('--help prints the commands and exits 0; a bad flag or command prints one line of usage and exits 2', async (t) => {
  const help = await runInstalled(installed.bin, ['--help']);
  t.is(help.code, 0);
  t.regex(help.stdout, /reset-tracker status-line {3}one line for Claude Code's statusLine/);
  for (const args of [
    ['status-line', '--colour'],
    ['reboot'],
    ['status', '--max-age', 'soon'],
    ['status', '--url', 'ftp://x'],
  ]) {
    const bad = await runInstalled(installed.bin, args);
    t.is(bad.code, 2, args.join(' '));
    t.is(bad.stdout, '');
    t.regex(
      bad.stderr,
      /^reset-tracker: .+; usage: reset-tracker status-line\|status\|watch\|refresh .+\n$/,
      args.join(' '),
    );
  }
});

test('status prints a short report of the latest reset, its page, the counts and how far the sources were read', async (t) => {
  const { body } = await getJson<Status>(`${server.url}/api/v1/status`);
  const latest = body.data.latest_reset!;
  const ran = await runInstalled(installed.bin, ['status', '--url', server.url], { env: { NO_COLOR: '1' } });
  t.is(ran.code, 0, ran.stderr);
  const lines = ran.stdout.split('\n');
  t.regex(lines[0] ?? '', /^Reset \d+d ago/);
  t.is(lines[1], `Latest reset: ${latest.title} (${(ran.stdout.match(/\((\d{4}-\d\d-\d\d)\)/) ?? [])[1]})`);
  t.is(lines[2], `  ${latest.url}`);
  t.regex(
    lines[3] ?? '',
    /^Counted resets: \d+; days since the last: \d+\.\d; average interval: \d+\.\d days$/,
  );
  t.is(lines[4], 'Sources read up to 2026-11-20');
  const ja = await runInstalled(installed.bin, ['status', '--url', server.url], {
    env: { NO_COLOR: '1', LANG: 'ja_JP.UTF-8' },
  });
  t.true(ja.stdout.includes('情報源は 2026-11-20 まで確認済み'), ja.stdout);
});

test('status --json prints the status body; an unreachable service is exit 1', async (t) => {
  const ran = await runInstalled(installed.bin, ['status', '--json'], {
    env: { RESET_TRACKER_URL: server.url },
  });
  t.is(ran.code, 0, ran.stderr);
  const { body } = await getJson<{ meta: { generated_at: string } }>(`${server.url}/api/v1/status`);
  t.deepEqual(withoutGeneratedAt(JSON.parse(ran.stdout) as typeof body), withoutGeneratedAt(body));
  const offline = await runInstalled(installed.bin, ['status', '--url', 'http://127.0.0.1:9']);
  t.is(offline.code, 1);
  t.regex(offline.stderr, /^reset-tracker: /);
});

test.serial(
  'watch prints a line when a reset is published and runs the --exec command with the event',
  async (t) => {
    const home = await cacheHome(installed);
    const marker = path.join(home.env.XDG_CACHE_HOME!, 'notified.txt');
    const child = spawn(
      installed.bin,
      [
        'watch',
        '--url',
        server.url,
        '--exec',
        `printf '%s %s' "$RESET_TRACKER_EVENT_ID" "$RESET_TRACKER_EVENT_URL" > '${marker}'`,
      ],
      { env: { PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`, ...home.env } },
    );
    t.teardown(() => child.kill());
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    t.true(await eventually(() => output.includes('\n'), { timeout: 10_000 }), output);
    t.regex(output, /^Watching http:\/\/127\.0\.0\.1:\d+ \(latest reset: .+\)\n$/);
    await rename(heldBack.aside, heldBack.file);
    t.true(await server.reload());
    const { body } = await getJson<Status>(`${server.url}/api/v1/status`);
    const published = body.data.latest_reset!;
    t.true(await eventually(() => output.split('\n').length > 2, { timeout: 10_000 }), output);
    t.is(output.split('\n')[1], `New reset: ${published.title} ${published.url}`);
    t.true(
      await eventually(async () => (await readFile(marker, 'utf8').catch(() => '')) !== '', {
        timeout: 10_000,
      }),
    );
    t.is(await readFile(marker, 'utf8'), `${published.id} ${published.url}`);
  },
);

test.serial(
  'watch reconnects with Last-Event-ID after the stream drops, and prints a reset published after',
  async (t) => {
    const relay = await startTcpRelay(server.url);
    t.teardown(() => relay.stop());
    const home = await cacheHome(installed);
    const child = spawn(installed.bin, ['watch', '--url', relay.url], {
      env: { PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`, ...home.env },
    });
    t.teardown(() => child.kill());
    let output = '';
    let errors = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
    t.true(await eventually(() => output.includes('\n'), { timeout: 10_000 }), output);
    t.regex(output, /^Watching http:\/\/127\.0\.0\.1:\d+ \(latest reset: .+\)\n$/);
    t.is(relay.heads.length, 1);
    t.false(/^last-event-id:/im.test(relay.heads[0]!), 'the first connection has no id to give');

    relay.cut();
    // The server's retry hint, then the second connection, naming the revision it saw last.
    t.true(await eventually(() => relay.heads.length === 2, { timeout: 15_000 }), errors);
    t.regex(relay.heads[1]!, /^GET \/api\/v1\/status\/stream /);
    t.regex(relay.heads[1]!, /^last-event-id: \S+\r$/im);

    const id = await writeReset(content.dir, {
      day: new Date().toISOString().slice(0, 10),
      slug: 'after-the-drop',
      plans: 'all',
      windows: ['weekly'],
    });
    // Taken out again after: the tests that run after the serial ones read the content as it was.
    t.teardown(async () => {
      await rm(path.join(content.dir, 'events', `${id}.json`));
      await server.reload();
    });
    t.true(await server.reload());
    const { body } = await getJson<Status>(`${server.url}/api/v1/status`);
    t.is(body.data.latest_reset!.id, id);
    t.true(await eventually(() => output.split('\n').length > 2, { timeout: 10_000 }), output);
    t.is(output.split('\n')[1], `New reset: ${body.data.latest_reset!.title} ${body.data.latest_reset!.url}`);
    t.is(relay.heads.length, 2, 'one reconnect');
  },
);
