import { chmod, chown, lstat, mkdir, readFile, readdir, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import test from 'ava';
import { runInstalled } from '../helpers/packed-client.js';
import type { CountingServer, Installed } from '../helpers/tracker-command.js';
import {
  cacheHome,
  installCommand,
  readCacheJson,
  refreshedSince,
  removeInstalled,
  startCountingServer,
  statusLine,
} from '../helpers/tracker-command.js';

/*
 * The status line's cache in a folder another user can write (a shared XDG_CACHE_HOME): they could
 * plant links that the cache's writes and the lock would follow, or a cache of their own that links
 * the victim's line to their page. The command keeps its cache only in a private folder of its user
 * (made 0700), refuses any other, and never follows a link in a file's place.
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

const PRECIOUS = 'precious, not to be overwritten\n';

/**
 * A cache folder as another user leaves it for the victim: a planted cache linking the line to
 * evil.example, and the lock and cache names linked to a file of the victim's.
 */
async function plantedFolder(folder: string, victim: string, url: string) {
  const planted = path.join(path.dirname(folder), 'planted-cache.json');
  const now = Date.now();
  await writeFile(
    planted,
    JSON.stringify({
      version: 2,
      url,
      // Long ago: a refresh's cache is told from it by a later checkedAt.
      checkedAt: 1,
      answeredAt: now,
      failures: 0,
      retryAt: 0,
      status: {
        etag: null,
        revision: 'planted',
        latestReset: { id: 'evil', title: 'Reset', url: 'https://evil.example/', at: now - 60_000 },
      },
      events: null,
    }),
  );
  await writeFile(victim, PRECIOUS);
  await symlink(planted, path.join(folder, 'status-line.json'));
  await symlink(victim, path.join(folder, 'refresh.lock'));
}

test('a cache folder owned by another user is refused: no planted cache shown, nothing written through its links', async (t) => {
  if (process.getuid?.() !== 0) return t.pass('giving a folder to another user needs root');
  const home = await cacheHome(installed);
  const folder = path.dirname(home.file);
  await mkdir(folder);
  const victim = path.join(home.env.XDG_CACHE_HOME!, 'victim.txt');
  await plantedFolder(folder, victim, service.server.url);
  await chown(folder, 4242, 4242);
  const env = { ...home.env, RESET_TRACKER_URL: service.server.url, NO_COLOR: '1', FORCE_HYPERLINK: '1' };
  const ran = await statusLine(installed, [], env);
  t.is(ran.code, 0);
  t.is(ran.stdout, 'reset-tracker: no data yet\n');
  const refreshed = await runInstalled(installed.bin, ['refresh'], {
    env: { ...env, RESET_TRACKER_REFRESH_LOCKED: '1' },
  });
  t.is(refreshed.code, 1);
  t.regex(refreshed.stderr, /^reset-tracker: .+ is not a private folder of this user/);
  t.is(await readFile(victim, 'utf8'), PRECIOUS);
  t.true((await lstat(path.join(folder, 'refresh.lock'))).isSymbolicLink());
});

for (const [name, mode] of [
  ['everyone', 0o777],
  ['its group', 0o770],
] as const) {
  test(`the user's cache folder writable by ${name}: the planted cache is not shown, the refresh makes it private and writes through no link`, async (t) => {
    const home = await cacheHome(installed);
    const folder = path.dirname(home.file);
    await mkdir(folder);
    const victim = path.join(home.env.XDG_CACHE_HOME!, 'victim.txt');
    await plantedFolder(folder, victim, service.server.url);
    await chmod(folder, mode);
    const env = { ...home.env, RESET_TRACKER_URL: service.server.url, NO_COLOR: '1', FORCE_HYPERLINK: '1' };
    const ran = await statusLine(installed, [], env);
    t.is(ran.code, 0);
    t.is(ran.stdout, 'reset-tracker: no data yet\n');
    // The refresh that line started: the folder made private, the links replaced, not followed.
    const cache = await refreshedSince(home.file, 1);
    t.is(cache.failures, 0);
    t.is((await stat(folder)).mode & 0o777, 0o700);
    t.is(await readFile(victim, 'utf8'), PRECIOUS);
    const line = await statusLine(installed, [], env);
    t.regex(line.stdout, /New reset 40m ago/);
    t.false(line.stdout.includes('evil.example'), line.stdout);
  });
}

test('a cache folder that is a link to another folder is refused', async (t) => {
  const home = await cacheHome(installed);
  const elsewhere = path.join(home.env.XDG_CACHE_HOME!, 'elsewhere');
  await mkdir(elsewhere, { mode: 0o700 });
  const victim = path.join(home.env.XDG_CACHE_HOME!, 'victim.txt');
  await plantedFolder(elsewhere, victim, service.server.url);
  await symlink(elsewhere, path.dirname(home.file));
  const env = { ...home.env, RESET_TRACKER_URL: service.server.url, NO_COLOR: '1' };
  t.is((await statusLine(installed, [], env)).stdout, 'reset-tracker: no data yet\n');
  t.is((await runInstalled(installed.bin, ['refresh'], { env })).code, 1);
  t.is(await readFile(victim, 'utf8'), PRECIOUS);
});

test('links planted in its own folder are never followed: the lock and the cache replace them', async (t) => {
  const home = await cacheHome(installed);
  const folder = path.dirname(home.file);
  await mkdir(folder, { mode: 0o700 });
  const victim = path.join(home.env.XDG_CACHE_HOME!, 'victim.txt');
  await plantedFolder(folder, victim, service.server.url);
  const env = { ...home.env, RESET_TRACKER_URL: service.server.url, NO_COLOR: '1', FORCE_HYPERLINK: '1' };
  // The refresh a status line hands its lock to: the lock in its place is a link, moved aside.
  const refreshed = await runInstalled(installed.bin, ['refresh'], {
    env: { ...env, RESET_TRACKER_REFRESH_LOCKED: '1' },
  });
  t.is(refreshed.code, 0, refreshed.stderr);
  t.is(await readFile(victim, 'utf8'), PRECIOUS);
  t.false((await lstat(home.file)).isSymbolicLink());
  t.is((await readCacheJson(home.file))?.failures, 0);
  t.false((await statusLine(installed, [], env)).stdout.includes('evil.example'));
  t.deepEqual(
    (await readdir(folder)).filter((file) => file !== 'status-line.json'),
    [],
    'no lock, temporary file or link left',
  );
});

test('a new cache folder is made private (0700), its files 0600', async (t) => {
  const home = await cacheHome(installed);
  const env = { ...home.env, RESET_TRACKER_URL: service.server.url };
  await statusLine(installed, [], env);
  await refreshedSince(home.file, 0);
  t.is((await stat(path.dirname(home.file))).mode & 0o777, 0o700);
  t.is((await stat(home.file)).mode & 0o777, 0o600);
});
