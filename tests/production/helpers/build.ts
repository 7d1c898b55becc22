import { createHash } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../helpers/fixtures.js';
import { outputOf, runToEnd } from '../../helpers/run.js';
import { sleep } from './http.js';

export const ENTRY = path.join(ROOT, 'dist/server/main.js');

const SOURCES = ['domain', 'server', 'tsconfig.json', 'tsconfig.build.json', 'package.json'];
const STALE_LOCK_MS = 180_000;

/**
 * Runs `npm run build`'s compiler once for all the test files that need the compiled server: ava
 * runs files in parallel processes, so a lock directory makes them take turns, and a build newer
 * than every source is reused.
 */
export async function buildServer(): Promise<void> {
  const lock = path.join(
    os.tmpdir(),
    `reset-tracker-build-${createHash('sha1').update(ROOT).digest('hex').slice(0, 12)}.lock`,
  );
  await acquire(lock);
  try {
    if (await isFresh()) return;
    const build = await runToEnd(
      process.execPath,
      [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
      { cwd: ROOT },
    );
    if (build.code !== 0) throw new Error(`npm run build failed:\n${outputOf(build)}`);
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

async function acquire(lock: string): Promise<void> {
  const deadline = Date.now() + STALE_LOCK_MS;
  for (;;) {
    try {
      await mkdir(lock);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const held = await stat(lock).catch(() => null);
    if (Date.now() > deadline || (held && Date.now() - held.mtimeMs > STALE_LOCK_MS)) {
      await rm(lock, { recursive: true, force: true });
    }
    await sleep(200);
  }
}

async function isFresh(): Promise<boolean> {
  const built = await stat(ENTRY).catch(() => null);
  if (!built) return false;
  for (const source of SOURCES) {
    if ((await newestMtime(path.join(ROOT, source))) > built.mtimeMs) return false;
  }
  return true;
}

async function newestMtime(target: string): Promise<number> {
  const info = await stat(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(target))
    newest = Math.max(newest, await newestMtime(path.join(target, entry)));
  return newest;
}
