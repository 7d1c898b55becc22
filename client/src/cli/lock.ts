import {
  closeSync,
  constants,
  fstatSync,
  ftruncateSync,
  lstatSync,
  openSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { NO_FOLLOW, ensurePrivateFolder, readOwnFile, writeNewFile } from './cache.js';

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
  let found;
  try {
    found = lstatSync(file);
  } catch {
    return false; // gone meanwhile: the next `open` decides
  }
  // A link or another user's file in the lock's place is no lock: moved aside at once.
  const uid = typeof process.getuid === 'function' ? process.getuid() : null;
  if (!found.isFile() || (uid !== null && found.uid !== uid)) return true;
  const [pid, started] = (readOwnFile(file) ?? '').split(' ').map(Number);
  if (!pid || !started) return now - found.mtimeMs > UNREADABLE_GRACE_MS;
  return now - started > LOCK_MAX_MS || !alive(pid);
}

/**
 * Creates the lock for `pid`, or returns false when a live refresh holds it, or when the folder is
 * not private (ensurePrivateFolder in cache.ts).
 */
export function takeLock(folder: string, pid: number, now: number): boolean {
  try {
    ensurePrivateFolder(folder);
  } catch {
    return false;
  }
  const file = lockPath(folder);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeNewFile(file, `${pid} ${now}`);
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

/**
 * Hands the lock to the process that runs the refresh (the status line's detached child): rewrites
 * the lock file this user made, never a link or a file someone else put in its place. False when
 * there is no such lock to hand over.
 */
export function passLock(folder: string, pid: number, now: number): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath(folder), constants.O_WRONLY | NO_FOLLOW);
  } catch {
    return false;
  }
  try {
    const stat = fstatSync(fd);
    const uid = typeof process.getuid === 'function' ? process.getuid() : null;
    if (!stat.isFile() || (uid !== null && stat.uid !== uid)) return false;
    ftruncateSync(fd, 0);
    writeSync(fd, `${pid} ${now}`, 0);
    return true;
  } finally {
    closeSync(fd);
  }
}

/** Removes the lock if `pid` still holds it. */
export function releaseLock(folder: string, pid: number): void {
  if (readOwnFile(lockPath(folder))?.split(' ')[0] === String(pid)) rmSync(lockPath(folder), { force: true });
}
