import type { CacheFile, EventsPart, StatusPart } from './cache.js';
import { CACHE_VERSION, cacheFolder, ensurePrivateFolder, readCache, writeCache } from './cache.js';
import { eventsFacts, statusFacts } from './facts.js';
import { fetchJson } from './fetch-json.js';
import { LOCKED_FOR_CHILD, passLock, releaseLock, takeLock } from './lock.js';
import type { Settings } from './settings.js';
import { terminalText } from '../../../domain/terminal-text.js';

const BACKOFF_FIRST_MS = 30_000;
const BACKOFF_MAX_MS = 30 * 60_000;

/** The wait after `failures` refreshes failed in a row: 30 s, doubling, at most 30 minutes. */
export function backoffMs(failures: number): number {
  return Math.min(BACKOFF_FIRST_MS * 2 ** Math.max(0, failures - 1), BACKOFF_MAX_MS);
}

/**
 * One refresh: a conditional GET of the status with the cached ETag; the event list only when the
 * content revision moved (or none is cached), conditional too. So a refresh of unchanged content is
 * one request, answered 304 or with the status's 2 KB.
 */
async function fetchFacts(
  url: string,
  previous: CacheFile | null,
): Promise<{ status: StatusPart; events: EventsPart }> {
  const fetchedStatus = await fetchJson(`${url}/api/v1/status`, previous?.status?.etag ?? null);
  let status = previous?.status ?? null;
  if (fetchedStatus.kind === 'body') status = statusFacts(fetchedStatus.body, fetchedStatus.etag);
  if (!status) throw new Error('the service answered 304 to a request without an ETag');
  let events = previous?.events ?? null;
  if (events?.revision !== status.revision) {
    const fetchedEvents = await fetchJson(`${url}/data/events.json`, events?.etag ?? null);
    if (fetchedEvents.kind === 'body')
      events = eventsFacts(fetchedEvents.body, fetchedEvents.etag, Date.now());
    else if (events) events = { ...events, revision: status.revision };
    else throw new Error('the service answered 304 to a request without an ETag');
  }
  return { status, events };
}

/** Refreshes the cache once; on failure keeps what it held and records the backoff. */
async function refreshOnce(folder: string, url: string): Promise<number> {
  const previous = readCache(folder, url);
  try {
    const facts = await fetchFacts(url, previous);
    const now = Date.now();
    writeCache(folder, {
      version: CACHE_VERSION,
      url,
      checkedAt: now,
      answeredAt: now,
      failures: 0,
      retryAt: 0,
      ...facts,
    });
    return 0;
  } catch (error) {
    const now = Date.now();
    const failures = (previous?.failures ?? 0) + 1;
    writeCache(folder, {
      version: CACHE_VERSION,
      url,
      checkedAt: now,
      answeredAt: previous?.answeredAt ?? 0,
      failures,
      retryAt: now + backoffMs(failures),
      status: previous?.status ?? null,
      events: previous?.events ?? null,
    });
    process.stderr.write(`reset-tracker: refresh failed: ${terminalText((error as Error).message)}\n`);
    return 1;
  }
}

/**
 * `reset-tracker refresh`, and the status line's detached refresh: under the lock, one at a time
 * (another refresh running is not an error: it exits 0 at once).
 */
export async function refreshCache(settings: Settings): Promise<number> {
  if (!settings.url) {
    process.stderr.write('reset-tracker: set RESET_TRACKER_URL or pass --url\n');
    return 2;
  }
  const folder = cacheFolder(settings.env);
  try {
    ensurePrivateFolder(folder);
  } catch (error) {
    process.stderr.write(`reset-tracker: ${terminalText((error as Error).message)}\n`);
    return 1;
  }
  const locked =
    (settings.env[LOCKED_FOR_CHILD] === '1' && passLock(folder, process.pid, Date.now())) ||
    takeLock(folder, process.pid, Date.now());
  if (!locked) return 0;
  try {
    return await refreshOnce(folder, settings.url);
  } finally {
    releaseLock(folder, process.pid);
  }
}
