import { fstatSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CacheFile } from './cache.js';
import { cacheFolder, readCache } from './cache.js';
import { LOCKED_FOR_CHILD, passLock, releaseLock, takeLock } from './lock.js';
import { ownSegments, readOwnLimits, serviceSegments } from './line.js';
import type { Segment } from './render.js';
import { renderLine, wantsColor, wantsLinks, widthFrom } from './render.js';
import type { Settings } from './settings.js';
import { agoText, fill, languageOf, wordsOf } from './words.js';

/** What is printed when nothing else would be: an empty line blanks Claude Code's status line. */
const FALLBACK = 'reset-tracker';

/**
 * Claude Code's JSON, read to its end as every status-line script reads it (`input=$(cat)`): Claude
 * Code closes the pipe once it has written. A terminal (or /dev/null) is not read from.
 */
function readStdin(): string {
  try {
    const stdin = fstatSync(0);
    if (!stdin.isFIFO() && !stdin.isSocket() && !stdin.isFile()) return '';
    return readFileSync(0, 'utf8');
  } catch {
    return '';
  }
}

const isDue = (cache: CacheFile | null, now: number, maxAgeMs: number) =>
  !cache || (now - cache.checkedAt >= maxAgeMs && now >= cache.retryAt);

/**
 * Starts one refresh, detached, that outlives this process: under the lock, so of many status lines
 * finding the cache stale at once, one starts it. child_process loads only here.
 */
async function startRefresh(
  folder: string,
  url: string,
  env: NodeJS.ProcessEnv,
  now: number,
  maxAgeMs: number,
) {
  if (!takeLock(folder, process.pid, now)) return;
  // A refresh may have ended between this line reading the cache and taking the lock: the cache is
  // read again under the lock, so a line that was slow to start does not refresh a second time.
  if (!isDue(readCache(folder, url), Date.now(), maxAgeMs)) {
    releaseLock(folder, process.pid);
    return;
  }
  try {
    const { spawn } = await import('node:child_process');
    const main = fileURLToPath(new URL('./main.js', import.meta.url));
    const child = spawn(process.execPath, [main, 'refresh', '--url', url], {
      detached: true,
      stdio: 'ignore',
      windowsHide: true,
      env: { ...env, [LOCKED_FOR_CHILD]: '1' },
    });
    child.on('error', () => releaseLock(folder, child.pid ?? process.pid));
    child.unref();
    if (child.pid) passLock(folder, child.pid, now);
    else releaseLock(folder, process.pid);
  } catch {
    releaseLock(folder, process.pid);
  }
}

/** The segments from the cache, and whether the cache wants a refresh. */
function fromCache(settings: Settings & { url: string }, now: number) {
  const language = languageOf(settings.env);
  const words = wordsOf(language);
  const folder = cacheFolder(settings.env);
  const cache = readCache(folder, settings.url);
  const segments: Segment[] = [];
  if (cache?.status) {
    segments.push(...serviceSegments(cache, language, now));
    const silent = now - cache.answeredAt;
    if (silent > settings.oldAfterMs)
      segments.push({ text: fill(words.old, { ago: agoText(language, silent) }), tone: 'dim' });
  } else {
    segments.push({ text: words.loading, tone: 'dim' });
  }
  return { segments, folder, due: isDue(cache, now, settings.maxAgeMs) };
}

/**
 * `reset-tracker status-line`: one line, from the cache, never waiting on the network; exits 0
 * whatever it finds (a status bar shows the line, not an exit code).
 */
export async function printStatusLine(settings: Settings): Promise<void> {
  const now = Date.now();
  const { env } = settings;
  const language = languageOf(env);
  const segments: Segment[] = [];
  if (settings.url) {
    const cached = fromCache({ ...settings, url: settings.url }, now);
    segments.push(...cached.segments);
    if (cached.due) await startRefresh(cached.folder, settings.url, env, now, settings.maxAgeMs);
  } else {
    segments.push({ text: wordsOf(language).noUrl, tone: 'dim' });
  }
  if (settings.ownLimits) segments.push(...ownSegments(readOwnLimits(readStdin()), language, now));
  const line = renderLine(segments, {
    color: wantsColor(env, false, true),
    links: wantsLinks(env),
    width: widthFrom(env),
  });
  process.stdout.write(`${line.trim() === '' ? FALLBACK : line}\n`);
}
