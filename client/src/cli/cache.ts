import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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

/**
 * The cache for this service, or null: missing, unreadable, truncated, of another version or another
 * address all read as no cache, which the next refresh replaces.
 */
export function readCache(folder: string, url: string): CacheFile | null {
  let text: string;
  try {
    text = readFileSync(cachePath(folder), 'utf8');
  } catch {
    return null;
  }
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

/** Writes the cache whole: a reader sees the old file or the new one, never a part. */
export function writeCache(folder: string, cache: CacheFile): void {
  mkdirSync(folder, { recursive: true });
  const temporary = `${cachePath(folder)}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(cache));
  renameSync(temporary, cachePath(folder));
}
