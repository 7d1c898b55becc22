import type { CacheFile } from './cache.js';
import { CACHE_VERSION } from './cache.js';
import { eventsFacts, statusFacts } from './facts.js';
import { fetchJson } from './fetch-json.js';
import { serviceSegments } from './line.js';
import { renderLine, wantsColor, wantsLinks } from './render.js';
import type { Settings } from './settings.js';
import { fill, languageOf, wordsOf } from './words.js';
import { terminalJson, terminalText } from '../../../domain/terminal-text.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** "12.2" for a number of days, "–" for none. */
const days = (value: unknown) => (typeof value === 'number' ? value.toFixed(1) : '–');

/**
 * `reset-tracker status`: asks the service now and prints a short report (the status line's words,
 * the latest reset with its page, the counts, up to which day the record's sources were read); `--json` prints the status body as the service sent
 * it. A service that cannot be reached is an error (exit 1).
 */
export async function printReport(settings: Settings): Promise<number> {
  if (!settings.url) {
    process.stderr.write('reset-tracker: set RESET_TRACKER_URL or pass --url\n');
    return 2;
  }
  try {
    const fetched = await fetchJson(`${settings.url}/api/v1/status`, null);
    if (fetched.kind !== 'body') throw new Error('no status body');
    if (settings.json) {
      process.stdout.write(`${terminalJson(fetched.body)}\n`);
      return 0;
    }
    const status = statusFacts(fetched.body, null);
    const list = await fetchJson(`${settings.url}/data/events.json`, null);
    const now = Date.now();
    const events = list.kind === 'body' ? eventsFacts(list.body, null, now) : null;
    const cache: CacheFile = {
      version: CACHE_VERSION,
      url: settings.url,
      checkedAt: now,
      answeredAt: now,
      failures: 0,
      retryAt: 0,
      status,
      events,
    };
    const terminal = process.stdout.isTTY === true;
    const style = {
      color: wantsColor(settings.env, terminal, false),
      links: terminal && wantsLinks(settings.env),
      width: null,
    };
    const language = languageOf(settings.env);
    const lines = [renderLine(serviceSegments(cache, language, now), style)];
    const body = fetched.body as { data?: { stats?: unknown } };
    const stats = isObject(body.data?.stats) ? body.data.stats : {};
    if (status.latestReset)
      lines.push(
        `Latest reset: ${terminalText(status.latestReset.title)} (${new Date(status.latestReset.at).toISOString().slice(0, 10)})`,
        `  ${terminalText(status.latestReset.url)}`,
      );
    lines.push(
      `Counted resets: ${typeof stats.total === 'number' ? stats.total : '–'}; days since the last: ${days(stats.days_since_last)}; average interval: ${days(stats.avg_interval_days)} days`,
    );
    // "Days since" counts from the last reset the record holds, not from the day its sources were read.
    if (events?.materialUntil) lines.push(fill(wordsOf(language).readUntil, { date: events.materialUntil }));
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`reset-tracker: ${terminalText((error as Error).message)}\n`);
    return 1;
  }
}
