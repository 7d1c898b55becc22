import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import test from 'ava';
import type { CountingServer, Installed } from '../helpers/tracker-command.js';
import {
  cacheHome,
  editCache,
  installCommand,
  readCacheJson,
  refreshedSince,
  removeInstalled,
  startCountingServer,
  statusLine,
} from '../helpers/tracker-command.js';
import { runInstalled } from '../helpers/packed-client.js';
import { eventually } from '../helpers/wait.js';

/*
 * The status line's cache as a user's machine keeps it: refreshed in the background, once under a
 * lock, backing off after failures, repaired after bad input. The installed command against a server
 * on port 0 that counts its requests (these tests run one at a time, so the counts are theirs), and a
 * stand-in server that answers badly.
 */

let installed: Installed;
let service: CountingServer;

test.before(async () => {
  [installed, service] = await Promise.all([installCommand(), startCountingServer(Date.now())]);
});

test.after.always(async () => {
  await service?.server.stop();
  await removeInstalled(installed);
});

/** A cache folder holding the service's facts, made stale: the next status line refreshes it. */
async function staleCache() {
  const home = await cacheHome(installed);
  const env = { ...home.env, RESET_TRACKER_URL: service.server.url, NO_COLOR: '1' };
  const refreshed = await runInstalled(installed.bin, ['refresh'], { env });
  if (refreshed.code !== 0) throw new Error(refreshed.stderr);
  await editCache(home.file, { checkedAt: 0 });
  return { ...home, env };
}

const LINE = /^New reset 40m ago · Limits up until .+ · Incident 1d ago\n$/;

test.serial(
  'twenty status lines at once on a stale cache: one conditional request to the server',
  async (t) => {
    const home = await staleCache();
    service.requests.length = 0;
    const lines = await Promise.all(Array.from({ length: 20 }, () => statusLine(installed, [], home.env)));
    for (const ran of lines) {
      t.is(ran.code, 0);
      t.regex(ran.stdout, LINE);
    }
    await refreshedSince(home.file, 0);
    t.true(
      await eventually(async () => (await readCacheJson(home.lock)) === null && !(await exists(home.lock))),
    );
    t.deepEqual(service.requests, [{ path: '/api/v1/status', conditional: true }]);
  },
);

test.serial(
  'a lock left by a killed refresh is taken over: the line prints and the cache refreshes',
  async (t) => {
    const home = await staleCache();
    const killed = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    killed.kill('SIGKILL');
    await once(killed, 'exit');
    await writeFile(home.lock, `${killed.pid} ${Date.now()}`);
    service.requests.length = 0;
    const ran = await statusLine(installed, [], home.env);
    t.is(ran.code, 0);
    t.regex(ran.stdout, LINE);
    const cache = await refreshedSince(home.file, 0);
    t.is(cache.failures, 0);
    t.is(service.requests.length, 1);
  },
);

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

for (const [name, bytes] of [
  ['truncated', '{"version":1,"url":"http'],
  ['unreadable', '\u0000\u00ff\u00fe garbage'],
  ['of an older version', JSON.stringify({ version: 1, url: 'x', data: {} })],
] as const) {
  test(`a cache file ${name}: a neutral line, exit 0, and the next refresh repairs it`, async (t) => {
    const home = await cacheHome(installed);
    await mkdir(path.dirname(home.file), { recursive: true });
    await writeFile(home.file, bytes);
    const env = { ...home.env, RESET_TRACKER_URL: service.server.url, NO_COLOR: '1' };
    const ran = await statusLine(installed, [], env);
    t.is(ran.code, 0);
    t.is(ran.stdout, 'reset-tracker: no data yet\n');
    const cache = await refreshedSince(home.file, 0);
    t.is(cache.version, 2);
    t.is(cache.failures, 0);
    t.regex((await statusLine(installed, [], env)).stdout, LINE);
  });
}

test('offline: the cached line, marked old past --old-after, exits 0 and backs off', async (t) => {
  const home = await staleCache();
  // Port 9 (discard) is closed here: the refresh fails at once.
  const offline = 'http://127.0.0.1:9';
  await editCache(home.file, { url: offline, answeredAt: Date.now() - 2 * 3_600_000 });
  const env = { ...home.env, RESET_TRACKER_URL: offline };
  const ran = await statusLine(installed, ['--old-after', '1800'], env);
  t.is(ran.code, 0);
  t.regex(ran.stdout, /^New reset 40m ago · .+ · \(as of 2h ago\)\n$/);
  const cache = await refreshedSince(home.file, 0);
  t.is(cache.failures, 1);
  t.true((cache.retryAt as number) > Date.now());
  t.regex((await statusLine(installed, [], env)).stdout, /\(as of 2h ago\)/);
});

test('a server answering 5xx, HTML or a huge body: the line stands, and a good answer repairs the cache', async (t) => {
  let mode: '503' | 'html' | 'huge' | 'good' = '503';
  let hits = 0;
  const standIn = http.createServer((request, response) => {
    hits += 1;
    if (mode === '503') response.writeHead(503, { 'content-type': 'application/problem+json' }).end('{}');
    else if (mode === 'html')
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>hi');
    else if (mode === 'huge') {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = `[${'1,'.repeat(512 * 1024)}`;
      for (let i = 0; i < 10; i += 1) response.write(chunk);
      response.end('1]');
    } else response.writeHead(302, { location: `${service.server.url}${request.url ?? '/'}` }).end();
  });
  standIn.listen(0, '127.0.0.1');
  await once(standIn, 'listening');
  t.teardown(() => standIn.close());
  const url = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  const home = await staleCache();
  await editCache(home.file, { url });
  const env = { ...home.env, RESET_TRACKER_URL: url };
  const ran = await statusLine(installed, [], env);
  t.is(ran.code, 0);
  t.regex(ran.stdout, LINE);
  const failed = await refreshedSince(home.file, 0);
  t.is(failed.failures, 1);
  t.not(failed.status, null, 'the facts are kept');
  // Within the backoff a status line starts no refresh.
  const before = hits;
  t.regex((await statusLine(installed, [], env)).stdout, LINE);
  t.is(hits, before);
  for (const [next, failures] of [
    ['html', 2],
    ['huge', 3],
  ] as const) {
    mode = next;
    const refresh = await runInstalled(installed.bin, ['refresh'], { env });
    t.is(refresh.code, 1, next);
    const cache = await readCacheJson(home.file);
    t.is(cache?.failures, failures, next);
    t.regex((await statusLine(installed, [], env)).stdout, LINE, next);
  }
  mode = 'good';
  const repaired = await runInstalled(installed.bin, ['refresh'], { env });
  t.is(repaired.code, 0, repaired.stderr);
  const cache = await readCacheJson(home.file);
  t.is(cache?.failures, 0);
  t.is(cache?.retryAt, 0);
});
