import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** Bumped when the file's shape changes: a file of another version is read as no cache. */
export const CACHE_VERSION = 2;

/** One event as the line shows it: enough to word it and link its page. */
export interface EventFact {
  readonly id: string;
  readonly title: string;
  readonly url: string;
  /** Epoch ms of its announcement (midnight UTC for a date-only one). */
  readonly at: number;
}

/** An increase or boost, with the end the record states for it (`ends_at`), if any. */
export interface IncreaseFact extends EventFact {
  readonly endsAt: number | null;
}

export interface StatusPart {
  readonly etag: string | null;
  readonly revision: string;
  readonly latestReset: EventFact | null;
}

export interface EventsPart {
  readonly etag: string | null;
  readonly revision: string;
  /** The last day the record's sources were read (`material_until`), if the service says. */
  readonly materialUntil: string | null;
  readonly increases: readonly IncreaseFact[];
  readonly incidents: readonly EventFact[];
}

/** The status line's cache file: the facts the refresh derived, and when it last reached the service. */
export interface CacheFile {
  readonly version: typeof CACHE_VERSION;
  readonly url: string;
  /** When the last refresh ended, whatever its outcome. */
  readonly checkedAt: number;
  /** When the service last answered with a body or a 304; 0 if never. */
  readonly answeredAt: number;
  /** Refreshes failed in a row, and the time before which no new one starts (backoff). */
  readonly failures: number;
  readonly retryAt: number;
  readonly status: StatusPart | null;
  readonly events: EventsPart | null;
}

/** The folder of the cache: XDG_CACHE_HOME, else the platform's cache folder. */
export function cacheFolder(env: NodeJS.ProcessEnv): string {
  if (env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME))
    return path.join(env.XDG_CACHE_HOME, 'reset-tracker');
  if (process.platform === 'win32' && env.LOCALAPPDATA)
    return path.join(env.LOCALAPPDATA, 'reset-tracker', 'Cache');
  if (process.platform === 'darwin') return path.join(homedir(), 'Library', 'Caches', 'reset-tracker');
  return path.join(homedir(), '.cache', 'reset-tracker');
}

function cachePath(folder: string): string {
  return path.join(folder, 'status-line.json');
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** A folder or file another user could have placed or could change: the cache never uses one. */
class UnsafeCacheFolder extends Error {}

const uid = () => (typeof process.getuid === 'function' ? process.getuid() : null);

/**
 * Whether `folder` is safe to keep the cache in: a real folder (not a link to one) of this user that
 * no one else may write to. In a cache folder others can write (a shared XDG_CACHE_HOME), they could
 * plant links the cache's writes would follow, or a cache of their own. Windows has no such modes.
 */
function isPrivateFolder(folder: string): boolean {
  const user = uid();
  let stat;
  try {
    stat = lstatSync(folder);
  } catch {
    return false;
  }
  if (!stat.isDirectory()) return false;
  return user === null || (stat.uid === user && (stat.mode & 0o022) === 0);
}

/**
 * Makes the folder (only this user may enter it), and refuses one that is not a real folder of this
 * user's. One of this user's that others may write (made by an older version under `umask 002`) is
 * made private first: what others may have put in it is never followed nor read (readOwnFile,
 * writeNewFile), and from then on they cannot add to it.
 */
export function ensurePrivateFolder(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const user = uid();
  if (user !== null) {
    let fd: number | null = null;
    try {
      fd = openSync(folder, constants.O_RDONLY | constants.O_DIRECTORY | NO_FOLLOW);
      const stat = fstatSync(fd);
      if (stat.isDirectory() && stat.uid === user && (stat.mode & 0o077) !== 0) fchmodSync(fd, 0o700);
    } catch {
      // Not a folder one can open without following a link: refused below.
    } finally {
      if (fd !== null) closeSync(fd);
    }
  }
  if (!isPrivateFolder(folder))
    throw new UnsafeCacheFolder(`${folder} is not a private folder of this user: no cache kept there`);
}

/** `O_NOFOLLOW` where the platform has it: a link in the file's place is refused, never followed. */
export const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/** A regular file of this user, read without following a link; null for anything else. */
export function readOwnFile(file: string): string | null {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | NO_FOLLOW);
  } catch {
    return null;
  }
  try {
    const stat = fstatSync(fd);
    const user = uid();
    if (!stat.isFile() || (user !== null && stat.uid !== user)) return null;
    return readFileSync(fd, 'utf8');
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/** Creates `file` (which must not exist: a planted link makes this throw) and writes `text` to it. */
export function writeNewFile(file: string, text: string): void {
  const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW, 0o600);
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

/**
 * The cache for this service, or null: missing, unreadable, truncated, of another version or another
 * address all read as no cache, which the next refresh replaces; so does one in a folder that is not
 * private, or that is not this user's own file.
 */
export function readCache(folder: string, url: string): CacheFile | null {
  if (!isPrivateFolder(folder)) return null;
  const text = readOwnFile(cachePath(folder));
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(value) || value.version !== CACHE_VERSION || value.url !== url) return null;
  const numbers = ['checkedAt', 'answeredAt', 'failures', 'retryAt'] as const;
  if (numbers.some((key) => typeof value[key] !== 'number')) return null;
  if (value.status !== null && !(isObject(value.status) && typeof value.status.revision === 'string'))
    return null;
  if (value.events !== null && !(isObject(value.events) && Array.isArray(value.events.increases)))
    return null;
  return value as unknown as CacheFile;
}

/**
 * Writes the cache whole: a reader sees the old file or the new one, never a part. The temporary file
 * is new (a name no other run uses, created exclusively), and the rename replaces a link in the
 * cache's place rather than writing through it.
 */
export function writeCache(folder: string, cache: CacheFile): void {
  ensurePrivateFolder(folder);
  const temporary = `${cachePath(folder)}.${process.pid}.${Date.now().toString(36)}.tmp`;
  try {
    writeNewFile(temporary, JSON.stringify(cache));
    renameSync(temporary, cachePath(folder));
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
