import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { takeDirLock } from '../../helpers/dir-lock.js';
import { ROOT } from '../../helpers/fixtures.js';
import { outputOf, runToEnd } from '../../helpers/run.js';

const STALE_LOCK_MS = 180_000;

/**
 * Runs `npm run build` for a test file that needs the compiled server: ava runs files in parallel
 * processes, so a lock directory makes them take turns. The build is incremental: on an unchanged
 * tree it checks and writes nothing, so every file may ask for it.
 */
export async function buildServer(): Promise<void> {
  const lock = path.join(
    os.tmpdir(),
    `reset-tracker-build-${createHash('sha1').update(ROOT).digest('hex').slice(0, 12)}.lock`,
  );
  await takeDirLock(lock, STALE_LOCK_MS, { waitAtMostMs: STALE_LOCK_MS });
  try {
    const build = await runToEnd('npm', ['run', '--silent', 'build'], { cwd: ROOT });
    if (build.code !== 0) throw new Error(`npm run build failed:\n${outputOf(build)}`);
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}
