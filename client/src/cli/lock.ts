import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/**
 * The refresh lock: a file that exists while one refresh runs, holding its process id and start, so
 * that twenty status lines finding the same stale cache start one refresh. A lock whose process is
 * gone (killed mid-refresh), or older than any refresh lasts, is stale and taken over.
 */
const LOCK_FILE = 'refresh.lock';
/** A refresh gives up on the service after `REQUEST_TIMEOUT_MS` a request (refresh.ts); twice that and more. */
const LOCK_MAX_MS = 60_000;
/** A lock being written (no process id yet) is left alone for this long. */
const UNREADABLE_GRACE_MS = 5_000;

/** Set by the status line for the refresh it starts: the lock is already taken for it. */
export const LOCKED_FOR_CHILD = 'RESET_TRACKER_REFRESH_LOCKED';

const lockPath = (folder: string) => path.join(folder, LOCK_FILE);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isStale(file: string, now: number): boolean {
  let text: string;
  let modified: number;
  try {
    text = readFileSync(file, 'utf8');
    modified = statSync(file).mtimeMs;
  } catch {
    return false; // gone meanwhile: the next `open` decides
  }
  const [pid, started] = text.split(' ').map(Number);
  if (!pid || !started) return now - modified > UNREADABLE_GRACE_MS;
  return now - started > LOCK_MAX_MS || !alive(pid);
}

/** Creates the lock for `pid`, or returns false when a live refresh holds it. */
export function takeLock(folder: string, pid: number, now: number): boolean {
  mkdirSync(folder, { recursive: true });
  const file = lockPath(folder);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${pid} ${now}`);
      closeSync(fd);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) return false;
      if (!isStale(file, now)) return false;
      // Moved aside, not deleted: of two processes that both found it stale, one moves it and takes
      // the lock; the other's rename fails or moves the new lock, so at worst two refreshes run.
      const aside = `${file}.${pid}.stale`;
      try {
        renameSync(file, aside);
        rmSync(aside, { force: true });
      } catch {
        return false;
      }
    }
  }
  return false;
}

/** Hands the lock to the process that runs the refresh (the status line's detached child). */
export function passLock(folder: string, pid: number, now: number): void {
  const fd = openSync(lockPath(folder), 'w');
  writeSync(fd, `${pid} ${now}`);
  closeSync(fd);
}

/** Removes the lock if `pid` still holds it. */
export function releaseLock(folder: string, pid: number): void {
  try {
    if (readFileSync(lockPath(folder), 'utf8').split(' ')[0] === String(pid)) rmSync(lockPath(folder));
  } catch {
    // No lock left to release.
  }
}
